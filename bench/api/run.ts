/**
 * `npm run bench:api`: requests per second of the HTTP edge on loopback, in one run, for
 *   (a) a bare HyperExpress route (bench/api/bare-server.ts), the baseline;
 *   (b) an authenticated `GET /v1/documents/{id}` of a finished docx document on the real service;
 *   (c) `POST /v1/documents?dry_run=true` with a valid create body on the real service.
 * Each server runs in its own child process (`node --import tsx …`), one at a time; the load generator
 * (autocannon's programmatic API) runs in this process. Every child is stopped at the end, even on failure.
 *
 * Settings (environment): BENCH_DURATION seconds per measurement (10), BENCH_WARMUP seconds (3),
 * BENCH_CONNECTIONS (50), BENCH_PIPELINING (1), BENCH_QUIET_WAIT seconds to wait for an idle machine before each
 * scenario (60). Exit code 1 if any measured request failed or setup failed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setting } from "../settings.ts";

// autocannon ships no types and @types/autocannon is not installed: the small part used here is typed locally.
interface AutocannonOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  pipelining: number;
  duration: number;
}
interface AutocannonResult {
  requests: { mean: number; stddev: number; total: number };
  latency: { p50: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  resets: number;
  mismatches: number;
  "2xx": number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: AutocannonOptions) => Promise<AutocannonResult>;

const ROOT = resolve(import.meta.dirname, "../..");
const HOST = "127.0.0.1";

const DURATION = setting("BENCH_DURATION", 10);
const WARMUP = setting("BENCH_WARMUP", 3);
const CONNECTIONS = Math.floor(setting("BENCH_CONNECTIONS", 50));
const PIPELINING = Math.floor(setting("BENCH_PIPELINING", 1));
const TARGET_RATIO = 0.4;

// ---------------------------------------------------------------------------------------------------------------
// Child processes: every one is registered so that it is stopped whatever happens.

interface Child {
  readonly name: string;
  readonly proc: ChildProcess;
  readonly output: () => string;
}
const children = new Set<Child>();
const tempDirs = new Set<string>();

const freePort = () =>
  new Promise<number>((res, rej) => {
    const srv = createServer();
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
    srv.on("error", rej);
  });

/** Child env: this process's env without any QUIRE_* (so a local QUIRE_DATABASE_URL etc. is never touched). */
const cleanEnv = (extra: Record<string, string>) => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("QUIRE_")) env[k] = v;
  return { ...env, ...extra };
};

const launch = (name: string, script: string, env: Record<string, string>): Child => {
  const proc = spawn(process.execPath, ["--import", "tsx", script], { cwd: ROOT, env: cleanEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  proc.stdout!.on("data", keep);
  proc.stderr!.on("data", keep);
  const child = { name, proc, output: () => output };
  children.add(child);
  return child;
};

const alive = (c: Child) => c.proc.exitCode === null && c.proc.signalCode === null;

const stop = async (c: Child) => {
  if (alive(c)) {
    const exited = new Promise<void>((res) => c.proc.once("exit", () => res()));
    c.proc.kill("SIGTERM");
    const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
    if (!gone && alive(c)) {
      process.stderr.write(`${c.name} (pid ${c.proc.pid}) ignored SIGTERM for 5 s; sending SIGKILL\n`);
      c.proc.kill("SIGKILL");
      await exited;
    }
  }
  children.delete(c);
};

const stopAll = async () => {
  for (const c of [...children]) await stop(c);
  for (const dir of [...tempDirs]) {
    await rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
};

// Last resort if this process dies abruptly: no child outlives it.
process.on("exit", () => {
  for (const c of children) if (alive(c)) c.proc.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping child processes\n`);
    void stopAll().finally(() => process.exit(130));
  });
}

const waitReady = async (c: Child, url: string) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!alive(c)) throw new Error(`${c.name} exited (${c.proc.exitCode ?? c.proc.signalCode}) before it was ready:\n${c.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${c.name} did not answer ${url} within 30 s:\n${c.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Measuring

interface Row {
  readonly label: string;
  readonly result: AutocannonResult;
  readonly warmupFailures: number;
  /** Share of all cores busy during the second before the warm-up (the server under test idle): other load. */
  readonly busyBefore: number;
  /** CPU time during the measured run, in seconds: the server's process and this (client) process. */
  readonly serverCpu: number | null;
  readonly clientCpu: number;
  /** CPU seconds used during the measured run by processes other than the server and this one (other load). */
  readonly foreignCpu: number | null;
}

/** CPU seconds (user + system) used so far by a process, from /proc (Linux); null elsewhere. */
const CLOCK_TICKS = 100;
const processCpu = (pid: number | undefined): number | null => {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
};

/** Machine-wide CPU counters (ms, summed over cores), from os.cpus(). */
const cpuTotals = () =>
  cpus().reduce((acc, c) => ({ idle: acc.idle + c.times.idle, total: acc.total + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle }), { idle: 0, total: 0 });

/** Share of the machine's CPU time that was busy over `ms`. */
const busyFraction = async (ms = 1_000) => {
  const sum = cpuTotals;
  const a = sum();
  await new Promise((r) => setTimeout(r, ms));
  const b = sum();
  const total = b.total - a.total;
  return total > 0 ? 1 - (b.idle - a.idle) / total : 0;
};
const BUSY_WARNING = 0.15;
const FOREIGN_WARNING = 0.15;
const QUIET_WAIT = setting("BENCH_QUIET_WAIT", 60);

const failuresOf = (r: AutocannonResult) => r.non2xx + r.errors + r.timeouts + r.resets;

const measure = async (label: string, server: Child, opts: Omit<AutocannonOptions, "connections" | "pipelining" | "duration">): Promise<Row> => {
  const base = { ...opts, connections: CONNECTIONS, pipelining: PIPELINING };
  // Other load skews the figures: wait (up to BENCH_QUIET_WAIT seconds) for the machine to be quiet first.
  let busyBefore = await busyFraction();
  const quietDeadline = Date.now() + QUIET_WAIT * 1000;
  if (busyBefore > BUSY_WARNING) process.stderr.write(`${label}: machine ${Math.round(busyBefore * 100)}% busy; waiting up to ${QUIET_WAIT} s for it to be quiet\n`);
  while (busyBefore > BUSY_WARNING && Date.now() < quietDeadline) busyBefore = await busyFraction();
  process.stderr.write(`${label}: machine ${Math.round(busyBefore * 100)}% busy before load; warm-up ${WARMUP} s … `);
  const warm = await autocannon({ ...base, duration: WARMUP });
  process.stderr.write(`measuring ${DURATION} s … `);
  const serverBefore = processCpu(server.proc.pid);
  const clientBefore = process.cpuUsage();
  const machineBefore = cpuTotals();
  const result = await autocannon({ ...base, duration: DURATION });
  const machineAfter = cpuTotals();
  const client = process.cpuUsage(clientBefore);
  const serverAfter = processCpu(server.proc.pid);
  const serverCpu = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  const clientCpu = (client.user + client.system) / 1e6;
  const machineBusy = (machineAfter.total - machineBefore.total - (machineAfter.idle - machineBefore.idle)) / 1000;
  const foreignCpu = serverCpu === null ? null : Math.max(0, machineBusy - serverCpu - clientCpu);
  process.stderr.write(`${Math.round(result.requests.mean)} req/s\n`);
  return { label, result, warmupFailures: failuresOf(warm), busyBefore, serverCpu, clientCpu, foreignCpu };
};

/** One request by hand before the load, so a wrong setup fails loudly with the server's answer. */
const expectOk = async (what: string, url: string, init: RequestInit, check: (body: any) => string | null) => {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const problem = res.status < 200 || res.status > 299 ? `HTTP ${res.status}` : check(body);
  if (problem) throw new Error(`${what}: ${problem}\n${text.slice(0, 2_000)}`);
  return body as any;
};

// ---------------------------------------------------------------------------------------------------------------
// Report

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const printTable = (rows: Row[]) => {
  const head = ["scenario", "req/s (mean)", "± stddev", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "server CPU", "client CPU", "server µs/req"];
  const pct = (cpu: number | null, r: AutocannonResult) => (cpu === null ? "n/a" : `${fmt((100 * cpu) / r.duration)}%`);
  const body = rows.map(({ label, result: r, serverCpu, clientCpu }) => [
    label,
    fmt(r.requests.mean),
    fmt(r.requests.stddev),
    fmt(r.latency.p50),
    fmt(r.latency.p99),
    fmt(r.requests.total),
    fmt(r.non2xx),
    fmt(r.errors + r.timeouts + r.resets),
    pct(serverCpu, r),
    pct(clientCpu, r),
    serverCpu === null || r.requests.total === 0 ? "n/a" : fmt((serverCpu * 1e6) / r.requests.total),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const b of body) console.log(line(b));
  console.log("(CPU columns: share of ONE core used during the measured run; 100% = one core saturated.");
  console.log(" server µs/req = server CPU time / requests, the cost of one request independent of the client.)");
};

// ---------------------------------------------------------------------------------------------------------------

const MARKDOWN = [
  "# Quarterly note",
  "",
  "A short paragraph with **bold** and *italic* text, enough to render a real document.",
  "",
  "## Points",
  "",
  "- first point",
  "- second point",
  "",
  "| item | value |",
  "| ---- | ----- |",
  "| a    | 1     |",
].join("\n");
const CREATE_BODY = JSON.stringify({ format: "docx", content: { markdown: MARKDOWN }, style: "font Georgia, 11pt, justified" });

const main = async () => {
  const cores = cpus();
  console.log("Quire API bench (loopback, 127.0.0.1)");
  console.log(
    `machine: ${cores.length} cores (${cores[0]?.model.trim() ?? "unknown"}), node ${process.version}. ` +
      `The client (autocannon, this process) and the server under test (its own process) share these ${cores.length} cores; ` +
      `one server runs at a time.`,
  );
  console.log(`load: ${CONNECTIONS} connections, pipelining ${PIPELINING}, ${WARMUP} s warm-up then ${DURATION} s measured per scenario\n`);

  const rows: Row[] = [];

  // (a) the bare route
  {
    const port = await freePort();
    const bare = launch("bare HyperExpress server", "bench/api/bare-server.ts", { BENCH_PORT: String(port) });
    const url = `http://${HOST}:${port}/ping`;
    await waitReady(bare, url);
    await expectOk("(a) bare route", url, {}, (b) => (b?.status === "ok" ? null : "unexpected body"));
    rows.push(await measure("(a) bare HyperExpress GET", bare, { url, method: "GET" }));
    await stop(bare);
  }

  // (b) and (c) on the real service
  {
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-"));
    tempDirs.add(dataDir);
    const key = `ak_eu_${randomBytes(18).toString("base64url")}`;
    const origin = `http://${HOST}:${port}`;
    const service = launch("quire service", "server/main.ts", {
      QUIRE_PORT: String(port),
      QUIRE_PUBLIC_URL: origin,
      QUIRE_DATA_DIR: dataDir,
      QUIRE_API_KEYS: `${key}=bench`,
    });
    await waitReady(service, `${origin}/healthz`);
    const auth = { Authorization: `Bearer ${key}` };
    const json = { ...auth, "Content-Type": "application/json" };

    // One finished docx document from small Markdown (direct mode waits until it is done).
    const created = await expectOk("creating the document", `${origin}/v1/documents`, { method: "POST", headers: json, body: CREATE_BODY }, (b) =>
      typeof b?.id === "string" ? null : "no document id in the answer",
    );
    const docUrl = `${origin}/v1/documents/${created.id}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const doc = await expectOk("reading the document", docUrl, { headers: auth }, () => null);
      if (["ready", "ready_with_warnings"].includes(doc.status)) break;
      if (["failed", "canceled", "needs_review"].includes(doc.status)) throw new Error(`the document ended ${doc.status}: ${JSON.stringify(doc)}`);
      if (Date.now() > deadline) throw new Error(`the document is still ${doc.status} after 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`document ${created.id} is finished (docx); measuring reads of it\n`);
    rows.push(await measure("(b) GET /v1/documents/{id} (auth)", service, { url: docUrl, method: "GET", headers: auth }));

    const dryUrl = `${origin}/v1/documents?dry_run=true`;
    await expectOk("(c) dry run", dryUrl, { method: "POST", headers: json, body: CREATE_BODY }, (b) => (b?.valid === true ? null : "dry run not valid"));
    rows.push(await measure("(c) POST /v1/documents?dry_run=true", service, { url: dryUrl, method: "POST", headers: json, body: CREATE_BODY }));

    await stop(service);
  }

  console.log("");
  printTable(rows);
  console.log("");

  const [a, b] = rows as [Row, Row, Row];
  const ratio = b.result.requests.mean / a.result.requests.mean;
  const valid = failuresOf(a.result) === 0 && failuresOf(b.result) === 0;
  console.log(
    `ratio (b)/(a): ${fmt(ratio * 100, 1)}% — target "authenticated read keeps at least ${TARGET_RATIO * 100}% of the bare route's throughput": ` +
      `${!valid ? "NOT VALID (failed requests in (a) or (b), see below)" : ratio >= TARGET_RATIO ? "MET" : "NOT MET"}`,
  );
  const c = rows[2]!;
  console.log(`ratio (c)/(a): ${fmt((c.result.requests.mean / a.result.requests.mean) * 100, 1)}% (for information; no target)`);

  let failed = false;
  for (const row of rows) {
    const r = row.result;
    const bad = failuresOf(r);
    if (bad > 0) {
      failed = true;
      const codes = Object.entries(r.statusCodeStats)
        .map(([code, s]) => `${code}×${s.count}`)
        .join(", ");
      console.log(
        `FAILED REQUESTS in ${row.label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r.resets} resets (status codes: ${codes})`,
      );
    }
    if (row.warmupFailures > 0) console.log(`note: ${row.warmupFailures} failed requests during the warm-up of ${row.label}`);
  }
  for (const row of rows) {
    if (row.serverCpu === null) continue;
    const server = row.serverCpu / row.result.duration;
    const client = row.clientCpu / row.result.duration;
    const limit = server >= 0.85 ? "the server (its core is saturated)" : client >= 0.85 ? "the client (autocannon's core is saturated; the server could do more)" : "neither side saturated a core";
    console.log(`bottleneck of ${row.label}: ${limit}`);
  }
  // Other load, before the run (machine share) or during it (share of one core not used by the server or client).
  const noise = rows.flatMap((r) => {
    const during = r.foreignCpu === null ? 0 : r.foreignCpu / r.result.duration;
    const notes = [];
    if (r.busyBefore > BUSY_WARNING) notes.push(`${Math.round(r.busyBefore * 100)}% of the machine busy before`);
    if (during > FOREIGN_WARNING) notes.push(`other processes used ${Math.round(during * 100)}% of a core during the run`);
    return notes.length ? [`${r.label} (${notes.join("; ")})`] : [];
  });
  if (noise.length) {
    console.log(`WARNING: other load on the machine in ${noise.join(", ")}; those figures are unreliable, and so is the ratio. Re-run on a quiet machine.`);
  }
  if (!failed) console.log("all measured requests succeeded (non-2xx = 0, no errors or timeouts) in every scenario");
  return failed ? 1 : 0;
};

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`\nBENCH FAILED: ${(error as Error)?.stack ?? error}`);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
