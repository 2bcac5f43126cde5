/**
 * The warm LibreOffice pool behind `OfficeConverter` (core/contracts/engines.ts; DESIGN.md, "renderers/"): office → PDF
 * for previews and layout checks, legacy .doc/.ppt/.xls → OOXML for the readers, xlsx → CSV with formulas
 * recalculated.
 *
 * A cold `soffice --convert-to` pays about 1.4 s of start-up per file. Here `size` LibreOffices (instance.ts) are
 * started once, in parallel, each with its own profile and UNO pipe, and stay up; a conversion is one JSON line to
 * an idle one. Requests wait in a FIFO queue while all are busy. An instance that runs past a conversion's
 * `timeoutMs`, dies, or whose conversion is aborted is killed (its whole process group) and restarted while the
 * others go on; the request fails with an `OfficeConversionError` saying why. A request that reaches an instance
 * whose soffice had already died (before touching the file) is quietly sent to another. Each instance is also
 * restarted after `recycleAfter` conversions, so leaks in a long-lived soffice cannot pile up.
 *
 * Files travel through the pool's private temp dir (profiles and one folder per conversion), removed on close().
 */
import { availableParallelism, tmpdir } from "node:os";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ConvertOptions, ConvertTarget, OfficeConverter, OfficeFormat } from "../../core/contracts/engines.ts";
import { OfficeConversionError } from "./errors.ts";
import { exportPlan, offeredTargets, type ExportPlan } from "./formats.ts";
import { Instance } from "./instance.ts";

export interface OfficeConverterOptions {
  /** How many LibreOffices run at once. Default: the machine's cores, at most 4. (`QUIRE_CONVERTERS` is read by the caller.) */
  readonly size?: number;
  /** Default per-conversion limit when a call gives none. Default 60 s. */
  readonly timeoutMs?: number;
  /** How long one LibreOffice may take to start and accept its worker. Default 60 s. */
  readonly startTimeoutMs?: number;
  /** Conversions after which an instance is restarted between two requests. Default 500. */
  readonly recycleAfter?: number;
  /** The `soffice` to run. Default `soffice` from PATH. */
  readonly soffice?: string;
  /** A python3 that can `import uno`. Default `/usr/bin/python3` (Debian's python3-uno) when present, else `python3`. */
  readonly python?: string;
  /**
   * Right after start, have each LibreOffice export an empty text, spreadsheet and presentation once, so no caller
   * pays for loading those modules (about 0.15 s each, on the first file of each kind). Default true.
   */
  readonly warmUp?: boolean;
  /** Where the pool's temp dir is made. Default the OS temp dir. */
  readonly tmpDir?: string;
}

export type InstanceState = "starting" | "idle" | "busy" | "down" | "closed";

export interface OfficeConverterStatus {
  readonly size: number;
  /** The pool's private temp dir (profiles, files in transit); removed by close(). */
  readonly tempDir: string;
  readonly queued: number;
  readonly instances: ReadonlyArray<{
    readonly index: number;
    readonly state: InstanceState;
    /** Conversions since this instance last started. */
    readonly conversions: number;
    /** Starts so far, the first included. */
    readonly starts: number;
    readonly pids: { readonly soffice?: number; readonly worker?: number };
  }>;
}

/** The converter plus a look inside, for health checks and tests. */
export interface OfficeConverterPool extends OfficeConverter {
  readonly status: () => OfficeConverterStatus;
}

/**
 * One LibreOffice per core, at most four; QUIRE_CONVERTERS sets it for a process that starts a pool without saying
 * (the CLI, the benches, the test suite, where each test file's pool is one: a second costs two seconds of CPU to
 * start and few files convert two files at once). The service passes its own setting (core/config.ts).
 */
export const defaultConverterCount = (): number => {
  const asked = Number(process.env.QUIRE_CONVERTERS);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.max(1, Math.min(availableParallelism(), 4));
};

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_START_TIMEOUT_MS = 60_000;
const DEFAULT_RECYCLE_AFTER = 500;
/** A request whose instance was found dead before it started is re-queued at most this many times. */
const MAX_REQUEUES = 3;
const MAX_BACKOFF_MS = 30_000;

interface Job {
  readonly id: number;
  readonly dir: string;
  readonly inPath: string;
  readonly outPath: string;
  readonly plan: ExportPlan;
  readonly timeoutMs: number;
  readonly resolve: (bytes: Uint8Array) => void;
  readonly reject: (error: OfficeConversionError) => void;
  settled: boolean;
  requeues: number;
  slot?: Slot;
  timer?: NodeJS.Timeout;
}

interface Slot {
  readonly instance: Instance;
  state: InstanceState;
  /** Bumped at every restart: a late answer or timer from an earlier life is ignored. */
  epoch: number;
  conversions: number;
  starts: number;
  failures: number;
  lastError?: string;
  job?: Job;
  retryTimer?: NodeJS.Timeout;
}

/**
 * Temp dirs left by pools of processes that died without closing (SIGKILL, power loss): their pid is in the name,
 * and a dir whose process is gone is removed. Dirs of live processes, or of other users, are left alone.
 */
const removeOrphans = async (base: string): Promise<void> => {
  const names = await readdir(base).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(/^quire-office-(\d+)-/.exec(name)?.[1]);
      if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
      try {
        process.kill(pid, 0);
        return; // alive
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") return; // EPERM: someone else's live process
      }
      await rm(join(base, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
};

const pythonDefault = (): string => (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");

/**
 * Starts the pool: all instances in parallel. Resolves as soon as one is ready (the others keep warming up and
 * take requests when they are); rejects with reason `unavailable` when none can start.
 */
export const startOfficeConverter = async (options: OfficeConverterOptions = {}): Promise<OfficeConverterPool> => {
  const size = Math.max(1, Math.floor(options.size ?? defaultConverterCount()));
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const recycleAfter = Math.max(1, options.recycleAfter ?? DEFAULT_RECYCLE_AFTER);
  const base = options.tmpDir ?? tmpdir();
  await removeOrphans(base);
  const root = await mkdtemp(join(base, `quire-office-${process.pid}-`));
  const jobsDir = join(root, "jobs");
  await mkdir(jobsDir);
  const settings = {
    soffice: options.soffice ?? "soffice",
    python: options.python ?? pythonDefault(),
    root,
    startTimeoutMs: options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    warmUp: options.warmUp ?? true,
  };

  let closed = false;
  let nextId = 0;
  const queue: Job[] = [];
  const slots: Slot[] = [];

  const fail = (job: Job, reason: OfficeConversionError["reason"], message: string, cause?: unknown) => {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    job.reject(new OfficeConversionError({ reason, message, cause }));
  };

  /** Starts (or restarts) a slot's LibreOffice; on failure retries later with a growing pause. */
  const start = (slot: Slot): Promise<void> => {
    const epoch = slot.epoch;
    slot.state = "starting";
    slot.starts += 1;
    return slot.instance.start().then(
      () => {
        if (closed || slot.epoch !== epoch) return;
        slot.failures = 0;
        slot.conversions = 0;
        slot.state = "idle";
        dispatch();
      },
      (error: Error) => {
        if (closed || slot.epoch !== epoch) return;
        slot.failures += 1;
        slot.lastError = error.message;
        slot.state = "down";
        const pause = Math.min(500 * 2 ** (slot.failures - 1), MAX_BACKOFF_MS);
        slot.retryTimer = setTimeout(() => {
          if (!closed && slot.epoch === epoch) restart(slot);
        }, pause);
        slot.retryTimer.unref();
        dispatch();
        throw error;
      },
    );
  };

  /** Kills a slot's LibreOffice (whatever it is doing) and starts a new one. */
  const restart = (slot: Slot): void => {
    if (closed) return;
    slot.epoch += 1;
    clearTimeout(slot.retryTimer);
    slot.job = undefined;
    slot.instance.kill();
    start(slot).catch(() => undefined);
  };

  const dispatch = (): void => {
    if (closed) return;
    while (queue.length > 0) {
      const slot = slots.find((s) => s.state === "idle");
      if (slot === undefined) break;
      run(slot, queue.shift()!);
    }
    // Nothing can serve the queue until a restart succeeds: say so instead of leaving callers waiting.
    if (queue.length > 0 && slots.every((s) => s.state === "down")) {
      const why = slots.map((s) => s.lastError).find((e) => e !== undefined) ?? "no LibreOffice is running";
      for (const job of queue.splice(0)) fail(job, "unavailable", `LibreOffice is unavailable: ${why}`);
    }
  };

  const run = (slot: Slot, job: Job): void => {
    const epoch = slot.epoch;
    slot.state = "busy";
    slot.job = job;
    job.slot = slot;
    job.timer = setTimeout(() => {
      fail(job, "timeout", `LibreOffice took longer than ${job.timeoutMs} ms to convert the file; it was restarted`);
      restart(slot);
    }, job.timeoutMs);
    const request = {
      id: job.id,
      in_path: job.inPath,
      out_path: job.outPath,
      filter: job.plan.filter,
      family: job.plan.family,
      ...(job.plan.filterOptions === undefined ? {} : { filter_options: job.plan.filterOptions }),
    };
    void slot.instance.send(request).then(async (answer) => {
      clearTimeout(job.timer);
      const current = slot.epoch === epoch && !closed;
      if (current) slot.job = undefined;
      if (answer.lost) {
        if (current) restart(slot);
        if (job.settled) return;
        if (answer.started === false && job.requeues < MAX_REQUEUES) {
          job.requeues += 1;
          job.slot = undefined;
          queue.unshift(job);
          dispatch();
          return;
        }
        fail(job, "crashed", `LibreOffice stopped while converting the file (${answer.error ?? slot.lastError ?? "no detail"}); it was restarted`);
        return;
      }
      if (current) {
        slot.conversions += 1;
        if (slot.conversions >= recycleAfter) restart(slot);
        else slot.state = "idle";
        dispatch();
      }
      if (job.settled) return;
      if (!answer.ok) {
        fail(job, "rejected", `LibreOffice could not convert the file: ${answer.error ?? "no detail"}`);
        return;
      }
      try {
        const bytes = await readFile(job.outPath);
        if (job.settled) return;
        job.settled = true;
        job.resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      } catch (error) {
        fail(job, "rejected", "LibreOffice reported success but wrote no file", error);
      }
    });
  };

  const onDeath = (instance: Instance, why: string): void => {
    const slot = slots[instance.index];
    if (slot === undefined || closed) return;
    slot.lastError = why;
    // A running job learns of it from its send() answer (lost, started); here we only bring the slot back.
    restart(slot);
  };

  for (let i = 0; i < size; i++) {
    slots.push({
      instance: new Instance(i, settings, { onDeath }),
      state: "starting",
      epoch: 0,
      conversions: 0,
      starts: 0,
      failures: 0,
    });
  }

  const convert = async (input: Uint8Array, from: OfficeFormat, to: ConvertTarget, options: ConvertOptions = {}): Promise<Uint8Array> => {
    const plan = exportPlan(from, to);
    if (plan === undefined) {
      const offered = offeredTargets(from);
      throw new OfficeConversionError({
        reason: "unsupported",
        message:
          offered.length === 0
            ? `cannot convert from "${String(from)}": expected one of docx, pptx, xlsx, doc, ppt, xls`
            : `cannot convert ${from} to "${String(to)}": expected one of ${offered.join(", ")}`,
      });
    }
    if (input.byteLength === 0) throw new OfficeConversionError({ reason: "rejected", message: "the file is empty" });
    const { signal } = options;
    if (closed) throw new OfficeConversionError({ reason: "closed", message: "the office converter is closed" });
    if (signal?.aborted) throw new OfficeConversionError({ reason: "aborted", message: "the conversion was aborted", cause: signal.reason });

    const id = ++nextId;
    const dir = join(jobsDir, String(id));
    const inPath = join(dir, `in.${from}`);
    const outPath = join(dir, `out.${to}`);
    await mkdir(dir);
    try {
      await writeFile(inPath, input);
      return await new Promise<Uint8Array>((resolve, reject) => {
        const onAbort = () => {
          if (job.settled) return;
          const index = queue.indexOf(job);
          if (index >= 0) queue.splice(index, 1);
          fail(job, "aborted", "the conversion was aborted", signal?.reason);
          // Running: the only way to stop LibreOffice mid-file is to kill it.
          const slot = job.slot;
          if (slot !== undefined && slot.job === job) restart(slot);
        };
        const job: Job = {
          id,
          dir,
          inPath,
          outPath,
          plan,
          timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
          resolve: (bytes) => {
            signal?.removeEventListener("abort", onAbort);
            resolve(bytes);
          },
          reject: (error) => {
            signal?.removeEventListener("abort", onAbort);
            reject(error);
          },
          settled: false,
          requeues: 0,
        };
        if (closed) return fail(job, "closed", "the office converter is closed");
        if (signal?.aborted) return fail(job, "aborted", "the conversion was aborted", signal.reason);
        signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(job);
        dispatch();
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    for (const job of queue.splice(0)) fail(job, "closed", "the office converter was closed");
    await Promise.all(
      slots.map(async (slot) => {
        clearTimeout(slot.retryTimer);
        slot.state = "closed";
        if (slot.job !== undefined) fail(slot.job, "closed", "the office converter was closed during the conversion");
        slot.job = undefined;
        await slot.instance.stop();
      }),
    );
    await rm(root, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  };

  const status = (): OfficeConverterStatus => ({
    size,
    tempDir: root,
    queued: queue.length,
    instances: slots.map((slot) => ({
      index: slot.instance.index,
      state: slot.state,
      conversions: slot.conversions,
      starts: slot.starts,
      pids: slot.instance.pids,
    })),
  });

  // Start everything at once; be usable as soon as one instance is.
  const starts = slots.map((slot) => start(slot));
  try {
    await Promise.any(starts);
  } catch (error) {
    const reasons = error instanceof AggregateError ? error.errors.map((e: Error) => e.message) : [String(error)];
    await close();
    throw new OfficeConversionError({
      reason: "unavailable",
      message: `LibreOffice could not be started: ${[...new Set(reasons)].join("; ")}`,
      cause: error,
    });
  }
  return { convert, close, status };
};

let shared: Promise<OfficeConverterPool> | undefined;
let sharedOptions: OfficeConverterOptions | undefined;

const sharedPool = (): Promise<OfficeConverterPool> => {
  if (shared === undefined) {
    const starting = startOfficeConverter(sharedOptions);
    shared = starting;
    starting.catch(() => {
      if (shared === starting) shared = undefined;
    });
  }
  return shared;
};

const sharedFacade: OfficeConverter = {
  convert: async (input, from, to, options) => (await sharedPool()).convert(input, from, to, options),
  close: () => closeSharedOfficeConverter(),
};

/**
 * One pool per process, started on first use. `options` are those of the pool it starts: they count when no pool
 * is running (the first call, or the first after a close or a failed start). Returns at once, always the same
 * object; the first conversion waits for LibreOffice to be ready. A failed start is forgotten, so the next
 * conversion tries again. `close()` on it is `closeSharedOfficeConverter()`.
 */
export const sharedOfficeConverter = (options?: OfficeConverterOptions): OfficeConverter => {
  if (shared === undefined && options !== undefined) sharedOptions = options;
  return sharedFacade;
};

/** Stops the shared pool if it was started; the next conversion through `sharedOfficeConverter()` starts a new one. */
export const closeSharedOfficeConverter = async (): Promise<void> => {
  const current = shared;
  shared = undefined;
  if (current === undefined) return;
  const pool = await current.catch(() => undefined);
  await pool?.close();
};
