/**
 * Code listings and page furniture on real PDFs: lines in a monospaced face are one fenced block with their
 * indentation and never a table, while a sentence or an e-mail address set in one stays text (code.ts); running
 * headers and footers repeated page after page are left out of the text and never made headings (furniture.ts); a
 * ruled grid that would say a line in cell after cell is no table (page.ts); a transcript's line numbers in the
 * margin are left out, a table's row numbers are not (furniture.ts `findLineNumbers`).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { findLineNumbers } from "../../../plugins/pdf/extract/furniture.ts";
import type { LayoutLine, PageLayout } from "../../../renderers/mupdf/pages.ts";

const publicFile = (...parts: string[]) => join(dirname(fileURLToPath(import.meta.url)), "../../public", ...parts);
const markdownOf = async (path: string) => writeMarkdown((await extractPdf(new Uint8Array(readFileSync(path)), {})).ir);
const fenced = (markdown: string): string[] => [...markdown.matchAll(/^```\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);

describe("code listings (tracemonkey: a paper with three listings set in Courier)", async () => {
  const md = await markdownOf(publicFile("pdf.js", "tracemonkey.pdf"));

  test("the sieve of Figure 1 is one fenced block, its line numbers and indentation as printed", () => {
    const sieve = fenced(md).find((block) => block.includes("primes[k] = false;"));
    assert.ok(sieve, "a fenced listing holds the sieve");
    assert.equal(sieve.split("\n").length, 6, sieve);
    assert.match(sieve, /^1 for \(var i = 2; i < 100; \+\+i\) \{\n2 {3}if \(!primes\[i\]\)\n3 {5}continue;/);
    assert.match(sieve, /\n6 \}$/, "the closing brace stays in the listing");
  });

  test("the LIR listing keeps its columns; nothing of a listing becomes a table", () => {
    const lir = fenced(md).find((block) => block.includes("v0 := ld state[748]"));
    assert.ok(lir, "a fenced listing holds the LIR");
    assert.match(lir, /^v0 := ld state\[748\] +\/\/ load primes from the trace activation record$/m);
    assert.doesNotMatch(md, /^\|.*(primes|state\[748\]).*\|$/m);
  });

  test("the authors' e-mail addresses, set in Courier, stay text", () => {
    assert.match(md, /^\{gal,brendan,shaver,danderson,dmandelin,mrbkap,graydon,bz,jorendorff,jruderman\}@mozilla\.com$/m);
    assert.ok(!fenced(md).some((block) => block.includes("@mozilla.com")));
  });
});

describe("a page that is all listing (PyMuPDF's v1.10 notes: config.h printed whole in Courier New)", async () => {
  const md = await markdownOf(publicFile("pdf-layout", "pymupdf", "v110-changes.pdf"));

  test("its lines are one fenced block with the comment's indentation, not paragraphs", () => {
    const config = fenced(md).find((block) => block.startsWith("#ifndef FZ_CONFIG_H"));
    assert.ok(config, "a fenced listing starts with the include guard");
    assert.match(config, /^#define FZ_CONFIG_H\n\/\*\n {4,}Choose which plotters we need\.$/m);
    assert.doesNotMatch(md, /^#ifndef FZ_CONFIG_H$(?![\s\S]*```)/m);
  });

  test("page 1's boxed list of properties is no table, and says each property once", () => {
    const page1 = md.slice(0, md.indexOf("<!-- page 2 -->"));
    assert.doesNotMatch(page1, /^\|.*Pixmap\.alpha/m);
    assert.equal(page1.match(/Pixmap\.stride/g)?.length, 1, page1);
  });
});

describe("page furniture (PyMuPDF's Cython guide: a running header on every page, a chapter footer)", async () => {
  const md = await markdownOf(publicFile("pdf-layout", "pymupdf", "cython.pdf"));

  test("the running header is left out of the text and is no heading", () => {
    assert.doesNotMatch(md, /^#+ Cython Reference Guide, Release 0\.29a0$/m);
    assert.doesNotMatch(md, /^Cython Reference Guide, Release 0\.29a0$/m);
    // The title page's own title is no furniture.
    assert.match(md, /^# Cython Reference Guide$/m);
  });

  test("the chapter footers with their page numbers are left out; the sections stay", () => {
    assert.doesNotMatch(md, /^\d+ Chapter 1\. Compilation$/m);
    assert.match(md, /^#+ 1\.2\.1 Configuring the C-Build$/m);
  });
});

describe("a court transcript (pdfplumber's: typed in Courier, its lines numbered 1 to 25 in the margin)", async () => {
  const md = await markdownOf(publicFile("pdf-layout", "pdfplumber", "scotus-transcript-p1.pdf"));

  test("the margin's line numbers are left out: no paragraph of a number alone", () => {
    assert.doesNotMatch(md, /^\d{1,2}$/m, md.slice(0, 600));
    assert.match(md, /^IN THE SUPREME COURT OF THE UNITED STATES$/m);
  });

  test("a page typed in Courier, its caption lines ending in colons, is text, not a listing", () => {
    assert.doesNotMatch(md, /^```/m);
    assert.match(md, /^MICHAEL A\. KNOWLES, :$/m);
  });
});

describe("findLineNumbers", () => {
  const line = (text: string, x0: number, y0: number): LayoutLine => ({ x0, y0, x1: x0 + 6 * text.length, y1: y0 + 10, words: [], text, size: 10, bold: false, mono: false, horizontal: true });
  const page = (lines: LayoutLine[]): PageLayout => ({ page: 1, width: 612, height: 792, blocks: [{ kind: "text", x0: 0, y0: 0, x1: 612, y1: 792, lines }], chars: 500, sizes: new Map(), unmapped: 0 });
  const numbered = (x: number) => Array.from({ length: 6 }, (_, i) => line(String(i + 1), x, 100 + 20 * i));

  test("numbers 1 to 6 in the margin, the text to their right: line numbers", () => {
    const text = Array.from({ length: 6 }, (_, i) => line(`Line ${i + 1} of the transcript`, 100, 100 + 20 * i));
    assert.equal(findLineNumbers(page([...numbered(60), ...text])).size, 6);
  });

  test("a table's row numbers, with a paragraph above starting where they do: the page's text", () => {
    const cells = Array.from({ length: 6 }, (_, i) => line(`Item ${i + 1}`, 120, 100 + 20 * i));
    assert.equal(findLineNumbers(page([line("The items we ordered this year.", 60, 70), ...numbered(60), ...cells])).size, 0);
  });

  test("four numbers are a short list, not line numbers", () => {
    assert.equal(findLineNumbers(page([...numbered(60).slice(0, 4), line("Text", 100, 100)])).size, 0);
  });
});
