/**
 * Plan, then write (DESIGN.md, the model): before any text, the writer's model plans the document under a strict
 * schema: its title, and its parts with their purpose and size (words of a section, slides of a deck's part, rows
 * and columns of a sheet with its formulas, the blocks of a page), and a workbook's assumptions. The plan is checked
 * and bounded here, so a model that plans 300 slides makes a deck of a sensible size.
 */
import type { AnswerSchema, ModelMessage } from "../contracts/model.ts";
import type { WritingGuide } from "../contracts/format-plugin.ts";
import type { DocType } from "../ir/types.ts";
import { guidanceText, request, UNTRUSTED } from "./fence.ts";

export interface PlannedPart {
  readonly heading: string;
  readonly purpose: string;
  /** Words (section), slides (deck), rows (sheet); for a page, unused. */
  readonly size: number;
  readonly columns: ReadonlyArray<string>;
  readonly formulas: ReadonlyArray<string>;
  readonly blocks: ReadonlyArray<string>;
}

export interface Outline {
  readonly title: string;
  readonly subtitle: string;
  readonly parts: ReadonlyArray<PlannedPart>;
  /** Workbooks: inputs with the names formulas use. */
  readonly assumptions: ReadonlyArray<{ readonly label: string; readonly name: string; readonly value: string }>;
}

const str = { type: "string" } as const;
const strings = { type: "array", items: str } as const;

export const outlineSchema: AnswerSchema = {
  name: "document_outline",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["title", "subtitle", "parts", "assumptions"],
    properties: {
      title: str,
      subtitle: { ...str, description: "One short line under the title; empty when none." },
      parts: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["heading", "purpose", "size", "columns", "formulas", "blocks"],
          properties: {
            heading: str,
            purpose: { ...str, description: "What this part says or does, in one or two sentences." },
            size: { type: "integer", description: "Words for a document section, slides for a part of a deck, data rows for a sheet, 0 for a page section." },
            columns: { ...strings, description: "Column headers of this part's table or sheet; empty when none." },
            formulas: { ...strings, description: "Workbooks: the formulas this sheet needs, in words or as Excel formulas; empty otherwise." },
            blocks: { ...strings, description: "Pages: the interactive blocks of this section (form, list, vote, counter, chart, stat, todo, habits); empty otherwise." },
          },
        },
      },
      assumptions: {
        type: "array",
        description: "Workbooks: the inputs formulas use; empty otherwise.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["label", "name", "value"],
          properties: { label: str, name: { ...str, description: "snake_case name formulas use." }, value: str },
        },
      },
    },
  },
};

const UNIT_RULES: Record<WritingGuide["unit"], string> = {
  section: "Parts are the document's sections (3 to 12, fewer for a letter or memo), each with its size in words (80 to 900). A table goes in the part that needs it (its columns).",
  slide: "Parts are groups of slides (2 to 8 groups), each with its size in slides (1 to 5); 6 to 20 slides in all unless the request says otherwise.",
  sheet: "Parts are the workbook's sheets (1 to 6), each with its columns, its number of data rows (1 to 60) and its formulas. Put every input figure in assumptions with a snake_case name, so formulas use names, not typed numbers.",
  page: "Parts are the page's sections (1 to 8), each with the interactive blocks it holds (blocks) and what it is for.",
};

export interface OutlineBrief {
  readonly prompt: string;
  readonly type: DocType;
  readonly language: string;
  readonly title: string;
  readonly guide: WritingGuide;
  /** The most relevant passages of the sources, fenced. */
  readonly sources: string;
  readonly pictures: number;
  /** What the checks ask the writing to heed (a sector's guide); empty when nothing. */
  readonly guidance: string;
}

export const outlineMessages = (brief: OutlineBrief): ModelMessage[] => [
  {
    role: "system",
    content: [
      `You plan a ${brief.type} before it is written. Answer with the plan as JSON only, in the language "${brief.language}" for every heading and text.`,
      UNIT_RULES[brief.guide.unit],
      "Plan only what the request and the sources support; figures and facts are not invented later, so do not plan parts that would need facts nobody gave.",
      UNTRUSTED,
      ...(brief.guidance ? [guidanceText(brief.guidance)] : []),
      "This is how the parts will be written (so plan what can be written this way):",
      brief.guide.guide,
    ].join("\n\n"),
  },
  {
    role: "user",
    content: [
      request(brief.prompt),
      brief.title ? `Working title: ${brief.title}` : "",
      brief.pictures ? `${brief.pictures} picture(s) are given, to be placed as img:1…img:${brief.pictures}.` : "",
      brief.sources,
    ]
      .filter(Boolean)
      .join("\n\n"),
  },
];

const LIMITS: Record<WritingGuide["unit"], { parts: number; size: [number, number] }> = {
  section: { parts: 16, size: [40, 1500] },
  slide: { parts: 12, size: [1, 6] },
  sheet: { parts: 8, size: [1, 200] },
  page: { parts: 10, size: [0, 0] },
};

const clean = (text: unknown, max: number) => String(text ?? "").replace(/\s+/g, " ").trim().slice(0, max);
const clamp = (n: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, Number.isFinite(n) ? Math.round(n) : lo));

/** The model's plan, bounded: parts without a heading dropped, sizes and counts within the unit's limits. */
export const boundedOutline = (raw: { title: string; subtitle: string; parts: Array<Record<string, unknown>>; assumptions: Array<Record<string, unknown>> }, unit: WritingGuide["unit"], fallbackTitle: string): Outline => {
  const limits = LIMITS[unit];
  const parts = (raw.parts ?? [])
    .map((p) => ({
      heading: clean(p.heading, 120),
      purpose: clean(p.purpose, 600),
      size: clamp(Number(p.size), limits.size),
      columns: ((p.columns as unknown[]) ?? []).map((c) => clean(c, 60)).filter(Boolean).slice(0, 12),
      formulas: ((p.formulas as unknown[]) ?? []).map((f) => clean(f, 200)).filter(Boolean).slice(0, 20),
      blocks: ((p.blocks as unknown[]) ?? []).map((b) => clean(b, 40)).filter(Boolean).slice(0, 6),
    }))
    .filter((p) => p.heading)
    .slice(0, limits.parts);
  const names = new Set<string>();
  const assumptions = unit !== "sheet" ? [] : (raw.assumptions ?? [])
    .map((a) => ({ label: clean(a.label, 80), name: clean(a.name, 60).toLowerCase().replace(/[^a-z0-9_]+/g, "_").replace(/^([^a-z_])/, "_$1"), value: clean(a.value, 60) }))
    .filter((a) => a.label && a.name && !names.has(a.name) && names.add(a.name))
    .slice(0, 40);
  return { title: clean(raw.title, 200) || fallbackTitle, subtitle: clean(raw.subtitle, 200), parts, assumptions };
};
