/**
 * A picture file (PNG, JPEG, GIF and what else mupdf loads; not WebP) drawn onto white, in gray, as PNG, optionally
 * enlarged: what OCR reads best. Transparent pixels become white (Tesseract would see them black), a GIF gives its
 * first frame, and small text is enlarged to the size Tesseract was trained on.
 */
import { loadMupdf } from "./pages.ts";

/** Thrown when mupdf cannot load the picture (damaged, or a kind it does not know). */
export class PictureLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PictureLoadError";
  }
}

export const pictureToPng = async (
  bytes: Uint8Array,
  options: { scale?: number; maxPixels?: number } = {},
): Promise<{ png: Uint8Array; width: number; height: number }> => {
  const mupdf = await loadMupdf();
  let image: InstanceType<typeof mupdf.Image>;
  try {
    image = new mupdf.Image(bytes);
  } catch (error) {
    throw new PictureLoadError(`the picture cannot be loaded (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    let scale = options.scale ?? 1;
    const maxPixels = options.maxPixels ?? 40_000_000;
    const w0 = image.getWidth();
    const h0 = image.getHeight();
    if (w0 * h0 * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (w0 * h0));
    const width = Math.max(1, Math.round(w0 * scale));
    const height = Math.max(1, Math.round(h0 * scale));
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, width, height], false);
    try {
      pixmap.clear(255);
      const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
      try {
        device.fillImage(image, [width, 0, 0, height, 0, 0], 1);
        device.close();
      } finally {
        device.destroy();
      }
      return { png: pixmap.asPNG(), width, height };
    } finally {
      pixmap.destroy();
    }
  } catch (error) {
    throw new PictureLoadError(`the picture cannot be drawn (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    image.destroy();
  }
};
