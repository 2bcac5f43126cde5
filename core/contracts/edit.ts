/**
 * The edit contract (interface, "edit": the changes a prompt asks for, and the rest identical). A format plugin that
 * can edit reads its file into addressable blocks (each with a stable id, its part and its byte range there) and
 * applies an edit plan to them by splicing only the changed ranges of only the changed parts. Core asks the model for
 * the plan, writes the package with every untouched entry copied as stored (core/ooxml/zip-patch.ts), inspects the
 * result and reports each edit. The model never sees or writes XML.
 */

export type EditBlockKind =
  | "heading"
  | "paragraph"
  | "list_item"
  | "table_cell"
  | "slide"
  | "shape_paragraph"
  | "notes_paragraph"
  | "cell";

export interface EditBlock {
  /** Stable for the same file: `p12` (Word paragraph), `t2.r3.c1` (cell), `s4.sh2.p1` (slide shape paragraph), `Sheet1!B4`. */
  readonly id: string;
  readonly kind: EditBlockKind;
  /** The visible text (a cell: its value as shown, or `=FORMULA` for a formula). */
  readonly text: string;
  /** Where it is, for the model and the report: "heading 1", "slide 3, title", "table 2, row 3", "Sheet1". */
  readonly context: string;
  /** The zip entry and the byte range of the block's element inside that part's text. */
  readonly part: string;
  readonly start: number;
  readonly end: number;
}

export interface EditableDocument {
  readonly blocks: ReadonlyArray<EditBlock>;
  /** Pages (Word: as the file says, else estimated), slides or sheets: `document_too_long` past ~50. */
  readonly pages: number;
  /**
   * False when `pages` is a guess (a Word file that does not say its pages, or says fewer than its own page breaks
   * make): the edit then counts the pages LibreOffice lays out. Slides and sheets are counted exactly.
   */
  readonly pagesKnown: boolean;
}

/** An operation on one block the model names. */
export type BlockEditOp =
  /** Replace `find` (exact text inside the block) by `replace`, keeping the formatting of the runs it touches. */
  | { readonly op: "replace_text"; readonly block: string; readonly find: string; readonly replace: string }
  /** A new paragraph (or list item, shape paragraph) styled like `block`, after or before it. */
  | { readonly op: "insert_after" | "insert_before"; readonly block: string; readonly text: string }
  | { readonly op: "delete"; readonly block: string }
  /** A sheet cell's value or formula (`formula: true` → `value` is the formula without `=`). */
  | { readonly op: "set_cell"; readonly block: string; readonly value: string; readonly formula: boolean }
  /** A new table or sheet row after the row holding `block`, one value per column (`=…` for a formula in a sheet). */
  | { readonly op: "insert_row"; readonly block: string; readonly values: ReadonlyArray<string> }
  /** Move `block` to just after `after`. */
  | { readonly op: "move"; readonly block: string; readonly after: string }
  /** Decks: a new slide after slide block `block`, on the layout of slide `like`, with a title and body paragraphs. */
  | { readonly op: "add_slide"; readonly block: string; readonly like: string; readonly title: string; readonly body: ReadonlyArray<string> }
  /** Word: a comment anchored on `find` inside `block` (the whole block when `find` is empty). */
  | { readonly op: "comment"; readonly block: string; readonly find: string; readonly text: string };

export type EditOp =
  | BlockEditOp
  /**
   * Every occurrence of `find` (exact, case-sensitive, also inside longer words, as a word processor's Replace All)
   * in the whole document: body, tables, headers, footers, notes, slide text, text cells. Applied by the plugin, which
   * reports one edit per occurrence (its block, or part and paragraph where no block names it) so the model need not
   * list the blocks of a long file.
   */
  | { readonly op: "replace_all"; readonly find: string; readonly replace: string };

export interface EditOptions {
  /** Word: write text changes as tracked changes (`w:ins`/`w:del`) by `author` at `date`. */
  readonly track: boolean;
  readonly author: string;
  /** ISO 8601, for tracked changes and comments. */
  readonly date: string;
}

export type EditOutcome = "applied" | "not_found" | "ambiguous" | "rejected";

export interface AppliedEdit {
  /** The plan's position of this edit, from 0 (a `replace_all` gives one edit per occurrence, all at its position). */
  readonly index: number;
  readonly op: EditOp["op"];
  readonly outcome: EditOutcome;
  readonly block: string | null;
  /** What was aimed at inside the block (`find`, a cell, a slide). */
  readonly target: string | null;
  readonly before: string | null;
  readonly after: string | null;
  readonly reason: string | null;
}

export interface EditResult {
  /** The changed parts' new content, added parts, or `null` for a removed part; every other entry stays as stored. */
  readonly parts: ReadonlyMap<string, Uint8Array | string | null>;
  readonly edits: ReadonlyArray<AppliedEdit>;
}

export interface EditCapability {
  readonly read: (bytes: Uint8Array) => EditableDocument;
  readonly apply: (bytes: Uint8Array, plan: ReadonlyArray<EditOp>, options: EditOptions) => EditResult;
}
