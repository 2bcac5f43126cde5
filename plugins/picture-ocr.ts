/**
 * Text inside the pictures of Word, PowerPoint and Excel files (core/extract/picture-ocr.ts) with mupdf drawing each
 * picture for OCR, loaded only when a picture is read. It sits beside the plugin folders as the three readers share
 * it, and core loads no renderer.
 */
import type { ExtractContext } from "../core/contracts/extract.ts";
import { readPictureText, type DrawPicture, type PictureJob, type Report } from "../core/extract/picture-ocr.ts";

const mupdfDraw = async (): Promise<DrawPicture> => {
  const { pictureToPng } = await import("../renderers/mupdf/picture.ts");
  return async (bytes, scale) => (await pictureToPng(bytes, { scale })).png;
};

export const readPictures = (jobs: readonly PictureJob[], ctx: ExtractContext, report: Report): Promise<void> => readPictureText(jobs, ctx, report, mupdfDraw);
