/**
 * Code listings and page furniture on real PDFs: lines in a monospaced face are one fenced block with their
 * indentation and never a table, while a sentence or an e-mail address set in one stays text (code.ts); running
 * headers and footers repeated page after page are left out of the text and never made headings (furniture.ts); a
 * ruled grid that would say a line in cell after cell is no table (page.ts).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";

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
