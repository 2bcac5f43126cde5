/**
 * Markdown that a reader gets from elsewhere (an OCR engine's text of a page or a picture) → IR blocks to put in its
 * document, each with the given source. The title `readMarkdown` lifts out is put back as the level-1 heading it was,
 * since these blocks sit inside a larger document. Markdown the reader refuses as too complex stays one paragraph of
 * text.
 */
import type { Block, SourceRange } from "../ir/types.ts";
import { readMarkdown } from "../markdown/read.ts";
import { ProcessingFailure } from "../errors.ts";

export const markdownBlocks = (markdown: string, source?: SourceRange): Block[] => {
  let blocks: Block[];
  try {
    const { ir } = readMarkdown(markdown);
    blocks = ir.title === undefined ? ir.blocks : [{ type: "heading", id: "", level: 1, inlines: [{ type: "text", id: "", text: ir.title, marks: [] }] }, ...ir.blocks];
  } catch (error) {
    if (!(error instanceof ProcessingFailure)) throw error;
    blocks = [{ type: "paragraph", id: "", inlines: [{ type: "text", id: "", text: markdown.trim(), marks: [] }] }];
  }
  return source ? blocks.map((block) => ({ ...block, source })) : blocks;
};
