/**
 * The pure mapping step of the Word renderer: IR + `style_applied` + resolved pictures → a docx
 * `Document` object (the format model) and diagnostics. No I/O and no clock here; packing the
 * model into bytes is the next step (`index.ts`).
 *
 * Page furniture comes from the style: A4 in the style's orientation and margins, an optional
 * cover page (cover.ts: title, subtitle lines and author on the first page, which carries no header or footer), an optional
 * table of contents (Word's TOC field with its entries, and page numbers when the caller knows
 * them, already written: `toc.ts`), header text, footer text and page numbers (a PAGE field).
 * The type's own opening blocks (a memo's header, a minutes' meeting table, a letter's
 * left-aligned address blocks) come from `layout.ts`.
 */
import { AlignmentType, Document, Footer, Header, HeadingLevel, PageBreak, PageNumber, Paragraph, TextRun } from "docx";
import type { Diagnostic } from "../../core/diagnostics.ts";
import { diagnostic } from "../../core/diagnostics.ts";
import { quireWords } from "../../core/doctype/labels.ts";
import { languageOf } from "../../core/doctype/language-tag.ts";
import type { Block, DocType, IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import type { BodyChild } from "./blocks.ts";
import { mapBlocks } from "./blocks.ts";
import type { Bookmark, MapContext } from "./context.ts";
import { topLevel } from "./context.ts";
import { coverLines, coverPage, type CoverLines } from "./cover.ts";
import { geometry, halfPoints } from "./geometry.ts";
import type { TypeLayout } from "./layout.ts";
import { typeLayout } from "./layout.ts";
import { Numbering, wantsClauseNumbers } from "./numbering.ts";
import { bodySections, landscapeContext, wordSections } from "./sections.ts";
import { signatureTable } from "./signature-block.ts";
import { styleIds, wordStyles } from "./styles.ts";
import { mapFieldTable } from "./tables.ts";
import type { TocEntry } from "./toc.ts";
import { tableOfContents, tocEntries } from "./toc.ts";

export interface MapOptions {
  type: DocType;
  name?: string;
  images: ReadonlyMap<string, ImageData | null>;
  /** Chart block id → its picture (chart.ts); absent: no charts are drawn, their tables stand alone. */
  charts?: ReadonlyMap<string, ImageData | null>;
  /** Heading IR id → page number, for the TOC's cached page numbers. */
  headingPages?: Readonly<Record<string, number>>;
  /** The file's author: the caller's organisation; absent, the metadata names nobody. */
  author?: string;
}

/** The shallowest heading level among top-level headings: clause numbers start there. */
function shallowestHeading(blocks: Block[]): number {
  const levels = blocks.flatMap((b) => (b.type === "heading" ? [b.level] : []));
  return levels.length > 0 ? Math.min(...levels) : 1;
}

export function mapDocument(
  ir: IRDocument,
  style: StyleApplied,
  options: MapOptions,
): { document: Document; diagnostics: Diagnostic[] } {
  const page = geometry(style);
  const layout = typeLayout(ir, options.type);
  const clauseNumbers = options.type === "contract" && wantsClauseNumbers(ir);
  const clauseBase = shallowestHeading(layout.body);
  const toc = style.table_of_contents ? tocEntries(layout.body, { on: clauseNumbers, base: clauseBase }) : [];
  // The language decided for print (ir.language), else the text's: Word's w:lang and the words the renderer adds.
  const language = languageOf(ir);
  const ctx: MapContext = {
    style,
    type: options.type,
    geometry: page,
    images: options.images,
    charts: options.charts ?? new Map(),
    footnotes: new Map(ir.footnotes.map((note, i) => [note.id, i + 1])),
    numbering: new Numbering(),
    clauseNumbers,
    clauseBase,
    bookmarks: new Map<string, Bookmark>(toc.map((entry) => [entry.headingId, entry.bookmark])),
    words: quireWords(language),
    diagnostics: [],
  };

  const footnotes = mapFootnotes(ir, ctx);
  const title = layout.title ?? (style.cover_page && !layout.memo ? options.name : undefined);
  // A letter's kept-left blocks are counted from the body's start: its opening lines are not a cover's.
  const cover = style.cover_page && title !== undefined ? (layout.keepLeft ? { lines: [], authorNamed: false, taken: 0 } : coverLines(layout.body)) : undefined;
  const rest = cover ? { ...layout, body: layout.body.slice(cover.taken) } : layout;
  const front = frontMatter(title, cover, rest, toc, style, ctx, options);
  // A letter's kept-left blocks are counted over its whole body: a letter is not cut into sections.
  const parts = rest.keepLeft ? [{ blocks: rest.body, landscape: false }] : bodySections(rest.body, ctx);
  const body = parts.map((part, i) => ({
    landscape: part.landscape,
    // The type's own closing blocks (a contract's signatures) end the last part.
    children: mapBody(i === parts.length - 1 ? { ...rest, body: part.blocks } : { body: part.blocks }, part.landscape ? landscapeContext(ctx) : ctx, i === 0 && front.headerTable),
  }));

  const document = new Document({
    // An empty string leaves the element out: the file never names the service as its author.
    creator: options.author ?? "",
    lastModifiedBy: options.author ?? "",
    ...(ir.title ?? options.name ? { title: ir.title ?? options.name } : {}),
    styles: wordStyles(style, language),
    numbering: { config: [...ctx.numbering.definitions.values()] },
    footnotes,
    sections: wordSections(front, body, { style, coverFirst: style.cover_page && title !== undefined, furniture: () => pageFurniture(style) }),
  });
  return { document, diagnostics: ctx.diagnostics };
}

interface Front {
  children: BodyChild[];
  /** Whether the front ends with a header table, so the body needs space above it. */
  headerTable: boolean;
  /** Whether the front ends with a page break (a cover, a table of contents). */
  breakLast: boolean;
}

function frontMatter(
  title: string | undefined,
  cover: CoverLines | undefined,
  layout: TypeLayout,
  toc: TocEntry[],
  style: StyleApplied,
  ctx: MapContext,
  options: MapOptions,
): Front {
  const pages = options.headingPages;
  const out: BodyChild[] = [];
  let headerTable = false;
  const breaks = new Set<BodyChild>();
  if (style.cover_page && title === undefined) {
    ctx.diagnostics.push(
      diagnostic("style.cover_page_skipped", "info", "style", "A cover page was asked for, but the document has no title to put on it."),
    );
  }
  if (cover && title !== undefined) {
    out.push(...coverPage(title, cover, ctx, options.author));
    breaks.add(out[out.length - 1]!);
  }
  else if (title !== undefined) out.push(new Paragraph({ heading: HeadingLevel.TITLE, text: title }));
  if (layout.memo) {
    out.push(new Paragraph({ style: styleIds.memoHeading, text: layout.memo.label }));
    if (layout.memo.rows.length > 0) {
      out.push(mapFieldTable(layout.memo.rows, ctx, "memo"));
      headerTable = true;
    }
  }
  if (layout.meeting) {
    out.push(mapFieldTable(layout.meeting.rows, ctx, "meeting"));
    headerTable = true;
  }
  if (style.table_of_contents) {
    if (toc.length === 0) {
      ctx.diagnostics.push(
        diagnostic("style.toc_skipped", "info", "style", "A table of contents was asked for, but the document has no headings to list."),
      );
    } else {
      out.push(tableOfContents(toc, { ...(pages ? { pages } : {}), tabPosition: ctx.geometry.textWidth, title: ctx.words.contents }));
      out.push(new Paragraph({ children: [new PageBreak()] }));
      breaks.add(out[out.length - 1]!);
      headerTable = false;
    }
  }
  return { children: out, headerTable, breakLast: breaks.has(out[out.length - 1]!) };
}

/** The body, with a letter's address, date, closing and signature blocks kept left. */
function mapBody(layout: TypeLayout, ctx: MapContext, afterHeaderTable: boolean): BodyChild[] {
  const lead = afterHeaderTable ? { spacing: { before: 240 } } : {};
  const keep = layout.keepLeft;
  if (layout.signatures) {
    // The words the parties sign under ("En prueba de conformidad, firman…") stay on the page of the signatures.
    const last = layout.body.length - 1;
    return [
      ...mapBlocks(layout.body.slice(0, last), ctx, topLevel, lead),
      ...mapBlocks(layout.body.slice(last), ctx, topLevel, { ...(last === 0 ? lead : {}), keepNext: true }),
      signatureTable(layout.signatures, ctx),
    ];
  }
  if (!keep) return mapBlocks(layout.body, ctx, topLevel, lead);
  const left = { ...topLevel, keepLeft: true };
  const tail = layout.body.slice(keep.tailStart);
  return [
    ...mapBlocks(layout.body.slice(0, keep.headEnd), ctx, left, lead),
    ...mapBlocks(layout.body.slice(keep.headEnd, keep.tailStart - 1), ctx, topLevel),
    // The closing, signature and cc stay together on one page, with the last paragraph before them (never a
    // closing or a name alone on the next page), and room to sign between the closing and the name.
    ...mapBlocks(layout.body.slice(Math.max(keep.headEnd, keep.tailStart - 1), keep.tailStart), ctx, topLevel, tail.length > 0 ? { keepNext: true } : {}),
    ...tail.flatMap((block, i) =>
      mapBlocks([block], ctx, left, { ...(i < tail.length - 1 ? { keepNext: true } : {}), ...(i === 1 ? { spacing: { before: signatureSpace } } : {}) }),
    ),
  ];
}

/** About three lines: room for a handwritten signature. */
const signatureSpace = 720;

/**
 * The running header (its text on the right) and footer (its text centred), and the page number where the style puts
 * it (the foot's centre unless told): on the side asked, after the running text when that stands there too.
 */
function pageFurniture(style: StyleApplied): { headers?: { default: Header }; footers?: { default: Footer } } {
  const small = { size: halfPoints(Math.max(style.font_size - 2, 7)), color: "7F7F7F" };
  const [vertical, side] = (style.page_numbers_position ?? "bottom-center").split("-") as ["top" | "bottom", "left" | "center" | "right"];
  const line = (text: string | undefined, numbered: boolean, textSide: "center" | "right") => {
    const runs: TextRun[] = [];
    if (text) runs.push(new TextRun({ text, ...small }));
    if (text && numbered) runs.push(new TextRun({ text: "   ·   ", ...small }));
    if (numbered) runs.push(new TextRun({ children: [PageNumber.CURRENT], ...small }));
    const at = numbered ? side : textSide;
    return new Paragraph({ alignment: at === "left" ? AlignmentType.LEFT : at === "right" ? AlignmentType.RIGHT : AlignmentType.CENTER, children: runs });
  };
  const numbersOnTop = style.page_numbers && vertical === "top";
  const numbersAtFoot = style.page_numbers && vertical === "bottom";
  const out: { headers?: { default: Header }; footers?: { default: Footer } } = {};
  if (style.header || numbersOnTop) out.headers = { default: new Header({ children: [line(style.header, numbersOnTop, "right")] }) };
  if (style.footer || numbersAtFoot) out.footers = { default: new Footer({ children: [line(style.footer, numbersAtFoot, "center")] }) };
  return out;
}

/** Word footnotes hold paragraphs only; other blocks in a footnote are left out with a warning. */
function mapFootnotes(ir: IRDocument, ctx: MapContext): Record<string, { children: Paragraph[] }> {
  const out: Record<string, { children: Paragraph[] }> = {};
  ir.footnotes.forEach((note, i) => {
    const children = mapBlocks(note.blocks, ctx, { ...topLevel, inFootnote: true });
    const paragraphs = children.filter((child): child is Paragraph => child instanceof Paragraph);
    if (paragraphs.length < children.length) {
      ctx.diagnostics.push(
        diagnostic("footnote.content_dropped", "warning", "content", "A table in a footnote was left out: Word footnotes hold text only here.", note.id),
      );
    }
    out[String(i + 1)] = { children: paragraphs.length > 0 ? paragraphs : [new Paragraph({})] };
  });
  return out;
}
