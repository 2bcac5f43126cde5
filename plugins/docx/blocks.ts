/**
 * IR blocks → Word body content (paragraphs and tables). Structure is carried by styles and
 * numbering, not by look-alike formatting: headings use Heading1-6, lists real numbering, quotes
 * the Quote style, code the Source Code style.
 */
import { imageUnavailable } from "../images.ts";
import { AlignmentType, BookmarkEnd, BookmarkStart, BorderStyle, HeadingLevel, ImageRun, PageBreak, Paragraph, Table, TableOfContents, TextRun } from "docx";
import type { FileChild, IParagraphOptions, ParagraphChild } from "docx";
import type { Block, CodeBlock, ImageBlock, Inline, ListBlock } from "../../core/ir/types.ts";
import { assertNever } from "../../core/ir/types.ts";
import { mathParagraph } from "../../core/ir/math.ts";
import type { BlockPlace, MapContext } from "./context.ts";
import { fitImage } from "./images.ts";
import { mapInlines } from "./inlines.ts";
import { listIndent, maxListLevel } from "./numbering.ts";
import { headingSize, styleIds } from "./styles.ts";
import { mapTable } from "./tables.ts";
import { mapChart } from "./chart.ts";
import { isLeadIn, isLineKept } from "./line-kept.ts";

/** Body content; `FileChild` covers blocks written as raw WordprocessingML (the TOC). */
export type BodyChild = Paragraph | Table | TableOfContents | FileChild;

const headingLevels = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

/** Options for the first paragraph of a block, set by what comes before it. */
interface Extra {
  pageBreakBefore?: boolean;
  spacing?: { before: number };
  keepNext?: boolean;
}

/** Space between a table and the paragraph after it; Word puts none there by default. */
const afterTable = { spacing: { before: 160 } };

export function mapBlocks(blocks: Block[], ctx: MapContext, place: BlockPlace, lead: Extra = {}): BodyChild[] {
  const out: BodyChild[] = [];
  let pendingBreak = false;
  blocks.forEach((block, i) => {
    if (block.type === "pageBreak") {
      // A break before a heading or paragraph becomes "page break before" on it, which leaves
      // no empty paragraph at the top of the new page; elsewhere a break paragraph does.
      const next = blocks[i + 1];
      if (next?.type === "heading" || next?.type === "paragraph") pendingBreak = true;
      else out.push(new Paragraph({ children: [new PageBreak()] }));
      return;
    }
    const extra: Extra = {
      ...(i === 0 ? lead : {}),
      ...((blocks[i - 1]?.type === "table" || blocks[i - 1]?.type === "chart") && block.type !== "heading" ? afterTable : {}),
      ...(pendingBreak ? { pageBreakBefore: true } : {}),
      ...(introducesKeptLines(block, blocks[i + 1]) ? { keepNext: true } : {}),
    };
    out.push(...mapBlock(block, ctx, place, extra));
    pendingBreak = false;
  });
  return out;
}

/** "Signed for and on behalf of the Client:" stays on the page of the signature lines it introduces. */
const introducesKeptLines = (block: Block, next: Block | undefined): boolean =>
  block.type === "paragraph" && next?.type === "paragraph" && isLeadIn(block.inlines) && isLineKept(next.inlines);

function mapBlock(block: Block, ctx: MapContext, place: BlockPlace, extra: Extra): BodyChild[] {
  switch (block.type) {
    case "heading": {
      const runs = mapInlines(block.inlines, ctx, { inFootnote: place.inFootnote, textSize: headingSize(ctx.style.font_size, block.level) });
      const bookmark = place.inFootnote ? undefined : ctx.bookmarks.get(block.id);
      return [
        new Paragraph({
          heading: headingLevels[block.level - 1],
          // The bookmark spans the heading's text: what a TOC entry and its PAGEREF point at.
          children: bookmark
            ? [new BookmarkStart(bookmark.name, bookmark.id) as unknown as ParagraphChild, ...runs, new BookmarkEnd(bookmark.id) as unknown as ParagraphChild]
            : runs,
          ...(ctx.clauseNumbers && place.listLevel < 0 && place.quoteDepth === 0
            ? { numbering: ctx.numbering.clause(Math.max(0, block.level - ctx.clauseBase)) }
            : {}),
          ...extra,
        }),
      ];
    }
    case "paragraph":
      return [paragraph(block.inlines, ctx, place, extra)];
    case "list":
      return mapList(block, ctx, place, extra);
    case "table": {
      const table = mapTable(block, ctx);
      return table ? [table] : [];
    }
    case "chart":
      return mapChart(block, ctx, extra);
    case "image":
      return mapImage(block, ctx, place, extra);
    case "quote":
      return mapBlocks(block.blocks, ctx, { ...place, quoteDepth: place.quoteDepth + 1 }, extra);
    case "code":
      return [codeParagraph(block, place, extra)];
    case "thematicBreak":
      return [
        new Paragraph({
          border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "BFBFBF", space: 1 } },
          ...indent(place),
          ...extra,
        }),
      ];
    case "pageBreak":
      return [new Paragraph({ children: [new PageBreak()] })];
    case "math":
      return mapBlock(mathParagraph(block), ctx, place, extra);
    case "comment":
      return [];
    default:
      return assertNever(block);
  }
}

function paragraph(inlines: Inline[], ctx: MapContext, place: BlockPlace, extra: Extra & IParagraphOptions = {}): Paragraph {
  // The author's own lines (a signature block, an address) are never stretched by justification nor split.
  const lineKept = isLineKept(inlines);
  return new Paragraph({
    ...(place.inFootnote ? { style: styleIds.footnoteText } : place.quoteDepth > 0 ? { style: styleIds.quote } : {}),
    ...(place.keepLeft || lineKept ? { alignment: AlignmentType.LEFT } : {}),
    ...(lineKept ? { keepLines: true } : {}),
    ...indent(place),
    ...extra,
    children: [...((extra.children as ParagraphChild[] | undefined) ?? []), ...mapInlines(inlines, ctx, { inFootnote: place.inFootnote })],
  });
}

/**
 * Indentation from the surroundings: list content lines up with its item's text, and quotes
 * nested in quotes step further in (the Quote style itself indents the first level).
 */
function indent(place: BlockPlace): Pick<IParagraphOptions, "indent"> {
  const list = place.listLevel >= 0 ? listIndent(Math.min(place.listLevel, maxListLevel)) : 0;
  const quote = place.quoteDepth > 0 ? 567 * place.quoteDepth : 0;
  const left = list + quote;
  return left > 0 ? { indent: { left } } : {};
}

// --- lists -------------------------------------------------------------------------------------

function mapList(block: ListBlock, ctx: MapContext, place: BlockPlace, extra: Extra): BodyChild[] {
  const level = Math.min(place.listLevel + 1, maxListLevel);
  const ordered = block.ordered ? ctx.numbering.startOrdered(block.start) : null;
  const out: BodyChild[] = [];
  for (const [index, item] of block.items.entries()) {
    const first = index === 0 ? extra : {};
    const [head, ...rest] = item.blocks;
    const lead = head?.type === "paragraph" || head?.type === "heading" ? head.inlines : [];
    const body = head?.type === "paragraph" || head?.type === "heading" ? rest : item.blocks;
    if (item.checked !== undefined) {
      // Task items show their box instead of a bullet, as GitHub renders them.
      out.push(
        paragraph(lead, ctx, place, {
          ...first,
          indent: { left: listIndent(level), hanging: 360 },
          children: [new TextRun(item.checked ? "☒ " : "☐ ")],
        }),
      );
    } else {
      const numbering = ordered ? { ...ordered, level } : ctx.numbering.bullet(level);
      out.push(
        new Paragraph({
          numbering,
          ...first,
          children: mapInlines(lead, ctx, { inFootnote: place.inFootnote }),
        }),
      );
    }
    out.push(...mapBlocks(body, ctx, { ...place, listLevel: level }));
  }
  return out;
}

// --- code and pictures ---------------------------------------------------------------------------

function codeParagraph(block: CodeBlock, place: BlockPlace, extra: Extra): Paragraph {
  // One paragraph with line breaks keeps the block together and shaded as one box. Tabs become
  // four spaces: Word's tab stops would not line code up.
  const lines = block.text.replace(/\t/g, "    ").split(/\r?\n/);
  return new Paragraph({
    style: styleIds.code,
    ...indent(place),
    ...extra,
    children: lines.map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) })),
  });
}

function mapImage(block: ImageBlock, ctx: MapContext, place: BlockPlace, extra: Extra): BodyChild[] {
  const image = ctx.images.get(block.src) ?? null;
  if (image === null) {
    ctx.diagnostics.push(imageUnavailable(block));
    return [];
  }
  const size = fitImage(image, ctx.geometry);
  const out: BodyChild[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      keepNext: block.title !== undefined,
      ...indent(place),
      ...extra,
      children: [
        new ImageRun({
          type: image.type,
          data: image.data,
          transformation: size,
          // The Markdown's image text is the description alone: LibreOffice's PDF /Alt is "title - description", and
          // a caption (the title) is printed under the picture already.
          altText: { name: block.alt || block.src, description: block.alt },
        }),
      ],
    }),
  ];
  if (block.title) out.push(new Paragraph({ style: "Caption", alignment: AlignmentType.CENTER, text: block.title }));
  return out;
}
