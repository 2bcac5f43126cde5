/**
 * Markdown → IR: each row gives a Markdown text and the part of the IR (or the diagnostics) it
 * must produce. Ids are asserted too: they are part of the contract (stable positions).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { isEmpty } from "../../../core/ir/empty.ts";
import type { Block, IRDocument, Mark, TextInline } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";

const text = (id: string, value: string, marks: Mark[] = []): TextInline => ({ type: "text", id, text: value, marks });

describe("readMarkdown: blocks", () => {
  const cases: Array<{ name: string; given: string; want: { title?: string; blocks: unknown[] } }> = [
    {
      name: "first level-1 heading becomes the title and leaves the blocks",
      given: "# Annual report\n\n## Summary\n\nHello.",
      want: {
        title: "Annual report",
        blocks: [
          { type: "heading", id: "b0", level: 2, inlines: [text("b0.n0", "Summary")] },
          { type: "paragraph", id: "b1", inlines: [text("b1.n0", "Hello.")] },
        ],
      },
    },
    {
      name: "a level-1 heading after other content is not the title",
      given: "Intro.\n\n# Part one",
      want: {
        blocks: [
          { type: "paragraph", id: "b0", inlines: [text("b0.n0", "Intro.")] },
          { type: "heading", id: "b1", level: 1, inlines: [text("b1.n0", "Part one")] },
        ],
      },
    },
    {
      name: "marks flatten into text runs; soft breaks in prose are spaces",
      given: "a **b *c*** ~~d~~ `e`\nf, and the sentence goes on long enough to read as prose, not as an address",
      want: {
        blocks: [
          {
            type: "paragraph",
            id: "b0",
            inlines: [
              text("b0.n0", "a "),
              text("b0.n1", "b ", ["bold"]),
              text("b0.n2", "c", ["bold", "italic"]),
              text("b0.n3", " "),
              text("b0.n4", "d", ["strike"]),
              text("b0.n5", " "),
              text("b0.n6", "e", ["code"]),
              text("b0.n7", " f, and the sentence goes on long enough to read as prose, not as an address"),
            ],
          },
        ],
      },
    },
    {
      name: "links, gaps and hard breaks",
      given: "See [the site](https://example.com) on [DATO] and [DATO: fecha de firma]  \nnext",
      want: {
        blocks: [
          {
            type: "paragraph",
            id: "b0",
            inlines: [
              text("b0.n0", "See "),
              { type: "link", id: "b0.n1", href: "https://example.com", children: [text("b0.n1.n0", "the site")] },
              text("b0.n2", " on "),
              { type: "gap", id: "b0.n3", marks: [] },
              text("b0.n4", " and "),
              { type: "gap", id: "b0.n5", label: "fecha de firma", marks: [] },
              { type: "lineBreak", id: "b0.n6" },
              text("b0.n7", "next"),
            ],
          },
        ],
      },
    },
    {
      name: "page breaks: \\pagebreak alone on a line (even inside a paragraph) and the HTML comment",
      given: "one\n\\pagebreak\ntwo\n\n<!-- pagebreak -->\n\n\\newpage\n\n```\n\\pagebreak\n```",
      want: {
        blocks: [
          { type: "paragraph", id: "b0", inlines: [text("b0.n0", "one")] },
          { type: "pageBreak", id: "b1" },
          { type: "paragraph", id: "b2", inlines: [text("b2.n0", "two")] },
          { type: "pageBreak", id: "b3" },
          { type: "pageBreak", id: "b4" },
          { type: "code", id: "b5", text: "\\pagebreak" },
        ],
      },
    },
    {
      name: "\\pagebreak inside a sentence is text",
      given: "write \\pagebreak here",
      want: { blocks: [{ type: "paragraph", id: "b0", inlines: [text("b0.n0", "write \\pagebreak here")] }] },
    },
    {
      name: "an image in a paragraph becomes an image block, splitting the paragraph",
      given: 'before ![A chart](img:1 "Figure 1") after',
      want: {
        blocks: [
          { type: "paragraph", id: "b0", inlines: [text("b0.n0", "before")] },
          { type: "image", id: "b1", src: "img:1", alt: "A chart", title: "Figure 1" },
          { type: "paragraph", id: "b2", inlines: [text("b2.n0", "after")] },
        ],
      },
    },
    {
      name: "nested lists, ordered start and task items",
      given: "3. three\n   - sub\n4. four\n\n- [x] done\n- [ ] open",
      want: {
        blocks: [
          {
            type: "list",
            id: "b0",
            ordered: true,
            start: 3,
            items: [
              {
                id: "b0.i0",
                blocks: [
                  { type: "paragraph", id: "b0.i0.b0", inlines: [text("b0.i0.b0.n0", "three")] },
                  {
                    type: "list",
                    id: "b0.i0.b1",
                    ordered: false,
                    start: 1,
                    items: [{ id: "b0.i0.b1.i0", blocks: [{ type: "paragraph", id: "b0.i0.b1.i0.b0", inlines: [text("b0.i0.b1.i0.b0.n0", "sub")] }] }],
                  },
                ],
              },
              { id: "b0.i1", blocks: [{ type: "paragraph", id: "b0.i1.b0", inlines: [text("b0.i1.b0.n0", "four")] }] },
            ],
          },
          {
            type: "list",
            id: "b1",
            ordered: false,
            start: 1,
            items: [
              { id: "b1.i0", checked: true, blocks: [{ type: "paragraph", id: "b1.i0.b0", inlines: [text("b1.i0.b0.n0", "done")] }] },
              { id: "b1.i1", checked: false, blocks: [{ type: "paragraph", id: "b1.i1.b0", inlines: [text("b1.i1.b0.n0", "open")] }] },
            ],
          },
        ],
      },
    },
    {
      name: "tables keep alignment and become rectangular",
      given: "| a | b |\n|:-|:-:|\n| 1 |\n| 2 | 3 | 4 |",
      want: {
        blocks: [
          {
            type: "table",
            id: "b0",
            align: ["left", "center"],
            header: [{ id: "b0.h0", cells: [{ id: "b0.h0.c0", inlines: [text("b0.h0.c0.n0", "a")] }, { id: "b0.h0.c1", inlines: [text("b0.h0.c1.n0", "b")] }] }],
            rows: [
              { id: "b0.r0", cells: [{ id: "b0.r0.c0", inlines: [text("b0.r0.c0.n0", "1")] }, { id: "b0.r0.c1", inlines: [] }] },
              { id: "b0.r1", cells: [{ id: "b0.r1.c0", inlines: [text("b0.r1.c0.n0", "2")] }, { id: "b0.r1.c1", inlines: [text("b0.r1.c1.n0", "3")] }] },
            ],
          },
        ],
      },
    },
    {
      name: "quotes, code with language and thematic breaks",
      given: "> quoted\n\n```ts\nlet a = 1;\n```\n\n---",
      want: {
        blocks: [
          { type: "quote", id: "b0", blocks: [{ type: "paragraph", id: "b0.b0", inlines: [text("b0.b0.n0", "quoted")] }] },
          { type: "code", id: "b1", lang: "ts", text: "let a = 1;" },
          { type: "thematicBreak", id: "b2" },
        ],
      },
    },
    {
      name: "reference-style links resolve to their definitions",
      given: "Go [there][site].\n\n[site]: https://example.org",
      want: {
        blocks: [
          {
            type: "paragraph",
            id: "b0",
            inlines: [
              text("b0.n0", "Go "),
              { type: "link", id: "b0.n1", href: "https://example.org", children: [text("b0.n1.n0", "there")] },
              text("b0.n2", "."),
            ],
          },
        ],
      },
    },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => {
      const { ir } = readMarkdown(given);
      assert.equal(ir.title, want.title);
      assert.deepEqual(ir.blocks, want.blocks);
    });
  }
});

describe("readMarkdown: footnotes", () => {
  it("numbers footnotes by first reference and drops unused ones", () => {
    const { ir, diagnostics } = readMarkdown("A[^b] and B[^a].\n\n[^a]: Second.\n[^b]: First.\n[^c]: Unused.");
    assert.deepEqual(
      ir.footnotes.map((f) => [f.id, f.label]),
      [
        ["fn1", "b"],
        ["fn2", "a"],
      ],
    );
    const refs = (ir.blocks[0] as Extract<Block, { type: "paragraph" }>).inlines.filter((i) => i.type === "footnoteRef");
    assert.deepEqual(
      refs.map((r) => r.type === "footnoteRef" && r.footnoteId),
      ["fn1", "fn2"],
    );
    assert.deepEqual(ir.footnotes[0]!.blocks, [{ type: "paragraph", id: "fn1.b0", inlines: [text("fn1.b0.n0", "First.")] }]);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ["markdown.footnote_unused"],
    );
  });
});

describe("readMarkdown: a heading left empty by its footnotes", () => {
  const headings = (markdown: string) =>
    readMarkdown(markdown).ir.blocks.flatMap((b) => (b.type === "heading" ? [b.inlines.map((i) => (i.type === "text" ? i.text : "")).join("")] : []));
  const body = "# Report\n\n## Findings\n\nSales rose[^1] and costs fell.[^2]\n\n";
  const cases: Array<{ why: string; given: string; want: string[] }> = [
    { why: "a References heading over the definitions alone goes", given: `${body}## References\n\n[^1]: Annual accounts.\n[^2]: Budget.\n`, want: ["Findings"] },
    { why: "in Spanish too, before a later section", given: `${body}## Referencias\n\n[^1]: Cuentas.\n\n[^2]: Presupuesto.\n\n## Anexo\n\nTexto.\n`, want: ["Findings", "Anexo"] },
    { why: "a notes heading over a sources subsection over definitions: both go", given: `${body}## Notes\n\n### Sources\n\n[^1]: A.\n[^2]: B.\n`, want: ["Findings"] },
    { why: "a heading with text besides the definitions stays", given: `${body}## Notas\n\nFigures in euros.\n\n[^1]: A.\n[^2]: B.\n`, want: ["Findings", "Notas"] },
    { why: "a heading over a subsection with text stays", given: `${body}## Notes\n\n[^1]: A.\n\n### Method\n\nSampled.\n\n[^2]: B.\n`, want: ["Findings", "Notes", "Method"] },
    { why: "a heading with nothing under it and no footnotes is the author's", given: `${body}[^1]: A.\n[^2]: B.\n\n## To do\n`, want: ["Findings", "To do"] },
  ];
  for (const { why, given, want } of cases) it(why, () => assert.deepEqual(headings(given), want));

  it("pandoc reads the notes at the page feet of the Word file, and no References heading", async () => {
    const { ir } = readMarkdown(`${body}## References\n\n[^1]: Annual accounts 2024.\n[^2]: Budget 2025.\n`);
    const { bytes } = await docxPlugin.render!(ir, defaultStyle("report"), { type: "report" });
    const markdown = execFileSync("pandoc", ["-f", "docx", "-t", "markdown", "--wrap=none"], { input: bytes, encoding: "utf8" });
    assert.doesNotMatch(markdown, /References/);
    assert.match(markdown, /Sales rose\[\^1\] and costs fell\.\[\^2\]/);
    assert.match(markdown, /\[\^1\]: Annual accounts 2024\./);
    assert.match(markdown, /\[\^2\]: Budget 2025\./);
  });
});

describe("readMarkdown: diagnostics", () => {
  const cases: Array<{ given: string; want: Array<{ code: string; severity: string; nodeId?: string }> }> = [
    { given: "Plain text.", want: [] },
    { given: "<div>raw</div>\n\nText.", want: [{ code: "markdown.html_dropped", severity: "warning" }] },
    { given: "a <span>b</span>", want: [{ code: "markdown.html_dropped", severity: "info", nodeId: "b0" }, { code: "markdown.html_dropped", severity: "info", nodeId: "b0" }] },
    { given: "| x |\n|-|\n| ![i](img:1) |", want: [{ code: "markdown.image_inline", severity: "warning", nodeId: "b0.r0.c0" }] },
    { given: "", want: [{ code: "content_empty", severity: "error" }] },
    { given: "![only a picture](img:1)\n\n---", want: [{ code: "content_empty", severity: "error" }] },
  ];
  for (const { given, want } of cases) {
    it(JSON.stringify(given), () => {
      const { diagnostics } = readMarkdown(given);
      assert.deepEqual(
        diagnostics.map(({ code, severity, nodeId }) => (nodeId === undefined ? { code, severity } : { code, severity, nodeId })),
        want,
      );
    });
  }
});

describe("isEmpty", () => {
  const doc = (blocks: Block[], title?: string): IRDocument => ({ id: "doc", ...(title ? { title } : {}), blocks, footnotes: [] });
  const cases: Array<{ name: string; given: IRDocument; want: boolean }> = [
    { name: "no blocks", given: doc([]), want: true },
    { name: "title only", given: doc([], "Title"), want: false },
    { name: "blank paragraph", given: doc([{ type: "paragraph", id: "b0", inlines: [text("b0.n0", "  ")] }]), want: true },
    { name: "image and rule only", given: doc([{ type: "image", id: "b0", src: "x", alt: "" }, { type: "thematicBreak", id: "b1" }]), want: true },
    { name: "a gap is content", given: doc([{ type: "paragraph", id: "b0", inlines: [{ type: "gap", id: "b0.n0", marks: [] }] }]), want: false },
    { name: "a table", given: doc([{ type: "table", id: "b0", align: [null], header: [{ id: "b0.h0", cells: [{ id: "b0.h0.c0", inlines: [] }] }], rows: [] }]), want: false },
  ];
  for (const { name, given, want } of cases) it(name, () => assert.equal(isEmpty(given), want));
});

describe("ids are stable", () => {
  it("the same Markdown twice gives the same IR", () => {
    const markdown = "# T\n\nA **b** [DATO][^1].\n\n- x\n  - y\n\n| a |\n|-|\n| 1 |\n\n[^1]: note";
    assert.deepEqual(readMarkdown(markdown), readMarkdown(markdown));
  });
  it("the IR is plain JSON", () => {
    const { ir } = readMarkdown("# T\n\n1. a\n\n> q\n\n![i](img:1)");
    assert.deepEqual(JSON.parse(JSON.stringify(ir)), ir);
  });
});

describe("code blocks keep the fence line", () => {
  it("the language and the words after it (artifact blocks are named there)", () => {
    const [withMeta, plain, bare] = readMarkdown("```form signups\nName: text\n```\n\n```js\nx\n```\n\n```\ny\n```").ir.blocks;
    assert.deepEqual(withMeta, { type: "code", id: withMeta!.id, lang: "form", meta: "signups", text: "Name: text" });
    assert.deepEqual(plain, { type: "code", id: plain!.id, lang: "js", text: "x" });
    assert.deepEqual(bare, { type: "code", id: bare!.id, text: "y" });
  });
});
