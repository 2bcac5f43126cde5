/**
 * The storage half of `bench/artifacts` (run by bench/artifacts/run.ts, or alone: `node --import tsx
 * bench/artifacts/storage.ts`): reads and writes per second of artifacts' shared storage, on a fresh SQLite store
 * (the service's default), through the page API exactly as pages call it (server/artifact/api.ts: token check, rate
 * limits, names, store, live bus).
 *
 *   1. One artifact, limits lifted: what the store itself does for one artifact (writes with 8 in flight, reads of a
 *      record and of a 20-record collection with 16 in flight).
 *   2. One artifact, real limits: a client sending reads and writes as fast as it can gets exactly the interface's
 *      1,200 reads and 120 writes a minute, the rest 429: the limits are what stops it.
 *   3. Many artifacts (BENCH_ARTIFACTS, 500), real limits: reads and writes mixed 10 to 1 (the limits' ratio),
 *      spread over the artifacts, for BENCH_STORAGE_SECONDS (5). Figure: how many artifacts running flat out at both
 *      limits at once the throughput covers. Target: at least 10.
 *   4. The same over HTTP on loopback: a child process serves `/_db/…` with serveArtifactApi on HyperExpress, the
 *      artifact found from the Host (`<slug>.localhost`) and its document row read per request, as the host router
 *      does; autocannon (50 connections) in this process sends reads, then writes, across the artifacts.
 *
 * The machine's other load skews every figure; the client and the server share its cores.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { freePort } from "../../test/support/service.ts";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Knex } from "knex";
import HyperExpress from "hyper-express";
import { openDatabase } from "../../core/store/db.ts";
import { fastReader } from "../../core/store/fast-reads.ts";
import { newId } from "../../core/services/ids.ts";
import { makeArtifactLive } from "../../core/artifacts/live.ts";
import { makeArtifactRate } from "../../core/artifacts/rate.ts";
import { putRecord } from "../../core/artifacts/store.ts";
import { artifactSlug, documentIdOfSlug, signArtifactToken } from "../../core/artifacts/token.ts";
import { READS_PER_MINUTE, WRITES_PER_MINUTE } from "../../core/artifacts/names.ts";
import { handleArtifactApi, serveArtifactApi, type ArtifactApiContext } from "../../server/artifact/api.ts";

// autocannon ships no types: the small part used here is typed locally (as in bench/api/run.ts).
interface AutocannonRequest {
  method: "GET" | "PUT";
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  requests: { mean: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

const ROOT = resolve(import.meta.dirname, "../..");
const SECRET = "bench-artifacts-storage-secret";
const ARTIFACTS = Math.max(20, Number(process.env.BENCH_ARTIFACTS ?? 500));
const SECONDS = Math.max(1, Number(process.env.BENCH_STORAGE_SECONDS ?? 5));
const RECORDS = 20;
const TARGET = 10;

const record = (i: number) => ({ name: `Visitor ${i}`, choice: ["yes", "no", "maybe"][i % 3], comment: "Looking forward to it!", at: 1_760_000_000_000 + i });

/**
 * Artifacts with RECORDS records each, written in one transaction straight into the tables (the store's own writes,
 * one transaction each, would make seeding the slowest part of the bench); the first is written through the store
 * and checked against the rows seeded, so the two cannot drift apart unnoticed.
 */
const seedArtifacts = async (db: Knex, count: number): Promise<string[]> => {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => newId("doc"));
  const documents = ids.map((id) => ({
    id,
    organization_id: "org_bench",
    project_id: "prj_bench",
    operation: "create",
    format: "artifact",
    type: "artifact",
    mode: "content",
    status: "ready",
    versions: "{}",
    store: true,
    retention: "30d",
    artifact: JSON.stringify({ storage: "shared" }),
    created_at: now,
    completed_at: now,
  }));
  await db.transaction(async (trx) => {
    await trx.batchInsert("documents", documents, 100);
    const rest = ids.slice(1);
    const rows = rest.flatMap((id) => Array.from({ length: RECORDS }, (_, r) => ({ document_id: id, collection: "votes", key: `v${r}`, data: JSON.stringify(record(r)), seq: r + 1, updated_at: now })));
    await trx.batchInsert("artifact_records", rows, 100);
    await trx.batchInsert("artifact_changes", rows.map(({ document_id, seq, collection, key, data, updated_at }) => ({ document_id, seq, collection, key, data, updated_at })), 100);
    await trx.batchInsert("artifact_state", rest.map((id) => ({ document_id: id, last_seq: RECORDS, records: RECORDS })), 100);
  });
  for (let r = 0; r < RECORDS; r++) await putRecord(db, ids[0]!, "votes", `v${r}`, record(r), new Date(now));
  const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ document_id: _, ...rest }) => rest);
  const [a, b] = await Promise.all(ids.slice(0, 2).map((id) => db("artifact_records").where({ document_id: id }).orderBy("seq").select()));
  const [sa, sb] = await Promise.all(ids.slice(0, 2).map((id) => db("artifact_state").where({ document_id: id }).first("last_seq", "records")));
  if (JSON.stringify(strip(a!)) !== JSON.stringify(strip(b!)) || JSON.stringify(sa) !== JSON.stringify(sb)) throw new Error("the seeded rows differ from what the store writes");
  return ids;
};

const tokenOf = (id: string) => signArtifactToken(SECRET, artifactSlug(id), Math.floor(Date.now() / 1000) + 3_600);

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

/** Runs `op` `total` times with `concurrency` in flight; returns operations per second and the statuses seen. */
const drive = async (total: number, concurrency: number, op: (i: number) => Promise<number>) => {
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const status = await op(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { perSecond: total / ((performance.now() - started) / 1000), statuses };
};

/** Runs `op` for `seconds` with `concurrency` in flight. */
const driveFor = async (seconds: number, concurrency: number, op: (i: number) => Promise<number>) => {
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const status = await op(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { count: next, elapsed: (performance.now() - started) / 1000, statuses };
};

const statusText = (statuses: Map<number, number>) => [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${fmt(n)}`).join(" ");

const context = (db: Knex, limits: "lifted" | "real"): ArtifactApiContext => ({
  db,
  now: () => new Date(),
  secret: SECRET,
  live: makeArtifactLive(),
  rate: limits === "real" ? makeArtifactRate() : makeArtifactRate({ readsPerMinute: 1e7, writesPerMinute: 1e7 }),
});

const api = (ctx: ArtifactApiContext, id: string, token: string, method: string, path: string, body?: string) =>
  handleArtifactApi(ctx, { documentId: id, storage: "shared" }, { method, path, query: {}, headers: { "x-quire-token": token }, body }).then((r) => r.status);


/** The child process of scenario 4: `/_db/…` on HyperExpress, the artifact from the Host, its row read per request. */
const serve = async (dataDir: string, port: number) => {
  const db = await openDatabase({ dataDir });
  const fast = fastReader(db)!;
  const ctx = { ...context(db, "real"), log: (m: string, e?: unknown) => process.stderr.write(`${m} ${String(e)}\n`) };
  const server = new HyperExpress.Server();
  server.any("/*", async (req, res) => {
    const documentId = documentIdOfSlug((req.headers.host ?? "").split(".")[0]!);
    const row = documentId ? fast.get<{ artifact: string | null; content_deleted_at: string | null }>("select artifact, content_deleted_at from documents where id = ?", [documentId]) : undefined;
    if (!row || row.content_deleted_at) return void res.status(404).send("");
    await serveArtifactApi(ctx, { documentId: documentId!, storage: JSON.parse(row.artifact ?? "{}").storage ?? "shared" }, req, res);
  });
  await server.listen(port, "127.0.0.1");
  // uWebSockets keeps the process alive through SIGTERM: stop on it explicitly (as bench/api/bare-server.ts does).
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.close();
      process.exit(0);
    });
  }
  process.stdout.write("ready\n");
};

/** SIGTERM, then SIGKILL after 5 s; resolves when the child has exited. */
const stopChild = (child: ChildProcess) =>
  new Promise<void>((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      res();
    });
    child.kill("SIGTERM");
  });

const startServer = async (dataDir: string): Promise<{ child: ChildProcess; port: number }> => {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench/artifacts/storage.ts"), "--serve", dataDir, String(port)], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((res, rej) => {
    createInterface({ input: child.stdout! }).once("line", (line) => (line === "ready" ? res() : rej(new Error(`the server said ${line}`))));
    child.once("exit", (code) => rej(new Error(`the server exited with ${code}`)));
  });
  return { child, port };
};

export const runStorageBench = async (): Promise<void> => {
  const dataDir = await mkdtemp(join(tmpdir(), "quire-bench-storage-"));
  const db = await openDatabase({ dataDir });
  let child: ChildProcess | null = null;
  try {
    console.log(`\nartifact storage (SQLite, fresh store; ${ARTIFACTS} artifacts of ${RECORDS} records seeded)`);
    const ids = await seedArtifacts(db, ARTIFACTS);
    const tokens = ids.map(tokenOf);
    const body = JSON.stringify(record(7));

    // 1. One artifact, limits lifted.
    const lifted = context(db, "lifted");
    const [one, oneToken] = [ids[0]!, tokens[0]!];
    const writes = await drive(2_000, 8, (i) => api(lifted, one, oneToken, "PUT", `/_db/bench/w${i % 200}`, body));
    const getOne = await drive(20_000, 16, (i) => api(lifted, one, oneToken, "GET", `/_db/votes/v${i % RECORDS}`));
    const getList = await drive(10_000, 16, () => api(lifted, one, oneToken, "GET", "/_db/votes"));
    console.log("\n1. one artifact, limits lifted (the store's own capacity), in process");
    console.log(`   writes (PUT)              ${fmt(writes.perSecond).padStart(9)} /s   ${statusText(writes.statuses)}`);
    console.log(`   reads of a record (GET)   ${fmt(getOne.perSecond).padStart(9)} /s   ${statusText(getOne.statuses)}`);
    console.log(`   reads of ${RECORDS} records (GET)  ${fmt(getList.perSecond).padStart(9)} /s   ${statusText(getList.statuses)}`);

    // 2. One artifact, real limits: the limits are what stops a client.
    const real = context(db, "real");
    const [two, twoToken] = [ids[1]!, tokens[1]!];
    const readFlood = await drive(3_000, 16, (i) => api(real, two, twoToken, "GET", `/_db/votes/v${i % RECORDS}`));
    const writeFlood = await drive(300, 8, (i) => api(real, two, twoToken, "PUT", `/_db/votes/v${i % RECORDS}`, body));
    const readsAdmitted = readFlood.statuses.get(200) ?? 0;
    const writesAdmitted = writeFlood.statuses.get(200) ?? 0;
    console.log("\n2. one artifact, real limits: a client sending as fast as it can");
    console.log(`   3,000 reads   → ${statusText(readFlood.statuses)}   (limit ${fmt(READS_PER_MINUTE)} a minute)`);
    console.log(`   300 writes    → ${statusText(writeFlood.statuses)}   (limit ${WRITES_PER_MINUTE} a minute)`);
    const limitsHold = readsAdmitted === READS_PER_MINUTE && writesAdmitted === WRITES_PER_MINUTE;
    console.log(`   only the limits stop it: ${limitsHold ? "YES" : "NO"}`);

    // 3. Many artifacts, real limits, reads and writes 10 to 1.
    const many = context(db, "real");
    const mixed = await driveFor(SECONDS, 16, (i) => {
      const a = i % ARTIFACTS;
      return i % 11 === 10
        ? api(many, ids[a]!, tokens[a]!, "PUT", `/_db/votes/v${i % RECORDS}`, body)
        : api(many, ids[a]!, tokens[a]!, "GET", i % 2 ? "/_db/votes" : `/_db/votes/v${i % RECORDS}`);
    });
    const writesPerSecond = Math.floor(mixed.count / 11) / mixed.elapsed;
    const readsPerSecond = (mixed.count - Math.floor(mixed.count / 11)) / mixed.elapsed;
    const covered = Math.min((readsPerSecond * 60) / READS_PER_MINUTE, (writesPerSecond * 60) / WRITES_PER_MINUTE);
    console.log(`\n3. ${ARTIFACTS} artifacts, real limits, reads and writes 10:1 (half the reads list ${RECORDS} records), in process, ${SECONDS} s`);
    console.log(`   reads ${fmt(readsPerSecond)} /s, writes ${fmt(writesPerSecond)} /s   ${statusText(mixed.statuses)}`);
    console.log(`   = ${fmt(covered)} artifacts at both limits at once (target ≥ ${TARGET}): ${covered >= TARGET ? "MET" : "NOT MET"}`);

    // 4. Over HTTP.
    const server = await startServer(dataDir);
    child = server.child;
    const host = (i: number) => `${artifactSlug(ids[i]!)}.localhost:${server.port}`;
    const base = { url: `http://127.0.0.1:${server.port}`, connections: 50, duration: SECONDS };
    const reads = await autocannon({
      ...base,
      requests: ids.map((_, i) => ({ method: "GET", path: i % 2 ? "/_db/votes" : `/_db/votes/v${i % RECORDS}`, headers: { host: host(i), "x-quire-token": tokens[i]! } })),
    });
    const puts = await autocannon({
      ...base,
      requests: ids.map((_, i) => ({ method: "PUT", path: `/_db/votes/v${i % RECORDS}`, headers: { host: host(i), "x-quire-token": tokens[i]!, "content-type": "application/json" }, body })),
    });
    console.log(`\n4. over HTTP on loopback (HyperExpress child process, 50 connections, ${SECONDS} s, across ${ARTIFACTS} artifacts)`);
    for (const [name, r] of [["reads", reads], ["writes", puts]] as const) {
      const codes = Object.entries(r.statusCodeStats).map(([s, c]) => `${s}×${fmt(c.count)}`).join(" ");
      console.log(`   ${name.padEnd(7)} ${fmt(r.requests.mean).padStart(7)} /s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   ${codes}${r.errors ? `   errors ${r.errors}` : ""}`);
    }
    const httpCovered = Math.min((reads.requests.mean * 60) / READS_PER_MINUTE, (puts.requests.mean * 60) / WRITES_PER_MINUTE);
    console.log(`   = ${fmt(httpCovered)} artifacts at each limit (reads alone, writes alone; target ≥ ${TARGET}): ${httpCovered >= TARGET ? "MET" : "NOT MET"}`);
  } finally {
    if (child) await stopChild(child);
    fastReader(db)?.close();
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
};

if (process.argv[1] === import.meta.filename) {
  if (process.argv[2] === "--serve") await serve(process.argv[3]!, Number(process.argv[4]));
  else await runStorageBench();
}
