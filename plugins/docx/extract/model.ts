/**
 * What the reader builds from WordprocessingML before it becomes the IR (blocks.ts): paragraphs as flat lists of
 * pieces (text with marks, line breaks, pictures, note references, math, comment range markers), tables of cells
 * holding blocks, and blocks built already. Paragraphs stay flat until then because lists, code and quotes are
 * decided across paragraphs (Word numbers paragraphs, not lists), and a table cell or a heading shows the same
 * pieces differently.
 */
import type { Block as IrBlock, SourceRange } from "../../../core/ir/types.ts";
import type { ListItem } from "./numbering.ts";
import type { NoteRef } from "./notes.ts";

export type Piece =
  /** Text as written; `m` is a bit set of marks (styles.ts). */
  | { readonly k: "t"; readonly text: string; readonly m: number; readonly link: string | undefined }
  | { readonly k: "br"; readonly link: string | undefined }
  /** A picture: `src` relative to the main part's folder, or the address of a linked one. */
  | { readonly k: "img"; readonly src: string; readonly alt: string; readonly link: string | undefined; readonly source: SourceRange }
  /** A footnote, endnote or comment reference, written against the word before it. */
  | { readonly k: "note"; readonly ref: NoteRef }
  /** Office Math as TeX; `display` for a formula on a line of its own (`m:oMathPara`). */
  | { readonly k: "math"; readonly tex: string; readonly plain: string; readonly display: boolean }
  /** A comment's range opens or closes (used to quote the commented text). */
  | { readonly k: "cs"; readonly id: string }
  | { readonly k: "ce"; readonly id: string };

export interface Para {
  readonly k: "p";
  pieces: Piece[];
  readonly heading: number;
  /** In the Title style: the heading above Heading 1. */
  readonly title?: boolean;
  /** The number Word prints before a numbered heading (`2.3.1.`). */
  readonly number?: string;
  readonly list: ListItem | undefined;
  readonly kind: "text" | "code" | "quote";
  /** The `w:p` (from the first to the last one when a deleted paragraph mark joined several). */
  source: SourceRange | undefined;
}

export interface Cell {
  readonly blocks: readonly Block[];
  readonly source?: SourceRange;
}

export interface Table {
  readonly k: "table";
  readonly rows: Cell[][];
  readonly cols: number;
  readonly source?: SourceRange;
}

/** IR blocks built already (a note on what could not be read; text read by OCR from a picture). */
export interface Built {
  readonly k: "ir";
  /** Mutable only so text read later (OCR of a picture) can land where the picture is. */
  blocks: IrBlock[];
}

export type Block = Para | Table | Built;

export const comment = (text: string, source?: SourceRange): Built => ({ k: "ir", blocks: [source ? { type: "comment", id: "", text, source } : { type: "comment", id: "", text }] });

export const textPara = (text: string, source?: SourceRange): Para => ({
  k: "p",
  pieces: [{ k: "t", text, m: 0, link: undefined }],
  heading: 0,
  list: undefined,
  kind: "text",
  source,
});
