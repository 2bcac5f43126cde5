/**
 * The cover page (issue 17, item 8; issue 30, item 5): the title a third of the way down, under it the author's own
 * title block, the short lines that open the text before any heading (a subtitle, the organisation, a date,
 * "Prepared for …"), and near the foot the author: a "Prepared by …" line of the block, else the caller's
 * organisation (`RenderContext.author`) unless the text names its author somewhere else.
 * A block is taken whole or not at all, by its lines and not its total length: four short lines in one paragraph
 * are as much a title block as four paragraphs. The lines are moved onto the cover, not repeated; nothing is invented.
 */
import { HeadingLevel, PageBreak, Paragraph } from "docx";
import type { Block, Inline } from "../../core/ir/types.ts";
import { plainText } from "../../core/ir/text.ts";
import { visitBlocks } from "../../core/ir/visit.ts";
import type { MapContext } from "./context.ts";
import { mapInlines } from "./inlines.ts";
import { styleIds } from "./styles.ts";

/** A cover line is a line, not a sentence of the body: short, and at most a few of them. */
const longest = 90;
const most = 6;
/**
 * The byline on a cover line: "Prepared by", "Erstellt von", "Préparé par", "A cura di", "Opgesteld door"…; in English
 * and Spanish the words alone ("By", "Por") are enough there (the other languages' "von", "par", "da", "door" open
 * subtitles as often as bylines).
 */
const byWords = String.raw`prepared by|written by|elaborado por|preparado por|redactado por|erstellt von|verfasst von|bearbeitet von|pr[ée]par[ée]e?s? par|r[ée]dig[ée]e?s? par|[ée]tabli[e]?s? par|preparato da|redatto da|a cura di|redigido por|opgesteld door|samengesteld door|elaborat per|redactat per|preparat per`;
const authorWords = String.raw`authors?|autor(?:a|es|in|en|s)?|auteurs?|autor[ei]`;
const preparedBy = new RegExp(String.raw`^\s*(${byWords}|${authorWords}|by|por)(?![\p{L}])\s*:?`, "iu");
/** A line anywhere in the text that names its author: only the unambiguous forms, "Por la presente" is not one. */
const namesAuthor = new RegExp(String.raw`^\s*(?:\*\*)?(${byWords}|(?:${authorWords})\s*:)`, "iu");

export interface CoverLines {
  lines: Inline[][];
  /** The "Prepared by …" line, if the title block has one. */
  byline?: Inline[];
  /** The text names its author (in the block or further on): the caller's organisation is not added. */
  authorNamed: boolean;
  /** How many body blocks the cover took. */
  taken: number;
}

/** A paragraph's lines, cut at its line breaks. */
function linesOf(inlines: Inline[]): Inline[][] {
  const lines: Inline[][] = [[]];
  for (const inline of inlines) {
    if (inline.type === "lineBreak") lines.push([]);
    else lines[lines.length - 1]!.push(inline);
  }
  return lines.filter((line) => plainText(line).trim() !== "");
}

const isCoverLine = (line: Inline[]): boolean => {
  const text = plainText(line).trim();
  // Two sentences, a sentence of some length, or a line that introduces what follows are body text; an initial
  // ("J. Smith") does not end a sentence.
  const sentence = /\p{L}{2}[.!?]\s+\p{Lu}/u.test(text) || (/[.!?]$/.test(text) && text.split(/\s+/).length > 6) || text.endsWith(":");
  return text !== "" && text.length <= longest && !sentence;
};

/** The lines of a paragraph made only of cover lines, else null. */
function coverBlock(block: Block | undefined): Inline[][] | null {
  if (block?.type !== "paragraph") return null;
  const lines = linesOf(block.inlines);
  return lines.length > 0 && lines.every(isCoverLine) ? lines : null;
}

/** The lines of the paragraphs, in quotes too; list items are not read. */
const textLines = (blocks: Block[]): string[] => {
  const out: string[] = [];
  visitBlocks(blocks, (b) => {
    if (b.type === "paragraph") out.push(...linesOf(b.inlines).map((line) => plainText(line)));
    else if (b.type === "list") return "skip";
  });
  return out;
};

/** The short paragraphs that open the body before its first heading, as long as some body is left after them. */
export function coverLines(body: Block[]): CoverLines {
  const lines: Inline[][] = [];
  let taken = 0;
  for (let block = coverBlock(body[0]); block && taken < body.length - 1 && lines.length + block.length <= most; block = coverBlock(body[taken])) {
    lines.push(...block);
    taken++;
  }
  const by = lines.findIndex((line) => preparedBy.test(plainText(line)));
  const byline = by >= 0 ? lines.splice(by, 1)[0] : undefined;
  const authorNamed = byline !== undefined || textLines(body).some((line) => namesAuthor.test(line));
  return { lines, ...(byline ? { byline } : {}), authorNamed, taken };
}

/** The cover's paragraphs, ending with the page break that starts the body on page 2. */
export function coverPage(title: string, cover: CoverLines, ctx: MapContext, author: string | undefined): Paragraph[] {
  const page = ctx.geometry.textHeight;
  const signature = cover.byline ?? (author && !cover.authorNamed ? [{ type: "text" as const, id: "", text: author, marks: [] }] : undefined);
  const byline = signature ? mapInlines(signature, ctx) : undefined;
  return [
    new Paragraph({ heading: HeadingLevel.TITLE, text: title, spacing: { before: Math.round(page * 0.28) } }),
    ...cover.lines.map((line) => new Paragraph({ style: styleIds.coverLine, children: mapInlines(line, ctx) })),
    ...(byline ? [new Paragraph({ style: styleIds.coverLine, spacing: { before: Math.round(page * (cover.lines.length > 3 ? 0.2 : 0.3)) }, children: byline })] : []),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}
