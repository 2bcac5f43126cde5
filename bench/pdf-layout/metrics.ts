/**
 * The measures of `npm run bench:pdf-layout`: how close a produced Markdown (or plain text) is to a hand-written
 * truth. Pure functions over strings, so the bench and its test (test/bench/pdf-layout-metrics.test.ts) share them.
 *
 * - Words: NFKC, case-folded, punctuation and symbols stripped, split on white space; a CJK character is a word of
 *   its own, since CJK text has no spaces and a whole sentence would otherwise be one "word" that any difference
 *   spoils. Format characters (bidi marks, which pdftotext wraps right-to-left runs in; soft hyphens) and Arabic and
 *   Hebrew vowel points are dropped: tools place a detached mark differently, and the word is the same without it. Markdown syntax (heading marks, table pipes and delimiter rows, fences, comments, link targets) is not
 *   text and is dropped before counting.
 * - Recall and precision: bag of words (multiset intersection over the truth's and the output's counts).
 * - Reading order: the longest common subsequence of the two word sequences, each kept to the words both share (as
 *   many occurrences of a word as the other side has), divided by the shared count: 1 when the shared words come in
 *   the same order.
 * - Table cells: pipe tables aligned by order (the truth's first with the output's first…), a cell right when the
 *   output has the same normalised text at the same row and column; F1 of right cells over the non-empty cells of
 *   each side.
 * - Headings: texts normalised as words, level ignored, matched as a multiset.
 */

/** Han, kana, Hangul and CJK punctuation blocks: written without spaces, counted one character a word. */
const CJK = /[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]/u;
const CJK_ALL = new RegExp(CJK.source, "gu");
/** Arabic harakat and Hebrew points (combining marks over the letters). */
const POINTS = /[\u0591-\u05c7\u064b-\u065f\u0670]/gu;

/** Markdown to the text a reader sees: comments, fences, heading marks, table pipes and link targets removed. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->/g, " ")
    .split("\n")
    .filter((line) => !/^\s*(```|~~~)/.test(line) && !isDelimiterRow(line))
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, "")
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/(?<!\\)\|/g, " "),
    )
    .join("\n");
}

/** One normalised word list, in order. */
export function words(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\p{Cf}/gu, "")
    .replace(POINTS, "")
    .replace(CJK_ALL, (c) => ` ${c} `)
    .split(/\s+/u)
    .map((w) => w.replace(/[\p{P}\p{S}]/gu, ""))
    .filter((w) => w !== "");
}

/** A cell's or heading's text as one comparable string. */
export const normalise = (text: string): string => words(text).join(" ");

const counts = (xs: readonly string[]) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};

const sharedCount = (a: Map<string, number>, b: Map<string, number>) => {
  let n = 0;
  for (const [w, c] of a) n += Math.min(c, b.get(w) ?? 0);
  return n;
};

/** A ratio, or null when there is nothing to divide by (printed "-", left out of averages). */
export type Ratio = number | null;
const ratio = (num: number, den: number): Ratio => (den === 0 ? null : num / den);

export function wordScores(truth: readonly string[], produced: readonly string[]): { recall: Ratio; precision: Ratio } {
  const shared = sharedCount(counts(truth), counts(produced));
  return { recall: ratio(shared, truth.length), precision: ratio(shared, produced.length) };
}

/** Each sequence kept to the words the other has, no more occurrences of a word than the other side has. */
const keepShared = (xs: readonly string[], other: Map<string, number>) => {
  const left = new Map(other);
  return xs.filter((w) => {
    const n = left.get(w) ?? 0;
    if (n === 0) return false;
    left.set(w, n - 1);
    return true;
  });
};

/** Length of the longest common subsequence, in O(n·m) time and O(m) memory. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

export function readingOrder(truth: readonly string[], produced: readonly string[]): Ratio {
  const a = keepShared(truth, counts(produced));
  const b = keepShared(produced, counts(truth));
  return ratio(lcsLength(a, b), a.length);
}

function isDelimiterRow(line: string): boolean {
  return /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/.test(line) && line.includes("-") && line.includes("|");
}

const splitRow = (line: string): string[] => {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  return s.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, "|").trim());
};

/** The pipe tables of a Markdown text, in order, each a list of rows of cell texts (header row first). */
export function tables(markdown: string): string[][][] {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, "").split("\n");
  const found: string[][][] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) fenced = !fenced;
    if (fenced) continue;
    // A table is a header line with a pipe, then a delimiter row, then rows until a line without a pipe.
    if (!lines[i]!.includes("|") || i + 1 >= lines.length || !isDelimiterRow(lines[i + 1]!)) continue;
    const rows = [splitRow(lines[i]!)];
    let j = i + 2;
    for (; j < lines.length && lines[j]!.includes("|") && lines[j]!.trim() !== ""; j++) rows.push(splitRow(lines[j]!));
    found.push(rows);
    i = j - 1;
  }
  return found;
}

/** Non-empty cells of tables aligned by order; a match is the same normalised text at the same place. */
export function tableCellScores(truth: readonly string[][][], produced: readonly string[][][]): { recall: Ratio; precision: Ratio; f1: Ratio } {
  const filled = (ts: readonly string[][][]) => ts.flat(2).filter((cell) => normalise(cell) !== "").length;
  let right = 0;
  truth.forEach((table, t) =>
    table.forEach((row, r) =>
      row.forEach((cell, c) => {
        const want = normalise(cell);
        if (want !== "" && normalise(produced[t]?.[r]?.[c] ?? "") === want) right++;
      }),
    ),
  );
  const recall = ratio(right, filled(truth));
  const precision = ratio(right, filled(produced));
  const f1 = recall === null ? null : recall + (precision ?? 0) === 0 ? 0 : (2 * recall * (precision ?? 0)) / (recall + (precision ?? 0));
  return { recall, precision, f1 };
}

/** ATX headings' texts (level dropped), outside code fences. */
export function headings(markdown: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) found.push(m[1]!);
  }
  return found;
}

export function headingScores(truth: readonly string[], produced: readonly string[]): { recall: Ratio; precision: Ratio } {
  const a = truth.map(normalise).filter((h) => h !== "");
  const b = produced.map(normalise).filter((h) => h !== "");
  const shared = sharedCount(counts(a), counts(b));
  return { recall: ratio(shared, a.length), precision: ratio(shared, b.length) };
}

/**
 * The pages a truth covers, from its `<!-- truth: pages A-B -->` comment (or `pages N`); null when it covers the
 * whole file.
 */
export function truthPages(markdown: string): { first: number; last: number } | null {
  const m = /<!--\s*truth:\s*pages?\s+(\d+)(?:\s*[-–]\s*(\d+))?\s*-->/.exec(markdown);
  if (!m) return null;
  const first = Number(m[1]);
  return { first, last: m[2] === undefined ? first : Number(m[2]) };
}

/** The mean of the ratios that exist, or null when none does. */
export function mean(xs: readonly Ratio[]): Ratio {
  const present = xs.filter((x): x is number => x !== null);
  return present.length === 0 ? null : present.reduce((s, x) => s + x, 0) / present.length;
}
