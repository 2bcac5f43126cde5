/**
 * What a picture is and how big, read from its first bytes: PNG, JPEG, GIF and WebP. Renderers need the intrinsic
 * size to fit a picture to the page; nothing here decodes pixels. Also the one pixel limit of pictures Quire takes
 * (uploads, pictures placed in documents), told from the header before anything decodes them.
 */
import { pictureInfo, type PictureKind } from "./header.ts";

export type PictureType = PictureKind;

export interface PictureInfo {
  readonly type: PictureType;
  readonly width: number;
  readonly height: number;
}

/**
 * Over this many pixels a picture is refused at upload and left out of documents: 100 MP is a 12,250 × 8,165 photo
 * (more than any camera or an A4 page scanned at 1,200 dpi), while the decoded bitmap LibreOffice and mupdf hold is
 * already 300 to 400 MB. A 900 MP PNG of a few hundred kilobytes cost LibreOffice 27 s and 1.4 GB (issue 11).
 */
export const MAX_PICTURE_PIXELS = 100_000_000;

/** Why a picture is over the pixel limit (its size and the limit, in words), or null when it is within it. */
export const overPixelLimit = (info: Pick<PictureInfo, "width" | "height">): string | null => {
  const pixels = info.width * info.height;
  if (pixels <= MAX_PICTURE_PIXELS) return null;
  // Rounded up, so a picture just over the limit never reads as being at it.
  const megapixels = Math.ceil(pixels / 100_000) / 10;
  return `the picture is ${info.width} × ${info.height} pixels (${megapixels} megapixels), over the limit of ${MAX_PICTURE_PIXELS / 1_000_000} megapixels`;
};

/** The picture's type and size from its header (core/images/header.ts), or null when it is not one of the four kinds or has no size. */
export const probePicture = (bytes: Uint8Array): PictureInfo | null => {
  const info = pictureInfo(bytes);
  if (!info || info.width <= 0 || info.height <= 0) return null;
  return { type: info.kind, width: info.width, height: info.height };
};
