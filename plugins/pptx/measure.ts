/**
 * Text measuring for slides: how tall a paragraph set in a given font size will be inside a box
 * of a given width. PowerPoint text boxes do not grow or shrink by themselves in a file we write
 * (autofit only runs when someone edits the text), so the renderer must know before writing
 * whether the text fits, and shrink it or continue on a new slide when it does not.
 *
 * The estimate is a greedy word wrap over per-character advance widths. The widths are those of
 * Helvetica/Arial (Liberation Sans), which run about 10% wider than Calibri/Carlito, the default
 * face, and than Times/Cambria: the estimate errs on the side of "taller", so text that passes
 * here fits when drawn. Other faces are measured as the face that will draw them where they are
 * not installed: LibreOffice (our PDF and preview engine) falls back to DejaVu Sans or Serif,
 * 13-15% wider than Arial (measured from the fonts' advance tables), so those count 17% wider
 * (`fontWidthFactor`). Line height is 1.22 em times the line spacing multiple, Calibri's own
 * ascent + descent.
 */

/** A piece of text with what changes its width. `\n` in `text` is a line break. */
export interface MeasureRun {
  text: string;
  bold?: boolean;
  /** A monospace face (code): every character 0.6 em. */
  mono?: boolean;
  /** Relative size (superscript footnote numbers are drawn smaller). */
  scale?: number;
}

export interface MeasureParagraph {
  runs: MeasureRun[];
  /** Font size in points. */
  size: number;
  /** Left indent in inches (bullet hanging indent included), taken off the box width. */
  indent?: number;
  /** Space before the paragraph, in points. */
  spaceBefore?: number;
  /** Line spacing as a multiple of single spacing. */
  lineSpacing?: number;
}

/** Line height as a multiple of the font size at single spacing (Calibri: ascent + descent). */
export const lineHeightEm = 1.22;

const pointsPerInch = 72;

/** Helvetica advance widths (1/1000 em) for printable ASCII, from space (32) to tilde (126). */
const asciiWidths = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];

/** Bold faces run wider; Helvetica Bold averages about 8% over Regular on running text. */
const boldFactor = 1.08;

/**
 * Faces drawn with Arial's widths or narrower wherever the deck is opened: Office's own faces
 * and the metric-compatible Liberation, Carlito and Caladea faces LibreOffice substitutes.
 */
const arialOrNarrower = /^(calibri|carlito|arial|helvetica|liberation (sans|serif|mono)|times new roman|times|cambria|caladea|courier new|courier|arial narrow|liberation sans narrow)$/i;

/** How much wider than Arial a face sets the same text. */
export function fontWidthFactor(face: string): number {
  const name = face.trim();
  if (name === "" || arialOrNarrower.test(name)) return 1;
  if (/verdana/i.test(name)) return 1.2;
  return 1.17;
}

/** Advance width of one character in em. */
export function charWidth(ch: string, bold = false, mono = false): number {
  if (mono) return 0.6;
  const code = ch.codePointAt(0) ?? 32;
  let width: number;
  if (code >= 32 && code <= 126) width = asciiWidths[code - 32]! / 1000;
  else if (code === 0xa0) width = 0.278;
  else {
    // Accented Latin letters take their base letter's width; other scripts and symbols a
    // generous 1 em (CJK, emoji) or 0.6 em.
    const base = ch.normalize("NFD")[0] ?? ch;
    const baseCode = base.codePointAt(0) ?? 0;
    if (baseCode >= 32 && baseCode <= 126 && base !== ch) width = asciiWidths[baseCode - 32]! / 1000;
    else if (code >= 0x2e80) width = 1;
    else width = 0.6;
  }
  return bold ? width * boldFactor : width;
}

/** Width in inches of `text` set at `size` points. */
export function textWidth(text: string, size: number, options: { bold?: boolean; mono?: boolean; face?: string } = {}): number {
  const factor = options.face ? fontWidthFactor(options.face) : 1;
  let em = 0;
  for (const ch of text) em += charWidth(ch, options.bold, options.mono);
  return (em * size * factor) / pointsPerInch;
}

interface Glyph {
  ch: string;
  width: number;
}

function glyphs(paragraph: MeasureParagraph, factor: number): Glyph[] {
  const out: Glyph[] = [];
  for (const run of paragraph.runs) {
    const size = paragraph.size * (run.scale ?? 1) * factor;
    for (const ch of run.text) out.push({ ch, width: ch === "\n" ? 0 : (charWidth(ch, run.bold, run.mono) * size) / pointsPerInch });
  }
  return out;
}

/**
 * Where each line starts, as offsets into the paragraph's characters (the first is always 0):
 * a greedy wrap that breaks after spaces and hyphens, breaks words longer than the line, and
 * honours `\n`. An empty paragraph is one line.
 */
export function lineStarts(paragraph: MeasureParagraph, boxWidth: number, face = ""): number[] {
  const chars = glyphs(paragraph, fontWidthFactor(face));
  const width = Math.max(boxWidth - (paragraph.indent ?? 0), 0.1);
  const starts = [0];
  let lineWidth = 0;
  let i = 0;
  while (i < chars.length) {
    if (chars[i]!.ch === "\n") {
      i++;
      starts.push(i);
      lineWidth = 0;
      continue;
    }
    // The next word: non-space characters up to and including a hyphen, then its spaces.
    let end = i;
    let wordWidth = 0;
    while (end < chars.length && chars[end]!.ch !== " " && chars[end]!.ch !== "\n") {
      wordWidth += chars[end]!.width;
      end++;
      if (chars[end - 1]!.ch === "-" || chars[end - 1]!.ch === "/") break;
    }
    let spaces = 0;
    let spaceEnd = end;
    while (spaceEnd < chars.length && chars[spaceEnd]!.ch === " ") {
      spaces += chars[spaceEnd]!.width;
      spaceEnd++;
    }
    if (lineWidth > 0 && lineWidth + wordWidth > width) {
      starts.push(i);
      lineWidth = 0;
    }
    if (wordWidth > width) {
      // A word longer than the line is cut where it reaches the edge.
      for (let j = i; j < end; j++) {
        if (lineWidth > 0 && lineWidth + chars[j]!.width > width) {
          starts.push(j);
          lineWidth = 0;
        }
        lineWidth += chars[j]!.width;
      }
    } else {
      lineWidth += wordWidth;
    }
    // Trailing spaces hang past the edge as in PowerPoint; they never start a line.
    lineWidth += spaces;
    i = spaceEnd;
  }
  return starts;
}

export function lineCount(paragraph: MeasureParagraph, boxWidth: number, face = ""): number {
  return lineStarts(paragraph, boxWidth, face).length;
}

/** Height of one line of the paragraph, in inches. */
export function lineHeight(paragraph: Pick<MeasureParagraph, "size" | "lineSpacing">): number {
  return (paragraph.size * lineHeightEm * (paragraph.lineSpacing ?? 1)) / pointsPerInch;
}

/** Height of a paragraph in inches, its space before included. */
export function paragraphHeight(paragraph: MeasureParagraph, boxWidth: number, face = ""): number {
  return (paragraph.spaceBefore ?? 0) / pointsPerInch + lineCount(paragraph, boxWidth, face) * lineHeight(paragraph);
}

/** Height of paragraphs stacked in one text box whose inner width is `boxWidth`. */
export function textHeight(paragraphs: MeasureParagraph[], boxWidth: number, face = ""): number {
  return paragraphs.reduce((sum, p) => sum + paragraphHeight(p, boxWidth, face), 0);
}
