/**
 * What an agent may spend (interface, quality table: 25/40/60 steps, 1/2/4 page inspections), and the limits of one
 * program run. A step is one program the model writes and the sandbox runs; an inspection is one look at the pages.
 */
import type { Level } from "../writing/understand.ts";

export interface AgentBudget {
  readonly steps: number;
  readonly inspections: number;
}

export const AGENT_BUDGET: Record<Level, AgentBudget> = {
  fast: { steps: 25, inspections: 1 },
  standard: { steps: 40, inspections: 2 },
  best: { steps: 60, inspections: 4 },
};

/** One program run: enough to build a long document with the libraries, not enough to harm the machine. */
export const PROGRAM_LIMITS = { cpuSeconds: 30, memoryMb: 1024, wallMs: 45_000, outputMb: 50 };

/** Pages shown to the model at one inspection: the first ones and then evenly spread, so a long document stays affordable. */
export const INSPECTED_PAGES = 8;
/** Width of a page picture for the model: text stays legible, a page costs about a thousand input tokens. */
export const INSPECTION_WIDTH = 900;

/** Pages picked for an inspection out of `count`: all when few, else the first three and the rest spread evenly. */
export const pagesToInspect = (count: number, most = INSPECTED_PAGES): number[] => {
  if (count <= most) return Array.from({ length: count }, (_, i) => i + 1);
  const picked = new Set([1, 2, 3]);
  const rest = most - picked.size;
  for (let i = 1; i <= rest; i += 1) picked.add(Math.min(count, 3 + Math.round((i * (count - 3)) / rest)));
  return [...picked].sort((a, b) => a - b);
};

/** The whole agent's time (interface: "30 s to 2 min"); past it the last good file is kept or the fast path takes over. */
export const AGENT_DEADLINE_MS = 4 * 60_000;
