/**
 * The cover page (issue 17, item 8): the title a third of the way down, under it the author's own short lines
 * that open the text before any heading (a subtitle, a date, "Prepared for …"), and near the foot the author:
 * a "Prepared by …" line when the text has one, else the caller's organisation (`RenderContext.author`).
 * The lines are moved onto the cover, not repeated in the body; nothing is invented.
 */
import { HeadingLevel, PageBreak, Paragraph } from "docx";
import type { Block, Inline } from "../../core/ir/types.ts";
import { plainText } from "../../core/ir/text.ts";
import type { MapContext } from "./context.ts";
import { mapInlines } from "./inlines.ts";
import { styleIds } from "./styles.ts";

/** A cover line is a line, not a sentence of the body: short, and at most a few of them. */
const longest = 90;
const most = 3;
const preparedBy = /^\s*(prepared by|written by|author|authors|by|elaborado por|preparado por|redactado por|autor(?:a|es)?|por)\b\s*:?/i;

export interface CoverLines {
  lines: Inline[][];
  /** The "Prepared by …" line, if the text has one among its opening lines. */
  byline?: Inline[];
  /** How many body blocks the cover took. */
  taken: number;
}

const isCoverLine = (block: Block | undefined): block is Extract<Block, { type: "paragraph" }> => {
  if (block?.type !== "paragraph") return false;
  const text = plainText(block.inlines).trim();
  // Two sentences, a sentence of some length, or a line that introduces what follows are body text.
  const sentence = /[.!?]\s+\p{Lu}/u.test(text) || (/[.!?]$/.test(text) && text.split(/\s+/).length > 6) || text.endsWith(":");
  return text !== "" && text.length <= longest && !sentence;
};

/** The short paragraphs that open the body before its first heading, as long as some body is left after them. */
export function coverLines(body: Block[]): CoverLines {
  const lines: Inline[][] = [];
  let byline: Inline[] | undefined;
  let taken = 0;
  while (taken < most && taken < body.length - 1 && isCoverLine(body[taken])) {
    const inlines = (body[taken] as { inlines: Inline[] }).inlines;
    if (preparedBy.test(plainText(inlines))) byline = inlines;
    else lines.push(inlines);
    taken++;
  }
  return { lines, ...(byline ? { byline } : {}), taken };
}

/** The cover's paragraphs, ending with the page break that starts the body on page 2. */
export function coverPage(title: string, cover: CoverLines, ctx: MapContext, author: string | undefined): Paragraph[] {
  const page = ctx.geometry.textHeight;
  const byline = cover.byline ? mapInlines(cover.byline, ctx) : author ? mapInlines([{ type: "text", id: "", text: author, marks: [] }], ctx) : undefined;
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, text: title, spacing: { before: Math.round(page * 0.28) } }),
    ...cover.lines.map((line) => new Paragraph({ style: styleIds.coverLine, children: mapInlines(line, ctx) })),
    ...(byline ? [new Paragraph({ style: styleIds.coverLine, spacing: { before: Math.round(page * 0.3) }, children: byline })] : []),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}
