/**
 * Peak memory of a process tree (Linux /proc): every `intervalMs` the tree under `root` is found from the `ppid` of
 * every process in /proc, and the `VmRSS` of each member (/proc/<pid>/status) is summed. The service's tree holds its
 * node process (worker threads are threads, in its RSS), the LibreOffice pool (oosplash → soffice.bin, and the
 * python3 UNO worker of each instance) and tsx's esbuild helper.
 *
 * Summed RSS counts pages shared between processes (libraries, LibreOffice's mapped files) once per process, so it
 * overstates what the tree costs the machine; it is what `ps` and a container's per-process view show.
 *
 * The sampler also remembers every process it saw (pid and start time), so the bench can tell whether any outlived
 * the service's stop and end exactly those.
 */
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  /** Field 22 of /proc/<pid>/stat: the start time in clock ticks, to tell a reused pid from the one seen. */
  readonly start: string;
}

const readProc = async (pid: number): Promise<Proc | null> => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    return { pid, ppid: Number(fields[1]), comm, start: fields[19]! };
  } catch {
    return null; // gone meanwhile
  }
};

const startOf = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
};

const rssKb = async (pid: number): Promise<number> => {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
};

/** The processes of the tree under `root`, root included. */
export const processTree = async (root: number): Promise<Proc[]> => {
  const pids = (await readdir("/proc")).filter((n) => /^\d+$/.test(n)).map(Number);
  const procs = (await Promise.all(pids.map(readProc))).filter((p): p is Proc => p !== null);
  const children = new Map<number, Proc[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const rootProc = procs.find((p) => p.pid === root);
  if (!rootProc) return [];
  const tree: Proc[] = [];
  const queue = [rootProc];
  while (queue.length) {
    const p = queue.shift()!;
    tree.push(p);
    queue.push(...(children.get(p.pid) ?? []));
  }
  return tree;
};

export interface Sample {
  readonly at: number;
  /** Summed RSS in kB, the whole tree and the root process alone. */
  readonly totalKb: number;
  readonly rootKb: number;
  /** kB by process name (`node`, `soffice.bin`, `python3`…) and how many of each. */
  readonly byName: ReadonlyMap<string, { kb: number; count: number }>;
}

export interface TreeSampler {
  /** The largest sample taken between two `performance.now()` times (all when absent). */
  readonly peak: (from?: number, to?: number) => Sample | null;
  /** Processes seen in the tree at any time that still run with the same start time (synchronous: usable at exit). */
  readonly survivors: () => Proc[];
  readonly stop: () => Promise<void>;
}

export const sampleTree = (root: number, intervalMs = 200): TreeSampler => {
  const samples: Sample[] = [];
  const seen = new Map<number, Proc>();
  let stopped = false;
  const once = async () => {
    const tree = await processTree(root);
    if (!tree.length) return;
    const sizes = await Promise.all(tree.map((p) => rssKb(p.pid)));
    const byName = new Map<string, { kb: number; count: number }>();
    tree.forEach((p, i) => {
      seen.set(p.pid, p);
      const entry = byName.get(p.comm) ?? { kb: 0, count: 0 };
      byName.set(p.comm, { kb: entry.kb + sizes[i]!, count: entry.count + 1 });
    });
    samples.push({ at: performance.now(), totalKb: sizes.reduce((a, b) => a + b, 0), rootKb: sizes[0]!, byName });
  };
  // One sample at a time: a slow scan (a busy machine) delays the next instead of piling up.
  const loop = (async () => {
    while (!stopped) {
      const began = performance.now();
      await once();
      await new Promise((r) => setTimeout(r, Math.max(0, intervalMs - (performance.now() - began))));
    }
  })();
  return {
    peak: (from = -Infinity, to = Infinity) =>
      samples.filter((s) => s.at >= from && s.at <= to).reduce<Sample | null>((best, s) => (best === null || s.totalKb > best.totalKb ? s : best), null),
    survivors: () => [...seen.values()].filter((p) => startOf(p.pid) === p.start),
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
};
