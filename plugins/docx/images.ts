/**
 * Pictures for the Word output. Fetching is the one asynchronous step before the pure mapping:
 * every image `src` in the IR is resolved once through `ctx.images`; the mapping then only looks
 * the bytes up. Sizing is pure: intrinsic pixels, scaled down to fit the text area.
 */
import type { Block, IRDocument } from "../../core/ir/types.ts";
import type { ImageData, RenderContext } from "../format-plugin.ts";
import type { Geometry } from "./geometry.ts";
import { twipsToPixels } from "./geometry.ts";

export function imageSources(ir: IRDocument): string[] {
  const sources = new Set<string>();
  const walk = (blocks: Block[]) => {
    for (const block of blocks) {
      if (block.type === "image") sources.add(block.src);
      else if (block.type === "quote") walk(block.blocks);
      else if (block.type === "list") for (const item of block.items) walk(item.blocks);
    }
  };
  walk(ir.blocks);
  for (const note of ir.footnotes) walk(note.blocks);
  return [...sources];
}

/**
 * Resolves every picture. A missing resolver, a `null` answer, a failure or unusable sizes all
 * count as unavailable (`null`): the mapping leaves the picture out and says so.
 */
export async function resolveImages(ir: IRDocument, ctx: RenderContext): Promise<Map<string, ImageData | null>> {
  const resolver = ctx.images;
  const entries = await Promise.all(
    imageSources(ir).map(async (src): Promise<[string, ImageData | null]> => {
      if (!resolver) return [src, null];
      try {
        const data = await resolver(src);
        return [src, data && data.width > 0 && data.height > 0 && data.data.byteLength > 0 ? data : null];
      } catch {
        return [src, null];
      }
    }),
  );
  return new Map(entries);
}

/** Display size in pixels: never wider than the text, never taller than most of the page. */
export function fitImage(image: ImageData, page: Geometry): { width: number; height: number } {
  const maxWidth = twipsToPixels(page.textWidth);
  const maxHeight = twipsToPixels(page.textHeight) * 0.8;
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  // Rounded down: a picture one pixel wider than the text would push into the margin.
  return { width: Math.max(1, Math.floor(image.width * scale)), height: Math.max(1, Math.floor(image.height * scale)) };
}
