/**
 * The check runner (core/contracts/check-plugin.ts): runs the checks of one stage, in the order of the list, on the
 * IR each one leaves to the next. A check's events go out as document events as soon as it ends; its diagnostics,
 * repairs and report entries are gathered in list order.
 *
 * Checks never throw for a finding, so an exception is a check that could not run: it becomes one `check.failed`
 * warning (the document was not fully checked) and the other checks still run. The signal rules over all of it:
 * a fired signal stops the run between checks and while one is waiting (a model call that ignores it included).
 */
import type { components } from "../../generated/openapi.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { IRDocument } from "../ir/types.ts";
import type { CheckContext, CheckPlugin, PagesCheckResult, Repair, TextCheckResult } from "../contracts/check-plugin.ts";

export type EmitEvent = (type: string, data: Record<string, unknown>) => Promise<void>;

export interface ChecksRun {
  /** The IR after the stage: the given one unless a text check changed it. */
  readonly ir: IRDocument;
  readonly diagnostics: Diagnostic[];
  /** Pages stage: the repairs proposed, each with the issue code it answers (for the ledger). */
  readonly repairs: Array<Repair & { code: string }>;
  readonly keyData: Array<components["schemas"]["KeyData"]>;
}

type AnyResult = TextCheckResult & PagesCheckResult;

/** The check's result, or null when it is of another stage or declines this document. */
const runOne = async (check: CheckPlugin, ir: IRDocument, ctx: CheckContext): Promise<AnyResult | null> => {
  // Matching both stages here lets the compiler tie the check's context type to the one given.
  if (check.stage === "text" && ctx.stage === "text") return check.appliesTo(ctx) ? check.run(ir, ctx) : null;
  if (check.stage === "pages" && ctx.stage === "pages") return check.appliesTo(ctx) ? check.run(ir, ctx) : null;
  return null;
};

/** The work's outcome, or the signal's reason as soon as it fires. */
const untilAborted = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });

const failed = (check: CheckPlugin, error: unknown): Diagnostic => ({
  code: "check.failed",
  severity: "warning",
  category: check.stage === "pages" ? "layout" : "content",
  message: `The check ${check.id} could not run (${error instanceof Error ? error.message : String(error)}); what it looks for was not checked.`,
  fixable: false,
});

export const runChecks = async (checks: ReadonlyArray<CheckPlugin>, ir: IRDocument, ctx: CheckContext, emit: EmitEvent): Promise<ChecksRun> => {
  let current = ir;
  const diagnostics: Diagnostic[] = [];
  const repairs: ChecksRun["repairs"] = [];
  const keyData: ChecksRun["keyData"] = [];
  for (const check of checks) {
    if (check.stage !== ctx.stage) continue;
    ctx.signal.throwIfAborted();
    let result: AnyResult | null;
    try {
      result = await untilAborted(runOne(check, current, ctx), ctx.signal);
    } catch (error) {
      ctx.signal.throwIfAborted();
      diagnostics.push(failed(check, error));
      continue;
    }
    if (!result) continue;
    const { ir: changed, diagnostics: found, repairs: proposed = [], report, events = [] } = result;
    if (changed) current = changed;
    diagnostics.push(...found.map((d) => ({ ...d, fixable: d.fixable ?? proposed.length > 0 })));
    repairs.push(...proposed.map((r) => ({ ...r, code: found[0]?.code ?? check.id })));
    keyData.push(...(report?.keyData ?? []));
    for (const event of events) await emit(event.type, event.data);
  }
  return { ir: current, diagnostics, repairs, keyData };
};
