/**
 * A page's pieces into IR lists (plugins/pdf/extract/blocks.ts): numbers as the page prints them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { pageBlocks } from "../../../plugins/pdf/extract/blocks.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import type { PagePiece } from "../../../plugins/pdf/extract/page.ts";

const item = (marker: string, text: string, at: number): PagePiece => ({ piece: { kind: "item", depth: 0, marker, text }, start: at, end: at + 10 });
const markdown = (pieces: PagePiece[]) => writeMarkdown({ id: "", blocks: pageBlocks(pieces, 1), footnotes: [] });

test("a numbered list that starts again right after another is a list of its own, numbered as printed", () => {
  const md = markdown([item("1.", "Scope", 0), item("2.", "Terms", 10), item("1.", "First footnote", 20), item("2.", "Second footnote", 30)]);
  assert.match(md, /^1\. First footnote$/m, md);
  assert.match(md, /^2\. Second footnote$/m, md);
  assert.doesNotMatch(md, /^[34]\. /m, md);
});

test("a list that goes on keeps going, and one starting at 3 starts at 3", () => {
  assert.match(markdown([item("1.", "a", 0), item("2.", "b", 10), item("3.", "c", 20)]), /^1\. a\n2\. b\n3\. c$/m);
  assert.match(markdown([item("3.", "c", 0), item("4.", "d", 10)]), /^3\. c\n4\. d$/m);
});
