/**
 * A throwaway PostgreSQL cluster for tests (issue 18): `initdb` in a temporary folder, a free loopback port, trust
 * authentication, fsync off; removed when stopped, so a fresh machine needs nothing but Debian's `postgresql`
 * package (installed by the setup script). As root, the cluster runs as the package's `postgres` user, since
 * PostgreSQL refuses to run as root. Each caller gets its own database.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import knexFactory from "knex";
import { freePort } from "./service.ts";
import { freshDatabaseUrl, onPostgres } from "./store.ts";

const run = promisify(execFile);

/** The newest installed PostgreSQL's programs (Debian keeps them off the PATH). */
const binDir = (): string | null => {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
};

export const postgresAvailable = (): boolean => binDir() !== null;

export interface Cluster {
  readonly port: number;
  /** The server's log (what `settings` such as `log_min_duration_statement=0` ask it to write). */
  readonly log: string;
  /** A fresh empty database on the cluster, its URL. */
  readonly database: () => Promise<string>;
  readonly stop: () => Promise<void>;
}

/** `settings`: more `name=value` server settings (a bench logs every statement's duration). */
export const startCluster = async (options: { settings?: readonly string[] } = {}): Promise<Cluster> => {
  const bin = binDir();
  if (!bin) throw new Error("PostgreSQL is not installed (Debian package postgresql)");
  const dir = await mkdtemp(join(tmpdir(), "quire-pg-"));
  const data = join(dir, "data");
  const asRoot = userInfo().uid === 0;
  // As root, the postgres user runs it and must own the folder (and reach it through the temp folder).
  const as = (program: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", join(bin, program), ...args]) : run(join(bin, program), args));
  if (asRoot) {
    await chmod(dir, 0o755);
    const { stdout } = await run("id", ["-u", "postgres"]);
    const uid = Number(stdout.trim());
    await chown(dir, uid, uid);
  }
  await as("initdb", ["-D", data, "-A", "trust", "-U", "quire", "--no-sync", "-E", "UTF8", "--locale", "C"]);
  const port = await freePort();
  const log = join(dir, "log");
  const settings = ["listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=200", ...(options.settings ?? [])];
  await as("pg_ctl", ["-D", data, "-w", "-l", log, "-o", `-p ${port} -k ${dir} ${settings.map((s) => `-c ${s}`).join(" ")}`, "start"]);
  const admin = knexFactory({ client: "pg", connection: `postgres://quire@127.0.0.1:${port}/postgres`, pool: { min: 0, max: 1 } });
  return {
    port,
    log,
    database: async () => {
      const name = `quire_${randomBytes(6).toString("hex")}`;
      await admin.raw(`create database ${name}`);
      return `postgres://quire@127.0.0.1:${port}/${name}`;
    },
    stop: async () => {
      await admin.destroy();
      await as("pg_ctl", ["-D", data, "-m", "immediate", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
};

/**
 * Fresh databases for a service test file on PostgreSQL: on the run's cluster in the PostgreSQL pass of `make test`
 * (QUIRE_TEST_PG_URL), else on a cluster the file starts on first use, for a file run alone. `stop` in the file's
 * `after`.
 */
export const fileDatabases = () => {
  let own: Promise<Cluster> | undefined;
  return {
    database: async (): Promise<string> => (onPostgres ? (await freshDatabaseUrl())! : (await (own ??= startCluster())).database()),
    stop: async () => (own ? (await own).stop() : undefined),
  };
};
