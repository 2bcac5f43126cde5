/**
 * What the reader builds before any Markdown is written: paragraphs as flat lists of pieces (text with marks,
 * line breaks, ready-made Markdown such as pictures and note references, comment range markers), tables of cells
 * holding blocks, and ready-made blocks. Writing is separate (markdown.ts) so tables, notes and lists can render
 * the same pieces differently.
 */
import type { ListItem } from "./numbering.ts";

export type Piece =
  /** Text as written (not escaped); `m` is a bit set of marks (styles.ts). */
  | { readonly k: "t"; readonly text: string; readonly m: number; readonly link: string | undefined }
  | { readonly k: "br"; readonly link: string | undefined }
  /** Markdown written already (picture, note reference, math); `plain` is its text for quoting. */
  | { readonly k: "md"; readonly md: string; readonly plain: string; readonly link: string | undefined; readonly attach?: boolean }
  /** A comment's range opens or closes (used to quote the commented text). */
  | { readonly k: "cs"; readonly id: string }
  | { readonly k: "ce"; readonly id: string };

export interface Para {
  readonly k: "p";
  pieces: Piece[];
  readonly heading: number;
  readonly list: ListItem | undefined;
  readonly kind: "text" | "code" | "quote";
}

export interface Table {
  readonly k: "table";
  readonly rows: (readonly Block[])[][];
  readonly cols: number;
}

/** A block written already (a SmartArt outline, a placeholder for what could not be read). */
export interface Ready {
  readonly k: "md";
  /** Mutable only so text read later (OCR of a picture) can land where the picture is. */
  md: string;
}

export type Block = Para | Table | Ready;

export const textPara = (text: string, m = 0): Para => ({
  k: "p",
  pieces: [{ k: "t", text, m, link: undefined }],
  heading: 0,
  list: undefined,
  kind: "text",
});
