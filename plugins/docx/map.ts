/**
 * The pure mapping step of the Word renderer: IR + `style_applied` + resolved pictures → a docx
 * `Document` object (the format model) and diagnostics. No I/O and no clock here; packing the
 * model into bytes is the next step (`index.ts`).
 *
 * Page furniture comes from the style: A4 in the style's orientation and margins, an optional
 * cover page (title alone on the first page, which carries no header or footer), an optional
 * table of contents (Word's TOC field, prefilled from the headings), header text, footer text
 * and page numbers (a PAGE field).
 */
import { AlignmentType, Document, Footer, Header, HeadingLevel, PageBreak, PageNumber, PageOrientation, Paragraph, TableOfContents, TextRun } from "docx";
import type { Diagnostic } from "../../core/diagnostics.ts";
import { diagnostic } from "../../core/diagnostics.ts";
import type { DocType, IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { ImageData } from "../format-plugin.ts";
import type { BodyChild } from "./blocks.ts";
import { mapBlocks } from "./blocks.ts";
import type { MapContext } from "./context.ts";
import { topLevel } from "./context.ts";
import { geometry, halfPoints } from "./geometry.ts";
import { Numbering, wantsClauseNumbers } from "./numbering.ts";
import { wordStyles } from "./styles.ts";

export interface MapOptions {
  type: DocType;
  name?: string;
  images: ReadonlyMap<string, ImageData | null>;
}

export function mapDocument(
  ir: IRDocument,
  style: StyleApplied,
  options: MapOptions,
): { document: Document; diagnostics: Diagnostic[] } {
  const page = geometry(style);
  const ctx: MapContext = {
    style,
    type: options.type,
    geometry: page,
    images: options.images,
    footnotes: new Map(ir.footnotes.map((note, i) => [note.id, i + 1])),
    numbering: new Numbering(),
    clauseNumbers: options.type === "contract" && wantsClauseNumbers(ir),
    diagnostics: [],
  };

  const footnotes = mapFootnotes(ir, ctx);
  const title = ir.title ?? (style.cover_page ? options.name : undefined);
  const front = frontMatter(title, style, ctx);
  const body = mapBlocks(ir.blocks, ctx, topLevel);

  const document = new Document({
    creator: "Quire",
    ...(ir.title ?? options.name ? { title: ir.title ?? options.name } : {}),
    styles: wordStyles(style),
    numbering: { config: [...ctx.numbering.definitions.values()] },
    footnotes,
    sections: [
      {
        properties: {
          titlePage: style.cover_page && title !== undefined,
          page: {
            // docx takes portrait sizes and swaps them itself for landscape.
            size: {
              width: Math.min(page.pageWidth, page.pageHeight),
              height: Math.max(page.pageWidth, page.pageHeight),
              orientation: style.orientation === "landscape" ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
            },
            margin: { top: page.margin, right: page.margin, bottom: page.margin, left: page.margin, header: 708, footer: 708 },
          },
        },
        ...pageFurniture(style),
        children: [...front, ...body],
      },
    ],
  });
  return { document, diagnostics: ctx.diagnostics };
}

function frontMatter(title: string | undefined, style: StyleApplied, ctx: MapContext): BodyChild[] {
  const out: BodyChild[] = [];
  if (style.cover_page && title === undefined) {
    ctx.diagnostics.push(
      diagnostic("style.cover_page_skipped", "info", "style", "A cover page was asked for, but the document has no title to put on it."),
    );
  }
  if (title !== undefined) {
    // On a cover the title sits alone; the page break after it starts the body on page 2.
    out.push(new Paragraph({ heading: HeadingLevel.TITLE, text: title }));
    if (style.cover_page) out.push(new Paragraph({ children: [new PageBreak()] }));
  }
  if (style.table_of_contents) {
    out.push(new TableOfContents("Table of Contents", { hyperlink: true, headingStyleRange: "1-3" }));
    out.push(new Paragraph({ children: [new PageBreak()] }));
  }
  return out;
}

function pageFurniture(style: StyleApplied): { headers?: { default: Header }; footers?: { default: Footer } } {
  const small = { size: halfPoints(Math.max(style.font_size - 2, 7)), color: "7F7F7F" };
  const out: { headers?: { default: Header }; footers?: { default: Footer } } = {};
  if (style.header) {
    out.headers = {
      default: new Header({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: style.header, ...small })] })] }),
    };
  }
  if (style.footer || style.page_numbers) {
    const runs: TextRun[] = [];
    if (style.footer) runs.push(new TextRun({ text: style.footer, ...small }));
    if (style.footer && style.page_numbers) runs.push(new TextRun({ text: "   ·   ", ...small }));
    if (style.page_numbers) runs.push(new TextRun({ children: [PageNumber.CURRENT], ...small }));
    out.footers = { default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: runs })] }) };
  }
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
