/**
 * What the IR → docx mapping carries from block to block. Everything here is data computed
 * before mapping (style, geometry, resolved pictures) or collected during it (diagnostics,
 * numbering definitions); nothing does I/O, so the mapping stays a pure function of its inputs.
 */
import type { Diagnostic } from "../../core/diagnostics.ts";
import type { QuireWords } from "../../core/doctype/labels.ts";
import type { DocType } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import type { Geometry } from "./geometry.ts";
import type { Numbering } from "./numbering.ts";

export interface MapContext {
  style: StyleApplied;
  type: DocType;
  geometry: Geometry;
  /** Every image `src` of the document → its bytes, or `null` when they could not be had. */
  images: ReadonlyMap<string, ImageData | null>;
  /** Every chart block's id → its picture, or `null` when it could not be painted (chart.ts). */
  charts: ReadonlyMap<string, ImageData | null>;
  /** IR footnote id → Word footnote number (1-based, in IR order). */
  footnotes: ReadonlyMap<string, number>;
  numbering: Numbering;
  /** Number headings as clauses (contracts without hand-written numbers). */
  clauseNumbers: boolean;
  /** The heading level numbered as a first-level clause: the shallowest one the body uses. */
  clauseBase: number;
  /** Heading IR id → the bookmark a table of contents links to; empty without a TOC. */
  bookmarks: ReadonlyMap<string, Bookmark>;
  /** The words the renderer writes itself ("Contents", "Inhalt"), in the document's language. */
  words: QuireWords;
  diagnostics: Diagnostic[];
}

export interface Bookmark {
  name: string;
  /** `w:id`, unique among the document's bookmarks. */
  id: number;
}

/** Where a block sits: inside how many quotes, at which list level, in a footnote or a table. */
export interface BlockPlace {
  quoteDepth: number;
  /** The list level of the enclosing item's content, or -1 outside lists. */
  listLevel: number;
  inFootnote: boolean;
  /** Left-aligned whatever the body alignment: a letter's address, date and signature blocks. */
  keepLeft?: boolean;
}

export const topLevel: BlockPlace = { quoteDepth: 0, listLevel: -1, inFootnote: false };
