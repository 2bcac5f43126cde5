/**
 * Code on a PDF page: lines set in a monospaced font (renderers/mupdf/pages.ts `mono`) are a listing, a command or a
 * program's output, and become one fenced code block with their indentation, never a table, a list or a heading.
 * The columns of a listing are the font's own: a line's indent and the gaps between its words are counted in
 * characters of the listing's width, so `x   = 1` keeps its alignment; a gap of more than a line between two lines
 * is an empty line of the listing.
 *
 * A page set wholly in a monospaced face (a typewriter-style letter, a plain-text printout) has no code to tell
 * apart: `codeOnPage` says so and its lines are read as text. And a face is not a listing by itself: a sentence set
 * in Courier (a font sample, a quoted message) is prose; lines are code when one of them reads as code (`codeLike`:
 * brackets, operators, a comment, a prompt) or they are indented against each other.
 */
import type { LayoutBlock, LayoutLine } from "../../../renderers/mupdf/pages.ts";

/** Past this share of the page's characters in a monospaced face, the face is the page's text face, not code's. */
const MONO_PAGE = 0.85;
/** On a page set in that face throughout, this share of lines reading as code makes it a listing after all. */
const CODE_PAGE = 0.25;

/** Whether monospaced lines on this page are code: the page is not set in that face throughout. */
export const codeOnPage = (blocks: readonly LayoutBlock[]): boolean => {
  let mono = 0;
  let all = 0;
  let monoLines = 0;
  let codeLines = 0;
  for (const block of blocks) {
    if (block.kind !== "text") continue;
    for (const line of block.lines) {
      all += line.text.length;
      if (!line.mono) continue;
      mono += line.text.length;
      monoLines++;
      if (codeLike(line) && STRONG.test(line.text)) codeLines++;
    }
  }
  // A page that is all listing (a header file printed whole) reads as code line after line; a letter typed in
  // Courier does not.
  return mono > 0 && (mono < MONO_PAGE * all || codeLines >= CODE_PAGE * monoLines);
};

/** Brackets, assignments and arrows, a comment or a shell prompt at the start, a line ending in `{`, `;` or `:`. */
const CODE = /[{}[\]<>=;]|\(\)|::|->|=>|^\s*(?:\/\/|#|--|\$ |>>> |\.\.\. )|[{;:]$/u;

/**
 * Code beyond doubt, to tell a listing printed whole from a page typed in Courier: a line ending in a colon is not
 * enough (a court transcript's caption, "KNOWLES, :").
 */
const STRONG = /[{}[\]<>=;]|\(\)|::|->|=>|^\s*(?:\/\/|#|\$ |>>> |\.\.\. )|[{;]$/u;

/** E-mail addresses (`{ann,bob}@example.org`) and links are set in a monospaced face too, and are no listing. */
const ADDRESS = /^\S*@[\w.-]+\.\w+$|^(?:https?|ftp):\/\/\S+$/u;

/** A line that reads as code, not as a sentence that happens to be set in a monospaced face. */
export const codeLike = (line: LayoutLine): boolean => line.mono && CODE.test(line.text) && !ADDRESS.test(line.text.trim());

/** Monospaced lines, one after the other, that are a listing: one reads as code, or their indents differ. */
export const isListing = (lines: readonly LayoutLine[]): boolean => {
  if (lines.some(codeLike)) return true;
  if (lines.length < 2) return false;
  const cw = charWidth(lines);
  const left = Math.min(...lines.map((l) => l.x0));
  return cw > 0 && lines.some((l) => l.x0 - left >= 1.5 * cw);
};

/** The width of one character of the listing: what its words measure per character. */
const charWidth = (lines: readonly LayoutLine[]): number => {
  let width = 0;
  let chars = 0;
  for (const line of lines) {
    for (const word of line.words) {
      width += word.x1 - word.x0;
      chars += [...word.text].length;
    }
  }
  return chars === 0 ? 0 : width / chars;
};

/** One line of the listing as printed: its indent and the gaps between words in characters. */
const lineText = (line: LayoutLine, left: number, cw: number): string => {
  let text = " ".repeat(Math.max(0, Math.round((line.x0 - left) / cw)));
  let at = line.x0;
  line.words.forEach((word, i) => {
    if (i > 0) text += " ".repeat(Math.max(1, Math.round((word.x0 - at) / cw)));
    text += word.text;
    at = word.x1;
  });
  return text.replace(/\s+$/u, "");
};

/** The text of a listing: its lines top to bottom, indents kept, an empty line where the page leaves one. */
export const codeText = (lines: readonly LayoutLine[]): string => {
  const cw = charWidth(lines);
  if (cw <= 0) return lines.map((l) => l.text).join("\n");
  const left = Math.min(...lines.map((l) => l.x0));
  const out: string[] = [];
  lines.forEach((line, i) => {
    const prev = lines[i - 1];
    const height = line.y1 - line.y0;
    if (prev && line.y0 - prev.y1 > height) out.push("");
    out.push(lineText(line, left, cw));
  });
  return out.join("\n");
};
