/**
 * PDFs written by hand for the review tests, byte by byte, so each test file holds exactly the defect it is about
 * (and mupdf, the engine under test, did not write it): objects numbered from 1, a classic cross-reference table
 * with the true offsets unless told otherwise, Helvetica text. Also poppler's opinion of a PDF (`pdfinfo`, the
 * JavaScript it finds, the fonts it lists), the independent reader the repaired files are checked against.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface HandPdfOptions {
  /** Added to the trailer dictionary (`/Encrypt 9 0 R`…). */
  readonly trailer?: string;
  /** Writes this number after `startxref` instead of the table's offset. */
  readonly startxref?: number;
  /** Adds this to every object offset in the table (a table that points next to the objects). */
  readonly shiftOffsets?: number;
}

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** A PDF of these objects (object 1 is the catalog), each given as the text between `N 0 obj` and `endobj`. */
export const handPdf = (objects: readonly string[], options: HandPdfOptions = {}): Uint8Array => {
  let out = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  const shift = options.shiftOffsets ?? 0;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset + shift).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<</Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ""}>>\nstartxref\n${options.startxref ?? xref}\n%%EOF\n`;
  return latin1(out);
};

/** A content stream object. */
export const stream = (content: string, dict = ""): string => `<<${dict} /Length ${content.length}>>\nstream\n${content}\nendstream`;

/** Text drawn with resource font /F1 at 12 pt, one line per string, from the top of an A4 page. */
export const textContent = (lines: readonly string[], font = "F1"): string =>
  lines.map((line, i) => `BT /${font} 12 Tf 72 ${770 - i * 16} Td (${line.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`).join("\n");

export const HELVETICA = "<</Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding>>";

/**
 * A document of text pages: 1 catalog (with `catalog` added), 2 pages, 3 Helvetica, then per page its page object
 * and content stream, then `extra` objects (numbered after them). `pageExtra` is added to every page dictionary.
 */
export const textPdf = (
  pages: readonly (readonly string[])[],
  options: HandPdfOptions & { catalog?: string; pageExtra?: (page: number) => string; extra?: readonly string[] } = {},
): Uint8Array => {
  const objects = ["", "", HELVETICA];
  const kids: string[] = [];
  pages.forEach((lines, i) => {
    const pageNumber = objects.length + 1;
    kids.push(`${pageNumber} 0 R`);
    objects.push(`<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources <</Font <</F1 3 0 R>>>> /Contents ${pageNumber + 1} 0 R ${options.pageExtra?.(i + 1) ?? ""}>>`);
    objects.push(stream(textContent(lines)));
  });
  objects[0] = `<</Type /Catalog /Pages 2 0 R ${options.catalog ?? ""}>>`;
  objects[1] = `<</Type /Pages /Kids [${kids.join(" ")}] /Count ${pages.length}>>`;
  objects.push(...(options.extra ?? []));
  return handPdf(objects, options);
};

/** The object number the first of `textPdf`'s `extra` objects gets. */
export const firstExtra = (pages: number): number => 4 + pages * 2;

const withFile = <T>(pdf: Uint8Array, use: (file: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), "quire-pdf-review-"));
  try {
    const file = join(dir, "in.pdf");
    writeFileSync(file, pdf);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** `pdfinfo`'s exit status, output and complaints; status 0 means poppler opens the file. */
export const pdfinfo = (pdf: Uint8Array, args: string[] = []): { status: number; stdout: string; stderr: string } =>
  withFile(pdf, (file) => {
    const run = spawnSync("pdfinfo", [...args, file], { encoding: "utf8" });
    return { status: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  });

/** Poppler's text of one page (1-based), whitespace-normalised. */
export const popplerPageText = (pdf: Uint8Array, page: number): string =>
  withFile(pdf, (file) =>
    execFileSync("pdftotext", ["-enc", "UTF-8", "-f", String(page), "-l", String(page), file, "-"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .replace(/\s+/g, " ")
      .trim(),
  );

/** What poppler complains about while reading every page's text (empty when it reads the file cleanly). */
export const popplerComplaints = (pdf: Uint8Array): string =>
  withFile(pdf, (file) => spawnSync("pdftotext", [file, "-"], { encoding: "utf8" }).stderr);

/** The rows of `pdffonts`: name (subset tag kept) and whether it is embedded. */
export const pdffonts = (pdf: Uint8Array): { name: string; embedded: boolean }[] =>
  withFile(pdf, (file) =>
    execFileSync("pdffonts", [file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .split("\n")
      .slice(2)
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const cells = line.trim().split(/\s+/);
        // name, type (one or two words), encoding, emb, sub, uni, object, generation: emb is 5th from the end.
        return { name: cells[0]!, embedded: cells[cells.length - 5] === "yes" };
      }),
  );
