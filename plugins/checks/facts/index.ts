/**
 * Unsupported facts (interface, checks: "Unsupported facts"; issue 14): every figure, date and quotation of text a
 * model wrote is matched against the request and the sources. What they do not support is replaced by a visible
 * `[DATO: …]` gap (figures and dates) or left as written (quotations, which a gap would break, and facts in the
 * title or across a link's edge); each one is reported as `content.unsupported_fact` at its block.
 *
 * Code decides first (extract.ts: what counts as a fact; support.ts: what counts as support, arithmetic included);
 * the judge is asked once, only about what code could not back, and only when a model is configured. Its "supported"
 * counts only with evidence code can verify (judge.ts). A judge that cannot be reached never fails the document:
 * the deterministic result stands and the messages say the judgment was skipped.
 *
 * Gap labels are in the document's language (the one the request named, `ctx.language`, else the IR's, else the text's;
 * core/doctype/language-tag.ts), from core/doctype/labels.ts: amount / percentage / figure / date, importe /
 * porcentaje / cifra / fecha, Betrag / Prozentsatz / Zahl / Datum, montant / pourcentage / chiffre / date…
 * Figures and dates are read in the eight languages' forms by core/keydata (extract.ts, normalise.ts).
 */
import type { TextCheck, TextCheckContext } from "../../../core/contracts/check-plugin.ts";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import type { Fact } from "./extract.ts";
import { extractFacts } from "./extract.ts";
import type { Candidate, Confirmation } from "./judge.ts";
import { confirm } from "./judge.ts";
import { quireWords } from "../../../core/doctype/labels.ts";
import { sampleText } from "../../../core/doctype/language.ts";
import { languageTag } from "../../../core/doctype/language-tag.ts";
import type { Run } from "./replace.ts";
import { cellHoldsOnly, gapper, inCode, replaceable, runsOf } from "./replace.ts";
import type { Pool, Support } from "./support.ts";
import { buildPool, supportOf, tolerance } from "./support.ts";

export const FACT_CODE = "content.unsupported_fact";

const NOUN: Record<Fact["kind"], string> = { amount: "amount", percent: "percentage", number: "figure", date: "date", quote: "quotation" };
const PLACE: Record<Run["kind"], string> = { paragraph: "paragraph", heading: "heading", cell: "table cell", title: "title" };

interface Found {
  readonly run: Run;
  readonly fact: Fact;
  support?: Support;
}

/** The caller's own words: the prompt, the Markdown given and the document's name. */
export const requestText = (ctx: Pick<TextCheckContext, "request">): string => {
  const r = ctx.request;
  if (!r) return "";
  return [r.name, r.prompt, r.content?.markdown].filter((t): t is string => typeof t === "string" && t !== "").join("\n\n");
};

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Today as the writer was told it, in a form the normaliser reads. */
const todayWritten = (now: Date) => `${now.getUTCDate()} ${MONTH_NAMES[now.getUTCMonth()]} ${now.getUTCFullYear()}`;

/** The sentence around the fact, cut to about 100 characters each side. */
function excerpt(text: string, fact: Pick<Fact, "start" | "end">): string {
  let from = fact.start;
  while (from > 0 && fact.start - from < 100 && !(text[from - 1] === "\n" || (/[.!?]/.test(text[from - 2] ?? "") && /\s/.test(text[from - 1]!)))) from--;
  let to = fact.end;
  while (to < text.length && to - fact.end < 100 && !(text[to] === "\n" || (/[.!?]/.test(text[to]!) && (to + 1 >= text.length || /\s/.test(text[to + 1]!))))) to++;
  if (to < text.length && /[.!?]/.test(text[to]!)) to++;
  const body = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `${from > 0 && !/[.!?\n]\s*$/.test(text.slice(0, from)) ? "…" : ""}${body}${to < text.length && !/[.!?]$/.test(body) ? "…" : ""}`;
}

/**
 * A cell equal to the sum of the figures above it in its column (at least two, all supported) is supported as their
 * total. Rows are read top down, so a total of subtotals that were themselves backed counts too.
 */
function columnTotals(found: Found[]): void {
  const cells = found.filter((f) => f.run.cell && !f.run.cell.header && f.fact.kind !== "date" && f.fact.kind !== "quote" && cellHoldsOnly(f.run, f.fact));
  const byColumn = new Map<string, Found[]>();
  for (const f of cells) {
    const key = `${f.run.cell!.table.id}:${f.run.cell!.column}`;
    byColumn.set(key, [...(byColumn.get(key) ?? []), f]);
  }
  for (const column of byColumn.values()) {
    column.sort((a, b) => a.run.cell!.row - b.run.cell!.row);
    column.forEach((cell, k) => {
      if (cell.support || k < 2) return;
      const above = column.slice(0, k);
      // Once one total closes a group, the cells after it start a new group.
      const lastTotal = above.map((f) => f.support?.how === "column").lastIndexOf(true);
      const terms = above.slice(lastTotal + 1);
      if (terms.length < 2 || terms.some((t) => !t.support)) return;
      const sum = terms.reduce((s, t) => s + t.fact.value!, 0);
      if (Math.abs(sum - cell.fact.value!) <= tolerance(cell.fact) + 0.005 * terms.length) {
        cell.support = { how: "column", detail: `the total of ${terms.map((t) => t.fact.raw.trim()).join(" + ")} above it in its column` };
      }
    });
  }
}

/** Facts that stand for one candidate: the same words, judged once. */
const keyOf = (f: Found) => `${f.fact.kind}:${f.fact.raw.replace(/\s+/g, " ").trim()}`;

/** What the judge said, by candidate key (`keyOf`). */
type JudgeOutcome =
  | { state: "not_needed" }
  | { state: "done"; confirmed: Map<string, Confirmation>; overruled: Set<string>; asked: Set<string> }
  | { state: "skipped"; why: string };

async function judge(unsupported: Found[], ctx: TextCheckContext, pool: Pool, request: string): Promise<JudgeOutcome> {
  if (unsupported.length === 0) return { state: "not_needed" };
  if (!ctx.model.configured) return { state: "skipped", why: "no model is configured" };
  const groups = new Map<string, Found>();
  for (const f of unsupported) if (!groups.has(keyOf(f))) groups.set(keyOf(f), f);
  const keys = [...groups.keys()];
  // Short ids on the wire; the judge need not repeat the document's words back.
  const candidates: Candidate[] = keys.map((key, i) => ({ id: `f${i + 1}`, fact: groups.get(key)!.fact, excerpt: excerpt(groups.get(key)!.run.text, groups.get(key)!.fact) }));
  try {
    const judgment = await confirm(ctx.model, candidates, { request, sources: ctx.sources, pool }, ctx.signal);
    const byKey = <T>(ids: Iterable<string>, value: (id: string) => T) => new Map([...ids].map((id) => [keys[Number(id.slice(1)) - 1]!, value(id)] as const));
    return {
      state: "done",
      confirmed: byKey(judgment.confirmed.keys(), (id) => judgment.confirmed.get(id)!),
      overruled: new Set(byKey(judgment.overruled, () => true).keys()),
      asked: new Set(byKey(judgment.asked, () => true).keys()),
    };
  } catch (error) {
    // Cancellation is the caller's decision, not a missing judgment.
    ctx.signal.throwIfAborted();
    return { state: "skipped", why: error instanceof Error ? error.message : String(error) };
  }
}

/** What the message adds about the judge, for a fact still unsupported. */
function judgeNote(outcome: JudgeOutcome, key: string): string {
  switch (outcome.state) {
    case "not_needed":
      return "";
    case "skipped":
      return ` The judge could not be asked (${outcome.why}), so paraphrases and longer calculations were not considered.`;
    case "done":
      if (outcome.overruled.has(key)) return " The judge called it supported, but its evidence did not show it, so that was not taken.";
      return outcome.asked.has(key) ? " The judge did not find it in the sources either." : " The judge was not asked about it (too many candidates in one document).";
  }
}

const quoteShort = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

export const factsCheck: TextCheck = {
  id: "facts",
  stage: "text",
  appliesTo: (ctx) => ctx.author === "model",
  run: async (ir, ctx) => {
    // The writer is told today's date (core/writing/write.ts), so a letter dated today is dated from what it was given.
    const request = `${requestText(ctx)}\n\n${todayWritten(ctx.now ?? new Date())}`;
    const pool = buildPool(request, ctx.sources.map((s) => s.text));
    // The check changes its own copy: the runner's IR stays as it was if this one is not taken.
    const work: IRDocument = structuredClone(ir);
    const runs = runsOf(work);
    const found: Found[] = [];
    for (const run of runs) {
      for (const fact of extractFacts(run.text, { mode: "text", numbered: run.kind !== "cell" })) {
        if (inCode(run, fact)) continue;
        const support = supportOf(fact, pool);
        found.push(support ? { run, fact, support } : { run, fact });
      }
    }
    columnTotals(found);

    const outcome = await judge(found.filter((f) => !f.support), ctx, pool, request);
    if (outcome.state === "done") {
      for (const f of found) {
        const hit = f.support ? undefined : outcome.confirmed.get(keyOf(f));
        if (hit) f.support = { how: "judge", detail: `the judge found "${quoteShort(hit.evidence)}" (${hit.reason})` };
      }
    }

    const units = runs.map((r) => ({ text: r.text, kind: r.kind }));
    const gapWords = quireWords(languageTag(sampleText(units), ctx.language ?? ir.language)).gap;

    const diagnostics: Diagnostic[] = [];
    const toReplace = new Map<Run, Found[]>();
    let replaced = 0;
    let flagged = 0;
    for (const f of found) {
      const where =
        f.run.cell && f.run.cell.column > 0 && f.run.cell.rowLabel
          ? `table cell "${quoteShort(f.run.text.trim())}" of the row "${quoteShort(f.run.cell.rowLabel)}"`
          : `${PLACE[f.run.kind]} "${quoteShort(excerpt(f.run.text, f.fact))}"`;
      const what = `${NOUN[f.fact.kind]} ${f.fact.kind === "quote" ? quoteShort(f.fact.raw) : `"${f.fact.raw.trim()}"`}`;
      if (f.support?.how === "judge" && f.fact.kind === "quote") {
        diagnostics.push({ code: FACT_CODE, severity: "info", category: "content", message: `The ${what} in the ${where} is not word for word in the sources; it was kept because ${f.support.detail}. Check that the wording is right before it is presented as a quotation.`, nodeId: f.run.nodeId });
        continue;
      }
      if (f.support) continue;
      const because = f.fact.kind === "quote" ? "these words are not in the request or the sources" : "it is not in the request or the sources, nor calculated from them";
      if (f.fact.kind !== "quote" && replaceable(f.run, f.fact)) {
        toReplace.set(f.run, [...(toReplace.get(f.run) ?? []), f]);
        replaced++;
        const label = gapWords[f.fact.kind];
        diagnostics.push({ code: FACT_CODE, severity: "warning", category: "content", message: `Removed the ${what} from the ${where}: ${because}. It is now the gap [DATO: ${label}] to fill in.${judgeNote(outcome, keyOf(f))}`, nodeId: f.run.nodeId });
      } else {
        flagged++;
        const kept = f.fact.kind === "quote" ? "It was kept, since removing it would break the sentence; check it against the original or remove the quotation marks." : "It was kept, since a gap cannot be put there; check it before the document goes out.";
        diagnostics.push({ code: FACT_CODE, severity: "warning", category: "content", message: `The ${what} in the ${where} is not supported: ${because}. ${kept}${judgeNote(outcome, keyOf(f))}`, nodeId: f.run.nodeId });
      }
    }

    const gaps = gapper(work);
    for (const [run, facts] of toReplace) gaps.replace(run, facts.map((f) => f.fact), (i) => gapWords[facts[i]!.fact.kind as Exclude<Fact["kind"], "quote">]);

    const count = (kinds: Fact["kind"][]) => found.filter((f) => kinds.includes(f.fact.kind)).length;
    return {
      diagnostics,
      ...(replaced > 0 ? { ir: work } : {}),
      events: [
        {
          type: "facts.checked",
          data: {
            figures: count(["amount", "percent", "number"]),
            dates: count(["date"]),
            quotes: count(["quote"]),
            supported: found.filter((f) => f.support).length,
            replaced,
            flagged,
            judge: outcome.state,
          },
        },
      ],
    };
  },
};
