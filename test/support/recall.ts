/**
 * Word recall, the measure the extraction tests hold text to: the share of a reference's words (repeats counted)
 * that a text has, each word of the text matching once at most. Words are runs of letters and digits, lowercased;
 * `minLength` 2 leaves out the single letters OCR makes of specks and bullets.
 */
import { execFileSync } from "node:child_process";

export const words = (text: string, minLength = 1): string[] => text.toLowerCase().match(new RegExp(`[\\p{L}\\p{N}]{${minLength},}`, "gu")) ?? [];

export const recall = (reference: string, text: string, minLength = 1): number => {
  const have = new Map<string, number>();
  for (const w of words(text, minLength)) have.set(w, (have.get(w) ?? 0) + 1);
  const wanted = words(reference, minLength);
  let found = 0;
  for (const w of wanted) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      found++;
      have.set(w, n - 1);
    }
  }
  return found / wanted.length;
};

/** What `pdftotext` (poppler, the reference reader) reads of a PDF, or of its pages `first` to `last`. */
export const pdftotext = (path: string, pages?: { first: number; last: number }): string =>
  execFileSync("pdftotext", [...(pages ? ["-f", String(pages.first), "-l", String(pages.last)] : []), path, "-"], { maxBuffer: 1 << 26 }).toString();
