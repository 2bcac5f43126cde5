/**
 * Makes the scans of test/public/made, each a page drawn at 150 dpi in grey and stored as a JPEG in an image-only PDF
 * (no text layer):
 * - tracemonkey-p1-150dpi.pdf: page 1 of pdf.js's tracemonkey.pdf as a desk scanner would give it, skewed by 0.4°,
 *   with a few hundred dark specks of 1–4 px (some in clusters) and light noise; seeded, so the same file comes out
 *   each time;
 * - SPARSE-2024-INV-1234-p1-150dpi.pdf: page 1 of MarkItDown's sparse invoice, clean: the scan of a
 *   borderless table.
 *
 *   node --import tsx test/public/made/make-scans.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as mupdf from "mupdf";

const here = dirname(fileURLToPath(import.meta.url));
const DPI = 150;
const SKEW_DEGREES = 0.4;
const SPECKS = 400;

/** mulberry32: a small seeded generator, so the scan is the same on every run. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Specks, skew and noise made from `seed`; none without one. */
const scanPage = (pdf: string, index: number, out: string, seed?: number) => {
  const source = new mupdf.PDFDocument(readFileSync(join(here, pdf)));
  const page = source.loadPage(index);
  const scale = mupdf.Matrix.scale(DPI / 72, DPI / 72);
  const matrix = seed === undefined ? scale : mupdf.Matrix.concat(scale, mupdf.Matrix.rotate(SKEW_DEGREES));
  const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceGray, false);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  if (seed !== undefined) dirty(pixmap, random(seed));
  const jpeg = pixmap.asJPEG(80);
  pixmap.destroy();
  page.destroy();
  source.destroy();

  const doc = new mupdf.PDFDocument();
  const image = doc.addImage(new mupdf.Image(jpeg));
  const w = (width * 72) / DPI;
  const h = (height * 72) / DPI;
  doc.insertPage(-1, doc.addPage([0, 0, w, h], 0, { XObject: { Im0: image } }, `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`));
  writeFileSync(join(here, out), doc.saveToBuffer("compress").asUint8Array());
  doc.destroy();
};

const dirty = (pixmap: mupdf.Pixmap, next: () => number) => {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const pixels = pixmap.getPixels();
  const dot = (x: number, y: number, shade: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height) pixels[y * stride + x] = Math.min(pixels[y * stride + x]!, shade);
  };
  for (let i = 0; i < SPECKS; i++) {
    const x = Math.floor(next() * width);
    const y = Math.floor(next() * height);
    const shade = Math.floor(next() * 90);
    // Most specks are one blob of 1–4 px; one in four is a cluster of a few small blobs.
    const blobs = next() < 0.25 ? 2 + Math.floor(next() * 3) : 1;
    for (let b = 0; b < blobs; b++) {
      const bx = x + (b === 0 ? 0 : Math.floor(next() * 9) - 4);
      const by = y + (b === 0 ? 0 : Math.floor(next() * 9) - 4);
      const size = 1 + Math.floor(next() * 4);
      for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) if (size < 3 || next() < 0.8) dot(bx + dx, by + dy, shade);
    }
  }
  // Paper and sensor noise: a few levels either way on every pixel.
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const at = y * stride + x;
    pixels[at] = Math.max(0, Math.min(255, pixels[at]! + Math.round((next() + next() - 1) * 12)));
  }
};

scanPage("../pdf.js/tracemonkey.pdf", 0, "tracemonkey-p1-150dpi.pdf", 20);
scanPage("../markitdown/SPARSE-2024-INV-1234_borderless_table.pdf", 0, "SPARSE-2024-INV-1234-p1-150dpi.pdf");
