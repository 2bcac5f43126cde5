/** The pictures of an IR document, wherever they sit (quotes, list items, footnotes), in reading order. */
import type { Block, IRDocument } from "./types.ts";
import { visitDocument } from "./visit.ts";

export function imageBlocks(ir: IRDocument): Array<{ id: string; src: string; alt: string }> {
  const found: Array<{ id: string; src: string; alt: string }> = [];
  visitDocument(ir, (block) => {
    if (block.type === "image") found.push({ id: block.id, src: block.src, alt: block.alt });
  });
  return found;
}

/** Each picture address once. */
export const imageSources = (ir: IRDocument): string[] => [...new Set(imageBlocks(ir).map((b) => b.src))];

/** The document with picture addresses renamed (a picture handed to a program by its file name); others kept. */
export function renameImages(ir: IRDocument, rename: ReadonlyMap<string, string>): IRDocument {
  const walk = (blocks: Block[]): Block[] =>
    blocks.map((block) => {
      if (block.type === "image") return rename.has(block.src) ? { ...block, src: rename.get(block.src)! } : block;
      if (block.type === "quote") return { ...block, blocks: walk(block.blocks) };
      if (block.type === "list") return { ...block, items: block.items.map((item) => ({ ...item, blocks: walk(item.blocks) })) };
      return block;
    });
  return { ...ir, blocks: walk(ir.blocks), footnotes: ir.footnotes.map((note) => ({ ...note, blocks: walk(note.blocks) })) };
}
