/** The one Markdown writer: what it writes reads back as the same IR, and text is escaped only where it must be. */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { assignIds } from "../../../core/ir/ids.ts";
import type { Block, IRDocument } from "../../../core/ir/types.ts";

const root = new URL("../../../", import.meta.url).pathname;
const fixtures = [
  ...["docx", "pptx", "xlsx", "pdf"].flatMap((kind) => readdirSync(join(root, "fixtures", kind)).map((name) => join("fixtures", kind, name, "input.md"))),
  ...readdirSync(join(root, "examples", "artifacts")).filter((n) => n.endsWith(".md")).map((n) => join("examples", "artifacts", n)),
];

const roundTrip = (markdown: string) => {
  const first = readMarkdown(markdown).ir;
  const written = writeMarkdown(first);
  assert.deepEqual(readMarkdown(written).ir, first, `read back differs; written:\n${written}`);
  return written;
};

const doc = (...blocks: Block[]): IRDocument => assignIds({ id: "doc", blocks, footnotes: [] });
const para = (text: string): Block => ({ type: "paragraph", id: "", inlines: [{ type: "text", id: "", text, marks: [] }] });

describe("writeMarkdown", () => {
  test("every Markdown fixture reads back as the same IR", () => {
    assert.ok(fixtures.length >= 20);
    for (const file of fixtures) roundTrip(readFileSync(join(root, file), "utf8"));
  });

  test("marks, links, gaps, footnotes, task lists, nested lists, quotes, code, tables and images read back", () => {
    const written = roundTrip(
      [
        "# Title *with* marks",
        "Some **bold *and italic*** text, ~~struck~~, `code with ` backtick`` and a [link **bold**](https://example.com/a_(b)).",
        "A gap [DATO] and one with a label [DATO: fecha] and a note[^n].",
        "- [x] done\n- [ ] open\n  1. nested one\n  2. nested two\n     - deeper",
        "3. three\n4. four",
        "> quoted *text*\n>\n> - in a list",
        "```ts title\nconst a = 1;\n```",
        "| Left | Centre | Right |\n|:---|:---:|---:|\n| a \\| b | `c` | **d**<br>e |",
        "![a picture](img:1 \"its title\")",
        "Line one  \nline two",
        "## A heading<br>on two lines ending in C#",
        "---",
        "\\pagebreak",
        "[^n]: The note, *marked*.",
      ].join("\n\n"),
    );
    assert.match(written, /^- \[x\] done\n- \[ \] open\n {2}1\. nested one\n {2}2\. nested two\n {5}- deeper$/m);
    assert.match(written, /^\| Left \| Centre \| Right \|\n\| :--- \| :---: \| ---: \|\n\| a \\\| b \| `c` \| \*\*d\*\*<br>e \|$/m);
    assert.match(written, /\[\^n\]: The note, \*marked\*\.$/);
  });

  test("emphasized text made of or holding delimiters keeps its emphasis and its characters", () => {
    const run = (text: string, marks: Array<"bold" | "italic" | "strike">): Block => ({ type: "paragraph", id: "", inlines: [{ type: "text", id: "", text, marks }] });
    for (const [text, marks] of [
      ["**", ["bold"]],
      ["** x **", ["bold"]],
      ["** x **", ["italic"]],
      ["a**b", ["bold"]],
      ["_x_", ["italic"]],
      ["~", ["strike"]],
    ] as Array<[string, Array<"bold" | "italic" | "strike">]>) {
      const ir = doc(run(text, marks));
      const back = readMarkdown(writeMarkdown(ir)).ir.blocks[0];
      assert.equal(back?.type, "paragraph", `${text} ${marks}: ${writeMarkdown(ir)}`);
      const inline = back.type === "paragraph" ? back.inlines : [];
      assert.deepEqual(
        inline.map((i) => (i.type === "text" ? [i.text, i.marks] : [i.type])),
        [[text, marks]],
        `${JSON.stringify(text)} ${marks}: written ${JSON.stringify(writeMarkdown(ir))}`,
      );
    }
  });

  test("text that Markdown would read as something else is escaped, and only that", () => {
    const cases: Array<[string, string]> = [
      ["a * b and snake_case and [1] and C:\\Users", "a * b and snake_case and [1] and C:\\Users"],
      ["*not emphasis* here", "\\*not emphasis\\* here"],
      ["# not a heading", "\\# not a heading"],
      ["1984. A year", "1984\\. A year"],
      ["- not an item", "\\- not an item"],
      ["+", "\\+"],
      ["set minus R\\{0}", "set minus R\\\\{0}"],
      ["[text](not a link)", "[text\\](not a link)"],
      ["a <b>tag</b> and 0≤j<i≤n", "a \\<b>tag\\</b> and 0≤j<i≤n"],
      ["<!-- not a comment -->", "&lt;!-- not a comment -->"],
      ["AT&amp;T", "AT\\&amp;T"],
    ];
    for (const [text, expected] of cases) {
      const ir = doc(para(text));
      const written = writeMarkdown(ir);
      assert.equal(written, expected);
      assert.deepEqual(readMarkdown(written).ir, ir, `read back differs for ${JSON.stringify(text)}`);
    }
  });

  test("extraction's own blocks: comments, math, page markers and two lists of one kind in a row", () => {
    const list = (text: string): Block => ({ type: "list", id: "", ordered: false, start: 1, items: [{ id: "", blocks: [para(text)] }] });
    const ir = doc({ type: "comment", id: "", text: "page 1" }, { type: "math", id: "", tex: "x^2" }, list("a"), list("b"), { type: "comment", id: "", text: "odd -- text" });
    assert.equal(writeMarkdown(ir), "<!-- page 1 -->\n\n$$x^2$$\n\n- a\n\n<!-- -->\n\n- b\n\n<!-- odd - text -->");
    const back = readMarkdown(writeMarkdown(ir)).ir;
    assert.equal(back.blocks.filter((b) => b.type === "list").length, 2);
  });

  test("inline formulas are written as their TeX, each its own span; markup typed as text is escaped", () => {
    const cases: [string, string][] = [
      ["so $y^2$ and $x_{1}*y_{2}*z$ hold", "so $y^2$ and $x_{1}*y_{2}*z$ hold"],
      ["$\\frac{a}{b}$ $[c](d)$ $e&lt;f$", "$\\frac{a}{b}$ $[c](d)$ $e&lt;f$"],
      // Not formulas: a space after the opening dollar or before the closing one, a digit after it.
      ["from $5 to $6, $ x_1 *y* $", "from $5 to $6, $ x_1 \\*y\\* $"],
      ["<m:sSup> and </w:t> typed", "\\<m:sSup> and \\</w:t> typed"],
    ];
    for (const [text, expected] of cases) assert.equal(writeMarkdown(doc(para(text))), expected);
    const cell: Block = { type: "table", id: "", align: [null], header: [{ id: "", cells: [{ id: "", inlines: [{ type: "text", id: "", text: "$|x|$ and *a*", marks: [] }] }] }], rows: [] };
    assert.equal(writeMarkdown(doc(cell)), "| $\\|x\\|$ and \\*a\\* |\n| --- |");
  });

  test("a link whose text is its address stays a bare address", () => {
    const written = roundTrip("Write to support@example.com or see https://example.com/docs and www.example.com.");
    assert.equal(written, "Write to support@example.com or see https://example.com/docs and www.example.com.");
  });
});
