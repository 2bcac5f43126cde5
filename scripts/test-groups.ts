/**
 * Which test files share a process (issue 31). Each `node --test` process costs its start and the load of what its
 * file imports (the format plugins alone: 2.6 s of CPU built), and on this CPU-bound suite that is time: measured on
 * the 185 files outside the service suites, 410 s of CPU one process each; the 149 cheapest of them in one process,
 * 180 → 56 s. So the files that test modules in process run a few groups at a time, each group one process whose
 * files' tests run one after another, sharing the modules (and the one LibreOffice) they load.
 *
 * A file runs alone when it needs its own process: the service suites (a service each, or settings and timings of
 * their own) and files with a top-level `beforeEach`/`afterEach`, which in a group would run around every test of it.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
/** Enough groups to keep three processes busy to the end, few enough that each loads the modules once. */
const GROUPS = 6;

/** What one test process runs: one file, or a group of them; `ms` is what the last runs measured, if they did. */
export interface TestUnit {
  readonly files: readonly string[];
  readonly ms: number | undefined;
}

/** Whether `file` (a path from the repository's root) needs a process of its own (above). */
export const runsAlone = (file: string): boolean =>
  /^test\/(server|clients)\//.test(file) || /^(beforeEach|afterEach)\(/m.test(readFileSync(join(ROOT, file), "utf8"));

/**
 * The files as processes, the longest first as the last runs measured them; what was not measured comes first, in the
 * order given (a fresh checkout: the order given). Grouped files go to the lightest group, the longest first, so the
 * groups come out about even; unmeasured files weigh what a measured one does in the middle.
 */
export const testUnits = (files: readonly string[], times: Readonly<Record<string, number>>): TestUnit[] => {
  const together = files.filter((f) => !runsAlone(f));
  const known = together.map((f) => times[f]).filter((ms): ms is number => ms !== undefined).sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (f: string) => times[f] ?? typical;
  const groups = Array.from({ length: Math.min(GROUPS, together.length) }, () => ({ files: [] as string[], weight: 0 }));
  for (const file of [...together].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weight(file);
  }
  const measured = (fs: readonly string[]) => (fs.every((f) => times[f] !== undefined) ? fs.reduce((sum, f) => sum + times[f]!, 0) : undefined);
  const units: TestUnit[] = [
    ...files.filter(runsAlone).map((f) => ({ files: [f], ms: times[f] })),
    ...groups.map((g) => ({ files: [...g.files].sort((a, b) => files.indexOf(a) - files.indexOf(b)), ms: measured(g.files) })),
  ];
  const first = (u: TestUnit) => Math.min(...u.files.map((f) => files.indexOf(f)));
  return [
    ...units.filter((u) => u.ms === undefined).sort((a, b) => first(a) - first(b)),
    ...units.filter((u) => u.ms !== undefined).sort((a, b) => b.ms! - a.ms!),
  ];
};
