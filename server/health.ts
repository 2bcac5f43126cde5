/**
 * What `/healthz` and `/readyz` report (issue 18, operations): liveness with the state of the parts an instance
 * depends on (the database and its answer time, LibreOffice, the agent's sandbox), and readiness for a load
 * balancer: not ready while the instance stops or while its database does not answer.
 */
import type { Knex } from "knex";
import type { components } from "../generated/openapi.ts";
import { ping, storeKind } from "../core/store/db.ts";

type Check = components["schemas"]["HealthCheck"];
export type Readiness = components["schemas"]["Readiness"];

/** A database that takes longer than this to answer `select 1` counts as failed. */
const DATABASE_TIMEOUT_MS = 2_000;
/**
 * The engines are asked once (their answers are kept); a liveness probe does not wait for the first answer longer
 * than this, and says `checking` instead.
 */
const ENGINE_WAIT_MS = 250;

const within = <T>(promise: Promise<T>, ms: number): Promise<T | "checking"> =>
  Promise.race([promise, new Promise<"checking">((resolve) => setTimeout(() => resolve("checking"), ms).unref())]);

export interface HealthProbe {
  readonly checks: () => Promise<components["schemas"]["Health"]["checks"]>;
  readonly ready: () => Promise<Readiness>;
}

export const makeHealth = (opts: {
  readonly db: Knex;
  readonly libreoffice: () => Promise<string>;
  readonly sandbox: () => Promise<boolean>;
  readonly stopping: () => boolean;
}): HealthProbe => {
  const kind = storeKind(opts.db);
  const database = async (): Promise<Check> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ping(opts.db),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS))),
      ]);
      return { status: "ok", detail: `${kind}, answered in ${Math.round(performance.now() - started)} ms` };
    } catch (error) {
      return { status: "failed", detail: `${kind}: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    checks: async () => {
      const [db, office, sandbox] = await Promise.all([
        database(),
        within(opts.libreoffice().catch(() => ""), ENGINE_WAIT_MS),
        within(opts.sandbox().catch(() => false), ENGINE_WAIT_MS),
      ]);
      const checking: Check = { status: "checking", detail: "asked, not answered yet" };
      return {
        database: db,
        libreoffice:
          office === "checking" ? checking : /LibreOffice [\d.]+/.test(office) ? { status: "ok", detail: office } : { status: "missing", detail: "soffice did not answer with its version" },
        sandbox:
          sandbox === "checking"
            ? checking
            : sandbox
              ? { status: "ok", detail: "bubblewrap runs the agent's programs" }
              : { status: "missing", detail: "bubblewrap is not usable here: the agent path falls back to the fast path" },
      };
    },
    ready: async () => {
      if (opts.stopping()) return { status: "stopping", detail: "this instance is stopping: it finishes or hands back its running documents" };
      const db = await database();
      return db.status === "ok" ? { status: "ready", detail: db.detail } : { status: "database_unavailable", detail: db.detail };
    },
  };
};
