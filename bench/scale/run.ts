/**
 * `npm run bench:scale`: documents per second with one and with two service instances on one PostgreSQL, on the same
 * machine (issue 18), and the database's share of the time per document. In one run:
 *   a throwaway cluster (test/support/postgres.ts) logging every statement's duration; for 1 and then 2 instances
 *   (each `node --import tsx server/main.ts`, 2 workers, LibreOffice warm, one shared data folder), a warm-up, then
 *   BENCH_DOCS (40) Word documents from Markdown sent in the background round-robin over the instances, timed until
 *   the last is ready;
 *   per document: its processing time (from `running` to `ready` in its events) and the database's execution time
 *   (the statements' durations PostgreSQL logged during the run, divided by the documents).
 * The naive way beside it is the one instance. On a 2-core machine two instances share the same cores, so the
 * second mostly shows that nothing is lost or done twice, not a doubling. Exit code 1 if a document does not finish
 * `ready` or a job is claimed twice.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import knexFactory from "knex";
import { startCluster } from "../../test/support/postgres.ts";
import { freePort } from "../../test/support/service.ts";
import { setting } from "../settings.ts";
import { median } from "../stats.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const DOCS = Math.floor(setting("BENCH_DOCS", 40));
const failures: string[] = [];

const markdown = (i: number) =>
  `# Weekly note ${i}\n\n## Summary\n\nThe team closed ${i + 3} tickets and opened ${i + 1}.\n\n## Figures\n\n| Item | Count |\n|---|---:|\n| Closed | ${i + 3} |\n| Opened | ${i + 1} |\n\n- First point\n- Second point\n`;

interface Instance {
  readonly origin: string;
  readonly child: ChildProcess;
}

const startInstance = async (env: Record<string, string>): Promise<Instance> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), ...env, QUIRE_PORT: String(port), QUIRE_PUBLIC_URL: origin },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (d) => (errors += d));
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`an instance exited: ${errors}`);
    if (await fetch(`${origin}/readyz`).then((r) => r.ok).catch(() => false)) return { origin, child };
    if (Date.now() > deadline) throw new Error(`an instance did not start: ${errors}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** The sum of the statement durations PostgreSQL logged from `from` bytes on. */
const loggedMs = (log: string, from: number) => {
  const text = readFileSync(log).subarray(from).toString("utf8");
  let ms = 0;
  for (const m of text.matchAll(/duration: ([\d.]+) ms/g)) ms += Number(m[1]);
  return ms;
};

const run = async (cluster: Awaited<ReturnType<typeof startCluster>>, instances: number) => {
  const url = await cluster.database();
  const dataDir = await mkdtemp(join(tmpdir(), "quire-scale-"));
  const key = `ak_eu_${randomBytes(18).toString("base64url")}`;
  const env = { QUIRE_DATABASE_URL: url, QUIRE_DATA_DIR: dataDir, QUIRE_API_KEYS: `${key}=bench`, QUIRE_WORKERS: "2", QUIRE_SIGNING_SECRET: "bench-secret", QUIRE_RATE_LIMIT_PER_MINUTE: "100000" };
  const started: Instance[] = [];
  const db = knexFactory({ client: "pg", connection: url, pool: { min: 0, max: 2 } });
  try {
    for (let i = 0; i < instances; i += 1) started.push(await startInstance(env));
    const send = async (i: number) => {
      const res = await fetch(`${started[i % started.length]!.origin}/v1/documents`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ format: "docx", background: true, content: { markdown: markdown(i) } }),
      });
      if (res.status !== 202) throw new Error(`create answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const settle = async (ids: string[]) => {
      for (;;) {
        const rows: Array<{ status: string }> = await db("documents").whereIn("id", ids).select("status");
        if (rows.every((r) => !["queued", "running"].includes(r.status))) return rows;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    // Warm-up: every instance's threads and LibreOffice started.
    await settle(await Promise.all(Array.from({ length: instances * 2 }, (_, i) => send(i))));

    const logFrom = statSync(cluster.log).size;
    const t0 = performance.now();
    const ids = await Promise.all(Array.from({ length: DOCS }, (_, i) => send(1000 + i)));
    const rows = await settle(ids);
    const seconds = (performance.now() - t0) / 1000;
    const dbMs = loggedMs(cluster.log, logFrom);
    if (rows.some((r) => r.status !== "ready")) failures.push(`${instances} instance(s): ${rows.filter((r) => r.status !== "ready").length} documents did not finish ready`);
    const jobs: Array<{ attempts: number; owner: string }> = await db("jobs").whereIn("document_id", ids).select("attempts", "owner");
    if (jobs.some((j) => j.attempts !== 1)) failures.push(`${instances} instance(s): a job was claimed twice`);
    const events: Array<{ document_id: string; type: string; data: string; created_at: string }> = await db("events").whereIn("document_id", ids).orderBy("sequence");
    const processing = ids.map((id) => {
      const mine = events.filter((e) => e.document_id === id);
      const running = mine.find((e) => e.type === "status.changed" && JSON.parse(e.data).status === "running");
      const ready = mine.find((e) => e.type === "document.ready");
      return running && ready ? Date.parse(ready.created_at) - Date.parse(running.created_at) : NaN;
    });
    return { instances, seconds, perSecond: DOCS / seconds, processingMs: median(processing.filter(Number.isFinite)), dbMsPerDoc: dbMs / DOCS, owners: new Set(jobs.map((j) => j.owner)).size };
  } finally {
    for (const instance of started) instance.child.kill("SIGTERM");
    await Promise.all(started.map((i) => new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once("exit", r)))));
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
};

const cluster = await startCluster({ settings: ["log_min_duration_statement=0", "log_statement=none"] });
try {
  const results = [await run(cluster, 1), await run(cluster, 2)];
  console.log(`${DOCS} Word documents from Markdown, background, on one PostgreSQL; each instance 2 workers, this machine's cores shared`);
  console.log("");
  console.log("instances   docs/s   wall s   processing/doc ms (median)   database ms/doc   database share   instances that worked");
  for (const r of results) {
    console.log(
      `${String(r.instances).padStart(9)} ${r.perSecond.toFixed(2).padStart(8)} ${r.seconds.toFixed(1).padStart(8)} ${String(Math.round(r.processingMs)).padStart(28)} ${r.dbMsPerDoc.toFixed(1).padStart(17)} ${`${((100 * r.dbMsPerDoc) / r.processingMs).toFixed(1)}%`.padStart(16)} ${String(r.owners).padStart(23)}`,
    );
  }
  console.log("");
  console.log(`two instances against one: ${(results[1]!.perSecond / results[0]!.perSecond).toFixed(2)}× the documents per second`);
} finally {
  await cluster.stop();
}
if (failures.length) {
  console.error(`FAILED:\n${failures.join("\n")}`);
  process.exit(1);
}
