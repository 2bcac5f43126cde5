/**
 * Helpers for the renderer tests: where the shared corpus is, poppler's view of a PDF (the independent opinion the
 * mupdf reader is checked against), a tiny hand-written xlsx whose cached formula values are wrong, the legacy
 * .doc/.xls/.ppt fixtures, and a rough text comparison.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { strToU8, unzipSync, zipSync } from "fflate";
import { corpusPath } from "../support/corpus.ts";

/** The shared corpus of real-world files, beside the repository (`../shared/corpus`). */
export const corpus = (...parts: string[]): string => corpusPath(...parts);
export const corpusFile = (...parts: string[]): Uint8Array => new Uint8Array(readFileSync(corpus(...parts)));

/**
 * Legacy binary files, made once by LibreOffice 7.4 from corpus files (`soffice --convert-to doc|xls|ppt`) and
 * gzipped: legacy.doc from docx/mammoth-tables.docx ("Top left" … "Below"), legacy.ppt from
 * pptx/python-pptx-txt-text.pptx (2 slides, "Foo Bar"), legacy.xls from staleFormulaXlsx() (row 6, 7, 42, 55).
 */
export const legacyFixture = (ext: "doc" | "xls" | "ppt"): Uint8Array =>
  new Uint8Array(gunzipSync(readFileSync(fileURLToPath(new URL(`./fixtures/legacy.${ext}.gz`, import.meta.url)))));

/**
 * A one-sheet xlsx written by hand: A1 = 6, B1 = 7, C1 = A1*B1 with a cached value of 999 (wrong), D1 =
 * SUM(A1:C1) with no cached value. Read as saved it says 6,7,999,1012; recalculated, 6,7,42,55.
 */
export const staleFormulaXlsx = (): Uint8Array => {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const files: Record<string, string> = {
    "[Content_Types].xml": xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    "_rels/.rels": xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": xml(
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": xml(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>6</v></c><c r="B1"><v>7</v></c><c r="C1"><f>A1*B1</f><v>999</v></c><c r="D1"><f>SUM(A1:C1)</f></c></row></sheetData></worksheet>`,
    ),
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
};

/** The part names of an OOXML package. */
export const zipEntries = (bytes: Uint8Array): string[] => Object.keys(unzipSync(bytes));

/** Runs a poppler tool on the PDF bytes (through a temp file) and returns its stdout. */
const poppler = (tool: "pdftotext" | "pdfinfo", pdf: Uint8Array, args: string[]): string => {
  const dir = mkdtempSync(join(tmpdir(), "quire-poppler-"));
  try {
    const file = join(dir, "in.pdf");
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === "pdftotext" ? ["-"] : [])], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export const popplerText = (pdf: Uint8Array, page?: number): string =>
  poppler("pdftotext", pdf, ["-enc", "UTF-8", ...(page === undefined ? [] : ["-f", String(page), "-l", String(page)])]);

export const popplerPages = (pdf: Uint8Array): number => {
  const match = /^Pages:\s+(\d+)/m.exec(poppler("pdfinfo", pdf, []));
  if (match === null) throw new Error("pdfinfo printed no page count");
  return Number(match[1]);
};

const words = (text: string): string[] => text.normalize("NFKC").split(/\s+/).filter((w) => w !== "");

/**
 * How much two extractions of the same text agree, from 0 to 1: the words they share (as multisets) over the
 * longer one. Line breaks, spacing and reading order inside a line may differ between engines; words should not.
 */
export const wordAgreement = (a: string, b: string): number => {
  const left = words(a);
  const right = words(b);
  if (left.length === 0 && right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const w of left) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of right) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(w, n - 1);
    }
  }
  return shared / Math.max(left.length, right.length);
};

/** Width and height from a PNG's IHDR, after checking its signature. */
export const pngSize = (png: Uint8Array): { width: number; height: number } => {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => png[i] === byte)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};
