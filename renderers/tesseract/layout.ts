/**
 * Words with positions → Markdown pieces: the part of reading a page that does not care whether the words came from
 * Tesseract (a picture) or from mupdf (a PDF's text). The OCR reader here and the PDF reader (plugins/pdf/extract)
 * both use it, so a table or a list reads the same whichever way the page was read.
 *
 * - Tables: tables.ts finds them (borderless ones too); they are written here as GFM tables.
 * - Lists: bullet glyphs and `1.` / `1)` / `a)` / `(iv)` at the start of a line; nesting from the indent.
 * - Paragraphs: lines joined, a hyphen at a line end joined away when the next line goes on in lower case; a line
 *   that stops although the next word would have fitted ends its paragraph.
 *
 * Units are whatever the caller's boxes use (points or pixels); `size` is the text's height in the same unit.
 */
import { tableMarkdown } from "./tables.ts";

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Word extends Box {
  text: string;
}

export interface Line extends Box {
  readonly words: readonly Word[];
  /** Font size (or text height) in the boxes' unit. */
  readonly size: number;
  /**
   * The text block the line was set in, when the source knows (mupdf does): columns whose text comes from blocks of
   * their own, running down several rows, are page columns set side by side, not a table.
   */
  readonly textBlock?: unknown;
}

export type Piece =
  | { readonly kind: "paragraph"; readonly text: string }
  | { readonly kind: "heading"; readonly level: number; readonly text: string }
  | { readonly kind: "item"; readonly depth: number; readonly marker: string; readonly text: string }
  | { readonly kind: "table"; readonly rows: readonly (readonly string[])[] }
  /** A listing as printed, its indentation kept (PDF pages: lines in a monospaced face). */
  | { readonly kind: "code"; readonly text: string };

// ---------------------------------------------------------------------------------------------------- lists

export interface ListMarker {
  /** `bullet` for glyphs, `number` for 1. / 1), `label` for a) / (iv) / (1). */
  readonly kind: "bullet" | "number" | "label";
  /** The glyph or label as printed. */
  readonly label: string;
  readonly number?: number;
  readonly rest: string;
  /** A bullet glyph that hardly ever starts a line of running text (not a dash or an asterisk). */
  readonly strong: boolean;
}

const STRONG_BULLETS = "•◦▪▫■□●○‣⁃∙·▸►▹✓✔➢➤❖♦◆";
const BULLET = new RegExp(`^([${STRONG_BULLETS}*–—-])\\s+(\\S.*)$`, "u");
const BULLET_GLUED = new RegExp(`^([${STRONG_BULLETS}])(\\S.*)$`, "u");
const NUMBER = /^(\d{1,3})[.)]\s+(\S.*)$/u;
const LABEL = /^(\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)|(?:[a-z]|[ivx]{1,4})\))\s+(\S.*)$/u;
const LETTER_DOT = /^([a-z]\.)\s+(\S.*)$/u;

export const listMarker = (given: string): ListMarker | null => {
  // Word puts a zero-width space after a list's marker (`●\u200b Item`, `a.\u200b Item`): it is no part of the item.
  const text = given.replace(/^(\S{1,5}?)\u200b+\s*/u, "$1 ");
  let m = BULLET.exec(text) ?? BULLET_GLUED.exec(text);
  if (m) return { kind: "bullet", label: m[1]!, rest: m[2]!, strong: STRONG_BULLETS.includes(m[1]!) };
  m = NUMBER.exec(text);
  if (m) return { kind: "number", label: `${m[1]}.`, number: Number(m[1]), rest: m[2]!, strong: false };
  m = LABEL.exec(text) ?? LETTER_DOT.exec(text);
  // `(a) first (b) second` on one line is a row of labels (a figure's parts), not a list item.
  if (m && !/(^|\s)\(?[a-z]\)\s/u.test(m[2]!)) return { kind: "label", label: m[1]!, rest: m[2]!, strong: false };
  return null;
};

// ---------------------------------------------------------------------------------------------------- paragraphs

/** Joins two lines of one paragraph: `exam-` + `ple` → `example`; anything else with a space (see below). */
export const joinLines = (a: string, b: string): string => {
  if (a === "") return b;
  if (b === "") return a;
  if (/\p{L}[-\u2010]$/u.test(a) && /^\p{Ll}/u.test(b)) return a.slice(0, -1) + b;
  // A compound cut at its own hyphen (`Schwarz-` + `Weiß`) keeps the hyphen and no space.
  if (/\p{L}[-\u2010]$/u.test(a) && /^\p{Lu}/u.test(b)) return a + b;
  return `${a} ${b}`;
};

export interface FlowLine extends Box {
  readonly text: string;
  readonly size: number;
  /** Width of the line's first word, to tell whether it would have fitted at the end of the line before. */
  readonly firstWord: number;
  /** The edges of the line's own block when lines of several blocks flow together (OCR); else `flow`'s frame. */
  readonly frame?: { x0: number; x1: number };
  /** Lines of different groups (blocks) never share a paragraph; a list goes on across them. */
  readonly group?: string;
  /** Where the text after a label set apart starts (`.1   The …`): the next line starting there is a hanging indent. */
  readonly hang?: number;
}

const SENTENCE_END = /[.!?:;]["'”’)\]]?$/u;
const LEADERS = /\s*(?:\.\s*){4,}(?=\S{1,8}$)/u;
/** `Report ID: …`, `Warehouse: …`: a line that opens with a short capitalised label and a colon is a field. */
const FIELD = /^\p{Lu}[\p{L}\p{N}#&/().'’ -]{0,28}:(?:\s|$)/u;

/**
 * Lines of running text (one block or one OCR paragraph, in reading order) → paragraphs and list items. `frame` is
 * the left and right edge the lines are set between.
 */
export const flow = (lines: readonly FlowLine[], frame: { x0: number; x1: number }): Piece[] => {
  const pieces: Piece[] = [];
  let current: { kind: "paragraph" | "item"; text: string; markerX: number; depth: number; marker: string } | null = null;
  let stack: number[] = [];
  const flush = () => {
    if (current && current.text !== "") {
      pieces.push(current.kind === "item" ? { kind: "item", depth: current.depth, marker: current.marker, text: current.text } : { kind: "paragraph", text: current.text });
    }
    current = null;
  };
  lines.forEach((line, i) => {
    // Dot leaders (`Introduction . . . . . 7`) are drawn, not written: one ellipsis says it.
    const text = line.text.trim().replace(LEADERS, " … ");
    if (text === "") return;
    const prev = i > 0 ? lines[i - 1] : undefined;
    const tol = 0.3 * line.size;
    const edges = prev?.frame ?? frame;
    const gap = prev !== undefined && (line.y0 - prev.y1 > 0.9 * Math.max(line.size, prev.size) || line.group !== prev.group);
    // The first word of this line would have fitted after the last one: the line before was ended on purpose.
    const stopped = prev !== undefined && prev.x1 + 0.3 * line.size + line.firstWord < edges.x1 - 1;
    const sentence = prev !== undefined && SENTENCE_END.test(prev.text.trim());
    // A table of contents' line ends at its page number.
    const entry = prev !== undefined && LEADERS.test(prev.text.trim());
    // Fields stacked one per line (a form's header, an invoice's details) stay one per line.
    const field = prev !== undefined && FIELD.test(text) && FIELD.test(prev.text.trim());
    const marker = listMarker(text);
    const open = current as { kind: "paragraph" | "item"; text: string; markerX: number } | null;
    if (marker && (!prev || gap || stopped || sentence || marker.strong || open?.kind === "item")) {
      flush();
      if (stack.length === 0 || line.x0 > stack[stack.length - 1]! + tol) stack.push(line.x0);
      else while (stack.length > 1 && line.x0 < stack[stack.length - 1]! - tol) stack.pop();
      const label = marker.kind === "number" ? marker.label : "-";
      const rest = marker.kind === "label" ? `${marker.label} ${marker.rest}` : marker.rest;
      current = { kind: "item", text: rest, markerX: line.x0, depth: stack.length - 1, marker: label };
      return;
    }
    if (open?.kind === "item" && !gap && (line.x0 > open.markerX + tol || !stopped)) {
      open.text = joinLines(open.text, text);
      return;
    }
    const own = line.frame ?? frame;
    const hanging = prev?.hang !== undefined && Math.abs(prev.hang - line.x0) <= tol;
    const indented = prev !== undefined && !hanging && line.x0 > own.x0 + 0.8 * line.size && line.x0 > prev.x0 + 0.5 * line.size && line.x1 > own.x1 - 2 * line.size;
    if (!open || open.kind === "item" || gap || stopped || indented || entry || field) {
      flush();
      stack = [];
      current = { kind: "paragraph", text, markerX: line.x0, depth: 0, marker: "" };
      return;
    }
    open.text = joinLines(open.text, text);
  });
  flush();
  return pieces;
};

/**
 * Pieces → Markdown, text as printed (a `#` read from a picture stays a `#`): blocks apart by a blank line, the items
 * of one list together, nested by their markers' width. The PDF reader makes IR blocks of its pieces instead
 * (plugins/pdf/extract/blocks.ts), which the one Markdown writer escapes.
 */
export const piecesToMarkdown = (pieces: readonly Piece[]): string => {
  const blocks: string[] = [];
  let list: string[] | null = null;
  let indents: number[] = [];
  let listOrdered = false;
  for (const piece of pieces) {
    if (piece.kind !== "item" && list) {
      blocks.push(list.join("\n"));
      list = null;
    }
    switch (piece.kind) {
      case "paragraph":
        blocks.push(piece.text);
        break;
      case "heading":
        blocks.push(`${"#".repeat(Math.min(Math.max(piece.level, 1), 6))} ${piece.text.replace(/<!--/g, "&lt;!--")}`);
        break;
      case "table":
        blocks.push(tableMarkdown(piece.rows));
        break;
      case "code": {
        const fence = "`".repeat(Math.max(3, ...[...piece.text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
        blocks.push(`${fence}\n${piece.text}\n${fence}`);
        break;
      }
      case "item": {
        // A bullet list right after a numbered one (or the other way round) is a list of its own.
        const ordered = /^\d/.test(piece.marker);
        if (list && piece.depth === 0 && ordered !== listOrdered) {
          blocks.push(list.join("\n"));
          list = null;
        }
        if (!list) {
          list = [];
          indents = [];
          listOrdered = ordered;
        }
        const depth = Math.min(piece.depth, indents.length);
        indents.length = depth;
        const indent = indents.reduce((n, w) => n + w, 0);
        indents.push(piece.marker.length + 1);
        list.push(`${" ".repeat(indent)}${piece.marker} ${piece.text}`);
        break;
      }
    }
  }
  if (list) blocks.push(list.join("\n"));
  return blocks.join("\n\n");
};
