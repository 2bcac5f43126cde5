/**
 * The review's repair loop (issue 5, "Repairs"): one named fix per iteration, tried on a copy, kept only when the
 * re-inspection shows its issue gone or reduced, no new issues, and the same text and values as the file had before
 * any repair. Every attempt is a ledger entry, kept or not. Fixes of the package come first (a zip or a content-type
 * repair can make the rest readable), then errors before warnings.
 */
import type { Finding, Inspection } from "../contracts/review.ts";
import type { LedgerEntry } from "../compile/compile.ts";

export const MAX_REPAIR_ITERATIONS = 12;

export interface RepairLoopInput {
  readonly bytes: Uint8Array;
  /** The inspection of `bytes`; its `content` is the reference every repair is held to. */
  readonly inspection: Inspection;
  readonly inspect: (bytes: Uint8Array) => Promise<Inspection>;
  readonly repair: (bytes: Uint8Array, fix: string) => Promise<Uint8Array>;
  readonly signal?: AbortSignal;
  readonly maxIterations?: number;
}

export interface RepairLoopResult {
  readonly bytes: Uint8Array;
  readonly inspection: Inspection;
  readonly ledger: LedgerEntry[];
  readonly summary: { iterations: number; applied: number; rejected: number };
}

/** Issues as the ledger counts them: what a reader should look at, `info` left out. */
export const issueCount = (inspection: Inspection) => inspection.findings.filter((f) => f.severity !== "info").length;

const RANK = { error: 0, warning: 1, info: 2 } as const;

const nextFix = (findings: ReadonlyArray<Finding>, tried: ReadonlySet<string>): Finding | undefined =>
  findings
    .filter((f) => f.fix !== undefined && !tried.has(f.fix))
    .map((f, i) => ({ f, i }))
    .sort((a, b) => Number(!a.f.fix!.startsWith("package.")) - Number(!b.f.fix!.startsWith("package.")) || RANK[a.f.severity] - RANK[b.f.severity] || a.i - b.i)[0]?.f;

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** Where two contents first differ, in words for the ledger; null when they are equal. */
export const contentDifference = (before: readonly string[], after: readonly string[]): string | null => {
  const length = Math.max(before.length, after.length);
  for (let i = 0; i < length; i++) {
    if (before[i] === after[i]) continue;
    if (before[i] === undefined) return `"${clip(after[i]!)}" would be added`;
    if (after[i] === undefined) return `"${clip(before[i]!)}" would be lost`;
    return `"${clip(before[i]!)}" would become "${clip(after[i]!)}"`;
  }
  return null;
};

export const repairLoop = async (input: RepairLoopInput): Promise<RepairLoopResult> => {
  const reference = input.inspection.content;
  let current = { bytes: input.bytes, inspection: input.inspection };
  const ledger: LedgerEntry[] = [];
  const tried = new Set<string>();
  const max = input.maxIterations ?? MAX_REPAIR_ITERATIONS;
  for (let iteration = 1; iteration <= max; iteration++) {
    const target = nextFix(current.inspection.findings, tried);
    if (!target) break;
    const fix = target.fix!;
    tried.add(fix);
    const before = issueCount(current.inspection);
    const ofCode = (i: Inspection) => i.findings.filter((f) => f.code === target.code).length;
    const entry = { iteration, fix, issue_code: target.code, issues_before: before };
    try {
      const bytes = await input.repair(current.bytes, fix);
      const inspection = await input.inspect(bytes);
      const after = issueCount(inspection);
      const changed = contentDifference(reference, inspection.content);
      const reason = changed
        ? `the text or values would change (${changed}); the file was kept as it was`
        : ofCode(inspection) >= ofCode(current.inspection)
          ? "the repair did not remove the issue; the file was kept as it was"
          : after > before
            ? "the repair left more issues than before; the file was kept as it was"
            : null;
      ledger.push({ ...entry, outcome: reason ? "rejected" : "applied", issues_after: after, reason });
      if (!reason) current = { bytes, inspection };
    } catch (error) {
      input.signal?.throwIfAborted();
      ledger.push({ ...entry, outcome: "failed", issues_after: before, reason: `the repair could not run: ${(error as Error).message}` });
    }
  }
  return {
    ...current,
    ledger,
    summary: {
      iterations: ledger.length,
      applied: ledger.filter((l) => l.outcome === "applied").length,
      rejected: ledger.filter((l) => l.outcome !== "applied").length,
    },
  };
};
