/** Node ids are kept: numbering is positional once, when a tree is read; inserting a block renumbers nothing. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { freshId, insertBlock, usedIds } from "../../../core/ir/ids.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import type { Block } from "../../../core/ir/types.ts";

const source = "Intro paragraph.\n\n## A heading\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nA note[^x].\n\n[^x]: Its text.";

describe("ids", () => {
  test("inserting a block keeps every other id, and the new one collides with none", () => {
    const ir = readMarkdown(source).ir;
    const before = [...usedIds(ir)];
    const later = ir.blocks.slice(1);
    const laterIds = later.map((b) => b.id);
    const block: Block = { type: "paragraph", id: "", inlines: [{ type: "text", id: "", text: "Inserted.", marks: [] }] };
    insertBlock(ir, 1, block);
    assert.equal(ir.blocks[1], block);
    // The blocks after it are the same blocks, with the same ids.
    assert.deepEqual(ir.blocks.slice(2), later);
    assert.deepEqual(ir.blocks.slice(2).map((b) => b.id), laterIds);
    assert.equal(ir.blocks[2]!.id, "b1");
    const after = usedIds(ir);
    for (const id of before) assert.ok(after.has(id), `${id} was lost`);
    assert.ok(!before.includes(block.id));
    assert.equal(block.inlines[0]!.id, `${block.id}.n0`);
  });

  test("fresh ids never repeat, even after several insertions at the start", () => {
    const ir = readMarkdown(source).ir;
    const added = [0, 1, 2].map(() => insertBlock(ir, 0, { type: "thematicBreak", id: "" }).id);
    assert.equal(new Set(added).size, 3);
    assert.ok(!usedIds(ir).has(freshId(ir)));
  });
});
