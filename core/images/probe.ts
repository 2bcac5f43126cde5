/**
 * What a picture is and how big, read from its first bytes: PNG, JPEG, GIF and WebP. Renderers need the intrinsic
 * size to fit a picture to the page; nothing here decodes pixels. Also the one pixel limit of pictures Quire takes
 * (uploads, pictures placed in documents), told from the header before anything decodes them.
 */
export type PictureType = "png" | "jpg" | "gif" | "webp";

export interface PictureInfo {
  readonly type: PictureType;
  readonly width: number;
  readonly height: number;
}

const jpegSize = (b: Buffer): { width: number; height: number } | null => {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    // Start-of-frame markers carry the size; the others are skipped by their length.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
};

const webpSize = (b: Buffer): { width: number; height: number } | null => {
  const chunk = b.subarray(12, 16).toString("latin1");
  if (chunk === "VP8X" && b.length >= 30) return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === "VP8 " && b.length >= 30) return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
};

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

export const probePicture = (bytes: Uint8Array): PictureInfo | null => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 24) return null;
  let size: { width: number; height: number } | null = null;
  let type: PictureType;
  if (b.readUInt32BE(0) === 0x89504e47) {
    type = "png";
    size = { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  } else if (b[0] === 0xff && b[1] === 0xd8) {
    type = "jpg";
    size = jpegSize(b);
  } else if (b.subarray(0, 4).toString("latin1") === "GIF8") {
    type = "gif";
    size = { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  } else if (b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP") {
    type = "webp";
    size = webpSize(b);
  } else return null;
  if (!size || size.width <= 0 || size.height <= 0) return null;
  return { type, ...size };
};
