/**
 * Where a create's time goes, from the service's own record: the document's events (`GET /documents/{id}/events`,
 * a `text/event-stream` that, for a finished document, sends the stored events and closes).
 *
 * The events that mark time are `document.created`, `status.changed` (`running`, phase `starting`), one
 * `phase.changed` per phase the pipeline enters (core/operations: `reading`, `rendering`, `repairing`, `previewing`,
 * `storing`) and the final `document.ready`/`document.failed`. A phase lasts from its event to the next of these;
 * other events (`request.understood`, `quality.chosen`) fall inside a phase and do not end it. `queued` is from
 * `document.created` to `running`, and `starting` is from `running` to the first phase (handing the job to a worker
 * thread). Event times are the server's `created_at`, stored to the millisecond.
 */
import { median } from "../stats.ts";

export interface DocEvent {
  readonly type: string;
  readonly created_at: string;
  readonly data: Record<string, unknown>;
}

/** The stored events of a finished document, parsed from the SSE frames (`data:` lines hold the whole event). */
export const readEvents = async (baseUrl: string, key: string, id: string): Promise<DocEvent[]> => {
  const res = await fetch(`${baseUrl}/documents/${id}/events`, { headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" } });
  if (!res.ok) throw new Error(`GET /documents/${id}/events answered ${res.status}`);
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5).trim()) as DocEvent);
};

const MARKS = new Set(["document.created", "status.changed", "phase.changed", "document.ready", "document.failed", "document.canceled"]);

/** Milliseconds per phase of one document, in the order entered (a phase entered twice is summed), and the total. */
export const phaseSpans = (events: readonly DocEvent[]): { spans: Map<string, number>; totalMs: number } => {
  const marks = events.filter((e) => MARKS.has(e.type));
  const spans = new Map<string, number>();
  for (let i = 0; i < marks.length - 1; i++) {
    const e = marks[i]!;
    const name = e.type === "document.created" ? "queued" : String(e.data.phase ?? e.data.status);
    const ms = Date.parse(marks[i + 1]!.created_at) - Date.parse(e.created_at);
    spans.set(name, (spans.get(name) ?? 0) + ms);
  }
  const totalMs = marks.length ? Date.parse(marks[marks.length - 1]!.created_at) - Date.parse(marks[0]!.created_at) : 0;
  return { spans, totalMs };
};

/** Whether the events carry anything finer than phases (per-step timings). */
export const finerThanPhases = (events: readonly DocEvent[]) => events.some((e) => !MARKS.has(e.type) && typeof e.data.ms === "number");

export interface PhaseSummary {
  readonly documents: number;
  /** Median ms per phase, in the order first met, and how many documents went through it. */
  readonly phases: Map<string, { ms: number; documents: number }>;
  /** Median of created → finished. */
  readonly totalMs: number;
  readonly finer: boolean;
}

/** The phases of these documents, read one after another (`ids` of finished documents). */
export const summarisePhases = async (baseUrl: string, key: string, ids: readonly string[]): Promise<PhaseSummary> => {
  const spans = new Map<string, number[]>();
  const totals: number[] = [];
  let finer = false;
  for (const id of ids) {
    const events = await readEvents(baseUrl, key, id);
    finer ||= finerThanPhases(events);
    const { spans: s, totalMs } = phaseSpans(events);
    for (const [name, ms] of s) spans.set(name, [...(spans.get(name) ?? []), ms]);
    totals.push(totalMs);
  }
  const phases = new Map([...spans].map(([name, ms]) => [name, { ms: median(ms), documents: ms.length }]));
  return { documents: ids.length, phases, totalMs: totals.length ? median(totals) : NaN, finer };
};

/** Up to `n` of `xs`, spread evenly over the run (the start, the middle and the end of a load all count). */
export const spread = <T>(xs: readonly T[], n: number): T[] => (xs.length <= n ? [...xs] : Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]!));
