/**
 * Headings from a PDF page's typography (plugins/pdf/extract/typography.ts, headings.ts): section numbers at body
 * size ("3.1.2 …" over two lines, "一、…", full-width "１．１ …"), a bold title ending in a dotted abbreviation, "CHAPTER 1"
 * over its title as one heading; never a table's caption, a row of figures set large, a running header with its
 * page number, or a small line far off on a title's baseline.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../../public", ...parts);
const markdownOf = async (...parts: string[]) => writeMarkdown((await extractPdf(new Uint8Array(readFileSync(publicFile(...parts))), {})).ir);
const headings = (md: string): string[] => md.match(/^#{1,6} .*$/gm) ?? [];

test("numbered sections at body size are headings, their level from the number; a running header is not", async () => {
  const found = headings(await markdownOf("pdf-layout", "pymupdf", "2201.00069.pdf"));
  // Italic, body size, its title over two lines under a hanging indent.
  assert.ok(found.includes("### 3.1.2 e-MERLIN detection of compact emission towards FRB 20190714"), found.join("\n"));
  assert.ok(found.includes("### 3.1.3 MeerKAT non-detections"), found.join("\n"));
  assert.ok(found.some((h) => / 3\.3 H\.E\.S\.S\.$/.test(h)), found.join("\n"));
  // The journal's running title with its page number, at the top of the page.
  assert.ok(!found.some((h) => h.includes("observations of three localised FRBs")), found.join("\n"));
});

test("CJK section numbers: 一、 and full-width １．１", async () => {
  assert.ok(headings(await markdownOf("pdf-layout", "pymupdf", "chinese-tables.pdf")).includes("## 一、发行人历史信用评级情况"));
  const japanese = headings(await markdownOf("pdf-layout", "pdf.js", "issue16063.pdf"));
  assert.ok(japanese.includes("## １．１ 絶縁電線関係") && japanese.includes("## １．２ ケーブル関係"), japanese.join("\n"));
});

test("CHAPTER 1 over its title is one heading", async () => {
  assert.ok(headings(await markdownOf("pdf-layout", "pymupdf", "cython.pdf")).some((h) => / CHAPTER 1 Compilation$/.test(h)));
});

test("a table's caption and its rows of figures are no headings", async () => {
  const md = await markdownOf("pdf-layout", "camelot", "population_growth.pdf");
  assert.deepEqual(headings(md), []);
  assert.match(md, /^TABLE 4: STATE-WISE DECADAL GROWTH RATE OF POPULATION$/m);
});

test("a title with a small print date far off on its baseline: the title alone is the heading", async () => {
  const md = await markdownOf("markitdown", "movie-theater-booking-2024.pdf");
  assert.ok(headings(md).includes("# BOOKING ORDER"), headings(md).join("\n"));
  assert.match(md, /^Print Date 12\/15\/2024 14:30:22/m);
});

test("a bold label ending in a colon, alone on its line, heads what follows", async () => {
  const found = headings(await markdownOf("markitdown", "SPARSE-2024-INV-1234_borderless_table.pdf"));
  for (const h of ["Variance Analysis:", "Summary Statistics:", "Recommendations:"]) assert.ok(found.some((f) => f.endsWith(` ${h}`)), `${h} in ${found.join(" / ")}`);
});
