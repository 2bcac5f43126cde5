/**
 * Settings of the service, read once from the environment. Every variable is listed in the README's table;
 * the names come from DESIGN.md so scripts and people can rely on them.
 */
import { cpus } from "node:os";
import { resolve } from "node:path";
import { MODEL_ROLES, type ModelRole, type ModelSettings } from "./contracts/model.ts";

export type Region = "eu" | "us";

export interface Config {
  readonly port: number;
  readonly publicUrl: string;
  /**
   * Host (and port) under which each artifact page gets its own origin, `<slug>.<artifactHost>`; the scheme is the
   * public URL's. Resolved by `artifactHostOf`.
   */
  readonly artifactHost: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly region: Region;
  readonly apiKeys: ReadonlyArray<{ key: string; org: string }>;
  readonly directWaitMs: number;
  readonly allowPrivateUrls: boolean;
  readonly workers: number;
  /** LibreOffice instances kept warm for conversions; undefined lets the pool size itself to the machine. */
  readonly converters: number | undefined;
  /**
   * Start a worker thread of each pool and LibreOffice while the service starts (the default), so the first upload and
   * the first document pay nothing; off, each starts on first use, which saves seconds of CPU per start where the
   * service starts often and may serve nothing (scale-to-zero hosts, the test suite).
   */
  readonly warmStart: boolean;
  readonly signingSecret: string | undefined;
  readonly sweepIntervalMs: number;
  /**
   * On a shared (PostgreSQL) store: an instance whose heartbeat is older than this is gone, and its running work is
   * taken over by the others. It beats six times in this span.
   */
  readonly instanceStaleMs: number;
  /**
   * A stopping instance (SIGTERM) gives its running documents this long to finish before it hands the rest back to
   * the queue; an orchestrator's stop timeout must be longer.
   */
  readonly shutdownGraceMs: number;
  readonly rateLimitPerMinute: number;
  /** Slows every job by this many milliseconds; only for tests of cancel and crash recovery. */
  readonly renderDelayMs: number;
  /** The worker threads where callers' files and Markdown are parsed (core/work). */
  readonly work: {
    /** V8 heap limit of each thread, in MB; a thread past it dies and only its task fails. */
    readonly memoryMb: number;
    /** A document's pipeline is stopped past this (its thread terminated) and fails with `processing_failed`. */
    readonly jobTimeoutMs: number;
    /**
     * Uploads and extractions are refused with 503 `overloaded` before their body is read when the files ahead of
     * them would take longer than this to read (server/admission.ts).
     */
    readonly queueWaitMs: number;
    /** …or when the bodies of the requests already let in (declared, or 20 MB when not) would pass this many bytes. */
    readonly queueBytes: number;
  };
  /** The OpenAI-compatible endpoint and the model of each role; null when no model is configured. */
  readonly model: ModelSettings | null;
  /** An Openverse-compatible image search API (`…/v1/images/`) for `web:` pictures; null when none. */
  readonly imageSearchUrl: string | null;
  readonly errorsUrl: string;
  readonly webhooks: {
    /** Deliveries in flight at once, all endpoints together. */
    readonly concurrency: number;
    /** Deliveries in flight at once to one endpoint, so a dead receiver holds only these slots. */
    readonly perEndpoint: number;
    /** How long a receiver has to answer 2xx (the interface's 20 s); lowered only by tests. */
    readonly timeoutMs: number;
    /** Multiplies every gap of the retry schedule; 1 in production, e.g. 0.001 in tests. */
    readonly retryScale: number;
  };
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return Math.floor(n);
};

const ratio = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 1) throw new Error(`${name} must be a number above 0 and at most 1, got "${value}"`);
  return n;
};

export const parseApiKeys = (value: string | undefined): Array<{ key: string; org: string }> =>
  (value ?? "")
    .split(",")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at <= 0 || at === pair.length - 1) throw new Error(`QUIRE_API_KEYS entry "${pair}" must be <key>=<org>`);
      return { key: pair.slice(0, at).trim(), org: pair.slice(at + 1).trim() };
    });

/**
 * The artifact host: `QUIRE_ARTIFACT_HOST` when set, else the public URL's host. An IP address cannot have
 * subdomains, so it becomes `localhost` (every `*.localhost` resolves to loopback). A host given without a port
 * takes the public URL's port, so `localhost` means the port the service is reached at.
 */
export const artifactHostOf = (publicUrl: string, setting: string | undefined): string => {
  const url = new URL(publicUrl);
  const given = (setting ?? "").trim().toLowerCase().replace(/^[a-z]+:\/\//, "").replace(/\/.*$/, "");
  if (given && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/.test(given)) {
    throw new Error(`QUIRE_ARTIFACT_HOST must be a host name with an optional port, got "${setting}"`);
  }
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname) || url.hostname.startsWith("[");
  const host = given || (isIp ? "localhost" : url.hostname);
  return /:\d+$/.test(host) || !url.port ? host : `${host}:${url.port}`;
};

/**
 * Each role's model: its own variable, else the nearest role that has one (one name serves all when only one is set).
 * The reader is by default not the writer's model, so the reader test is a second opinion: it takes the judge's or
 * the fast model's name when either differs from the writer's.
 */
const roleModels = (env: NodeJS.ProcessEnv): Record<ModelRole, string> | null => {
  const given = Object.fromEntries(MODEL_ROLES.map((role) => [role, env[`QUIRE_MODEL_${role.toUpperCase()}`]?.trim() || undefined])) as Record<ModelRole, string | undefined>;
  const first = (...roles: ModelRole[]) => roles.map((role) => given[role]).find((name) => name !== undefined);
  const writer = first("writer", "best", "fast", "judge", "reader");
  if (!writer) return null;
  const judge = first("judge", "best", "writer", "fast") ?? writer;
  return {
    writer,
    fast: first("fast", "writer") ?? writer,
    best: first("best", "writer") ?? writer,
    judge,
    reader: given.reader ?? [judge, first("fast") ?? writer].find((name) => name !== writer) ?? writer,
  };
};

const modelSettings = (env: NodeJS.ProcessEnv): ModelSettings | null => {
  const baseUrl = env.QUIRE_MODEL_BASE_URL?.trim();
  if (!baseUrl) return null;
  const models = roleModels(env);
  if (!models) throw new Error("QUIRE_MODEL_BASE_URL is set but no model is named: set QUIRE_MODEL_WRITER (one name serves every role), or one QUIRE_MODEL_<ROLE> per role");
  const structured = env.QUIRE_MODEL_STRUCTURED?.trim() || "auto";
  if (structured !== "auto" && structured !== "json_schema" && structured !== "json_object") throw new Error(`QUIRE_MODEL_STRUCTURED must be auto, json_schema or json_object, got "${structured}"`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: env.QUIRE_MODEL_API_KEY || undefined,
    models,
    timeoutMs: Math.max(1000, int(env.QUIRE_MODEL_TIMEOUT_MS, 120_000, "QUIRE_MODEL_TIMEOUT_MS")),
    retries: int(env.QUIRE_MODEL_RETRIES, 3, "QUIRE_MODEL_RETRIES"),
    repairRounds: int(env.QUIRE_MODEL_REPAIR_ROUNDS, 3, "QUIRE_MODEL_REPAIR_ROUNDS"),
    structured,
  };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = int(env.QUIRE_PORT ?? env.PORT, 8080, "QUIRE_PORT");
  const region = (env.QUIRE_REGION ?? "eu").toLowerCase();
  if (region !== "eu" && region !== "us") throw new Error(`QUIRE_REGION must be eu or us, got "${region}"`);
  const publicUrl = (env.QUIRE_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    publicUrl,
    artifactHost: artifactHostOf(publicUrl, env.QUIRE_ARTIFACT_HOST),
    dataDir: resolve(env.QUIRE_DATA_DIR ?? "./data"),
    databaseUrl: env.QUIRE_DATABASE_URL || undefined,
    region,
    apiKeys: parseApiKeys(env.QUIRE_API_KEYS),
    directWaitMs: int(env.QUIRE_DIRECT_WAIT_MS, 120_000, "QUIRE_DIRECT_WAIT_MS"),
    allowPrivateUrls: env.QUIRE_ALLOW_PRIVATE_URLS === "1",
    // Twice the cores: a document's thread waits on LibreOffice for about a third of its time, and with one thread per
    // core the cores idled (one-page creates at 8 at once: 9.8 documents/s, 14.9 with twice as many).
    workers: Math.max(1, int(env.QUIRE_WORKERS, 2 * cpus().length, "QUIRE_WORKERS")),
    converters: env.QUIRE_CONVERTERS ? Math.max(1, int(env.QUIRE_CONVERTERS, 1, "QUIRE_CONVERTERS")) : undefined,
    warmStart: env.QUIRE_WARM_START !== "0",
    signingSecret: env.QUIRE_SIGNING_SECRET || undefined,
    sweepIntervalMs: int(env.QUIRE_SWEEP_INTERVAL_MS, 60_000, "QUIRE_SWEEP_INTERVAL_MS"),
    instanceStaleMs: Math.max(600, int(env.QUIRE_INSTANCE_STALE_MS, 30_000, "QUIRE_INSTANCE_STALE_MS")),
    shutdownGraceMs: int(env.QUIRE_SHUTDOWN_GRACE_MS, 20_000, "QUIRE_SHUTDOWN_GRACE_MS"),
    rateLimitPerMinute: int(env.QUIRE_RATE_LIMIT_PER_MINUTE, 120, "QUIRE_RATE_LIMIT_PER_MINUTE"),
    renderDelayMs: int(env.QUIRE_RENDER_DELAY_MS, 0, "QUIRE_RENDER_DELAY_MS"),
    work: {
      memoryMb: Math.max(256, int(env.QUIRE_WORKER_MEMORY_MB, 2048, "QUIRE_WORKER_MEMORY_MB")),
      jobTimeoutMs: Math.max(1000, int(env.QUIRE_JOB_TIMEOUT_MS, 15 * 60_000, "QUIRE_JOB_TIMEOUT_MS")),
      queueWaitMs: Math.max(1000, int(env.QUIRE_QUEUE_WAIT_MS, 20_000, "QUIRE_QUEUE_WAIT_MS")),
      queueBytes: Math.max(32 * 1024 * 1024, int(env.QUIRE_QUEUE_BYTES, 256 * 1024 * 1024, "QUIRE_QUEUE_BYTES")),
    },
    model: modelSettings(env),
    imageSearchUrl: env.QUIRE_IMAGE_SEARCH_URL?.trim() || null,
    errorsUrl: (env.QUIRE_ERRORS_URL ?? `${publicUrl}/errors`).replace(/\/+$/, ""),
    webhooks: {
      concurrency: Math.max(1, int(env.QUIRE_WEBHOOK_CONCURRENCY, 128, "QUIRE_WEBHOOK_CONCURRENCY")),
      perEndpoint: Math.max(1, int(env.QUIRE_WEBHOOK_PER_ENDPOINT, 8, "QUIRE_WEBHOOK_PER_ENDPOINT")),
      timeoutMs: Math.min(20_000, Math.max(1, int(env.QUIRE_WEBHOOK_TIMEOUT_MS, 20_000, "QUIRE_WEBHOOK_TIMEOUT_MS"))),
      retryScale: ratio(env.QUIRE_WEBHOOK_RETRY_SCALE, 1, "QUIRE_WEBHOOK_RETRY_SCALE"),
    },
  };
};
