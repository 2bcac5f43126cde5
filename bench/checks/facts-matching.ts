/**
 * Facts matching two ways, for `bench:checks`' comparison: the check's way (plugins/checks/facts: the request and the
 * sources read once into a pool, derivations looked up in its sorted index) against the naive way, where every fact
 * scans the request and every source again, re-reading and re-normalising their numbers, dates and quotations and
 * re-deriving every pair of numbers for it. Both use the check's own pieces (extract.ts, normalise.ts via the pool,
 * support.ts), so they must reach the same verdicts; the bench fails if they do not.
 */
import type { IRDocument } from "../../core/ir/types.ts";
import type { Fact } from "../../plugins/checks/facts/extract.ts";
import { extractFacts } from "../../plugins/checks/facts/extract.ts";
import { inCode, runsOf } from "../../plugins/checks/facts/replace.ts";
import { buildPool, derivation, supportOf, type Support } from "../../plugins/checks/facts/support.ts";

/** The facts the check reads from the document: every run, cells without their leading numbering rule. */
export const documentFacts = (ir: IRDocument): Fact[] =>
  runsOf(ir).flatMap((run) => extractFacts(run.text, { mode: "text", numbered: run.kind !== "cell" }).filter((fact) => !inCode(run, fact)));

/** How each fact is supported (undefined: not), the check's way: one pool for all facts. */
export const pooledSupport = (facts: ReadonlyArray<Fact>, request: string, sources: ReadonlyArray<string>): Array<Support | undefined> => {
  const pool = buildPool(request, sources);
  return facts.map((fact) => supportOf(fact, pool));
};

/**
 * The naive way: for every fact, the request and every source are read and normalised again. A fresh pool per fact
 * also means a fresh derivation index (support.ts caches it per pool), which is what pairing every two numbers again
 * for each fact costs.
 */
export const naiveSupport = (facts: ReadonlyArray<Fact>, request: string, sources: ReadonlyArray<string>): Array<Support | undefined> =>
  facts.map((fact) => supportOf(fact, buildPool(request, sources)));

export interface PooledPhases {
  /** Reading the request and sources into the pool (numbers, dates, normalised quotation texts). */
  readonly pool: number;
  /** Building the sorted index of every pair's operations, which the first derivation lookup does. */
  readonly index: number;
  /** Matching every fact once pool and index exist. */
  readonly lookups: number;
}

/** Where the pooled way's time goes, in ms: the same work as `pooledSupport`, one phase at a time. */
export const pooledPhases = (facts: ReadonlyArray<Fact>, request: string, sources: ReadonlyArray<string>): PooledPhases => {
  let started = performance.now();
  const pool = buildPool(request, sources);
  const poolMs = performance.now() - started;
  const probe = facts.find((f) => f.value !== undefined);
  started = performance.now();
  if (probe) derivation(probe, pool.numbers);
  const indexMs = performance.now() - started;
  started = performance.now();
  for (const fact of facts) supportOf(fact, pool);
  return { pool: poolMs, index: indexMs, lookups: performance.now() - started };
};
