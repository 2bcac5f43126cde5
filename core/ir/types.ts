/**
 * The intermediate document model (IR): the typed tree every reader produces and every format
 * plugin renders. A leaf module: no I/O, imports nothing, plain JSON-serialisable data (no class
 * instances, no `undefined`-only meaning, no cycles), so it can be stored, diffed and used as the
 * input of renderer golden fixtures (DESIGN.md, "Contracts: IR").
 *
 * Ids. Every node carries an `id` derived only from its position in the tree, so the same input
 * always yields the same ids (edits, report locations and key data point at them):
 *
 *   b3            the fourth top-level block
 *   b3.i1         its second list item            b3.i1.b0   the first block of that item
 *   b4.h0 / b4.r2 a table's first header row / third body row;  b4.r2.c1 a cell of it
 *   b1.b0         the first block inside a quote
 *   b5.t          a chart's table (a chart made from a fence and its table keeps the table's own ids)
 *   b0.n2         the third inline of a block or cell;  b0.n2.n0  an inline inside a link
 *   fn1           the first footnote (numbered in order of first reference); fn1.b0 its first block
 *
 * Ids are given once, when a tree is first read (`assignIds`); later changes keep them, and a node
 * added later takes a fresh id that collides with none (`freshId`, `insertBlock` in ids.ts), so
 * inserting a block never renumbers the blocks after it. A title lifted out of the blocks (see
 * `IRDocument.title`) does not take a block number.
 *
 * Source. A node read from a file may say where it came from (`source`), which an edit of that file
 * needs; nodes written by a person or a model have none.
 */

/** The kind of document, as in the Document resource's `type` (service-interface.md, "Document"). */
export type DocType =
  | "report"
  | "letter"
  | "contract"
  | "memo"
  | "minutes"
  | "presentation"
  | "spreadsheet"
  | "artifact";

export const docTypes: readonly DocType[] = [
  "report",
  "letter",
  "contract",
  "memo",
  "minutes",
  "presentation",
  "spreadsheet",
  "artifact",
];

/**
 * Where a node was read from: `part` is the package part (`word/document.xml`, `ppt/slides/slide3.xml`,
 * `xl/worksheets/sheet1.xml`), `page:N` for a PDF page, or `""` for a file that has no parts (plain text);
 * `start`/`end` are offsets in that part's decoded text (end exclusive).
 */
export interface SourceRange {
  part: string;
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------------------------
// Inlines

/** `superscript` and `subscript` come from files (Word's raised and lowered text); Markdown writes them as `<sup>`/`<sub>`. */
export type Mark = "bold" | "italic" | "strike" | "code" | "superscript" | "subscript";

/** A run of text; `marks` are kept sorted and unique so equal formatting compares equal. */
export interface TextInline {
  type: "text";
  id: string;
  text: string;
  marks: Mark[];
}

export interface LinkInline {
  type: "link";
  id: string;
  href: string;
  children: Inline[];
}

/**
 * A gap marker: a place where data is missing and a person must fill it in, written `[DATO]` or
 * `[DATO: what is missing]` in the source. Renderers make it stand out; checks count them.
 */
export interface GapInline {
  type: "gap";
  id: string;
  label?: string;
  marks: Mark[];
}

/** A reference to `IRDocument.footnotes[n]` by the footnote's id. */
export interface FootnoteRefInline {
  type: "footnoteRef";
  id: string;
  footnoteId: string;
}

export interface LineBreakInline {
  type: "lineBreak";
  id: string;
}

export type Inline = TextInline | LinkInline | GapInline | FootnoteRefInline | LineBreakInline;

// ---------------------------------------------------------------------------------------------
// Blocks

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface HeadingBlock {
  type: "heading";
  id: string;
  source?: SourceRange;
  level: HeadingLevel;
  inlines: Inline[];
}

export interface ParagraphBlock {
  type: "paragraph";
  id: string;
  source?: SourceRange;
  inlines: Inline[];
}

export interface ListItem {
  id: string;
  source?: SourceRange;
  blocks: Block[];
  /** Present only for task-list items: `true` checked, `false` open. */
  checked?: boolean;
}

export interface ListBlock {
  type: "list";
  id: string;
  source?: SourceRange;
  ordered: boolean;
  /** First number of an ordered list (1 unless the source says otherwise). */
  start: number;
  items: ListItem[];
}

export type ColumnAlign = "left" | "center" | "right" | null;

export interface TableCell {
  id: string;
  source?: SourceRange;
  inlines: Inline[];
}

export interface TableRow {
  id: string;
  cells: TableCell[];
}

/**
 * A table. Every row, header or body, has exactly `align.length` cells (readers pad or cut rows,
 * as GFM does), so renderers can rely on a rectangular grid.
 */
export interface TableBlock {
  type: "table";
  id: string;
  source?: SourceRange;
  align: ColumnAlign[];
  header: TableRow[];
  rows: TableRow[];
}

export interface ImageBlock {
  type: "image";
  id: string;
  source?: SourceRange;
  /** As written: a URL, or `img:<n>` / `web:<query>` (service-interface.md, `sources`). */
  src: string;
  alt: string;
  title?: string;
}

export interface PageBreakBlock {
  type: "pageBreak";
  id: string;
  source?: SourceRange;
}

export interface QuoteBlock {
  type: "quote";
  id: string;
  source?: SourceRange;
  blocks: Block[];
}

export interface CodeBlock {
  type: "code";
  id: string;
  source?: SourceRange;
  lang?: string;
  /** The words after the language on the fence line (```` ```form signups ```` → `signups`); artifacts read them. */
  meta?: string;
  text: string;
}

export interface ThematicBreakBlock {
  type: "thematicBreak";
  id: string;
  source?: SourceRange;
}

/**
 * A note for the reader of extracted text that is not part of the document's content: a page marker
 * (`page 3`), what could not be read (`page 4: scanned, not read`), where OCR text starts. Markdown
 * writes it as an HTML comment (`<!-- page 3 -->`); renderers leave it out.
 */
export interface CommentBlock {
  type: "comment";
  id: string;
  source?: SourceRange;
  text: string;
}

/** A display formula in TeX; renderers that cannot typeset it show the TeX. */
export interface MathBlock {
  type: "math";
  id: string;
  source?: SourceRange;
  tex: string;
}

export type ChartKind = "bar" | "line" | "pie";

export interface ChartSeries {
  name: string;
  values: number[];
}

/**
 * A chart drawn from a table: Markdown writes it as a ```` ```chart ```` fence directly followed by the table
 * (core/ir/chart.ts). `labels` and `series` are what is drawn; `table` is where they came from, kept so text
 * walkers still see the numbers and a writer can give the table back.
 */
export interface ChartBlock {
  type: "chart";
  id: string;
  source?: SourceRange;
  chart: ChartKind;
  title?: string;
  labels: string[];
  series: ChartSeries[];
  table: TableBlock;
  /** What the chart shows, for screen readers and the PDF's tags, in the document's language (core/ir/chart.ts). */
  alt?: string;
}

/**
 * Every block kind. The union is open by design: slide, sheet and tracked change blocks join it
 * when the pptx, xlsx and review work lands, each as its own interface with a `type` literal and
 * an `id`. Code that switches on `type` should end with an exhaustiveness check
 * so the compiler lists every place to update.
 */
export type Block =
  | HeadingBlock
  | ParagraphBlock
  | ListBlock
  | TableBlock
  | ImageBlock
  | PageBreakBlock
  | QuoteBlock
  | CodeBlock
  | ThematicBreakBlock
  | CommentBlock
  | MathBlock
  | ChartBlock;

export interface Footnote {
  id: string;
  /** The label used in the source (`[^label]`), kept for extraction round trips. */
  label: string;
  blocks: Block[];
}

export interface IRDocument {
  id: string;
  /** Plain-text title; when set, the heading it came from is not repeated in `blocks`. */
  title?: string;
  /**
   * The language the document is written in (BCP 47: `de-DE`, `en-GB`), decided once when it is prepared for print
   * (core/compile/printed.ts); absent, a renderer tells it from the text (core/doctype/language-tag.ts).
   */
  language?: string;
  blocks: Block[];
  footnotes: Footnote[];
}

/** For exhaustive switches: `default: return assertNever(node)`. */
export function assertNever(value: never): never {
  throw new Error(`unexpected IR node: ${JSON.stringify(value)}`);
}
