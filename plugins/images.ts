/**
 * Pictures for any renderer: every image `src` of the IR resolved once through `ctx.images` before the pure
 * mapping, which then only looks the bytes up.
 */
import type { IRDocument } from "../core/ir/types.ts";
import { imageSources } from "../core/ir/images.ts";
import type { ImageData, RenderContext } from "../core/contracts/format-plugin.ts";
import { diagnostic, type Diagnostic } from "../core/diagnostics.ts";

/** What every renderer says about a picture it had to leave out. */
export const imageUnavailable = (block: { src: string; id: string }): Diagnostic =>
  diagnostic("image.unavailable", "warning", "image", `The picture ${JSON.stringify(block.src.slice(0, 120))} could not be loaded and was left out.`, block.id);

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
