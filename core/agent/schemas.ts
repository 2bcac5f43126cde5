/** The answers the agent's model gives, as strict JSON schemas (every property required, nothing else allowed). */
import type { AnswerSchema } from "../contracts/model.ts";

export const PROBLEM_KINDS = ["overlap", "overflow", "cut_text", "empty_space", "contrast", "missing_content", "other"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** One step: what the program changes, and the whole program. */
export interface StepAnswer {
  plan: string;
  program: string;
}

export const stepSchema: AnswerSchema = {
  name: "agent_program",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["plan", "program"],
    properties: {
      plan: { type: "string", description: "One or two sentences: what this program builds or what it changes from the last one, and why." },
      program: { type: "string", description: "The whole JavaScript program (the body of an async function), not a diff." },
    },
  },
};

export interface Problem {
  page: number;
  kind: ProblemKind;
  description: string;
  fix: string;
}

/** One look at the rendered pages. */
export interface InspectionAnswer {
  problems: Problem[];
  verdict: "good" | "correct";
}

export const inspectionSchema: AnswerSchema = {
  name: "page_inspection",
  schema: {
    type: "object",
    additionalProperties: false,
    required: ["problems", "verdict"],
    properties: {
      problems: {
        type: "array",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["page", "kind", "description", "fix"],
          properties: {
            page: { type: "integer", description: "The page (or slide, or sheet page) number written under its picture." },
            kind: { type: "string", enum: [...PROBLEM_KINDS] },
            description: { type: "string", description: "What is wrong and where on the page, in one sentence." },
            fix: { type: "string", description: "How the program should change to fix it, in one sentence." },
          },
        },
      },
      verdict: { type: "string", enum: ["good", "correct"], description: "good: nothing needs correcting; correct: the program must be changed." },
    },
  },
};

/** An inspection's answer made safe: pages within the document, kinds known, text bounded. */
export const inspected = (raw: InspectionAnswer, pages: number): InspectionAnswer => {
  const problems = (Array.isArray(raw.problems) ? raw.problems : []).slice(0, 20).map((p) => ({
    page: Number.isInteger(p.page) && p.page >= 1 && p.page <= pages ? p.page : 1,
    kind: (PROBLEM_KINDS as readonly string[]).includes(p.kind) ? p.kind : "other",
    description: String(p.description ?? "").slice(0, 400),
    fix: String(p.fix ?? "").slice(0, 400),
  }));
  // A verdict of "good" with problems listed is taken at its word only when the problems are gone.
  return { problems, verdict: raw.verdict === "good" && problems.length === 0 ? "good" : problems.length ? "correct" : "good" };
};
