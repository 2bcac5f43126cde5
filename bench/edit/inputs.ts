/**
 * The edit bench's inputs, made by our own renderers from Markdown so every run edits the same files: a report of
 * about 40 pages in Word (about 18,000 words at 450 a page, with headings, lists and tables) and a deck of 30 slides
 * with bullets and speaker notes. Deterministic (a seeded generator).
 */
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { formatPlugins } from "../../plugins/index.ts";

/** Words per page of a report in 11 pt with tables: how the benches count pages (bench/checks/document.ts). */
export const WORDS_PER_PAGE = 450;
export const TARGET_PAGES = 40;
export const TARGET_SLIDES = 30;

/** Mulberry32: the same text on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SUBJECTS = ["The regional team", "Our retail segment", "The logistics group", "The finance office", "Customer support", "The procurement desk", "The northern plant", "Field sales"];
const VERBS = ["reported", "delivered", "reviewed", "negotiated", "completed", "planned", "measured", "reduced"];
const OBJECTS = ["a steady renewal rate", "the supplier contracts", "its quarterly targets", "lower fuel costs", "a second warehouse", "faster ticket handling", "the new pricing model", "fewer late deliveries"];
const TAILS = ["despite a slow first month", "within the budget agreed in January", "ahead of the board's schedule", "with help from the central team", "after two rounds of review", "as the market recovered", "while hiring stayed flat", "for the third quarter in a row"];

const SYLLABLES = ["ka", "lo", "mer", "vin", "tra", "sol", "bre", "dun", "esk", "far", "gil", "hol", "ist", "jor", "kel", "mon", "nar", "ost", "pel", "rud"];

/** Account names and figures vary, so the text compresses about as well as a real report's, not like a repeated phrase. */
const sentence = (rnd: () => number, n: number) => {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const name = Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => pick(SYLLABLES)).join("").replace(/^./, (c) => c.toUpperCase());
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} for the ${name} account ${pick(TAILS)}, with a change of ${(((n * 37) % 19) + rnd() * 3).toFixed(1)}% against plan.`;
};

const paragraph = (rnd: () => number, sentences: number, seed: number) => Array.from({ length: sentences }, (_, i) => sentence(rnd, seed + i)).join(" ");

const table = (n: number) =>
  [
    "| Month | Units | Revenue | Margin |",
    "|---|---:|---:|---:|",
    ...["January", "February", "March", "April"].map((m, i) => `| ${m} | ${100 + n * 3 + i * 7} | $${(12_000 + n * 110 + i * 900).toLocaleString("en-US")} | ${20 + ((n + i) % 6)}% |`),
  ].join("\n");

/** One chapter: a heading, two subsections of prose, a bulleted and a numbered list, and every third chapter a table. */
const chapter = (rnd: () => number, n: number) =>
  [
    `## Chapter ${n}: results of unit ${n}`,
    "",
    paragraph(rnd, 9, n),
    "",
    `### ${n}.1 What changed`,
    "",
    paragraph(rnd, 8, n + 1),
    "",
    ...Array.from({ length: 4 }, (_, i) => `- ${sentence(rnd, n + i)}`),
    "",
    paragraph(rnd, 8, n + 2),
    "",
    `### ${n}.2 What comes next`,
    "",
    paragraph(rnd, 9, n + 3),
    "",
    ...Array.from({ length: 3 }, (_, i) => `${i + 1}. ${sentence(rnd, n + 5 + i)}`),
    "",
    ...(n % 3 === 0 ? [table(n), "", "The table sums up the first four months.", ""] : []),
    paragraph(rnd, 8, n + 4),
  ].join("\n");

const words = (markdown: string) => markdown.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** Chapters are added until the text reaches 40 pages' worth of words. */
export const reportMarkdown = (): { markdown: string; words: number } => {
  const rnd = seeded(15);
  const chapters: string[] = [];
  let markdown = "";
  while (words(markdown) < TARGET_PAGES * WORDS_PER_PAGE) {
    chapters.push(chapter(rnd, chapters.length + 1));
    markdown = `# Annual operations report\n\n${chapters.join("\n\n")}\n`;
  }
  return { markdown, words: words(markdown) };
};

/** A title slide (`# …`) and 29 content slides (`## …`), each with four bullets and speaker notes. */
export const deckMarkdown = (): string => {
  const rnd = seeded(30);
  const slides = Array.from({ length: TARGET_SLIDES - 1 }, (_, i) =>
    [
      `## Topic ${i + 1}: where unit ${i + 1} stands`,
      "",
      ...Array.from({ length: 4 }, (_, j) => `- ${OBJECTS[(i + j) % OBJECTS.length]!.replace(/^./, (c) => c.toUpperCase())}: ${((i * 7 + j * 3) % 17) + 2}% against plan`),
      "",
      `> Notes: ${sentence(rnd, i)} ${sentence(rnd, i + 1)}`,
    ].join("\n"),
  );
  return `# Quarterly board update\n\n${slides.join("\n\n")}\n`;
};

export interface BenchFile {
  readonly label: string;
  readonly format: "docx" | "pptx";
  readonly bytes: Uint8Array;
  /** Words of the Markdown it was made from (the report), for the page estimate. */
  readonly words: number;
}

const render = async (format: "docx" | "pptx", markdown: string): Promise<Uint8Array> => {
  const { ir, diagnostics } = readMarkdown(markdown);
  if (diagnostics.length > 0) throw new Error(`the ${format} bench input did not read cleanly: ${JSON.stringify(diagnostics)}`);
  const type = format === "pptx" ? "presentation" : "report";
  return (await formatPlugins.get(format)!.render!(ir, defaultStyle(type), { type })).bytes;
};

export const benchFiles = async (): Promise<{ report: BenchFile; deck: BenchFile }> => {
  const report = reportMarkdown();
  const deck = deckMarkdown();
  return {
    report: { label: "Word report", format: "docx", bytes: await render("docx", report.markdown), words: report.words },
    deck: { label: "deck", format: "pptx", bytes: await render("pptx", deck), words: words(deck) },
  };
};
