/** The one IR walk (core/ir/visit.ts): reading order, what it goes into, "skip", and where each block sits. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chartBlocks } from "../../../core/ir/chart.ts";
import type { Block, IRDocument } from "../../../core/ir/types.ts";
import { visitBlocks, visitDocument, visitInlines, type BlockContext } from "../../../core/ir/visit.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";

const TABLE = "| Month | Sales |\n|---|---:|\n| Jan | 4 |\n| Feb | 5 |";

/** Charts made as the compiler makes them, so a chart holds its table. */
const read = (markdown: string): IRDocument => chartBlocks(readMarkdown(markdown).ir).ir;

/** A block as `type@id`, with where it sits when that is not the plain top level. */
const seen = (block: Block, context: BlockContext): string => {
  const where = [
    context.parents.length > 0 ? `in ${context.parents.map((p) => p.id).join(">")}` : "",
    context.item ? `item ${context.item.id}` : "",
    context.footnote ? `note ${context.footnote.id}` : "",
  ].filter(Boolean);
  return `${block.type}@${block.id}${where.length > 0 ? ` (${where.join(", ")})` : ""}`;
};

describe("visitDocument", () => {
  const cases: Array<{ name: string; given: string; skip?: Block["type"][]; want: string[] }> = [
    {
      name: "top-level blocks in order, none inside another",
      given: "Text.\n\n## Part\n\n---\n\n```js\nx\n```",
      want: ["paragraph@b0", "heading@b1", "thematicBreak@b2", "code@b3"],
    },
    {
      name: "a list's items in order, each item's blocks in order, after the list itself",
      given: "- one\n\n  more\n- two\n\nAfter.",
      want: [
        "list@b0",
        "paragraph@b0.i0.b0 (in b0, item b0.i0)",
        "paragraph@b0.i0.b1 (in b0, item b0.i0)",
        "paragraph@b0.i1.b0 (in b0, item b0.i1)",
        "paragraph@b1",
      ],
    },
    {
      name: "quotes and lists nested in each other; only a block directly in an item has the item",
      given: "> - a\n>\n>   > deep\n\nEnd.",
      want: [
        "quote@b0",
        "list@b0.b0 (in b0)",
        "paragraph@b0.b0.i0.b0 (in b0>b0.b0, item b0.b0.i0)",
        "quote@b0.b0.i0.b1 (in b0>b0.b0, item b0.b0.i0)",
        "paragraph@b0.b0.i0.b1.b0 (in b0>b0.b0>b0.b0.i0.b1)",
        "paragraph@b1",
      ],
    },
    {
      name: "a chart's table right after the chart",
      given: `Before.\n\n\`\`\`chart bar\n\`\`\`\n\n${TABLE}\n\nAfter.`,
      want: ["paragraph@b0", "chart@b1", "table@b2 (in b1)", "paragraph@b3"],
    },
    {
      name: "footnotes after the body, in order, each with its note",
      given: "Body[^a] and[^b].\n\n[^b]: Second.\n\n[^a]: First.\n\n    - listed",
      want: ["paragraph@b0", "paragraph@fn1.b0 (note fn1)", "list@fn1.b1 (note fn1)", "paragraph@fn1.b1.i0.b0 (in fn1.b1, item fn1.b1.i0, note fn1)", "paragraph@fn2.b0 (note fn2)"],
    },
    {
      name: "skip: nothing inside a skipped list or chart is visited; the rest goes on",
      given: `- a\n  > b\n\n> c\n\n\`\`\`chart\n\`\`\`\n\n${TABLE}`,
      skip: ["list", "chart"],
      want: ["list@b0", "quote@b1", "paragraph@b1.b0 (in b1)", "chart@b2"],
    },
  ];
  for (const { name, given, skip = [], want } of cases) {
    it(name, () => {
      const got: string[] = [];
      visitDocument(read(given), (block, context) => {
        got.push(seen(block, context));
        return skip.includes(block.type) ? "skip" : undefined;
      });
      assert.deepEqual(got, want);
    });
  }
});

describe("visitBlocks", () => {
  it("walks the blocks given, with no footnote, whatever document they came from", () => {
    const ir = read("Text[^a].\n\n[^a]: - note item");
    const got: string[] = [];
    visitBlocks(ir.footnotes[0]!.blocks, (block, context) => void got.push(seen(block, context)));
    assert.deepEqual(got, ["list@fn1.b0", "paragraph@fn1.b0.i0.b0 (in fn1.b0, item fn1.b0.i0)"]);
  });

  it("holds no context over from one visit to the next", () => {
    const ir = read("- a\n\n> b\n\nc");
    const contexts: BlockContext[] = [];
    visitBlocks(ir.blocks, (_, context) => void contexts.push(context));
    assert.deepEqual(
      contexts.map((c) => c.parents.length),
      [0, 1, 0, 1, 0],
    );
  });
});

describe("visitInlines", () => {
  it("a link before its children, with the links an inline is inside; skip leaves a link's children out", () => {
    const ir = read("A [b *c* [no]](https://x.test) d [e](https://y.test).");
    const paragraph = ir.blocks[0]!;
    assert.equal(paragraph.type, "paragraph");
    if (paragraph.type !== "paragraph") return;
    const all: string[] = [];
    visitInlines(paragraph.inlines, (inline, links) => void all.push(`${inline.type}@${inline.id}${links.length > 0 ? ` in ${links.map((l) => l.id).join(">")}` : ""}`));
    assert.deepEqual(all, [
      "text@b0.n0",
      "link@b0.n1",
      "text@b0.n1.n0 in b0.n1",
      "text@b0.n1.n1 in b0.n1",
      "text@b0.n1.n2 in b0.n1",
      "text@b0.n2",
      "link@b0.n3",
      "text@b0.n3.n0 in b0.n3",
      "text@b0.n4",
    ]);
    const outside: string[] = [];
    visitInlines(paragraph.inlines, (inline) => {
      outside.push(inline.id);
      return inline.type === "link" ? "skip" : undefined;
    });
    assert.deepEqual(outside, ["b0.n0", "b0.n1", "b0.n2", "b0.n3", "b0.n4"]);
  });
});
