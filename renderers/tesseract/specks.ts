/**
 * Scanner specks taken out of a picture before Tesseract reads it, and out of its words after. A speck left in is
 * read as a stray "." or "-" (a false list item when it sits before a line), as a diacritic on the nearest letter
 * ("oécurring"), or it joins a title's first word ("_Trace-") and breaks its line.
 *
 * In the picture, a speck is a dark connected component far smaller than the letters that is not next to a letter
 * (a period, a comma, an i's dot, an accent), not on a line of text (a typewriter font's comma, a colon, a small
 * bullet before its item) and not in a row or column of like marks (an ellipsis, a dotted leader, a list's bullets,
 * a dashed rule). On the clean pages of the tests nothing is taken out.
 *
 * What is left near the text Tesseract may still read as a mark of its own ("-", "«", ".", ","), often with
 * confidence: such words, far smaller than the line's words, are taken out of its words too.
 */
import { loadMupdf } from "../mupdf/pages.ts";

/** Pictures larger than this are given to Tesseract as they are (the PDF reader draws pages up to 18 million). */
const MAX_PIXELS = 20_000_000;
/** A speck is at most this share of the letters' height, on both sides (a speck may be larger than a period)… */
const SPECK_SIZE = 0.6;
/**
 * …and no larger component within this share of the letters' height: a period, a comma, an i's dot or an accent is
 * closer than that to its letter; a speck in the space between lines or words is not.
 */
const SPECK_ALONE = 0.4;
/** A small mark on a line of text, this many letter heights after a letter at most, is part of it… */
const MARK_GAP = 1.5;
/** …and so is one this many letter heights before the line at most: it may be its bullet. */
const BULLET_GAP = 5;
/** Bullets of one list are at most this many line heights apart. */
const BULLET_ROWS = 6;

/**
 * A word read from a speck is at most this share of its line's words' height, on both sides (a bullet is about
 * half of it)…
 */
const SPECK_WORD = 0.35;
/** …and not this many times wider than high: a dash is a bullet or a mark, not a speck. */
const DASH = 2.5;
/** Punctuation sits within this share of the line's words' height of its baseline, and twice that after a word. */
const PUNCTUATION = 0.25;
/** A word of one or two letters that small is a speck when Tesseract's confidence in it is under this. */
const UNSURE = 50;

interface Box {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  /** Tesseract's confidence, 0 to 100. */
  readonly conf: number;
}

const hasLetter = (text: string) => /[\p{L}\p{N}]/u.test(text);

const middleOf = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Lines of OCR words without the words read from specks: one or two marks with no letter or digit (or, Tesseract
 * unsure, one or two letters) far smaller than the line's words and not a dash; lines left empty go. A small mark
 * stays where punctuation would be: after a word, on the line's baseline and no further from it than a space (a
 * comma or an ellipsis Tesseract split off); or starting a line when another line near it starts with a mark at the
 * same place (the bullets of a list, which at a low resolution are as small as specks, while specks fall anywhere).
 */
export const withoutSpeckWords = <W extends Box>(lines: readonly W[][]): W[][] => {
  const height = (w: Box) => w.y1 - w.y0;
  const page = middleOf(lines.flatMap((l) => l.filter((w) => hasLetter(w.text)).map(height)));
  const sized = lines.map((words) => {
    const letters = words.filter((w) => hasLetter(w.text));
    // A line of small print is measured by its own words; a line of specks, or of a speck and a word, by the page's.
    const size = letters.length > 1 ? middleOf(letters.map(height)) : Math.max(page, ...letters.map(height));
    return { words: [...words].sort((a, b) => a.x0 - b.x0), size, baseline: letters.length > 0 ? middleOf(letters.map((w) => w.y1)) : undefined };
  });
  const mark = (w: Box) => !hasLetter(w.text) && [...w.text].length <= 2;
  const starts = sized.filter((l) => l.words.length > 1 && mark(l.words[0]!)).map((l) => l.words[0]!);
  const inColumn = (w: W, size: number) =>
    starts.some((o) => o !== w && Math.abs(o.x0 - w.x0) <= size / 2 && Math.abs(o.y0 - w.y0) <= BULLET_ROWS * size);
  return sized
    .map(({ words, size, baseline }) =>
      words.filter((w, i) => {
        // Letters are wider than high, so a word of them is measured by its height.
        if (!mark(w)) return [...w.text].length > 2 || w.conf >= UNSURE || height(w) >= SPECK_WORD * size;
        const small = Math.max(w.x1 - w.x0, height(w)) < SPECK_WORD * size && w.x1 - w.x0 < DASH * height(w);
        if (!small) return true;
        if (i === 0) return words.length > 1 && inColumn(w, size);
        return baseline !== undefined && Math.abs(w.y1 - baseline) <= PUNCTUATION * size && w.x0 - words[i - 1]!.x1 <= PUNCTUATION * 2 * size;
      }),
    )
    .filter((words) => words.length > 0);
};

/**
 * The grey level below which a pixel is part of a mark: halfway between Otsu's threshold (what best splits ink from
 * paper, as Tesseract finds it) and the paper, so that the faint strokes of a low-resolution glyph ("%" with a pale
 * ring) hold its pieces together and none of them looks like a speck.
 */
const markLevel = (pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, stride: number): number => {
  const histogram = new Float64Array(256);
  for (let y = 0; y < height; y++) for (let x = 0, at = y * stride; x < width; x++, at++) histogram[pixels[at]!]!++;
  const total = width * height;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let ink = 128;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += level * histogram[level]!;
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) {
      best = between;
      ink = level;
    }
  }
  let paperCount = 0;
  for (let level = ink + 1; level < 256; level++) paperCount += histogram[level]!;
  let paper = 255;
  for (let level = ink + 1, seen = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen >= paperCount / 2) {
      paper = level;
      break;
    }
  }
  return Math.floor((ink + paper) / 2);
};

interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/**
 * Whitens the specks of an 8-bit grey picture in place (one byte a pixel, `stride` bytes a row) and says how many
 * there were. A page with too few letters to measure them is left as it is.
 */
export const despeckleGray = (pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, stride = width): number => {
  const ink = markLevel(pixels, width, height, stride);
  // Components of dark pixels, 8-connected, by a flood fill over a label per pixel.
  const labels = new Int32Array(width * height);
  const components: Component[] = [];
  const stack: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (labels[y * width + x] !== 0 || pixels[y * stride + x]! > ink) continue;
      const component: Component = { x0: x, y0: y, x1: x, y1: y, area: 0 };
      components.push(component);
      const label = components.length;
      labels[y * width + x] = label;
      stack.push(y * width + x);
      while (stack.length > 0) {
        const at = stack.pop()!;
        const py = Math.floor(at / width);
        const px = at - py * width;
        component.area++;
        if (px < component.x0) component.x0 = px;
        if (px > component.x1) component.x1 = px;
        if (py < component.y0) component.y0 = py;
        if (py > component.y1) component.y1 = py;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy;
          if (ny < 0 || ny >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            if (nx < 0 || nx >= width) continue;
            const next = ny * width + nx;
            if (labels[next] === 0 && pixels[ny * stride + nx]! <= ink) {
              labels[next] = label;
              stack.push(next);
            }
          }
        }
      }
    }
  }

  // The letters' height: the median height of components that are neither specks (a few pixels) nor rules and
  // pictures (very large).
  const heights = components
    .filter((c) => c.y1 - c.y0 + 1 >= 6 && c.area >= 12 && c.y1 - c.y0 < height / 10)
    .map((c) => c.y1 - c.y0 + 1)
    .sort((a, b) => a - b);
  if (heights.length < 20) return 0;
  const letter = heights[Math.floor(heights.length / 2)]!;
  const small = SPECK_SIZE * letter;
  const alone = Math.ceil(SPECK_ALONE * letter);
  const isSmall = (c: Component) => c.x1 - c.x0 + 1 <= small && c.y1 - c.y0 + 1 <= small;

  // The larger and the small components in grids of cells `alone` wide, to find the ones near a small one.
  const cell = Math.max(alone, 1);
  const columns = Math.ceil(width / cell);
  const gridOf = (members: Component[]) => {
    const grid = new Map<number, Component[]>();
    for (const c of members)
      for (let gy = Math.floor(c.y0 / cell); gy <= Math.floor(c.y1 / cell); gy++)
        for (let gx = Math.floor(c.x0 / cell); gx <= Math.floor(c.x1 / cell); gx++) {
          const key = gy * columns + gx;
          const list = grid.get(key);
          if (list) list.push(c);
          else grid.set(key, [c]);
        }
    return grid;
  };
  const smalls = components.filter(isSmall);
  const larger = gridOf(components.filter((c) => !isSmall(c)));
  const any = (grid: Map<number, Component[]>, c: Component, reach: { left: number; right: number; up: number; down: number }, test: (o: Component) => boolean): boolean => {
    for (let gy = Math.floor((c.y0 - reach.up) / cell); gy <= Math.floor((c.y1 + reach.down) / cell); gy++)
      for (let gx = Math.floor((c.x0 - reach.left) / cell); gx <= Math.floor((c.x1 + reach.right) / cell); gx++) {
        if (gx < 0 || gy < 0 || gx >= columns) continue;
        for (const o of grid.get(gy * columns + gx) ?? []) if (o !== c && test(o)) return true;
      }
    return false;
  };
  const gapX = (c: Component, o: Component) => Math.max(o.x0 - c.x1, c.x0 - o.x1, 0);
  const gapY = (c: Component, o: Component) => Math.max(o.y0 - c.y1, c.y0 - o.y1, 0);
  // Next to a letter: a period, a comma, an i's dot, an accent.
  const near = (c: Component) => any(larger, c, { left: alone, right: alone, up: alone, down: alone }, (o) => gapX(c, o) <= alone && gapY(c, o) <= alone);
  // On a line of text: a comma of a typewriter font, a colon, or a bullet before its item.
  const markGap = MARK_GAP * letter;
  const bulletGap = BULLET_GAP * letter;
  const onLine = (c: Component) =>
    any(larger, c, { left: markGap, right: bulletGap, up: 0, down: 0 }, (o) => gapY(c, o) === 0 && o.y1 - o.y0 < 8 * letter && (o.x0 > c.x1 ? o.x0 - c.x1 <= bulletGap : c.x0 - o.x1 <= markGap));
  // In a row or a column of like marks: an ellipsis, a dotted leader, the bullets of a list, a dashed rule.
  const middle = (c: Component) => (c.y0 + c.y1) / 2;
  const centre = (c: Component) => (c.x0 + c.x1) / 2;
  const columnGap = BULLET_ROWS * letter;
  const smallGrid = gridOf(smalls);
  const aligned = new Set<Component>();
  for (const c of smalls) {
    if (aligned.has(c)) continue;
    for (const [along, reach] of [
      [(o: Component) => Math.abs(middle(o) - middle(c)) <= 0.15 * letter && gapX(c, o) > 0 && gapX(c, o) <= markGap, { left: markGap, right: markGap, up: 0, down: 0 }],
      [(o: Component) => Math.abs(centre(o) - centre(c)) <= 0.15 * letter && gapY(c, o) > 0 && gapY(c, o) <= columnGap, { left: 0, right: 0, up: columnGap, down: columnGap }],
    ] as const) {
      const found: Component[] = [];
      any(smallGrid, c, reach, (o) => {
        if (along(o)) found.push(o);
        return found.length >= 2;
      });
      if (found.length >= 2) for (const o of [c, ...found]) aligned.add(o);
    }
  }

  let removed = 0;
  for (let i = 0; i < components.length; i++) {
    const c = components[i]!;
    if (!isSmall(c) || aligned.has(c) || near(c) || onLine(c)) continue;
    removed++;
    // The speck's pixels, and the grey fringe around them the threshold left out, become paper.
    for (let y = Math.max(c.y0 - 1, 0); y <= Math.min(c.y1 + 1, height - 1); y++)
      for (let x = Math.max(c.x0 - 1, 0); x <= Math.min(c.x1 + 1, width - 1); x++) {
        const label = labels[y * width + x]!;
        if (label === i + 1 || label === 0) pixels[y * stride + x] = 255;
      }
  }
  return removed;
};

/** An 8-bit grey picture as a binary PGM: Tesseract reads it, and it is written at once (PNG takes a second a page). */
const pgm = (pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, stride: number): Uint8Array => {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  for (let y = 0; y < height; y++) out.set(pixels.subarray(y * stride, y * stride + width), header.length + y * width);
  return out;
};

/**
 * A picture (any format mupdf reads) with its specks taken out, as a grey PGM; the picture as it came when it has no
 * specks, is too large, or cannot be decoded here (Tesseract may still read it).
 */
export const despeckle = async (image: Uint8Array): Promise<Uint8Array> => {
  const mupdf = await loadMupdf();
  let decoded: InstanceType<typeof mupdf.Image> | undefined;
  let pixmap: InstanceType<typeof mupdf.Pixmap> | undefined;
  try {
    decoded = new mupdf.Image(image);
    if (decoded.getWidth() * decoded.getHeight() > MAX_PIXELS) return image;
    pixmap = decoded.toPixmap();
    // Transparent pixels may hide any colour: such a picture is left to Tesseract, which puts it on white.
    if (pixmap.getAlpha() !== 0) return image;
    if (pixmap.getNumberOfComponents() !== 1 || pixmap.getColorSpace()?.isGray() !== true) {
      const gray = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceGray, false);
      pixmap.destroy();
      pixmap = gray;
    }
    // A copy: mupdf's memory may move while the picture is worked on.
    const pixels = new Uint8Array(pixmap.getPixels());
    const [width, height, stride] = [pixmap.getWidth(), pixmap.getHeight(), pixmap.getStride()];
    return despeckleGray(pixels, width, height, stride) === 0 ? image : pgm(pixels, width, height, stride);
  } catch {
    return image;
  } finally {
    pixmap?.destroy();
    decoded?.destroy();
  }
};
