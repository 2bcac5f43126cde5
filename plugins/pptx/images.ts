/**
 * Pictures for the deck. Fetching is the one asynchronous step before the pure mapping: every
 * image `src` in the IR is resolved once through `ctx.images`; the mapping then only looks the
 * bytes up. Sizing is pure: the picture is scaled to fit the room it is given, keeping its
 * aspect ratio, and never blown up past twice its size at 96 dpi (it would look blurred).
 */
import type { Block, IRDocument } from "../../core/ir/types.ts";
import type { ImageData, RenderContext } from "../../core/contracts/format-plugin.ts";

/** Largest blow-up over the picture's size at 96 dpi. */
const maxUpscale = 2;

/** Display size in inches inside `width` × `height`, aspect ratio kept. */
export function fitImage(image: Pick<ImageData, "width" | "height">, width: number, height: number): { w: number; h: number } {
  const natural = { w: (image.width / 96) * maxUpscale, h: (image.height / 96) * maxUpscale };
  const scale = Math.min(width / natural.w, height / natural.h, 1);
  return { w: natural.w * scale, h: natural.h * scale };
}
