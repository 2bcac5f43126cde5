/**
 * The real service as a child process (`node --import tsx server/main.ts`), the way `npm start` runs it: a temporary
 * data directory, a free loopback port, one API key, the bench's model server, and none of the `QUIRE_*` variables
 * of the shell that runs the bench (a local database URL must never be touched). Warm start stays at its default, so
 * the pools are ready as in production.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../../test/support/service.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface BenchService {
  readonly baseUrl: string;
  readonly key: string;
  readonly pid: number;
  readonly alive: () => boolean;
  readonly logs: () => string;
  /** SIGTERM, SIGKILL after 5 s; then the data directory is removed. Safe to call twice. */
  readonly stop: () => Promise<void>;
}

export const startBenchService = async (modelEnv: Record<string, string>): Promise<BenchService> => {
  const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-prompt-"));
  const port = await freePort();
  const key = `ak_eu_${randomBytes(18).toString("base64url")}`;
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("QUIRE_")) env[k] = v;
  Object.assign(env, {
    QUIRE_PORT: String(port),
    QUIRE_PUBLIC_URL: origin,
    QUIRE_DATA_DIR: dataDir,
    QUIRE_API_KEYS: `${key}=bench`,
    // The bench sends more documents a minute than the default limit allows; the limit is not what is measured.
    QUIRE_RATE_LIMIT_PER_MINUTE: "100000",
    ...modelEnv,
  });
  const proc: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (d: Buffer) => void (output = (output + d.toString()).slice(-20_000));
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (alive()) {
        const exited = new Promise<void>((r) => proc.once("exit", () => r()));
        proc.kill("SIGTERM");
        const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
        if (!gone && alive()) {
          process.stderr.write(`the service (pid ${proc.pid}) ignored SIGTERM for 5 s; sending SIGKILL\n`);
          proc.kill("SIGKILL");
          await exited;
        }
      }
      await rm(dataDir, { recursive: true, force: true });
    })());
  const service: BenchService = { baseUrl: `${origin}/v1`, key, pid: proc.pid ?? 0, alive, logs: () => output, stop };
  try {
    for (const deadline = Date.now() + 60_000; ; ) {
      if (!alive()) throw new Error(`the service exited with ${proc.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${origin}/healthz`)).ok) return service;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`the service did not start in 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
};
