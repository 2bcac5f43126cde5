/**
 * `operation: review` through the real service: what the request may say (422s with pointers, files refused before
 * anything is created), what a review delivers (the file and its PDF, previews, the report with key data, ledger
 * and `sanitized`), legacy files returned as OOXML, files fetched from a URL that end `failed` with the interface's
 * error codes, and a broken Word file repaired with its text untouched.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { serveFiles, type FileServer } from "../support/file-server.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { docxText, download, waitFor, type Doc, type Problem } from "../support/documents.ts";
import { legacyFixture } from "../renderers/support.ts";
import { pdfReader } from "../../renderers/index.ts";
import { corpusPath } from "../support/corpus.ts";

const CORPUS = corpusPath();
const corpus = (path: string) => readFileSync(join(CORPUS, path));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

let svc: Service;
let web: FileServer;
before(async () => {
  svc = await sharedService();
  web = await serveFiles();
});
after(async () => {
  await svc?.stop();
  await web?.close();
});

const post = async (body: Record<string, unknown>) => {
  const { data, error, response } = await svc.client.POST("/documents", { body: body as never });
  return { status: response.status, doc: data as Doc, problem: error as unknown as Problem };
};
const report = async (id: string) => (await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: id } } })).data!;
const outputBytes = async (doc: Doc, kind: string) => (await download(doc.outputs!.find((o) => o.kind === kind)!.url)).bytes;

describe("review requests", () => {
  test("what review may not be sent answers 422 with a pointer, before anything is created", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108020000009077053e0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082", "hex");
    const docx = corpus("docx/mammoth-simple-list.docx");
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ operation: "review" }, ["/file"]],
      [{ operation: "review", file: { data: b64(png), filename: "x.png" } }, ["/file"]],
      [{ operation: "review", format: "pptx", file: { data: b64(docx), filename: "a.docx" } }, ["/format"]],
      [{ operation: "review", style: "serif", quality: "best", file: { data: b64(docx), filename: "a.docx" } }, ["/quality", "/style"]],
      [{ operation: "review", prompt: "fix it", file: { data: b64(docx), filename: "a.docx" } }, ["/prompt"]],
    ];
    for (const [body, paths] of cases) {
      const { status, problem } = await post(body);
      assert.equal(status, 422, JSON.stringify(body).slice(0, 80));
      assert.equal(problem.code, "input_invalid");
      assert.deepEqual(problem.errors!.map((e) => e.path).sort(), paths);
    }
    const list = await svc.client.GET("/documents", {});
    assert.equal(list.data!.data.filter((d) => d.operation === "review").length, 0, "nothing was created");
  });

  test("a password-protected PDF or a macro file sent as data is refused at once with file_rejected", async () => {
    const pdf = await post({ operation: "review", file: { data: b64(corpus("pdf/005-libreoffice-writer-password-libreoffice-writer-password.pdf")), filename: "p.pdf" } });
    assert.equal(pdf.status, 422);
    assert.equal(pdf.problem.code, "file_rejected");
    assert.match(pdf.problem.detail!, /password/i);
    assert.deepEqual(pdf.problem.errors!.map((e) => e.path), ["/file/data"]);
    const parts = unzipSync(new Uint8Array(corpus("docx/mammoth-simple-list.docx")));
    parts["word/vbaProject.bin"] = strToU8("VBA");
    const macro = await post({ operation: "review", file: { data: b64(zipSync(parts)), filename: "m.docx" } });
    assert.equal(macro.problem.code, "file_rejected");
    assert.match(macro.problem.detail!, /macro/i);
  });
});

describe("review results", () => {
  test("a Word document made here: the file and its PDF, previews, key data flagged, text unchanged", async () => {
    const markdown = [
      "# Invoice 2026-041",
      "",
      "Pay to IBAN ES91 2100 0418 4502 0005 1333 by 31 February 2026.",
      "",
      "| Concept | Amount |",
      "|---|---:|",
      "| Design | 1.000,00 € |",
      "| Build | 500,00 € |",
      "| Total | 1.600,00 € |",
    ].join("\n");
    const made = await post({ format: "docx", name: "Invoice", content: { markdown } });
    assert.equal(made.status, 200);
    const { status, doc } = await post({ operation: "review", file: made.doc.id, name: "Invoice reviewed" });
    assert.equal(status, 200);
    assert.equal(doc.operation, "review");
    assert.equal(doc.format, "docx");
    assert.equal(doc.mode, null);
    assert.equal(doc.status, "ready_with_warnings");
    assert.deepEqual(doc.outputs!.filter((o) => o.kind !== "preview").map((o) => o.kind), ["docx", "pdf"]);
    assert.ok(doc.outputs!.some((o) => o.kind === "preview" && o.page === 1));
    const original = await outputBytes(made.doc, "docx");
    const reviewed = await outputBytes(doc, "docx");
    assert.equal(docxText(reviewed), docxText(original), "the text is the text that came in");
    const pdf = await outputBytes(doc, "pdf");
    assert.equal((await pdfReader.info(pdf)).pages, doc.pages);

    const r = await report(doc.id);
    assert.deepEqual(r.sanitized, { removed: [] });
    const codes = r.issues.map((i) => i.code);
    assert.ok(codes.includes("key_data.impossible_date"), codes.join());
    assert.ok(codes.includes("key_data.total_mismatch"), codes.join());
    assert.equal(r.issues.find((i) => i.code === "key_data.total_mismatch")!.category, "data");
    assert.ok(r.key_data.some((k) => k.kind === "iban" && /ES91/.test(k.value)), JSON.stringify(r.key_data));
    assert.ok(r.key_data.some((k) => k.kind === "amount" && /1\.600,00/.test(k.value)));
  });

  test("a Word file with an attached template, a control character, repeated picture ids and an empty heading: sanitized, repaired, text untouched", async () => {
    const parts = unzipSync(new Uint8Array(corpus("docx/mammoth-tiny-picture.docx")));
    const document = strFromU8(parts["word/document.xml"]!);
    const picture = /<w:p [^>]*>.*?<\/w:p>/s.exec(document)![0];
    const heading = `<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:p>`;
    const text = `<w:p><w:r><w:t>Total due&#x1; on delivery</w:t></w:r></w:p>`;
    parts["word/document.xml"] = strToU8(document.replace(picture, `${text}${heading}${picture}${picture}`));
    parts["word/settings.xml"] = strToU8(strFromU8(parts["word/settings.xml"]!).replace(/(<w:settings [^>]*>)/, `$1<w:attachedTemplate r:id="rIdTemplate"/>`));
    parts["word/_rels/settings.xml.rels"] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdTemplate" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///C:/Templates/Evil.dotm" TargetMode="External"/></Relationships>`,
    );
    const broken = zipSync(parts);
    const { status, doc } = await post({ operation: "review", name: "Broken", file: { data: b64(broken), filename: "broken.docx" } });
    assert.equal(status, 200);
    const r = await report(doc.id);
    assert.equal(r.sanitized!.removed.length, 1);
    assert.match(r.sanitized!.removed[0]!, /template.*Evil\.dotm/i);
    const applied = r.ledger.filter((l) => l.outcome === "applied").map((l) => l.fix);
    for (const fix of ["package.strip_invalid_xml_chars", "docx.renumber_drawing_ids", "docx.empty_heading_style"]) assert.ok(applied.includes(fix), `${fix} in ${JSON.stringify(r.ledger)}`);
    for (const entry of r.ledger) assert.ok(entry.issues_after <= entry.issues_before || entry.outcome !== "applied");
    assert.deepEqual(r.repair_summary, { iterations: r.ledger.length, applied: applied.length, rejected: r.ledger.length - applied.length });
    const left = r.issues.map((i) => i.code);
    for (const code of ["package.xml_invalid_chars", "docx.drawing_ids_duplicate", "docx.empty_heading"]) assert.ok(!left.includes(code), `${code} left: ${left}`);

    const repaired = await outputBytes(doc, "docx");
    const out = unzipSync(repaired);
    assert.equal(out["word/_rels/settings.xml.rels"] && /Evil/.test(strFromU8(out["word/_rels/settings.xml.rels"]!)), false, "the template link is gone");
    const ids = [...strFromU8(out["word/document.xml"]!).matchAll(/<wp:docPr id="(\d+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, 2, "the two pictures have their own ids");
    assert.equal(docxText(repaired), docxText(broken).replace("&#x1;", ""), "the text is the text that came in");
    const pdf = await outputBytes(doc, "pdf");
    assert.match((await pdfReader.info(pdf)).text.map((t) => t.text).join(" "), /Total due on delivery/);
  });

  test("a legacy .xls comes back as .xlsx with its PDF, and the report says it was converted", async () => {
    const { status, doc } = await post({ operation: "review", file: { data: b64(legacyFixture("xls")), filename: "book.xls" } });
    assert.equal(status, 200);
    assert.equal(doc.format, "xlsx");
    assert.equal(doc.type, "spreadsheet");
    assert.deepEqual(doc.outputs!.filter((o) => o.kind !== "preview").map((o) => [o.kind, o.content_type]), [
      ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["pdf", "application/pdf"],
    ]);
    const xlsx = await outputBytes(doc, "xlsx");
    const sheet = strFromU8(unzipSync(xlsx)["xl/worksheets/sheet1.xml"]!);
    assert.match(sheet, /<f\b[^>]*>A1\*B1<\/f><v>42<\/v>/, "formulas are kept, with their values");
    const r = await report(doc.id);
    assert.ok(r.issues.some((i) => i.code === "file.converted" && i.severity === "info"));
  });

  test("an uploaded file is reviewed by its id; a workbook with a formula error after recalculation needs review, with its cells", async () => {
    const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
    const ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    // B1 divides by an empty cell; its cached value (1) hides the error until the workbook is recalculated.
    const book = zipSync({
      "[Content_Types].xml": strToU8(xml(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`)),
      "_rels/.rels": strToU8(xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`)),
      "xl/workbook.xml": strToU8(xml(`<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Budget" sheetId="1" r:id="rId1"/></sheets></workbook>`)),
      "xl/_rels/workbook.xml.rels": strToU8(xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)),
      "xl/worksheets/sheet1.xml": strToU8(xml(`<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1"><v>10</v></c><c r="B1"><f>A1/C1</f><v>1</v></c></row></sheetData></worksheet>`)),
    });
    const form = new FormData();
    form.append("file", new Blob([book]), "budget.xlsx");
    const uploaded = await fetch(`${svc.baseUrl}/files`, { method: "POST", body: form, headers: { Authorization: `Bearer ${svc.key}` } });
    assert.equal(uploaded.status, 201);
    const file = (await uploaded.json()) as { id: string };
    const { status, doc } = await post({ operation: "review", file: file.id });
    assert.equal(status, 200);
    assert.equal(doc.format, "xlsx");
    assert.equal(doc.status, "needs_review");
    const issue = (await report(doc.id)).issues.find((i) => i.code === "xlsx.formula_div0");
    assert.ok(issue, "the #DIV/0! found after recalculation");
    assert.equal(issue.severity, "error");
    assert.deepEqual(issue.location, { sheet: "Budget", cells: ["B1"] });
  });

  test("files fetched when the job runs end failed with the interface's codes", async () => {
    web.served.set("/locked.pdf", corpus("pdf/005-libreoffice-writer-password-libreoffice-writer-password.pdf"));
    web.served.set("/cut.docx", corpus("docx/pandoc-tables.docx").subarray(0, 3000));
    const cases: Array<[string, string, RegExp]> = [
      ["/locked.pdf", "file_rejected", /password/i],
      ["/cut.docx", "file_rejected", /damaged|not supported/i],
      ["/missing.docx", "file_not_found", /could not be had/],
    ];
    for (const [path, code, message] of cases) {
      const { status, doc } = await post({ operation: "review", file: { url: web.base + path } });
      assert.equal(status, 200, path);
      assert.equal(doc.status, "failed", path);
      assert.equal(doc.error!.code, code, path);
      assert.match(doc.error!.message, message, path);
      assert.equal(doc.outputs?.length ?? 0, 0);
    }
  });

  test("a review in background mode finishes and sends the review events", async () => {
    const { status, doc } = await post({ operation: "review", background: true, file: { data: b64(corpus("pptx/python-pptx-txt-text.pptx")), filename: "deck.pptx" } });
    assert.equal(status, 202);
    const done = await waitFor(svc.client, doc.id, undefined, 60_000);
    assert.ok(["ready", "ready_with_warnings", "needs_review"].includes(done.status), done.status);
    assert.equal(done.format, "pptx");
    const events = await svc.client.GET("/documents/{document_id}/events", { params: { path: { document_id: doc.id } }, parseAs: "text" });
    assert.match(events.data as unknown as string, /event: review\.sanitized[\s\S]*event: review\.inspected/);
  });
});
