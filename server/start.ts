/**
 * Starting and stopping the service: the store and its migrations, keys from QUIRE_API_KEYS, recovery of jobs a
 * crash interrupted, the worker pool, the webhook deliverer, the retention sweeper, then the HTTP server.
 */
import * as ManagedRuntime from "effect/ManagedRuntime";
import { randomBytes, randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../core/config.ts";
import * as Layer from "effect/Layer";
import { appLayer, services } from "../core/services/index.ts";
import { engines as enginesOf } from "../core/services/engines.ts";
import { Registry } from "../core/services/plugins.ts";
import { ensureApiKeys, ensureFirstKey, makeAuthenticator } from "../core/auth/tenancy.ts";
import { makeRateLimiter, sweepRateHits } from "../core/limits/rate.ts";
import { startWorkers } from "../core/jobs/worker.ts";
import { runDocument } from "../core/jobs/run.ts";
import { handBack, recoverInterrupted } from "../core/jobs/recover.ts";
import { beat, BEATS_PER_SPAN, forgetGone, leave, liveOwners } from "../core/jobs/instances.ts";
import { settleInterrupted } from "../core/documents/idempotency.ts";
import { sweep } from "../core/documents/content.ts";
import { buildServer } from "./app.ts";
import { assertPortFree } from "./port.ts";
import { enginesLayer } from "./engines.ts";
import { failInterruptedExtractions, type ExtractDeps } from "../core/extract/service.ts";
import { pooledWork } from "../core/work/work.ts";
import { bubblewrapSandbox } from "../renderers/bubblewrap/index.ts";
import { makeHealth } from "./health.ts";
import { formatPlugins } from "../plugins/index.ts";
import { availableParallelism } from "node:os";
import { makeAdmission } from "./admission.ts";
import type { ServerApp } from "./context.ts";
import { makeDeliverer } from "../core/webhooks/deliverer.ts";
import { enqueueFinal, sweepDeliveries } from "../core/webhooks/outbox.ts";
import { enqueue } from "../core/jobs/queue.ts";
import { openAiModel } from "../renderers/openai/index.ts";
import { noModel } from "../core/contracts/model.ts";
import { noImageSearch } from "../core/contracts/image-search.ts";
import { openverseSearch } from "../renderers/openverse/index.ts";
import { installedFonts } from "../renderers/fonts.ts";

/** An upload's inspection (kind, pages, bombs) takes milliseconds; past this the file is refused. */
const INSPECT_TIMEOUT_MS = 30_000;
/** An extraction may OCR 100 scanned pages. */
const EXTRACT_TIMEOUT_MS = 30 * 60_000;

export type Log = (message: string, error?: unknown) => void;

/** One JSON line per message: what an operator's log collector reads. */
export const logLine = (message: string, error?: unknown) =>
  `${JSON.stringify({ time: new Date().toISOString(), level: error ? "error" : "info", message, error: error ? String((error as Error)?.stack ?? error) : undefined })}\n`;

export const stderrLog: Log = (message, error) => void process.stderr.write(logLine(message, error));

export interface StartOptions {
  /** Where the service's log lines go (standard error unless told). */
  readonly log?: Log;
}

/**
 * Links must survive restarts, so a secret made here is kept in the data directory. Instances sharing that directory
 * may start at once: each writes a whole secret aside and links it in place, which only the first does (a link fails
 * on an existing name, and the file is never seen half written), then all read the one that landed.
 */
const signingSecret = (config: Config) => {
  if (config.signingSecret) return config.signingSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, "signing.key");
  const mine = `${file}.${randomUUID()}.tmp`;
  writeFileSync(mine, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  try {
    linkSync(mine, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(mine, { force: true });
  }
  return readFileSync(file, "utf8").trim();
};

/** Tests start it in their own process too (test/support/in-process.ts), with their own log. */
export const startService = async (config: Config, { log = stderrLog }: StartOptions = {}) => {
  // Before anything touches the data directory: a second service on a taken port would share it and its jobs.
  if (config.port !== 0) await assertPortFree(config.port);
  const warmUp: Array<() => Promise<unknown>> = [];
  // Every service of the process, engines included, lives as long as this runtime: disposing it closes them all.
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(
      appLayer(config),
      enginesLayer({ converters: config.converters, warm: (start) => warmUp.push(start) }),
      Registry.layer(formatPlugins),
    ),
  );
  const s = await runtime.runPromise(services);
  const owner = `proc_${randomUUID()}`;
  await ensureApiKeys(s.db, config.apiKeys, s.clock.now());
  const firstKey = await ensureFirstKey(s.db, config.region, s.clock.now());
  if (firstKey) {
    writeFileSync(join(config.dataDir, "local-api-key"), `${firstKey}\n`, { mode: 0o600 });
    log(`no API key existed: created one for local use, saved in ${join(config.dataDir, "local-api-key")}: ${firstKey}`);
  }
  // Instances sharing a PostgreSQL store take over only the work of those that stopped beating; on SQLite the store
  // is this process's alone, so whatever another owner left is taken at once.
  const shared = Boolean(config.databaseUrl);
  await beat(s.db, owner, s.clock.now());
  const live = () => liveOwners(s.db, owner, s.clock.now(), shared ? config.instanceStaleMs : null);
  await settleInterrupted(s.db, await live());
  const engines = await runtime.runPromise(enginesOf);
  const plugins = await runtime.runPromise(Registry);
  // The agent's programs run under bubblewrap, as processes of this thread; a machine without it takes the fast path.
  const sandbox = bubblewrapSandbox();
  // Callers' files and Markdown are parsed in worker threads; this thread only moves bytes (issue 11).
  const work = pooledWork(
    {
      tasks: new URL("./work/tasks.ts", import.meta.url),
      // Written in by scripts/build.ts when the service runs built; run from source, the threads load TypeScript.
      ...(process.env.QUIRE_BUILT_THREAD ? { thread: new URL(process.env.QUIRE_BUILT_THREAD) } : {}),
      store: { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      jobs: config.workers,
      reads: Math.max(2, availableParallelism()),
      warm: config.warmStart,
      memoryMb: config.work.memoryMb,
      jobTimeoutMs: config.work.jobTimeoutMs,
      inspectTimeoutMs: INSPECT_TIMEOUT_MS,
      extractTimeoutMs: EXTRACT_TIMEOUT_MS,
    },
    engines,
    { model: config.model ? openAiModel(config.model) : noModel, imageSearch: config.imageSearchUrl ? openverseSearch(config.imageSearchUrl) : noImageSearch, sandbox },
  );
  // Made before the documents' deps so a final transition can wake it; started once recovery has run.
  const webhooks = makeDeliverer({ db: s.db, owner, now: s.clock.now, allowPrivate: config.allowPrivateUrls, ...config.webhooks, log });
  const deps = {
    db: s.db,
    bus: s.bus,
    blobs: s.blobs,
    config,
    now: s.clock.now,
    newId: s.ids.make,
    signer: { publicUrl: config.publicUrl, secret: signingSecret(config), artifactHost: config.artifactHost },
    rate: makeRateLimiter(s.db, config.rateLimitPerMinute),
    owner,
    log,
    webhooks,
    work,
    plugins,
    fonts: installedFonts,
    enqueueJob: enqueue,
    finalMessages: enqueueFinal,
  };
  await recoverInterrupted(deps, await live());
  webhooks.start();
  // Warm the converter pool while the service starts listening, so the first document does not pay for it.
  if (config.warmStart) for (const start of warmUp) start().catch((error) => log("the LibreOffice pool did not start; documents will retry it", error));
  const workers = startWorkers({
    db: s.db,
    bus: s.bus,
    owner,
    now: s.clock.now,
    concurrency: config.workers,
    run: (documentId, attempts) => runDocument({ ...deps, renderDelayMs: config.renderDelayMs, allowPrivateUrls: config.allowPrivateUrls }, documentId, attempts),
    onError: (documentId, error) => log(`job ${documentId}`, error),
    handBack: (documentId) => handBack(deps, documentId),
  });
  await failInterruptedExtractions(s.db, await live());
  const heartbeat = setInterval(() => void beat(s.db, owner, s.clock.now()).catch((error) => log("heartbeat failed", error)), config.instanceStaleMs / BEATS_PER_SPAN);
  heartbeat.unref();
  // What an instance that died left behind is taken over by the others while they run, not only when one starts.
  const takeover = shared
    ? setInterval(() => {
        void (async () => {
          const alive = await live();
          await settleInterrupted(s.db, alive);
          await recoverInterrupted(deps, alive);
          await failInterruptedExtractions(s.db, alive);
          await forgetGone(s.db, s.clock.now());
        })().catch((error) => log("taking over a gone instance's work failed", error));
      }, config.instanceStaleMs / 2)
    : null;
  takeover?.unref();
  const extraction: ExtractDeps = {
    db: s.db,
    now: s.clock.now,
    newId: s.ids.make,
    rate: deps.rate,
    rateLimitPerMinute: config.rateLimitPerMinute,
    directWaitMs: config.directWaitMs,
    owner,
    work,
    log,
  };
  // On a shared store every request reads its key: a key revoked on another instance is refused here at once.
  const auth = makeAuthenticator(s.db, config.region, shared ? 0 : undefined, s.clock.now);
  let stopping = false;
  const health = makeHealth({ db: s.db, libreoffice: engines.describe, sandbox: sandbox.available, stopping: () => stopping });
  const admission = makeAdmission(work.readLoad, { waitMs: config.work.queueWaitMs, bytes: config.work.queueBytes });
  const app: ServerApp = { ...deps, auth, health, workers, extraction, admission };
  const sweeper = setInterval(() => {
    sweep(s.db, s.blobs, s.clock.now()).catch((error) => log("sweep failed", error));
    sweepDeliveries(s.db, s.clock.now()).catch((error) => log("sweeping webhook deliveries failed", error));
    sweepRateHits(s.db, s.clock.now().getTime()).catch((error) => log("sweeping rate-limit hits failed", error));
  }, config.sweepIntervalMs);
  sweeper.unref();
  const server = buildServer(app);
  await server.listen(config.port);
  log(`quire listening on ${config.port} (region ${config.region}, data ${config.dataDir}, ${config.workers} workers)`);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // From here /readyz answers 503, so a load balancer sends no more, while the listener stays open for what is in
    // flight. The running documents get the grace period, still beating (so nobody takes them over); the rest are
    // handed back to the queue for another instance at once.
    stopping = true;
    clearInterval(sweeper);
    if (takeover) clearInterval(takeover);
    const running = workers.running();
    if (running) log(`stopping: ${running} running document(s) get up to ${config.shutdownGraceMs} ms to finish, then go back to the queue`);
    await workers.stop(config.shutdownGraceMs);
    clearInterval(heartbeat);
    server.close();
    await webhooks.stop();
    await work.close();
    await sandbox.close?.();
    await leave(s.db, owner).catch(() => undefined);
    await runtime.dispose();
  };
  return { app, server, stop, port: server.port };
};

