/**
 * Inspecting PDFs (plugins/pdf/review/inspect.ts): one hand-written file per problem, each finding asserted whole
 * (code, severity, category, fixable, fix, pages), with poppler's opinion of the same file where it has one; and
 * `content`, the text of each page, as the proof the repair loop holds repairs to.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as mupdf from "mupdf";
import { ExtractRefused } from "../../../../core/contracts/extract.ts";
import { inspectPdf } from "../../../../plugins/pdf/review/index.ts";
import type { Finding } from "../../../../core/contracts/review.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { HELVETICA, firstExtra, handPdf, pdffonts, pdfinfo, popplerComplaints, stream, textContent, textPdf } from "./support.ts";

const ctx = { fonts: new Set<string>() };

const only = (findings: Finding[], code: string): Finding => {
  const matching = findings.filter((f) => f.code === code);
  assert.equal(matching.length, 1, `one ${code} finding expected, got ${JSON.stringify(findings.map((f) => f.code))}`);
  return matching[0]!;
};
const codes = (findings: Finding[]) => findings.map((f) => f.code).sort();

const WIDTHS = `[${Array.from({ length: 95 }, () => 556).join(" ")}]`;
const trueType = (name: string, descriptor: number) =>
  `<</Type /Font /Subtype /TrueType /BaseFont /${name} /FirstChar 32 /LastChar 126 /Widths ${WIDTHS} /Encoding /WinAnsiEncoding /FontDescriptor ${descriptor} 0 R>>`;
const descriptor = (name: string) => `<</Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [-665 -325 2000 1006] /ItalicAngle 0 /Ascent 905 /Descent -212 /CapHeight 716 /StemV 80>>`;

/** A page object of `pages` (object 2) with these resources and content object. */
const page = (contents: number, resources: string, box = "[0 0 595 842]") => `<</Type /Page /Parent 2 0 R /MediaBox ${box} /Resources ${resources} /Contents ${contents} 0 R>>`;
const catalogAndPages = (kids: number[], catalog = "") => [`<</Type /Catalog /Pages 2 0 R ${catalog}>>`, `<</Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length}>>`];

/** A grey picture of 2 × 2 pixels. */
const PICTURE = stream("\x00\x80\x80\xff", "/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8");

describe("fonts", () => {
  // 1 catalog, 2 pages, 3 Helvetica, 4 Arial,Bold (TrueType, no file), 5 its descriptor, 6 Calibri (listed, never
  // used), 7 its descriptor, 8 page 1, 9 its content, 10 page 2, 11 its content, 12 a form XObject drawn on
  // page 2 with Verdana (13, descriptor 14).
  const pdf = handPdf([
    ...catalogAndPages([8, 10]),
    HELVETICA,
    trueType("Arial,Bold", 5),
    descriptor("Arial,Bold"),
    trueType("Calibri", 7),
    descriptor("Calibri"),
    page(9, "<</Font <</F1 3 0 R /F3 6 0 R>>>>"),
    stream(textContent(["Helvetica only"])),
    page(11, "<</Font <</F1 3 0 R /F2 4 0 R /F3 6 0 R>> /XObject <</Fm1 12 0 R>>>>"),
    stream(`${textContent(["Arial here"], "F2")}\n${textContent(["", "", "Helvetica too"])}\n/Fm1 Do`),
    stream("BT /V1 10 Tf 72 500 Td (Verdana in a form) Tj ET", "/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources <</Font <</V1 13 0 R>>>>"),
    trueType("Verdana", 14),
    descriptor("Verdana"),
  ]);

  test("a TrueType font not embedded is a warning naming it and its pages; a standard font is info", async () => {
    const { findings, content } = await inspectPdf(pdf, ctx);
    assert.deepEqual(content, ["Helvetica only", "Arial here Helvetica too Verdana in a form"]);
    assert.deepEqual(only(findings, "pdf.font_not_embedded"), {
      code: "pdf.font_not_embedded",
      severity: "warning",
      category: "style",
      message:
        "2 fonts are not embedded: Arial,Bold (page 2) and Verdana (page 2). Readers without them show another font, so the text may look different, run longer or lose characters.",
      location: { pages: [2] },
      fixable: false,
    });
    const standard = only(findings, "pdf.standard_font_not_embedded");
    assert.equal(standard.severity, "info");
    assert.equal(standard.fixable, false);
    assert.equal(standard.fix, undefined);
    assert.deepEqual(standard.location, { pages: [1, 2] });
    assert.match(standard.message, /Helvetica \(pages 1 and 2\)/);
    // Calibri is listed in the resources but never drawn with.
    assert.doesNotMatch(JSON.stringify(findings), /Calibri/);
  });

  test("poppler agrees: the fonts named are among the ones it finds not embedded", () => {
    const notEmbedded = new Set(pdffonts(pdf).filter((f) => !f.embedded).map((f) => f.name));
    for (const name of ["Helvetica", "Arial,Bold", "Verdana"]) assert.ok(notEmbedded.has(name), `${name} not in ${[...notEmbedded]}`);
  });

  test("the font a form field draws its value in counts, through the form's default resources", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["A form in Garamond"]], {
      catalog: `/AcroForm <</Fields [${x} 0 R] /DA (/Gar 10 Tf 0 g) /DR <</Font <</Gar ${x + 1} 0 R>>>>>>`,
      pageExtra: () => `/Annots [${x} 0 R]`,
      extra: [`<</Type /Annot /Subtype /Widget /FT /Tx /T (Name) /V (Ada) /Rect [72 700 300 720] /P 4 0 R>>`, trueType("Garamond", x + 2), descriptor("Garamond")],
    });
    const finding = only((await inspectPdf(pdf, ctx)).findings, "pdf.font_not_embedded");
    assert.deepEqual(finding.location, { pages: [1] });
    assert.match(finding.message, /^A font is not embedded: Garamond \(page 1\)\./);
  });

  test("embedded fonts (pdfLaTeX) give no font finding", async () => {
    const latex = corpusFile("pdf", "004-pdflatex-4-pages-pdflatex-4-pages.pdf");
    assert.ok(pdffonts(latex).every((f) => f.embedded));
    const { findings } = await inspectPdf(latex, ctx);
    assert.deepEqual(findings.filter((f) => f.code.includes("font")), []);
  });
});

describe("pages", () => {
  // Pages: 1 text, 2 a picture over the whole page, 3 nothing, 4 a white rectangle, 5 a black line, 6 text with a
  // small picture, 7 A3, 8 A4 landscape, 9 Letter.
  const contents = [
    textContent(["Some text on the first page"]),
    "q 595 0 0 842 0 0 cm /Im1 Do Q",
    "",
    "1 1 1 rg 0 0 595 842 re f",
    "0 0 0 RG 2 w 72 72 m 500 500 l S",
    `${textContent(["Text beside a small picture"])}\nq 100 0 0 100 72 300 cm /Im1 Do Q`,
    textContent(["A3 page"]),
    "BT /F1 12 Tf 72 500 Td (Landscape page) Tj ET",
    textContent(["Letter page"]),
  ];
  const boxes: Record<number, string> = { 7: "[0 0 842 1191]", 8: "[0 0 842 595]", 9: "[0 0 612 792]" };
  const pageObjects = contents.flatMap((content, i) => [page(5 + i * 2 + 1, "<</Font <</F1 3 0 R>> /XObject <</Im1 4 0 R>>>>", boxes[i + 1]), stream(content)]);
  const pdf = handPdf([...catalogAndPages(contents.map((_, i) => 5 + i * 2)), HELVETICA, PICTURE, ...pageObjects]);

  test("content is the text of each page, one string per page", async () => {
    const { content } = await inspectPdf(pdf, ctx);
    assert.deepEqual(content, ["Some text on the first page", "", "", "", "", "Text beside a small picture", "A3 page", "Landscape page", "Letter page"]);
  });

  test("a page that is only a picture is a scan", async () => {
    const { findings } = await inspectPdf(pdf, ctx);
    assert.deepEqual(only(findings, "pdf.scanned_pages"), {
      code: "pdf.scanned_pages",
      severity: "info",
      category: "content",
      message: "Page 2 is a scanned picture without a text layer: the text cannot be searched or copied; extraction uses OCR.",
      location: { pages: [2] },
      fixable: false,
    });
  });

  test("pages with nothing (or only white) on them are blank; a drawing is not", async () => {
    const { findings } = await inspectPdf(pdf, ctx);
    assert.deepEqual(only(findings, "pdf.empty_pages"), {
      code: "pdf.empty_pages",
      severity: "info",
      category: "layout",
      message: "Pages 3 and 4 are blank.",
      location: { pages: [3, 4] },
      fixable: false,
    });
  });

  test("a page of another paper size is named; landscape and Letter among A4 are not", async () => {
    const { findings } = await inspectPdf(pdf, ctx);
    assert.deepEqual(only(findings, "pdf.mixed_page_sizes"), {
      code: "pdf.mixed_page_sizes",
      severity: "info",
      category: "layout",
      message: "Page 7 has a different size from the other pages (210 × 297 mm); printing may scale or crop it.",
      location: { pages: [7] },
      fixable: false,
    });
  });

  test("a page missing from the file cannot be read", async () => {
    // The page tree names object 9, which does not exist; poppler complains too.
    const broken = handPdf([...catalogAndPages([3, 9]), page(4, "<<>>"), stream("")]);
    const { findings, content } = await inspectPdf(broken, ctx);
    assert.deepEqual(content, ["", ""]);
    assert.deepEqual(only(findings, "pdf.page_unreadable"), {
      code: "pdf.page_unreadable",
      severity: "error",
      category: "structural",
      message: "Page 2 cannot be read: the page is missing from the file or damaged, so readers show it blank or stop there.",
      location: { pages: [2] },
      fixable: false,
    });
    assert.match(popplerComplaints(broken), /Kid object \(page 2\) is wrong type/);
  });

  test("errors in a page's content are a warning with the pages", async () => {
    const broken = handPdf([
      ...catalogAndPages([3, 5]),
      page(4, "<</Font <</F1 6 0 R>>>>"),
      stream(textContent(["Fine page"])),
      page(7, "<</Font <</F1 6 0 R>>>>"),
      HELVETICA,
      stream("this is not deflated", "/Filter /FlateDecode"),
    ]);
    const finding = only((await inspectPdf(broken, ctx)).findings, "pdf.page_content_errors");
    assert.equal(finding.severity, "warning");
    assert.equal(finding.category, "structural");
    assert.equal(finding.fixable, false);
    assert.deepEqual(finding.location, { pages: [2] });
    assert.match(finding.message, /^Page 2 has errors in its content \(".*zlib.*"\)/);
  });
});

describe("the document", () => {
  test("a form: info with the number of fields (a field shown twice counts once)", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["A form"]], {
      catalog: `/AcroForm <</Fields [${x} 0 R ${x + 1} 0 R ${x + 4} 0 R]>>`,
      pageExtra: () => `/Annots [${x} 0 R ${x + 2} 0 R ${x + 3} 0 R ${x + 5} 0 R ${x + 6} 0 R]`,
      extra: [
        /* x */ `<</Type /Annot /Subtype /Widget /FT /Tx /T (Name) /Rect [72 700 300 720] /P 4 0 R>>`,
        /* x+1 */ `<</T (Address) /Kids [${x + 2} 0 R ${x + 3} 0 R]>>`,
        /* x+2 */ `<</Type /Annot /Subtype /Widget /FT /Tx /T (Street) /Parent ${x + 1} 0 R /Rect [72 650 300 670] /P 4 0 R>>`,
        /* x+3 */ `<</Type /Annot /Subtype /Widget /FT /Tx /T (City) /Parent ${x + 1} 0 R /Rect [72 600 300 620] /P 4 0 R>>`,
        /* x+4 */ `<</FT /Btn /T (Choice) /Kids [${x + 5} 0 R ${x + 6} 0 R]>>`,
        /* x+5 */ `<</Type /Annot /Subtype /Widget /Parent ${x + 4} 0 R /Rect [72 550 90 568] /P 4 0 R>>`,
        /* x+6 */ `<</Type /Annot /Subtype /Widget /Parent ${x + 4} 0 R /Rect [100 550 118 568] /P 4 0 R>>`,
      ],
    });
    assert.match(pdfinfo(pdf).stdout, /^Form:\s+AcroForm$/m);
    const { findings } = await inspectPdf(pdf, ctx);
    assert.deepEqual(only(findings, "pdf.form_fields"), {
      code: "pdf.form_fields",
      severity: "info",
      category: "content",
      message: "The PDF is a form with 4 fields to fill in.",
      fixable: false,
    });
    assert.equal(findings.filter((f) => f.code === "pdf.xfa_form").length, 0);
  });

  test("an XFA form is a warning", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["Please wait..."]], {
      catalog: `/AcroForm <</Fields [] /XFA ${x} 0 R>>`,
      extra: [stream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"/></xdp:xdp>')],
    });
    assert.match(pdfinfo(pdf).stdout, /^Form:\s+XFA$/m);
    const finding = only((await inspectPdf(pdf, ctx)).findings, "pdf.xfa_form");
    assert.equal(finding.severity, "warning");
    assert.equal(finding.category, "structural");
    assert.equal(finding.fixable, false);
    assert.match(finding.message, /only Adobe's readers draw it/);
  });

  test("encryption with permissions only (no password to open) is info naming what it forbids", async () => {
    const doc = new mupdf.PDFDocument(textPdf([["Read me, do not print me"]]));
    const buffer = doc.saveToBuffer("encrypt=rc4-128,owner-password=owner,permissions=-8");
    const pdf = buffer.asUint8Array().slice();
    buffer.destroy();
    doc.destroy();
    assert.match(pdfinfo(pdf).stdout, /^Encrypted:\s+yes \(print:no copy:yes/m);
    const { findings, content } = await inspectPdf(pdf, ctx);
    assert.deepEqual(content, ["Read me, do not print me"]);
    assert.deepEqual(only(findings, "pdf.encrypted"), {
      code: "pdf.encrypted",
      severity: "info",
      category: "security",
      message: "The PDF is encrypted (Standard V2 R3 128-bit RC4): it opens without a password but does not allow printing.",
      fixable: false,
    });
  });

  test("a password-protected PDF is refused", async () => {
    await assert.rejects(inspectPdf(corpusFile("pdf", "005-libreoffice-writer-password-libreoffice-writer-password.pdf"), ctx), (error: unknown) => {
      assert.ok(error instanceof ExtractRefused);
      assert.equal(error.code, "file_rejected");
      assert.match(error.message, /password-protected/);
      return true;
    });
  });

  test("a PDF encrypted for a certificate (its text cannot be read) is refused too", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["Only for the recipient"]], {
      trailer: `/Encrypt ${x} 0 R /ID [<0123456789abcdef0123456789abcdef><0123456789abcdef0123456789abcdef>]`,
      extra: [`<</Filter /Adobe.PubSec /SubFilter /adbe.pkcs7.s5 /V 4 /Length 128 /Recipients [<00112233>]>>`],
    });
    await assert.rejects(inspectPdf(pdf, ctx), (error: unknown) => {
      assert.ok(error instanceof ExtractRefused);
      assert.equal(error.code, "file_rejected");
      assert.match(error.message, /certificate or a password/);
      return true;
    });
  });

  test("attached files are named, with the page of an attachment annotation", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["See the attachment"]], {
      catalog: `/Names <</EmbeddedFiles <</Names [(budget.xlsx) ${x} 0 R]>>>>`,
      pageExtra: () => `/Annots [${x + 2} 0 R]`,
      extra: [
        `<</Type /Filespec /F (budget.xlsx) /UF (budget.xlsx) /EF <</F ${x + 1} 0 R>>>>`,
        stream("not really a spreadsheet", "/Type /EmbeddedFile"),
        `<</Type /Annot /Subtype /FileAttachment /Rect [72 700 90 718] /FS <</Type /Filespec /F (notes.txt) /EF <</F ${x + 1} 0 R>>>>>>`,
      ],
    });
    assert.deepEqual(only((await inspectPdf(pdf, ctx)).findings, "pdf.attachments"), {
      code: "pdf.attachments",
      severity: "info",
      category: "security",
      message: 'The PDF carries 2 attached files: "budget.xlsx" and "notes.txt" (page 1). Open them only if they are expected.',
      location: { pages: [1] },
      fixable: false,
    });
    const corpus = only((await inspectPdf(corpusFile("pdf", "025-attachment-with-attachment.pdf"), ctx)).findings, "pdf.attachments");
    assert.match(corpus.message, /"image\.png"/);
  });

  test("actions sanitize should have removed are an error", async () => {
    const x = firstExtra(1);
    const pdf = textPdf([["Scripted"]], {
      catalog: `/OpenAction ${x} 0 R`,
      pageExtra: () => `/Annots [${x + 1} 0 R]`,
      extra: [`<</S /JavaScript /JS (app.alert\\(1\\))>>`, `<</Type /Annot /Subtype /Link /Rect [0 0 9 9] /A <</S /Launch /F (run.exe)>>>>`],
    });
    assert.deepEqual(only((await inspectPdf(pdf, ctx)).findings, "pdf.active_content"), {
      code: "pdf.active_content",
      severity: "error",
      category: "security",
      message: "The PDF still holds actions that run code or send data: JavaScript run when the document opens and Launch action on page 1 link.",
      fixable: false,
    });
  });

  test("bytes that are not a PDF are one error and no content", async () => {
    const { findings, content } = await inspectPdf(new TextEncoder().encode("Just some text, not a PDF."), ctx);
    assert.deepEqual(content, []);
    assert.deepEqual(codes(findings), ["pdf.unreadable"]);
    assert.equal(findings[0]!.severity, "error");
    assert.equal(findings[0]!.fixable, false);
  });

  test("a clean text PDF has only the standard font note", async () => {
    const { findings } = await inspectPdf(textPdf([["Clean"], ["Still clean"]]), ctx);
    assert.deepEqual(codes(findings), ["pdf.standard_font_not_embedded"]);
  });
});
