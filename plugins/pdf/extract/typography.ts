/**
 * Headings from a PDF's typography: the document's type sizes (the body is the most common one; larger sizes rank
 * `#`, `##`, `###`), a short bold line of body size one rank below, and lines numbered as sections ("2.3.1 Scope",
 * "第七章", "一、", full-width "１．１") at body size, their level from the number. Never a heading: a line of figures
 * (a table's row set large), a caption ("Table 4: …", "Figure 2."), a line that goes on into the next (a numbered
 * paragraph).
 */
import type { LayoutLine } from "../../../renderers/mupdf/pages.ts";

/** What the whole document says about its type sizes, for headings on any page. */
export interface TypeScale {
  /** The body text size: the size most characters have. */
  readonly body: number;
  /** Heading sizes, largest first; each is the smallest size of its rank. */
  readonly ranks: readonly number[];
}

/** A size this much above the body's is a heading size. */
export const HEADING_RATIO = 1.15;

export const typeScale = (sizes: Map<number, number>): TypeScale => {
  let body = 0;
  let most = -1;
  for (const [size, count] of sizes) {
    if (count > most || (count === most && size < body)) {
      most = count;
      body = size;
    }
  }
  const larger = [...sizes.keys()].filter((s) => s >= body * HEADING_RATIO).sort((a, b) => b - a);
  // Sizes within 7% of each other are one rank (11.9 and 12 pt are the same heading).
  const ranks: number[] = [];
  let top = Infinity;
  for (const size of larger) {
    if (size < top * 0.93) {
      ranks.push(size);
      top = size;
    } else {
      ranks[ranks.length - 1] = size;
    }
  }
  return { body, ranks };
};

const CAPTION = /^(?:table|tab\.|figure|fig\.|chart|exhibit|plate|表|图|圖|図)\s*[\dIVX]/iu;

/**
 * Words that can head a section: a word of two letters or more, or a dotted abbreviation (not a lone letter of a
 * formula), more letters than digits (not a row of figures set large), and no caption.
 */
const headingText = (text: string): boolean => {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\p{N}/gu)?.length ?? 0;
  return (/\p{L}{2,}/u.test(text) || /(?:\p{L}\.){2,}/u.test(text)) && letters > digits && !CAPTION.test(text.trim());
};

/** A heading ends in no punctuation but a colon, or a dotted abbreviation ("H.E.S.S."). */
const endsAsHeading = (text: string): boolean => !/[.,;]$/.test(text) || /(?:^|\s)(?:\p{L}\.){2,}$/u.test(text);

/** 1 to 3 for a heading line by size, 0 for body text. Bold lines of body size are judged per group (see below). */
export const sizeLevel = (line: LayoutLine, scale: TypeScale, body: ReadonlySet<LayoutLine>): number => {
  if (body.has(line) || scale.body === 0 || line.size < scale.body * HEADING_RATIO || !headingText(line.text)) return 0;
  const rank = scale.ranks.findIndex((r) => line.size >= r);
  return Math.min((rank < 0 ? scale.ranks.length - 1 : rank) + 1, 3);
};

export const boldLevel = (scale: TypeScale): number => Math.min(scale.ranks.length + 1, 3);

export const isBoldHeadingLine = (line: LayoutLine, scale: TypeScale, body: ReadonlySet<LayoutLine> = new Set()): boolean =>
  !body.has(line) &&
  line.bold &&
  scale.body > 0 &&
  line.size >= scale.body * 0.95 &&
  line.size < scale.body * HEADING_RATIO &&
  headingText(line.text) &&
  line.text.length <= 80 &&
  endsAsHeading(line.text);

const DOTTED = /^(\d{1,2}(?:\.\d{1,2}){1,4})\.?\s+(\S.*)$/u;
const CHAPTER = /^第[一二三四五六七八九十百\d]+[章節节部篇编編]\s*(\S.*)$/u;
const CJK_SECTION = /^[一二三四五六七八九十]+[、.]\s*(\S.*)$/u;
const CJK_SUBSECTION = /^[(（][一二三四五六七八九十]+[)）]\s*(\S.*)$/u;

/**
 * The level a section number gives the first of `lines` (a block's lines from there on), at body size ("2.3.1 Scope"
 * 3, "第七章 …" 1, "一、…" 2, "（一）…" 3), and how many lines the heading takes; level 0 for none. The heading must
 * stand alone: it stops short of the right edge before the next line (or ends its block), so a numbered paragraph
 * that runs on is no heading.
 */
export const numberedLevel = (lines: readonly LayoutLine[], right: number, scale: TypeScale, body: ReadonlySet<LayoutLine>): { level: number; lines: number } => {
  const none = { level: 0, lines: 0 };
  const [line, second, third] = lines;
  if (!line || body.has(line) || scale.body === 0 || line.size < scale.body * 0.95) return none;
  // A title too long for one line goes on under its own first word (a hanging indent), and stops short.
  const hang = line.words[1]?.x0;
  const two = second !== undefined && !stopsBefore(line, second, right) && hang !== undefined && Math.abs(second.x0 - hang) < 0.5 * line.size && stopsBefore(second, third, right);
  if (!two && !stopsBefore(line, second, right)) return none;
  const text = (two ? `${line.text} ${second.text}` : line.text).normalize("NFKC").trim();
  if (text.length > 120 || !endsAsHeading(text) || /\.\s*\.\s*\./.test(text)) return none;
  const dotted = DOTTED.exec(text);
  const [level, rest] = dotted
    ? [dotted[1]!.split(".").length, dotted[2]!]
    : ([
        [1, CHAPTER.exec(text)?.[1]],
        [2, CJK_SECTION.exec(text)?.[1]],
        [3, CJK_SUBSECTION.exec(text)?.[1]],
      ].find(([, r]) => r !== undefined) ?? [0, undefined]) as [number, string | undefined];
  return rest !== undefined && headingText(rest) ? { level: Math.min(level, 6), lines: two ? 2 : 1 } : none;
};

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

/** The line ends before the right edge by more than `next`'s first word: it was ended on purpose (or `next` is none). */
const stopsBefore = (line: LayoutLine, next: LayoutLine | undefined, right: number): boolean => {
  if (!next) return true;
  const first = next.words[0];
  // CJK text breaks between any two characters: one character is what would have fitted.
  const width = !first ? 0 : CJK.test(first.text) ? next.size : first.x1 - first.x0;
  return line.x1 + 0.3 * line.size + width < right - 1;
};

const CHAPTER_LABEL = /^(?:chapter|part|book|appendix|annex|kapitel|teil|chapitre|partie|cap[ií]tulo|parte)\s+(?:\d{1,3}|[IVXLC]{1,6}|[A-Z])\.?$/iu;

/** "CHAPTER 1" set over its title: one heading, not two. */
export const labelsChapter = (text: string): boolean => CHAPTER_LABEL.test(text.trim());
