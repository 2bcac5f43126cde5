/**
 * Starts the real service as a child process (`node dist/server.mjs`, built first if a source changed) on a fresh
 * data directory and a free loopback port, the way `make start` runs it, so tests can also kill it mid-job and start
 * it again. Its store is SQLite in the data directory, or a fresh PostgreSQL database when the run is on PostgreSQL
 * (support/store.ts).
 */
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { contractClient, type ContractClient } from "./contract.ts";
import { freshDatabaseUrl } from "./store.ts";
import { buildService } from "../../scripts/build.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

export const freePort = () =>
  new Promise<number>((res, rej) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on("error", rej);
  });

/** Once per test process: every service it starts runs the same build. */
let built: Promise<boolean> | undefined;
export const ensureBuilt = () => (built ??= buildService());

/** `quire …` (cli/quire.ts, built with the service) on the service's store and settings; its JSON answer. */
export const runCli = async (env: Record<string, string>, args: string[]): Promise<unknown> => {
  await ensureBuilt();
  const { stdout } = await run(process.execPath, ["dist/cli.mjs", ...args], { cwd: ROOT, env });
  return JSON.parse(stdout);
};

export const newKey = (region = "eu") => `ak_${region}_${randomBytes(18).toString("base64url")}`;

export interface Service {
  readonly origin: string;
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The PostgreSQL database the service keeps its store in; undefined when it is SQLite in `dataDir`. */
  readonly databaseUrl?: string;
  /** The process id of the service's child process (a new one after `restart`). */
  readonly pid: number;
  /** Two organizations' keys: `key` (org "acme") and `otherKey` (org "globex"). */
  readonly key: string;
  readonly otherKey: string;
  readonly client: ContractClient;
  readonly as: (key: string) => ContractClient;
  readonly logs: () => string;
  readonly stop: () => Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  readonly kill: () => Promise<void>;
  readonly restart: (env?: Record<string, string>) => Promise<void>;
  /** Where its Problems' `type` points (QUIRE_ERRORS_URL, else the service's own /errors). */
  readonly errorsUrl: string;
  /** The settings it was started with (what `cli` runs with). */
  readonly env: Readonly<Record<string, string>>;
  readonly cli: (...args: string[]) => Promise<unknown>;
}

/** A test service's place and settings: a fresh data directory, a free loopback port, two organizations' keys. */
export const servicePlace = async (env: Record<string, string>) => {
  const dataDir = await mkdtemp(join(tmpdir(), "quire-test-"));
  const port = await freePort();
  const key = newKey();
  const otherKey = newKey();
  const origin = `http://127.0.0.1:${port}`;
  // A test that names its own database (two instances on one) keeps it; otherwise the run's store decides.
  const databaseUrl = env.QUIRE_DATABASE_URL ?? (await freshDatabaseUrl());
  const settings: Record<string, string> = {
    ...(process.env as Record<string, string>),
    QUIRE_PORT: String(port),
    QUIRE_PUBLIC_URL: origin,
    QUIRE_DATA_DIR: dataDir,
    QUIRE_API_KEYS: `${key}=acme,${otherKey}=globex`,
    QUIRE_WORKERS: "2",
    // One LibreOffice, not one per core: each costs about two seconds of CPU to start, and few tests render at once.
    QUIRE_CONVERTERS: "1",
    // Threads and LibreOffice start on first use: most service tests never render, and the suite starts dozens.
    QUIRE_WARM_START: "0",
    // A stop (SIGTERM) hands running documents back after this instead of 20 s: tests stop services mid-job often.
    QUIRE_SHUTDOWN_GRACE_MS: "1000",
    // On a shared store a killed instance's work waits until its heartbeat is stale (30 s by default) before the
    // restarted one takes it over; the crash tests wait a few seconds, as on SQLite, where it is taken at once.
    ...(databaseUrl ? { QUIRE_DATABASE_URL: databaseUrl, QUIRE_INSTANCE_STALE_MS: "1500" } : {}),
    ...env,
  };
  return { dataDir, key, otherKey, origin, databaseUrl, settings };
};

/** What a test service does its own way: its process, log, stop, crash and restart. */
export type ServiceControls = Pick<Service, "pid" | "logs" | "stop" | "kill" | "restart">;

/**
 * A Service at a place: its addresses, keys, clients and settings, with the controls of its kind (a process, the
 * test's own process, the shared one). The controls' getters stay getters (a restarted process has a new pid).
 */
export const serviceAt = (
  place: { origin: string; dataDir: string; databaseUrl?: string; key: string; otherKey: string; settings: Record<string, string> },
  controls: ServiceControls,
): Service => {
  const baseUrl = `${place.origin}/v1`;
  const common = {
    origin: place.origin,
    baseUrl,
    dataDir: place.dataDir,
    databaseUrl: place.databaseUrl,
    key: place.key,
    otherKey: place.otherKey,
    client: contractClient(baseUrl, place.key),
    as: (k: string) => contractClient(baseUrl, k),
    errorsUrl: place.settings.QUIRE_ERRORS_URL || `${place.origin}/errors`,
    env: place.settings,
    cli: (...args: string[]) => runCli(place.settings, args),
  };
  return Object.defineProperties(common, Object.getOwnPropertyDescriptors(controls)) as Service;
};

/** `logFile`: the service's output is also appended there, for test processes that share it (support/shared-service.ts). */
export const startService = async (env: Record<string, string> = {}, options: { logFile?: string } = {}): Promise<Service> => {
  const place = await servicePlace(env);
  const { dataDir, origin, settings: baseEnv } = place;
  let child: ChildProcess | null = null;
  let output = "";
  await ensureBuilt();
  const launch = async (extra: Record<string, string> = {}) => {
    child = spawn(process.execPath, ["dist/server.mjs"], { cwd: ROOT, env: { ...baseEnv, ...extra }, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (d: Buffer) => {
      output += d;
      if (options.logFile) appendFileSync(options.logFile, d);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    // A loaded 2-core machine can take long to start the service; one that never answers is killed, since a child
    // left running keeps the test file (and the whole run) from ever ending.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${origin}/healthz`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`service did not start:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const exited = (signal: NodeJS.Signals) =>
    new Promise<void>((res) => {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return res();
      c.once("exit", () => res());
      c.kill(signal);
    });
  await launch();
  return serviceAt(place, {
    get pid() {
      return (child as ChildProcess | null)?.pid ?? 0;
    },
    logs: () => output,
    stop: async () => {
      await exited("SIGTERM");
      await rm(dataDir, { recursive: true, force: true });
    },
    kill: () => exited("SIGKILL"),
    restart: async (extra) => {
      await exited("SIGTERM");
      await launch(extra);
    },
  });
};
