/**
 * Makes test/public/made/tracemonkey-p1-outlined.pdf: page 1 of pdf.js's tracemonkey.pdf with its text drawn as
 * filled outlines and no text layer at all (as when a designer "converts text to outlines"), for the OCR fallback
 * test (test/plugins/pdf/ocr-fallback.test.ts). mupdf writes the page as SVG with each glyph as a path; each glyph
 * becomes a form of the new PDF, drawn where the SVG places it. Only the text is kept (the page has no picture
 * that matters here).
 *
 *   node --import tsx test/public/made/make-outlined-text.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as mupdf from "mupdf";

const here = new URL(".", import.meta.url);
const source = mupdf.Document.openDocument(readFileSync(new URL("../pdf.js/tracemonkey.pdf", here)), "application/pdf");
const page = source.loadPage(0);
const [x0, y0, x1, y1] = page.getBounds();
const svgBuffer = new mupdf.Buffer();
const writer = new mupdf.DocumentWriter(svgBuffer, "svg", "text=path");
const device = writer.beginPage([x0, y0, x1, y1]);
page.run(device, mupdf.Matrix.identity);
writer.endPage();
writer.close();
const svg = svgBuffer.asString();

/** An SVG path (absolute M, L, C, H, V, Z, as mupdf writes them) as PDF path operators. */
const pdfPath = (d: string): string => {
  const tokens = d.match(/[MLCHVZ]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
  const out: string[] = [];
  let command = "";
  let x = 0;
  let y = 0;
  for (let i = 0; i < tokens.length; ) {
    if (/^[A-Z]$/i.test(tokens[i]!)) command = tokens[i++]!;
    const n = () => Number(tokens[i++]);
    if (command === "M") {
      x = n();
      y = n();
      out.push(`${x} ${y} m`);
      command = "L";
    } else if (command === "L") {
      x = n();
      y = n();
      out.push(`${x} ${y} l`);
    } else if (command === "H") {
      x = n();
      out.push(`${x} ${y} l`);
    } else if (command === "V") {
      y = n();
      out.push(`${x} ${y} l`);
    } else if (command === "C") {
      const [a, b, c, e, f, g] = [n(), n(), n(), n(), n(), n()];
      out.push(`${a} ${b} ${c} ${e} ${f} ${g} c`);
      x = f;
      y = g;
    } else if (command === "Z") {
      out.push("h");
    } else throw new Error(`unexpected path command ${command}`);
  }
  return out.join(" ");
};

const doc = new mupdf.PDFDocument();
const forms: Record<string, mupdf.PDFObject> = {};
const names = new Map<string, string>();
for (const [, id, d] of svg.matchAll(/<path id="([^"]+)" d="([^"]*)"\/>/g)) {
  const name = `G${names.size}`;
  names.set(id!, name);
  forms[name] = doc.addStream(`${pdfPath(d!)} f`, { Type: "XObject", Subtype: "Form", BBox: [-2, -2, 3, 3] });
}
const height = y1 - y0;
const content = [`1 0 0 -1 0 ${height} cm 0 g`];
for (const [, id, matrix] of svg.matchAll(/<use [^>]*xlink:href="#([^"]+)" transform="matrix\(([^)]*)\)"\/>/g)) {
  content.push(`q ${matrix!.split(",").join(" ")} cm /${names.get(id!)} Do Q`);
}
doc.insertPage(-1, doc.addPage([0, 0, x1 - x0, height], 0, { XObject: forms }, content.join("\n")));
writeFileSync(new URL("tracemonkey-p1-outlined.pdf", here), doc.saveToBuffer("compress,garbage").asUint8Array());
