/**
 * Pictures for the Word output. Fetching is the one asynchronous step before the pure mapping:
 * every image `src` in the IR is resolved once through `ctx.images`; the mapping then only looks
 * the bytes up. Sizing is pure: intrinsic pixels, scaled down to fit the text area.
 */
import type { IRDocument } from "../../core/ir/types.ts";
import { imageSources } from "../../core/ir/images.ts";
import type { ImageData, RenderContext } from "../../core/contracts/format-plugin.ts";
import type { Geometry } from "./geometry.ts";
import { twipsToPixels } from "./geometry.ts";

/** Display size in pixels: never wider than the text, never taller than most of the page. */
export function fitImage(image: ImageData, page: Geometry): { width: number; height: number } {
  const maxWidth = twipsToPixels(page.textWidth);
  const maxHeight = twipsToPixels(page.textHeight) * 0.8;
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  // Rounded down: a picture one pixel wider than the text would push into the margin.
  return { width: Math.max(1, Math.floor(image.width * scale)), height: Math.max(1, Math.floor(image.height * scale)) };
}
