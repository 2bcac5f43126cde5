/**
 * The sector checklist (interface, checks: "Sector checklist"): the recognised sector's guide shapes the writing,
 * and after it a judge answers each point of the sector's checklist from the text. A document no sector checklist
 * claims is held to the general checklist of its type (report, letter…) the same way, because the quality levels
 * promise checks at `standard` and `best` for every document a model wrote, not only a known sector's. The caller's
 * instructions win: a point the request rules out is skipped and said so. The score (0–100, met over met and unmet)
 * goes out as event `quality.checked`; each unmet point is an issue `quality.check_failed`. A "met" must quote the
 * document: code looks the quote up, and one that is not there counts as unmet, so the score never rests on the
 * judge's word alone.
 */
import type { TextCheck, TextCheckContext, WritingScope } from "../../../core/contracts/check-plugin.ts";
import { ModelUnavailable } from "../../../core/contracts/model.ts";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import { checklistFor, checklistOf, generalChecklists, pointsFor, type Checklist, type ChecklistPoint } from "./match.ts";
import { askJudge, documentText, locateQuote, VERDICTS, type ChecklistAnswer, type DocumentText, type PointAnswer } from "./judge.ts";

export { checklistFor, checklistOf, checklists, generalChecklists, pointsFor, type Checklist, type ChecklistPoint } from "./match.ts";

const CLOSING = "The request wins over any of these rules.";

const checkedAt = (quality: WritingScope["quality"] | undefined): boolean => quality === "standard" || quality === "best";

export const writingGuide = (scope: Pick<WritingScope, "sector" | "type" | "quality">): string | undefined => {
  const sector = checklistFor(scope.sector);
  // The general checklist guides only the writing it will judge: a `fast` document is written as before.
  const list = sector ?? (checkedAt(scope.quality) ? generalChecklists[scope.type] : undefined);
  if (!list) return undefined;
  const rules = list.guide.split("\n").filter((line) => line.trim() !== "");
  const points = pointsFor(list, scope.type);
  return [
    sector ? `Sector: ${list.id}. Write as a senior professional of this sector would:` : `Document type: ${scope.type} (no sector checklist applies). Write as a demanding editor expects of any ${scope.type}:`,
    ...rules.map((rule) => `- ${rule}`),
    ...(points.length ? [sector ? `A good ${scope.type} of this sector also:` : `A good ${scope.type} also:`, ...points.map((p) => `- ${p.text}`)] : []),
    CLOSING,
  ].join("\n");
};

/** How the report names the checklist: "Sector checklist (legal)", "General checklist (letter)". */
const titleOf = (list: Checklist): string => (list.general ? `General checklist (${list.general})` : `Sector checklist (${list.id})`);

/** Long judge wording is cut for the report: a reason, not an essay. */
const clip = (text: string, max: number): string => {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
};

/** A sentence ends once, whatever the judge ended it with. */
const sentence = (text: string): string => clip(text, 300).replace(/[.\s]+$/, "");

const requestText = (ctx: TextCheckContext): string | null => {
  const prompt = ctx.request?.prompt?.trim();
  return prompt ? prompt : null;
};

type Outcome = "met" | "unmet" | "skipped";

interface Judged {
  readonly point: ChecklistPoint;
  readonly outcome: Outcome;
  readonly diagnostic?: Diagnostic;
}

const judgeOne = (list: Checklist, point: ChecklistPoint, answer: PointAnswer | undefined, doc: DocumentText): Judged => {
  const name = titleOf(list);
  // An answer that leaves a point out gives no verdict on it; it is neither counted for nor against the text.
  if (!answer || !VERDICTS.includes(answer.verdict) || answer.verdict === "not_applicable") return { point, outcome: "skipped" };
  if (answer.verdict === "contradicted_by_request") {
    return {
      point,
      outcome: "skipped",
      diagnostic: {
        code: "quality.check_skipped",
        severity: "info",
        category: "quality",
        message: `${name}: "${point.text}" was not applied because the request asks otherwise (${sentence(answer.reason)}); the caller's instruction won.`,
      },
    };
  }
  const at = locateQuote(answer.evidence, doc);
  if (answer.verdict === "met" && at !== null) return { point, outcome: "met" };
  const why =
    answer.verdict === "met"
      ? `the judge found it met, but its evidence ${answer.evidence ? `"${clip(answer.evidence, 120)}" ` : ""}is not in the document (${sentence(answer.reason)})`
      : sentence(answer.reason);
  const excerpt = answer.verdict === "unmet" && at !== null ? ` At "${clip(answer.evidence!, 120)}".` : "";
  return {
    point,
    outcome: "unmet",
    diagnostic: {
      code: "quality.check_failed",
      severity: "warning",
      category: "quality",
      message: `${name}: ${point.text.replace(/\.$/, "")} — not met: ${why}.${excerpt}`,
      ...(answer.verdict === "unmet" && at !== null ? { nodeId: at } : {}),
    },
  };
};

const notChecked = (list: Checklist, why: string): Diagnostic => ({
  code: "quality.not_checked",
  severity: "info",
  category: "quality",
  message: `The ${list.general ? `general ${list.general}` : `${list.id} sector`} checklist was not checked: ${why}. No quality score was given.`,
});

export const sectorCheck: TextCheck = {
  id: "quality.sector",
  stage: "text",
  appliesTo: (ctx) => ctx.author === "model" && checkedAt(ctx.quality) && ctx.model.configured,
  writingGuide,
  run: async (ir: IRDocument, ctx) => {
    const list = checklistOf(ctx.sector, ctx.type);
    const points = pointsFor(list, ctx.type);
    const doc = documentText(ir);
    let answer: ChecklistAnswer;
    try {
      answer = await askJudge(ctx.model, { checklist: list, points, type: ctx.type, request: requestText(ctx), document: doc }, ctx.signal);
    } catch (error) {
      if (!(error instanceof ModelUnavailable)) throw error;
      return { diagnostics: [notChecked(list, `the judgment model could not answer (${clip(error.message, 200).replace(/\.$/, "")})`)] };
    }
    const byId = new Map<string, PointAnswer>();
    // The first answer for a point counts; a repeated one is the judge changing its mind mid-answer.
    for (const a of answer.points) if (!byId.has(a.id)) byId.set(a.id, a);
    const judged = points.map((p) => judgeOne(list, p, byId.get(p.id), doc));
    const met = judged.filter((j) => j.outcome === "met").length;
    const unmet = judged.filter((j) => j.outcome === "unmet").length;
    const skipped = judged.length - met - unmet;
    const diagnostics = judged.flatMap((j) => (j.diagnostic ? [j.diagnostic] : []));
    if (met + unmet === 0) {
      return { diagnostics: [...diagnostics, notChecked(list, "every point was ruled out by the request or does not apply to this document")] };
    }
    const score = Math.round((100 * met) / (met + unmet));
    return {
      diagnostics,
      events: [{ type: "quality.checked", data: { score, checklist: list.id, sector: list.general ? null : list.id, points: judged.length, met, unmet, skipped } }],
    };
  },
};
