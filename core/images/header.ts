/**
 * What a picture file is and how big, read from its first bytes only (no decoding): PNG, JPEG, GIF and WebP, the
 * picture kinds the interface accepts. The size lets a reader refuse a decompression bomb before anything decodes it.
 */

export type PictureKind = "png" | "jpg" | "gif" | "webp";

export interface PictureInfo {
  readonly kind: PictureKind;
  readonly width: number;
  readonly height: number;
  /** PNG with an alpha channel or a transparent colour, or any GIF (GIFs often have one). */
  readonly transparent: boolean;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string => String.fromCharCode(...bytes.subarray(at, at + length));

export const pictureKind = (bytes: Uint8Array): PictureKind | null => {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 3) === "PNG") return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  return null;
};

const png = (bytes: Uint8Array, view: DataView): PictureInfo | null => {
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== "IHDR") return null;
  const colorType = bytes[25]!;
  let transparent = colorType === 4 || colorType === 6;
  // A tRNS chunk gives a palette or grey picture a transparent colour; it comes before the image data.
  let at = 8;
  while (!transparent && at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    if (type === "tRNS") transparent = true;
    if (type === "IDAT" || type === "IEND") break;
    at += 12 + length;
  }
  return { kind: "png", width: view.getUint32(16), height: view.getUint32(20), transparent };
};

const jpeg = (bytes: Uint8Array, view: DataView): PictureInfo | null => {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Start of frame: every SOFn except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { kind: "jpg", height: view.getUint16(at + 5), width: view.getUint16(at + 7), transparent: false };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
};

const webp = (bytes: Uint8Array, view: DataView): PictureInfo | null => {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 " && bytes.length >= 30) return { kind: "webp", width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff, transparent: false };
  if (chunk === "VP8L" && bytes.length >= 25) {
    const bits = view.getUint32(21, true);
    return { kind: "webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, transparent: ((bits >> 28) & 1) === 1 };
  }
  if (chunk === "VP8X" && bytes.length >= 30) {
    const w = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
    const h = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
    return { kind: "webp", width: w + 1, height: h + 1, transparent: (bytes[20]! & 0x10) !== 0 };
  }
  return null;
};

/** The picture's kind and size, or `null` when the bytes are not one of the four kinds or their header is broken. */
export const pictureInfo = (bytes: Uint8Array): PictureInfo | null => {
  const kind = pictureKind(bytes);
  if (!kind) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (kind) {
    case "png":
      return png(bytes, view);
    case "jpg":
      return jpeg(bytes, view);
    case "gif":
      return bytes.length >= 10 ? { kind, width: view.getUint16(6, true), height: view.getUint16(8, true), transparent: true } : null;
    case "webp":
      return webp(bytes, view);
  }
};
