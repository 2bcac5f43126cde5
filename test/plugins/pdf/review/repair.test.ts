/**
 * Repairing PDFs (plugins/pdf/review/repair.ts): files with a damaged cross-reference table, made here (a wrong
 * `startxref`, offsets that point next to the objects, an overwritten header, a corpus file cut before its table),
 * are reported as `pdf.xref_damaged` with the fix `pdf.rebuild_xref`; the fix removes the finding, keeps
 * the text of every page (mupdf's and poppler's), and poppler then reads the file without a complaint. Bytes in
 * front of the header are a warning of their own that the same fix removes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { inspectPdf, repairPdf } from "../../../../plugins/pdf/review/index.ts";
import type { Finding } from "../../../../core/contracts/review.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { pdfinfo, popplerComplaints, popplerPageText, textPdf } from "./support.ts";

const ctx = { fonts: new Set<string>() };
const PAGES = [["First page of the report", "with two lines"], ["Second page"], ["Third and last page"]];

const xrefFinding = (findings: Finding[]) => findings.filter((f) => f.code === "pdf.xref_damaged");

const prepend = (junk: string, pdf: Uint8Array): Uint8Array => {
  const out = new Uint8Array(junk.length + pdf.length);
  out.set(new TextEncoder().encode(junk));
  out.set(pdf, junk.length);
  return out;
};

const overwriteHeader = (pdf: Uint8Array): Uint8Array => {
  const out = pdf.slice();
  out.set(new TextEncoder().encode("%XYZ-9.9"), 0);
  return out;
};

const cutBeforeTable = (pdf: Uint8Array): Uint8Array => {
  const text = new TextDecoder("latin1").decode(pdf);
  return pdf.subarray(0, text.lastIndexOf("\nxref"));
};

const damaged: [string, () => Uint8Array, { popplerOpensBefore: boolean }][] = [
  ["startxref points at the header", () => textPdf(PAGES, { startxref: 9 }), { popplerOpensBefore: true }],
  ["every offset in the table is 7 bytes off", () => textPdf(PAGES, { shiftOffsets: 7 }), { popplerOpensBefore: true }],
  ["the header overwritten", () => overwriteHeader(textPdf(PAGES)), { popplerOpensBefore: true }],
  [
    "a LibreOffice PDF cut before its cross-reference table",
    () => cutBeforeTable(corpusFile("pdf", "002-trivial-libre-office-writer-002-trivial-libre-office-writer.pdf")),
    { popplerOpensBefore: false },
  ],
];

describe("pdf.rebuild_xref", () => {
  for (const [name, make, { popplerOpensBefore }] of damaged) {
    test(`${name}: found, repaired, same text, read cleanly by poppler`, async () => {
      const pdf = make();
      const before = await inspectPdf(pdf, ctx);
      assert.deepEqual(xrefFinding(before.findings), [
        {
          code: "pdf.xref_damaged",
          severity: "error",
          category: "structural",
          message:
            "The PDF's cross-reference table (the index of its objects) is damaged. Some readers rebuild it silently, others refuse the file or show pages wrong. Writing the file anew with a fresh table repairs it.",
          fixable: true,
          fix: "pdf.rebuild_xref",
        },
      ]);
      assert.equal(pdfinfo(pdf).status === 0, popplerOpensBefore);

      const repaired = await repairPdf(pdf, "pdf.rebuild_xref", ctx);
      const after = await inspectPdf(repaired, ctx);
      assert.deepEqual(xrefFinding(after.findings), []);
      assert.deepEqual(after.content, before.content);
      assert.ok(after.content.every((page) => page !== ""));
      // Nothing else appeared or went (a damaged header goes with the same fix).
      assert.deepEqual(
        after.findings.map((f) => f.code),
        before.findings.map((f) => f.code).filter((c) => c !== "pdf.xref_damaged" && c !== "pdf.header_damaged"),
      );

      const info = pdfinfo(repaired);
      assert.equal(info.status, 0);
      assert.equal(info.stderr, "");
      assert.equal(popplerComplaints(repaired), "");
      assert.equal(Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1]), before.content.length);
      for (let page = 1; page <= before.content.length; page++) {
        assert.equal(popplerPageText(repaired, page), before.content[page - 1]);
      }
    });
  }

  test("bytes in front of the header: a warning, the same fix puts the header first", async () => {
    const pdf = prepend("Content-Type: application/pdf\r\n\r\n", textPdf(PAGES));
    const before = await inspectPdf(pdf, ctx);
    assert.deepEqual(before.findings.filter((f) => f.code.startsWith("pdf.header")), [
      {
        code: "pdf.header_misplaced",
        severity: "warning",
        category: "structural",
        message: "33 bytes come before the PDF header: most readers skip them, strict ones (and PDF/A checkers) refuse the file. Writing the file anew puts the header first.",
        fixable: true,
        fix: "pdf.rebuild_xref",
      },
    ]);
    const repaired = await repairPdf(pdf, "pdf.rebuild_xref", ctx);
    assert.equal(new TextDecoder().decode(repaired.subarray(0, 5)), "%PDF-");
    const after = await inspectPdf(repaired, ctx);
    assert.deepEqual(after.findings.filter((f) => f.code.startsWith("pdf.header")), []);
    assert.deepEqual(after.content, before.content);
    assert.equal(popplerComplaints(repaired), "");
  });

  test("a header overwritten is an error with the fix", async () => {
    const { findings } = await inspectPdf(overwriteHeader(textPdf(PAGES)), ctx);
    const header = findings.find((f) => f.code === "pdf.header_damaged");
    assert.deepEqual(header && [header.severity, header.category, header.fixable, header.fix], ["error", "structural", true, "pdf.rebuild_xref"]);
  });

  test("a file whose pages are gone is reported without the fix, and the fix refuses it", async () => {
    const pdf = corpusFile("pdf", "017-unreadable-meta-data-unreadablemetadata.pdf");
    const { findings, content } = await inspectPdf(pdf, ctx);
    assert.deepEqual(content, []);
    assert.deepEqual(
      findings.map((f) => [f.code, f.severity, f.fixable, f.fix]),
      [
        ["pdf.xref_damaged", "error", false, undefined],
        ["pdf.no_pages", "error", false, undefined],
      ],
    );
    await assert.rejects(repairPdf(pdf, "pdf.rebuild_xref", ctx), /no page/);
  });

  test("an intact file has no xref finding", async () => {
    assert.deepEqual(xrefFinding((await inspectPdf(textPdf(PAGES), ctx)).findings), []);
  });

  test("an unknown fix name is an error, not a silent no-op", async () => {
    await assert.rejects(repairPdf(textPdf(PAGES), "pdf.make_it_nice", ctx), /unknown PDF fix "pdf\.make_it_nice"/);
  });
});
