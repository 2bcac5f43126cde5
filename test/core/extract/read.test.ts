/**
 * Extraction reads files into the IR and writes the Markdown with the one writer; Markdown and text files are given
 * as written; readers still writing Markdown (the transition path) are given as they are and read into the IR.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readFile } from "../../../core/extract/read.ts";
import type { FormatPlugin } from "../../../core/contracts/format-plugin.ts";
import type { Block } from "../../../core/ir/types.ts";
import { assignIds } from "../../../core/ir/ids.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { corpusFile } from "../../renderers/support.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const only = (plugin: FormatPlugin) => ({ get: (format: string) => (format === plugin.format ? plugin : undefined) });

describe("readFile", () => {
  test("a Markdown file is given as written, and its IR is the Markdown reader's", async () => {
    const text = "# Título\r\n\r\nSome *text* with 1. odd   spacing\r\n\r\n* a\r\n* b\r\n";
    const plugin = formatPlugins.get("md")!;
    const read = await readFile(bytes(text), "notes.md", formatPlugins, {});
    assert.equal(read.markdown, text.replace(/\r\n/g, "\n"));
    const result = await plugin.extract!(bytes(text), {});
    const ir = result.ir;
    assert.equal(ir.title, "Título");
    assert.deepEqual(ir.blocks.map((b) => b.type), ["paragraph", "list"]);
  });

  test("Markdown the reader refuses as too complex is still given as written, its IR its paragraphs", async () => {
    const text = `${"> ".repeat(100)}deep\n\nnext`;
    assert.equal((await readFile(bytes(text), "deep.md", formatPlugins, {})).markdown, text);
    const ir = (await formatPlugins.get("md")!.extract!(bytes(text), {})).ir;
    assert.deepEqual(ir.blocks.map((b) => b.source && text.slice(b.source.start, b.source.end)), [`${"> ".repeat(100)}deep`, "next"]);
  });

  test("a text file's IR has a paragraph per block of lines, each with its range in the text", async () => {
    const text = "First line\nsecond line\n\n\nThird *paragraph*\n";
    const result = await formatPlugins.get("txt")!.extract!(bytes(text), {});
    const ir = result.ir;
    assert.deepEqual(ir.blocks.map((b) => b.source && text.slice(b.source.start, b.source.end)), ["First line\nsecond line", "Third *paragraph*"]);
    assert.deepEqual(ir.blocks[0]!.type === "paragraph" && ir.blocks[0]!.inlines.map((n) => n.type), ["text", "lineBreak", "text"]);
    assert.equal((await readFile(bytes(text), "a.txt", formatPlugins, {})).markdown, text);
  });

  test("a reader's IR is written by the one writer", async () => {
    const blocks: Block[] = [
      { type: "comment", id: "", text: "page 1" },
      { type: "paragraph", id: "", inlines: [{ type: "text", id: "", text: "# printed hash", marks: [] }] },
    ];
    const plugin: FormatPlugin = { id: "fake", format: "pdf", mediaTypes: ["application/pdf"], extract: async () => ({ ir: assignIds({ id: "doc", blocks, footnotes: [] }), pages: 1, diagnostics: [] }) };
    const read = await readFile(corpusFile("pdf", "001-trivial-minimal-document.pdf"), "a.pdf", only(plugin), {});
    assert.equal(read.markdown, "<!-- page 1 -->\n\n\\# printed hash");
    assert.equal(read.chars, read.markdown.length);
  });

});
