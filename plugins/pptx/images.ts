/**
 * Pictures for the deck. Fetching is the one asynchronous step before the pure mapping: every
 * image `src` in the IR is resolved once through `ctx.images`; the mapping then only looks the
 * bytes up. Sizing is pure: the picture is scaled to fit the room it is given, keeping its
 * aspect ratio, and never blown up past twice its size at 96 dpi (it would look blurred).
 */
import type { Block, IRDocument } from "../../core/ir/types.ts";
import type { ImageData, RenderContext } from "../format-plugin.ts";

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

/** Largest blow-up over the picture's size at 96 dpi. */
const maxUpscale = 2;

/** Display size in inches inside `width` × `height`, aspect ratio kept. */
export function fitImage(image: Pick<ImageData, "width" | "height">, width: number, height: number): { w: number; h: number } {
  const natural = { w: (image.width / 96) * maxUpscale, h: (image.height / 96) * maxUpscale };
  const scale = Math.min(width / natural.w, height / natural.h, 1);
  return { w: natural.w * scale, h: natural.h * scale };
}
