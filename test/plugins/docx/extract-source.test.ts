/**
 * The Word reader's IR knows where each node came from: every block, list item and table cell carries the package
 * part and the range of the element it was read from, so an edit can find it. Checked by slicing the part's text with
 * the range and finding the node's text inside it.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { insertBlock } from "../../../core/ir/ids.ts";
import type { Block, Inline, SourceRange } from "../../../core/ir/types.ts";
import { extractDocx } from "../../../plugins/docx/extract/index.ts";
import { corpusPath } from "../../support/corpus.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text an XML slice holds, without spaces (runs split words anywhere, tabs are spaces). */
const xmlText = (xml: string): string =>
  xml
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, "");

const inlineText = (inlines: readonly Inline[]): string =>
  inlines.map((i) => (i.type === "text" ? i.text : i.type === "link" ? inlineText(i.children) : "")).join("").replace(/\s+/g, "");

const read = async (name: string) => {
  const bytes = new Uint8Array(readFileSync(`${corpusPath("docx")}/${name}`));
  const zip = unzipSync(bytes);
  const partText = (part: string) => new TextDecoder().decode(zip[part]).replace(/^\uFEFF/, "");
  return { ir: (await extractDocx(bytes, {})).ir, partText };
};

describe("docx extract: source ranges", () => {
  it("every block, list item and table cell points at the element it came from", async () => {
    const checked = new Map<string, number>();
    for (const name of ["pandoc-headers.docx", "pandoc-lists.docx", "mammoth-tables.docx", "mammoth-footnotes.docx", "pandoc-block_quotes.docx", "pandoc-codeblock.docx"]) {
      const { ir, partText } = await read(name);
      const slice = (source: SourceRange | undefined, what: string, element: RegExp): string => {
        assert.ok(source, `${name}: ${what} has a source`);
        assert.ok(source.start < source.end, `${name}: ${what} has a non-empty range`);
        const xml = partText(source.part).slice(source.start, source.end);
        assert.match(xml, element, `${name}: ${what} starts at the element it came from`);
        assert.ok(xml.endsWith(">"), `${name}: ${what} ends at the end of an element`);
        checked.set(element.source, (checked.get(element.source) ?? 0) + 1);
        return xmlText(xml);
      };
      const contains = (xml: string, text: string, what: string) => assert.ok(xml.includes(text), `${name}: ${what} ${JSON.stringify(text)} is in its element`);
      const visit = (blocks: readonly Block[]) => {
        for (const b of blocks) {
          switch (b.type) {
            case "heading":
            case "paragraph":
              contains(slice(b.source, b.id, /^<w:p[ >]/), inlineText(b.inlines), b.id);
              break;
            case "code":
              contains(slice(b.source, b.id, /^<w:p[ >]/), b.text.replace(/\s+/g, ""), b.id);
              break;
            case "quote":
              slice(b.source, b.id, /^<w:p[ >]/);
              visit(b.blocks);
              break;
            case "list": {
              const list = slice(b.source, b.id, /^<w:p[ >]/);
              for (const item of b.items) {
                const own = slice(item.source, item.id, /^<w:p[ >]/);
                contains(list, own, `${b.id}'s item`);
                const first = item.blocks[0];
                // A lettered item's label ("a.", "iv)") is Word's numbering, not text of the paragraph.
                if (first?.type === "paragraph") contains(own, inlineText(first.inlines).replace(/^\(?[A-Za-z]{1,6}[.)]\s?/, ""), item.id);
                visit(item.blocks.slice(1));
              }
              break;
            }
            case "table": {
              const table = slice(b.source, b.id, /^<w:tbl[ >]/);
              for (const row of [...b.header, ...b.rows]) {
                for (const cell of row.cells) {
                  if (cell.inlines.length === 0) continue;
                  const text = inlineText(cell.inlines);
                  contains(slice(cell.source, cell.id, /^<w:tc[ >]/), text, cell.id);
                  contains(table, text, `${b.id}'s cell`);
                }
              }
              break;
            }
            default:
              slice(b.source, b.id, /^</);
          }
        }
      };
      visit(ir.blocks);
      for (const note of ir.footnotes) {
        visit(note.blocks);
        for (const b of note.blocks) assert.equal(b.source?.part, "word/footnotes.xml", `${name}: ${b.id} is read from the notes part`);
      }
    }
    // Each kind of element was really checked.
    for (const element of ["^<w:p[ >]", "^<w:tbl[ >]", "^<w:tc[ >]"]) assert.ok((checked.get(element) ?? 0) > 0, element);
  });

  it("a block keeps its range when a block is inserted before it", async () => {
    const { ir } = await read("pandoc-headers.docx");
    const last = ir.blocks[ir.blocks.length - 1]!;
    const before = { id: last.id, source: last.source };
    insertBlock(ir, 0, { type: "paragraph", id: "", inlines: [{ type: "text", id: "", text: "New", marks: [] }] });
    assert.deepEqual({ id: last.id, source: last.source }, before);
    assert.equal(ir.blocks[0]!.source, undefined, "a block written later has no source");
  });
});
