/** Findings on the text get the page their words landed on (core/compile/locate.ts). */
import assert from "node:assert/strict";
import { test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { locate } from "../../../core/compile/locate.ts";

const ir = readMarkdown("# Report\n\nThe first paragraph talks about revenue in the north.\n\n| Region | Units |\n|---|---|\n| Southern territories | 12 |\n\nA closing paragraph about the hiring plan for next year.\n").ir;
const [para, table, closing] = ir.blocks;
const pages = [
  { page: 1, text: "Report\nThe first paragraph talks about reve-\nnue in the north." },
  { page: 2, text: "Region Units\nSouthern   territories 12" },
  { page: 3, text: "A closing PARAGRAPH about the hiring plan for next year." },
];

test("a finding on a block, a table cell or an inline gets its page; hyphenation, spacing and case are set aside", () => {
  const cell = (table as { rows: Array<{ cells: Array<{ id: string }> }> }).rows[0]!.cells[0]!.id;
  const found = locate(
    [
      { code: "a", severity: "warning", category: "content", message: "", nodeId: para!.id },
      { code: "b", severity: "warning", category: "content", message: "", nodeId: cell },
      { code: "c", severity: "warning", category: "content", message: "", nodeId: closing!.id },
      { code: "d", severity: "warning", category: "content", message: "", nodeId: "nowhere" },
      { code: "e", severity: "warning", category: "content", message: "", nodeId: para!.id, location: { pages: [9] } },
    ],
    ir,
    pages,
  );
  assert.deepEqual(found.map((d) => d.location?.pages), [[1], [2], [3], undefined, [9]]);
});
