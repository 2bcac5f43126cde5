/**
 * `npm run bench:artifacts`: artifact storage and live updates (issue 7, "How it is proven").
 *
 *   1. Storage (bench/artifacts/storage.ts): reads and writes per second against one artifact's storage and across
 *      many artifacts. Target: the per-artifact limits (1,200 reads and 120 writes a minute) are the only thing that
 *      stops a client; the service sustains at least 10× them across many artifacts.
 *   2. Live latency, on the real service (a child process, `server/main.ts` on a fresh data directory and a free
 *      loopback port) with Debian's Chromium: two pages (two browser contexts, as two visitors) open one shared
 *      artifact at `http://<slug>.localhost:<port>/`; one subscribes to a collection, the other writes with
 *      `window.service.db.set`, one write at a time. Each write carries the writer's clock
 *      (`performance.timeOrigin + performance.now()`, one machine, one clock); the watcher's callback takes the
 *      difference when the record reaches it. Median, 95th percentile and worst over BENCH_WRITES writes.
 *      Target: a write reaches another open page in under 100 ms on loopback (the median and the 95th percentile).
 *   3. The same with BENCH_WATCHERS pages watching one artifact (fan-out), for information: the latency of the last
 *      page to hear of each write.
 *
 * Settings (environment): BENCH_WRITES (60; each latency scenario writes to its own artifact, and an artifact takes
 * 120 writes a minute, so at most 110), BENCH_WATCHERS (10), BENCH_GAP_MS between writes (20), BENCH_SKIP_STORAGE=1
 * to run only the live part. Exit code 1 when setup fails or a write never arrives.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { freePort } from "../../test/support/service.ts";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const ROOT = resolve(import.meta.dirname, "../..");
const WRITES = Math.min(110, Math.max(10, Number(process.env.BENCH_WRITES ?? 60)));
const WATCHERS = Math.max(2, Number(process.env.BENCH_WATCHERS ?? 10));
const GAP_MS = Math.max(0, Number(process.env.BENCH_GAP_MS ?? 20));
const TARGET_MS = 100;
/** A write that has not arrived after this long counts as lost: the bench fails. */
const ARRIVAL_TIMEOUT_MS = 5_000;

// ---------------------------------------------------------------------------------------------------------------
// The service, a child process stopped whatever happens.

let service: ChildProcess | null = null;
let dataDir: string | null = null;
let output = "";


const startService = async () => {
  dataDir = await mkdtemp(join(tmpdir(), "quire-bench-artifacts-"));
  const port = await freePort();
  const key = `ak_eu_${randomBytes(18).toString("base64url")}`;
  const env: Record<string, string> = {};
  // Inherited QUIRE_* settings (a PostgreSQL URL, an artifact host) are never passed on: the bench runs on its own store.
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("QUIRE_")) env[k] = v;
  Object.assign(env, { QUIRE_PORT: String(port), QUIRE_PUBLIC_URL: `http://127.0.0.1:${port}`, QUIRE_DATA_DIR: dataDir, QUIRE_API_KEYS: `${key}=bench` });
  service = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const keep = (d: Buffer) => void (output = (output + d.toString()).slice(-20_000));
  service.stdout!.on("data", keep);
  service.stderr!.on("data", keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode}:\n${output}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the service did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, key };
};

const stopService = async () => {
  const child = service;
  service = null;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    child.kill("SIGTERM");
    if (!(await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]))) {
      child.kill("SIGKILL");
      await exited;
    }
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
};

process.on("exit", () => service?.kill("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stopService().finally(() => process.exit(130)));
}

// ---------------------------------------------------------------------------------------------------------------
// Live latency in the browser.

interface Stats {
  readonly n: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
}

const stats = (values: number[]): Stats => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
};

type BenchWindow = Window & {
  service: { db: { set: (c: string, k: string, d: unknown) => Promise<unknown>; subscribe: (c: string, cb: (list: Array<{ key: string; data: { sent: number } }>) => void) => () => void } };
  arrivals?: Record<string, number>;
};

const createArtifact = async (base: string, key: string, name: string): Promise<string> => {
  const res = await fetch(`${base}/v1/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ format: "artifact", name, content: { markdown: readFileSync(join(ROOT, "examples/artifacts/signup.md"), "utf8") } }),
  });
  const doc = (await res.json()) as { status: string; outputs?: Array<{ kind: string; url: string }> };
  if (res.status !== 200 || !doc.outputs) throw new Error(`creating the artifact answered ${res.status}: ${JSON.stringify(doc).slice(0, 500)}`);
  return doc.outputs.find((o) => o.kind === "html")!.url;
};

const open = async (context: BrowserContext, url: string): Promise<Page> => {
  const page = await context.newPage();
  const response = await page.goto(url);
  if (response?.status() !== 200) throw new Error(`the page answered ${response?.status()}`);
  await page.waitForFunction(() => Boolean((window as unknown as BenchWindow).service?.db));
  return page;
};

/** Subscribes; each record's arrival is stamped with this page's clock the first time the callback sees it. */
const watch = async (page: Page) => {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.arrivals = {};
    return new Promise<void>((ready) => {
      w.service.db.subscribe("bench", (list) => {
        const now = performance.timeOrigin + performance.now();
        for (const record of list) if (!(record.key in w.arrivals!)) w.arrivals![record.key] = now - (record.data as { sent: number }).sent;
        ready();
      });
    });
  });
};

/** One write at a time from `writer`; the latency of a write is the slowest watcher's. */
const measure = async (writer: Page, watchers: Page[]): Promise<number[]> => {
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const key = `w${i}`;
    await writer.evaluate((k) => (window as unknown as BenchWindow).service.db.set("bench", k, { sent: performance.timeOrigin + performance.now() }), key);
    const heard = await Promise.all(
      watchers.map((page) =>
        page
          .waitForFunction((k) => (window as unknown as BenchWindow).arrivals?.[k], key, { timeout: ARRIVAL_TIMEOUT_MS, polling: 5 })
          .then((handle) => handle.jsonValue() as Promise<number>),
      ),
    );
    latencies.push(Math.max(...heard));
    if (GAP_MS) await new Promise((r) => setTimeout(r, GAP_MS));
  }
  return latencies;
};

const scenario = async (browser: Browser, url: string, watcherCount: number): Promise<Stats> => {
  const contexts: BrowserContext[] = [];
  try {
    // Each visitor is a browser context of its own: no shared cache, storage or connection pool.
    const context = async () => {
      const c = await browser.newContext();
      contexts.push(c);
      return c;
    };
    const writer = await open(await context(), url);
    const watchers: Page[] = [];
    for (let i = 0; i < watcherCount; i++) watchers.push(await open(await context(), url));
    for (const page of watchers) await watch(page);
    return stats(await measure(writer, watchers));
  } finally {
    for (const c of contexts) await c.close();
  }
};

const ms = (n: number) => `${n.toFixed(1)} ms`;

const live = async () => {
  const { base, key } = await startService();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const one = await scenario(browser, await createArtifact(base, key, "bench: one watcher"), 1);
    const many = await scenario(browser, await createArtifact(base, key, `bench: ${WATCHERS} watchers`), WATCHERS);
    console.log("\nLive updates on the real service (Chromium, loopback): time from set() in one page to the other's subscribe callback");
    console.log(`${"scenario".padEnd(34)}${"writes".padStart(8)}${"median".padStart(12)}${"p95".padStart(12)}${"worst".padStart(12)}`);
    for (const [name, s] of [["1 writer → 1 watcher", one], [`1 writer → ${WATCHERS} watchers (last)`, many]] as const) {
      console.log(`${name.padEnd(34)}${String(s.n).padStart(8)}${ms(s.median).padStart(12)}${ms(s.p95).padStart(12)}${ms(s.max).padStart(12)}`);
    }
    const met = one.median < TARGET_MS && one.p95 < TARGET_MS;
    console.log(`target: a write reaches another open page in under ${TARGET_MS} ms (median and p95): ${met ? "MET" : "NOT MET"}`);
  } finally {
    await browser.close();
    await stopService();
  }
};

try {
  if (process.env.BENCH_SKIP_STORAGE !== "1") {
    const { runStorageBench } = await import("./storage.ts");
    await runStorageBench();
  }
  await live();
} catch (error) {
  console.error(error);
  await stopService();
  process.exit(1);
}
