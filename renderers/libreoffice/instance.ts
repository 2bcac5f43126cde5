/**
 * One warm LibreOffice: a long-lived `soffice` listening on a private UNO pipe, with its own user profile, and the
 * Python worker (worker.py, python3-uno) that drives it. The pool (pool.ts) owns a few of these, sends each one
 * request at a time, and kills and restarts one that hangs or dies; this module only starts, talks to and kills
 * the pair.
 *
 * Both processes are started detached, each the leader of its own process group: `soffice` is a shell script that
 * runs oosplash, which runs soffice.bin (and restarts it once after creating a fresh profile), so killing the group
 * is the only way to be sure every piece is gone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";

export interface InstanceSettings {
  readonly soffice: string;
  readonly python: string;
  /** The pool's private temp dir; profiles live under it. */
  readonly root: string;
  readonly startTimeoutMs: number;
  /** Have the worker export an empty document of each kind right after start (see worker.py). */
  readonly warmUp: boolean;
}

export interface WorkerRequest {
  readonly id: number;
  readonly in_path: string;
  readonly out_path: string;
  readonly filter: string;
  readonly family: string;
  readonly filter_options?: string;
}

export interface WorkerAnswer {
  readonly id: number;
  readonly ok: boolean;
  readonly error?: string;
  /** soffice is gone. */
  readonly lost?: boolean;
  /** False when soffice was gone before this request touched the file. */
  readonly started?: boolean;
}

const WORKER = fileURLToPath(new URL("./worker.py", import.meta.url));

/**
 * Settings written into each fresh profile before soffice first reads it (the same keys as Tools ▸ Options):
 * macros never run, no autosave or recovery files, no lock files, links not updated, no first-start wizard.
 */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  ["/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"],
  ["/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", "true"],
  ["/org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", "true"],
  ["/org.openoffice.Office.Recovery/AutoSave", "Enabled", "false"],
  ["/org.openoffice.Office.Recovery/RecoveryInfo", "Enabled", "false"],
  ["/org.openoffice.Office.Common/Misc", "UseLocking", "false"],
  ["/org.openoffice.Office.Common/Misc", "FirstRun", "false"],
  ["/org.openoffice.Office.Writer/Content/Update", "Link", "0"],
  ["/org.openoffice.Office.Calc/Content/Update", "Link", "0"],
]
  .map(([path, name, value]) => `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`)
  .join("\n")}
</oor:items>
`;

/** Keeps the last few KB a process wrote, for error messages. */
const tail = (limit = 4000) => {
  let text = "";
  return {
    push: (chunk: Buffer) => {
      text = (text + chunk.toString("utf8")).slice(-limit);
    },
    get: () => text.trim(),
    clear: () => {
      text = "";
    },
  };
};

const killGroup = (child: ChildProcess | undefined) => {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
};

/**
 * How the accept pipes of a pool's instance begin; each start appends its generation, so a restarted soffice does
 * not meet its predecessor's pipe. The pool folder's own suffix is in it: two pools of one process (a test's and a
 * service's) must not share a pipe.
 */
export const pipePrefix = (root: string, index: number): string => `quire_${process.pid}_${basename(root).split("-").pop()}_${index}_`;

/**
 * The sockets a soffice makes (in /tmp, or /var/tmp where /tmp is not writable) and removes only when it exits on its
 * own: its accept pipe, and its single-instance pipe, which LibreOffice names after the profile's URL (the MD5 of the
 * URL's UTF-16 code units, each byte in hex without padding). Ours are always killed, so kill() removes them; before,
 * every stop, recycle and crash left two files in /tmp.
 */
export const pipeFiles = (pipe: string, profileUrl: string): string[] => {
  const single = `SingleOfficeIPC_${[...createHash("md5").update(Buffer.from(profileUrl, "utf16le")).digest()].map((b) => b.toString(16)).join("")}`;
  const uid = process.getuid?.() ?? 0;
  return ["/tmp", "/var/tmp"].flatMap((dir) => [pipe, single].map((name) => join(dir, `OSL_PIPE_${uid}_${name}`)));
};

const removeQuietly = (path: string) => {
  try {
    rmSync(path, { force: true });
  } catch {
    // Not ours to remove after all; a leftover socket harms nothing.
  }
};

export interface InstanceEvents {
  /** A process of the pair ended (or the worker said soffice is gone) when nobody asked it to. */
  readonly onDeath: (instance: Instance, why: string) => void;
}

/** Every group started and not yet killed in this process, so an exiting node takes them with it. */
const live = new Set<Instance>();
let exitHookInstalled = false;
const installExitHook = () => {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const instance of live) instance.kill();
  });
};

export class Instance {
  readonly index: number;
  readonly profile: string;
  /** Starts at 0; each start uses a fresh pipe name, so a dead soffice's socket is never in the way. */
  private generation = 0;
  private soffice?: ChildProcess;
  private worker?: ChildProcess;
  private pending?: { id: number; resolve: (answer: WorkerAnswer) => void };
  /** Set while start() waits for the worker: kill() ends the wait at once. */
  private abortStart?: (why: string) => void;
  /** Pending after soffice died mid-request: the worker's last chance to answer. */
  private lastWords?: NodeJS.Timeout;
  private dead = true;
  /** The sockets of the soffice started last (pipeFiles). */
  private sockets: string[] = [];
  private readonly sofficeLog = tail();
  private readonly workerLog = tail();

  constructor(
    index: number,
    private readonly settings: InstanceSettings,
    private readonly events: InstanceEvents,
  ) {
    this.index = index;
    this.profile = join(settings.root, `profile-${index}`);
    installExitHook();
  }

  /** Process ids, for operators and tests: soffice's group leader and the worker. */
  get pids(): { soffice?: number; worker?: number } {
    return { soffice: this.soffice?.pid, worker: this.worker?.pid };
  }

  /** Starts soffice and its worker and resolves once the worker is connected. Rejects (and kills both) on failure. */
  async start(): Promise<void> {
    this.kill();
    const generation = ++this.generation;
    const pipe = `${pipePrefix(this.settings.root, this.index)}${generation}`;
    this.sockets = pipeFiles(pipe, pathToFileURL(this.profile).href);
    const userDir = join(this.profile, "user");
    await mkdir(userDir, { recursive: true });
    // A profile is seeded once; after a crash soffice reuses it (faster start), minus a stale lock file.
    await writeFile(join(userDir, "registrymodifications.xcu"), REGISTRY, { flag: "wx" }).catch(() => undefined);
    await rm(join(this.profile, ".lock"), { force: true });
    if (this.generation !== generation) throw new Error("LibreOffice was stopped while starting");

    this.sofficeLog.clear();
    this.workerLog.clear();
    const env = { ...process.env, SAL_USE_VCLPLUGIN: "svp" };
    const soffice = spawn(
      this.settings.soffice,
      [
        `-env:UserInstallation=${pathToFileURL(this.profile).href}`,
        "--headless",
        "--invisible",
        "--nologo",
        "--norestore",
        "--nodefault",
        "--nolockcheck",
        "--nofirststartwizard",
        `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`,
      ],
      { detached: true, stdio: ["ignore", "pipe", "pipe"], env },
    );
    this.soffice = soffice;
    soffice.stdout?.on("data", this.sofficeLog.push);
    soffice.stderr?.on("data", this.sofficeLog.push);

    const worker = spawn(
      this.settings.python,
      [
        "-u",
        WORKER,
        "--pipe",
        pipe,
        "--connect-timeout",
        String(Math.ceil(this.settings.startTimeoutMs / 1000)),
        "--soffice-pgid",
        String(soffice.pid ?? 0),
        ...(this.settings.warmUp ? ["--scratch", this.profile] : []),
      ],
      // PYTHON* from a pyenv or virtualenv would hide the system's `uno` module.
      { detached: true, stdio: ["pipe", "pipe", "pipe"], env: withoutPythonVars(env) },
    );
    this.worker = worker;
    worker.stderr?.on("data", this.workerLog.push);
    worker.stdin?.on("error", () => undefined); // EPIPE when the worker dies; reported through "exit".
    live.add(this);
    this.dead = false;

    const current = () => this.generation === generation && !this.dead;
    const ready = new Promise<void>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const fail = (why: string) => {
        clearTimeout(timer);
        this.abortStart = undefined;
        if (settled) return;
        settled = true;
        if (current()) this.kill();
        reject(new Error(why));
      };
      this.abortStart = fail;
      timer = setTimeout(
        () => fail(`LibreOffice did not start within ${this.settings.startTimeoutMs} ms${this.details()}`),
        this.settings.startTimeoutMs,
      );
      const lines = createInterface({ input: worker.stdout! });
      let isReady = false;
      lines.on("line", (line) => {
        let message: { ready?: boolean; error?: string } & Partial<WorkerAnswer>;
        try {
          message = JSON.parse(line);
        } catch {
          this.workerLog.push(Buffer.from(line + "\n"));
          return;
        }
        if (!isReady) {
          if (message.ready === true && !settled) {
            clearTimeout(timer);
            this.abortStart = undefined;
            settled = true;
            isReady = true;
            resolve();
          } else fail(`LibreOffice worker could not connect: ${message.error ?? line}${this.details()}`);
          return;
        }
        const pending = this.pending;
        if (pending !== undefined && message.id === pending.id) {
          this.pending = undefined;
          pending.resolve(message as WorkerAnswer);
        }
      });
      const exited = (what: string) => (code: number | null, signal: NodeJS.Signals | null) => {
        if (!current()) return;
        const why = `${what} exited (${signal ?? `code ${code}`})${this.details()}`;
        if (!isReady) {
          fail(`LibreOffice failed to start: ${why}`);
          return;
        }
        if (what === "soffice" && this.pending !== undefined) {
          // The worker is about to notice and answer, saying whether it had touched the file yet (worker.py);
          // that answer decides whether the request may be tried elsewhere. Give it a moment before killing it.
          this.lastWords = setTimeout(() => {
            if (!current()) return;
            this.kill();
            this.events.onDeath(this, why);
          }, 1000);
          return;
        }
        this.kill();
        this.events.onDeath(this, why);
      };
      soffice.once("exit", exited("soffice"));
      // "close", not "exit": only then has every line the worker wrote been read (its last answer included).
      worker.once("close", exited("worker"));
      soffice.once("error", (error) => fail(`cannot run ${this.settings.soffice}: ${error.message}`));
      worker.once("error", (error) => fail(`cannot run ${this.settings.python}: ${error.message}`));
    });
    await ready;
  }

  /**
   * Sends one request and resolves with the worker's answer. Resolves `{ ok: false, lost: true }` if the pair
   * dies before answering (the pool learns why through `onDeath`).
   */
  send(request: WorkerRequest): Promise<WorkerAnswer> {
    return new Promise((resolve) => {
      if (this.dead || this.worker?.stdin == null) {
        resolve({ id: request.id, ok: false, error: "LibreOffice is not running", lost: true, started: false });
        return;
      }
      this.pending = { id: request.id, resolve };
      this.worker.stdin.write(JSON.stringify(request) + "\n");
    });
  }

  /** Kills both and waits (up to 3 s) until the processes we spawned have exited. */
  async stop(): Promise<void> {
    const children = [this.worker, this.soffice].filter((c): c is ChildProcess => c !== undefined);
    this.kill();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(resolve, 3000);
            child.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  }

  /** Kills both process groups now. Safe to call at any time, any number of times. */
  kill(): void {
    const wasAlive = !this.dead;
    this.dead = true;
    this.generation += 1;
    clearTimeout(this.lastWords);
    killGroup(this.worker);
    killGroup(this.soffice);
    for (const socket of this.sockets) removeQuietly(socket);
    this.worker?.stdin?.destroy();
    this.worker = undefined;
    this.soffice = undefined;
    live.delete(this);
    this.abortStart?.("LibreOffice was stopped while starting");
    const pending = this.pending;
    this.pending = undefined;
    // No `error`: the pool knows why it killed, or hears it from onDeath.
    if (wasAlive && pending !== undefined) pending.resolve({ id: pending.id, ok: false, lost: true, started: true });
  }

  private details(): string {
    const out = [this.workerLog.get(), this.sofficeLog.get()].filter((s) => s !== "").join("\n");
    return out === "" ? "" : `: ${out.slice(-1000)}`;
  }
}

const withoutPythonVars = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith("PYTHON")));
