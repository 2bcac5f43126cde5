/**
 * The sandbox that runs an agent's program (core/contracts/sandbox.ts; issue 16, "The program"): a separate node
 * process under bubblewrap, one fresh job folder per run (job.json, in/ read-only, out/ for the one file it may
 * write), removed afterwards. How the process is confined is args.ts; what runs inside is runner.cjs with the kit
 * of kit.ts; how a run ended is outcome.ts. The service stops a run on its wall clock or its caller's signal by
 * killing bwrap, which takes the whole process tree with it (its own pid namespace, --die-with-parent).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Sandbox, SandboxInput, SandboxLimits, SandboxResult } from "../../core/contracts/sandbox.ts";
import { launchCommand, nodeArgv, type LaunchPaths } from "./args.ts";
import { buildKit, type KitFolder } from "./kit.ts";
import { outcome, outputMessage, parseStatus, type Ended } from "./outcome.ts";
import { SandboxStartError } from "./errors.ts";

export { SandboxStartError } from "./errors.ts";

export const defaultSandboxLimits: SandboxLimits = { cpuSeconds: 30, memoryMb: 512, wallMs: 60_000, outputMb: 50 };

export interface BubblewrapOptions {
  /** The node_modules the program's libraries come from; default: the repository's. */
  readonly nodeModules?: string;
  /** The kit's `compile` entry; default: plugins/kit.ts. */
  readonly kitEntry?: string;
  /**
   * Where the kit bundle is kept (`quire-kit-<hash>`) and job folders are made; default: the system's temp folder.
   * A root service runs programs as an unprivileged user, who must be able to reach it (no 0700 folder on the way).
   */
  readonly cacheDir?: string;
  /** Every run's limits, each replaced by the run's own when it gives one. */
  readonly limits?: Partial<SandboxLimits>;
}

/** The program's console kept for the model; past this it is cut. */
const LOG_MAX = 64 * 1024;
/** A job folder this old belongs to no run (runs last a minute by default); one left by a killed service is removed. */
const STALE_JOB_MS = 60 * 60 * 1000;
/** Enough of node's own output to see V8's fatal error. */
const STDERR_MAX = 8 * 1024;

/** What the launchers say when they, not the program, fail (a mount refused, a limit not set). */
const startFailure = /^(bwrap|setpriv|prlimit): /m;

const repository = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/**
 * Each run of a root service gets its own unprivileged uid, so the process-count limit of one run is not shared
 * with another (args.ts). Chosen at random in a range no system account uses; in-process runs never share one.
 */
const uidsInUse = new Set<number>();
const takeUid = (): number => {
  for (;;) {
    const uid = 200_000 + Math.floor(Math.random() * 100_000);
    if (!uidsInUse.has(uid)) {
      uidsInUse.add(uid);
      return uid;
    }
  }
};

interface Spawned {
  readonly stdout: string;
  readonly cut: boolean;
  readonly ended: Ended;
}

export function bubblewrapSandbox(options: BubblewrapOptions = {}): Sandbox {
  const nodeModules = options.nodeModules ?? repository("node_modules");
  const kitEntry = options.kitEntry ?? repository("plugins/kit.ts");
  const cacheDir = options.cacheDir ?? os.tmpdir();
  /** A root service runs each program as its own unprivileged user (args.ts); set after `available()` found it cannot. */
  let asUser = process.getuid?.() === 0;
  /** The runs under way, each with the way to stop it. */
  const running = new Map<ChildProcess, (why: "timeout" | "cancelled") => void>();

  let kit: Promise<KitFolder> | null = null;
  const kitFolder = () => {
    kit ??= buildKit(kitEntry, cacheDir).catch((cause: unknown) => {
      kit = null;
      throw new SandboxStartError({ message: `the kit could not be built: ${String(cause)}`, cause });
    });
    return kit;
  };

  /** A fresh job folder: job.json and in/ for the runner to read, out/ for the sandboxed user to write. */
  const fillJob = async (dir: string, input: SandboxInput, uid: number | null): Promise<void> => {
    await chmod(dir, 0o755);
    await mkdir(path.join(dir, "in"));
    await mkdir(path.join(dir, "out"), { mode: 0o700 });
    if (uid !== null) await chown(path.join(dir, "out"), uid, uid);
    await writeFile(path.join(dir, "job.json"), JSON.stringify({ program: input.program, format: input.format, kit: input.kit }));
    for (const file of input.files ?? []) {
      const name = path.basename(file.name);
      if (name === "" || name === "." || name === "..") throw new SandboxStartError({ message: `an input file has no usable name: ${JSON.stringify(file.name)}` });
      await writeFile(path.join(dir, "in", name), file.bytes);
    }
  };

  const launch = (paths: LaunchPaths, limits: SandboxLimits, uid: number | null, argv: string[], signal?: AbortSignal) =>
    new Promise<Spawned>((resolve, reject) => {
      const { command, args } = launchCommand(paths, limits, uid, argv);
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe", "pipe"], detached: true });
      let stdout = "";
      let cut = false;
      let stderr = "";
      let status = "";
      let stoppedFor: Ended["stoppedFor"] = null;
      const stop = (why: "timeout" | "cancelled") => {
        stoppedFor ??= why;
        // The group holds bwrap (prlimit and setpriv exec into it); its sandbox dies with it.
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      };
      running.set(child, stop);
      const timer = setTimeout(() => stop("timeout"), limits.wallMs);
      const onAbort = () => stop("cancelled");
      signal?.addEventListener("abort", onAbort, { once: true });
      child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        if (stdout.length + chunk.length <= LOG_MAX) stdout += chunk;
        else {
          stdout += chunk.slice(0, Math.max(0, LOG_MAX - stdout.length));
          cut = true;
        }
      });
      child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_MAX);
      });
      (child.stdio[3] as NodeJS.ReadableStream).setEncoding("utf8");
      (child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: string) => {
        if (status.length < 16 * 1024) status += chunk;
      });
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        running.delete(child);
      };
      child.on("error", (cause) => {
        settle();
        reject(new SandboxStartError({ message: `the sandbox could not start: ${cause.message}`, cause }));
      });
      child.on("close", (code, killedBy) => {
        settle();
        const exit = code ?? (killedBy ? 128 + os.constants.signals[killedBy] : null);
        resolve({ stdout, cut, ended: { code: exit, status: parseStatus(status), stderr, stoppedFor } });
      });
    });

  const limitsOf = (input: SandboxInput): SandboxLimits => ({ ...defaultSandboxLimits, ...options.limits, ...input.limits });

  const run = async (input: SandboxInput): Promise<SandboxResult> => {
    const started = Date.now();
    const limits = limitsOf(input);
    const elapsed = () => Date.now() - started;
    if (input.signal?.aborted) return { ok: false, reason: "cancelled", message: "The run was cancelled.", log: "", ms: 0 };
    // The first run finds out how programs start here, as `available()` does; a failed start is not the program's.
    if (!(await available())) throw new SandboxStartError({ message: "bubblewrap does not run here" });
    const { dir: kitDir } = await kitFolder();
    const uid = asUser ? takeUid() : null;
    let jobDir: string | null = null;
    try {
      jobDir = await mkdtemp(path.join(cacheDir, "quire-job-"));
      await fillJob(jobDir, input, uid);
      const spawned = await launch({ nodeModules, kitDir, jobDir }, limits, uid, nodeArgv(input.format, limits.memoryMb), input.signal);
      const log = spawned.cut ? `${spawned.stdout}\n[… the log was cut at ${LOG_MAX / 1024} KB]` : spawned.stdout;
      if (spawned.ended.status === null && startFailure.test(spawned.ended.stderr)) {
        throw new SandboxStartError({ message: `the sandbox could not start: ${spawned.ended.stderr.trim().slice(0, 500)}` });
      }
      const ended = outcome(spawned.ended, limits);
      if (!ended.ok) return { ...ended, log, ms: elapsed() };
      const file = path.join(jobDir, "out", `result.${input.format}`);
      const size = await stat(file).then((s) => s.size, () => null);
      if (size === null) return { ok: false, reason: "no_output", message: "The program saved no file.", log, ms: elapsed() };
      if (size > limits.outputMb * 1024 * 1024) return { ok: false, reason: "output_too_big", message: outputMessage(limits), log, ms: elapsed() };
      return { ok: true, bytes: new Uint8Array(await readFile(file)), log, ms: elapsed() };
    } finally {
      if (jobDir) await rm(jobDir, { recursive: true, force: true });
      if (uid !== null) uidsInUse.delete(uid);
    }
  };

  /** Whether bwrap starts here with `uid` (null: as the service's own user) and runs node. */
  const starts = async (kitDir: string, uid: number | null): Promise<boolean> => {
    const jobDir = await mkdtemp(path.join(cacheDir, "quire-job-"));
    try {
      await chmod(jobDir, 0o755);
      await mkdir(path.join(jobDir, "out"));
      const limits = { ...defaultSandboxLimits, ...options.limits };
      const { stdout, ended } = await launch({ nodeModules, kitDir, jobDir }, limits, uid, [process.execPath, "--version"]);
      return ended.code === 0 && stdout.trim() === process.version;
    } finally {
      await rm(jobDir, { recursive: true, force: true });
    }
  };

  /** Job folders of runs whose service was killed before it could remove them. */
  const sweep = async () => {
    const names = await readdir(cacheDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith("quire-job-"))) {
      const folder = path.join(cacheDir, name);
      const old = await stat(folder).then((s) => Date.now() - s.mtimeMs > STALE_JOB_MS, () => false);
      if (old) await rm(folder, { recursive: true, force: true });
    }
  };

  let works: Promise<boolean> | null = null;
  /**
   * The real launch, with the kit built (so the first run does not wait for it), running `node --version`. A root
   * service where an unprivileged user may not make namespaces (some distributions forbid it) runs programs as root
   * in them instead, without the process-count limit.
   */
  const available = () => {
    works ??= (async () => {
      try {
        await sweep();
        const { dir: kitDir } = await kitFolder();
        if (!asUser) return await starts(kitDir, null);
        const uid = takeUid();
        try {
          if (await starts(kitDir, uid)) return true;
        } finally {
          uidsInUse.delete(uid);
        }
        asUser = false;
        return await starts(kitDir, null);
      } catch {
        return false;
      }
    })();
    return works;
  };

  const close = async () => {
    const ending = [...running].map(([child, stop]) => new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      stop("cancelled");
    }));
    await Promise.all(ending);
  };

  return { available, run, close };
}
