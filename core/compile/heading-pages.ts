/**
 * Where each heading landed in a first PDF, so the table of contents is written with real page numbers and Word
 * shows them on first open without asking to update fields. The PDF's outline (LibreOffice exports every heading
 * into it with its page) is matched to the headings in order; the text of the pages is the fallback, looked
 * through in order and skipping the pages that hold the contents list itself.
 */
import type { IRDocument } from "../ir/types.ts";
import { plainText } from "../ir/text.ts";
import { visitBlocks } from "../ir/visit.ts";

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The body's headings in reading order, those in quotes and list items too: a contents list names them, and an entry
 * whose page is not found is written without a number.
 */
export const headingsOf = (ir: IRDocument): Array<{ id: string; level: number; text: string }> => {
  const found: Array<{ id: string; level: number; text: string }> = [];
  visitBlocks(ir.blocks, (block) => {
    if (block.type === "heading") found.push({ id: block.id, level: block.level, text: plainText(block.inlines) });
  });
  return found;
};

export const headingPages = (ir: IRDocument, pages: ReadonlyArray<{ page: number; text: string }>): Record<string, number> => {
  const headings = headingsOf(ir).filter((h) => h.text.trim());
  const texts = pages.map((p) => ({ page: p.page, text: squash(p.text) }));
  // The contents list repeats every heading; the body starts after the last page that lists most of them.
  const listed = (t: string) => headings.filter((h) => t.includes(squash(h.text))).length;
  let start = 0;
  for (let i = 0; i < texts.length; i++) if (headings.length > 1 && listed(texts[i]!.text) >= Math.ceil(headings.length * 0.6) && i < texts.length - 1) start = i + 1;
  const result: Record<string, number> = {};
  let at = start;
  for (const heading of headings) {
    const needle = squash(heading.text);
    for (let i = at; i < texts.length; i++) {
      if (texts[i]!.text.includes(needle)) {
        result[heading.id] = texts[i]!.page;
        at = i;
        break;
      }
    }
  }
  return result;
};

/** Headings matched in order to the outline entries that carry the same text. */
export const headingPagesFromOutline = (ir: IRDocument, outline: ReadonlyArray<{ title: string; page: number }>): Record<string, number> => {
  const result: Record<string, number> = {};
  let at = 0;
  for (const heading of headingsOf(ir)) {
    const needle = squash(heading.text);
    for (let i = at; i < outline.length; i++) {
      if (squash(outline[i]!.title) === needle) {
        result[heading.id] = outline[i]!.page;
        at = i + 1;
        break;
      }
    }
  }
  return result;
};
