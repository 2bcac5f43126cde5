/** The pictures of an IR document, wherever they sit (quotes, list items, footnotes), in reading order. */
import type { Block, IRDocument } from "./types.ts";

export function imageBlocks(ir: IRDocument): Array<{ id: string; src: string }> {
  const found: Array<{ id: string; src: string }> = [];
  const walk = (blocks: Block[]) => {
    for (const block of blocks) {
      if (block.type === "image") found.push({ id: block.id, src: block.src });
      else if (block.type === "quote") walk(block.blocks);
      else if (block.type === "list") for (const item of block.items) walk(item.blocks);
    }
  };
  walk(ir.blocks);
  for (const note of ir.footnotes) walk(note.blocks);
  return found;
}

/** Each picture address once. */
export const imageSources = (ir: IRDocument): string[] => [...new Set(imageBlocks(ir).map((b) => b.src))];
