/**
 * Writing a planned part in the Markdown the compiler lays out (the format plugin's guide), in the request's
 * language, from the request and the fenced source passages only; a figure or fact nobody gave is left as a visible
 * gap `[DATO: …]`, never made up. The answer is cleaned of what models add around Markdown (a fence around it all,
 * chatter before the heading, a `#` the title owns), and a plain refusal is told apart from a short part.
 */
import type { ModelMessage } from "../contracts/model.ts";
import type { WritingGuide } from "../contracts/format-plugin.ts";
import type { DocType } from "../ir/types.ts";
import type { Outline, PlannedPart } from "./outline.ts";
import { guidanceText, request, UNTRUSTED } from "./fence.ts";

export interface PartBrief {
  readonly prompt: string;
  readonly type: DocType;
  readonly language: string;
  readonly guide: WritingGuide;
  readonly outline: Outline;
  /** Which part, from 0. */
  readonly index: number;
  /** The passages of the sources most relevant to this part, fenced; empty when there are none. */
  readonly sources: string;
  readonly pictures: number;
  /** What the checks ask the writing to heed (a sector's guide); empty when nothing. */
  readonly guidance: string;
  /** Today (`2026-03-01`) by the Clock service, which the facts check takes as given too (a letter dated today). */
  readonly today: string;
}

const sizeOf = (unit: WritingGuide["unit"], part: PlannedPart) =>
  unit === "section" ? `about ${part.size} words` : unit === "slide" ? `${part.size} slide(s), each starting with its own ## heading` : unit === "sheet" ? `a table of about ${part.size} data rows` : "";

const FACTS =
  "Use only facts, figures, dates, names, amounts and quotes that are in the request or in the sources. Where the document needs one that was not given, write a gap marker such as [DATO: client's tax id] instead of inventing it. Never invent citations of laws or cases.";

const system = (brief: Pick<PartBrief, "type" | "language" | "guide" | "guidance" | "today">, what: string) =>
  [
    `You write ${what} of a ${brief.type} for a document service. Write in the language "${brief.language}". Today is ${brief.today}.`,
    brief.guide.guide,
    FACTS,
    UNTRUSTED,
    ...(brief.guidance ? [guidanceText(brief.guidance)] : []),
    "Answer with the Markdown only: no preface, no comment after it, no code fence around it.",
  ].join("\n\n");

const planText = (outline: Outline, unit: WritingGuide["unit"]) =>
  [
    `Title: ${outline.title}${outline.subtitle ? ` — ${outline.subtitle}` : ""}`,
    ...outline.parts.map((p, i) => `${i + 1}. ${p.heading}: ${p.purpose}${p.columns.length ? ` (columns: ${p.columns.join(", ")})` : ""}${unit === "sheet" && p.formulas.length ? ` (formulas: ${p.formulas.join("; ")})` : ""}${unit === "page" && p.blocks.length ? ` (blocks: ${p.blocks.join(", ")})` : ""}`),
    ...(outline.assumptions.length ? ["Assumptions (use these names in formulas):", ...outline.assumptions.map((a) => `- ${a.label} \`${a.name}\` = ${a.value}`)] : []),
  ].join("\n");

export const partMessages = (brief: PartBrief): ModelMessage[] => {
  const part = brief.outline.parts[brief.index]!;
  const unit = brief.guide.unit;
  return [
    { role: "system", content: system(brief, unit === "slide" ? "some slides" : unit === "sheet" ? "one sheet" : "one section") },
    {
      role: "user",
      content: [
        request(brief.prompt),
        `The whole plan (other parts are written separately; do not repeat them):\n${planText(brief.outline, unit)}`,
        `Write part ${brief.index + 1}: "${part.heading}". ${part.purpose} Size: ${sizeOf(unit, part)}.${part.columns.length ? ` Columns: ${part.columns.join(" | ")}.` : ""}${
          unit === "sheet" && part.formulas.length ? ` Formulas: ${part.formulas.join("; ")}.` : ""
        } Start with the line "## ${part.heading}".`,
        brief.pictures ? `Pictures you may place where they belong: ![description](img:1) … ![description](img:${brief.pictures}).` : "",
        brief.sources,
      ]
        .filter(Boolean)
        .join("\n\n"),
    },
  ];
};

export interface PageBrief extends Omit<PartBrief, "index"> {}

/** A page is written at once: its blocks name collections that other blocks read. */
export const pageMessages = (brief: PageBrief): ModelMessage[] => [
  { role: "system", content: system(brief, "the whole web page") },
  {
    role: "user",
    content: [
      request(brief.prompt),
      `The plan:\n${planText(brief.outline, "page")}`,
      `Write the whole page, starting with the line "# ${brief.outline.title}" and a short paragraph saying what the page is for.`,
      brief.pictures ? `Pictures you may place: ![description](img:1) … ![description](img:${brief.pictures}).` : "",
      brief.sources,
    ]
      .filter(Boolean)
      .join("\n\n"),
  },
];

/** Reasoning models served by Ollama or llama.cpp put their thinking in the content, before the answer. */
const withoutThinking = (text: string) => text.replace(/^\s*<think>[\s\S]*?<\/think>/i, "");

const REFUSAL = /^\s*(?:i'?m sorry|i am sorry|sorry,|i can(?:not|'t)|i won'?t|i am unable|i'm unable|as an ai|lo siento|no puedo|disculpa)/i;

/** A short answer that opens as a refusal and has no Markdown structure: the model declined. */
export const isRefusal = (text: string): boolean => {
  const answer = withoutThinking(text);
  return answer.length < 600 && REFUSAL.test(answer) && !/^#{1,6}\s/m.test(answer);
};

/** The part as Markdown: thinking and a fence around it removed, chatter before the first heading dropped, `#` demoted, its heading ensured. */
export const cleanPart = (text: string, heading: string, keepTitle = false): string => {
  let body = withoutThinking(text.replace(/\r\n?/g, "\n")).trim();
  const fenced = /^```(?:markdown|md)?[ \t]*\n([\s\S]*?)\n```$/i.exec(body);
  if (fenced) body = fenced[1]!.trim();
  const firstHeading = body.search(/^#{1,3}\s/m);
  if (firstHeading > 0 && body.slice(0, firstHeading).trim().split("\n").length <= 2 && /:\s*$/.test(body.slice(0, firstHeading).trim())) body = body.slice(firstHeading);
  if (!keepTitle) body = body.replace(/^#\s/gm, "## ");
  if (!keepTitle && !/^##\s/.test(body)) body = `## ${heading}\n\n${body}`;
  return body;
};

/** A cut-off answer ends at its last whole block, so no half sentence or broken table is laid out. */
export const lastWholeBlock = (text: string): string => {
  const end = text.lastIndexOf("\n\n");
  return end > 0 ? text.slice(0, end).trimEnd() : text;
};

/** The document's Markdown: the title (not for a letter, which opens with its addresses), the subtitle, the parts. */
export const assemble = (outline: Outline, parts: ReadonlyArray<string>, type: DocType): string => {
  const head = type === "letter" ? [] : [`# ${outline.title}`, ...(outline.subtitle ? [outline.subtitle] : [])];
  const assumptions = outline.assumptions.length
    ? ["## Assumptions", ["| Assumption | Value |", "|---|---|", ...outline.assumptions.map((a) => `| ${a.label.replace(/\|/g, "/")} \`${a.name}\` | ${a.value.replace(/\|/g, "/")} |`)].join("\n")]
    : [];
  return [...head, ...assumptions, ...parts].join("\n\n") + "\n";
};
