/**
 * Organizations, projects, API keys and dashboard sessions. Keys and session tokens are random secrets shown once;
 * only their SHA-256 is stored. A key carries its project's region in its prefix (`ak_eu_…`), so a key of the
 * other region is told apart without a lookup.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import type { Region } from "../config.ts";
import { Clock } from "../services/clock.ts";
import { newId } from "../services/ids.ts";

/** The times below come from the caller's Clock service; a caller without one (the CLI, a test) gets the real clock. */
const realClock = Clock.make();

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

const randomToken = (bytes = 24) => randomBytes(bytes).toString("base64url");

export interface Principal {
  readonly kind: "api_key" | "session";
  readonly organizationId: string;
  /** The key's project; for a session, the organization's first project. */
  readonly projectId: string;
  readonly credentialId: string;
  /** The project keeps nothing: its artifacts default to local storage. */
  readonly projectStoresNothing: boolean;
}

export interface ApiKeyRow {
  id: string;
  project_id: string;
  organization_id: string;
  name: string | null;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export const createOrganization = async (db: Knex, name: string, now = realClock.now(), id = newId("org")) => {
  await db("organizations").insert({ id, name, balance: null, created_at: now.toISOString() });
  return { id, name };
};

export const createProject = async (
  db: Knex,
  input: { organizationId: string; name: string; region: Region; storesNothing?: boolean },
  now = realClock.now(),
) => {
  const id = newId("prj");
  await db("projects").insert({
    id,
    organization_id: input.organizationId,
    name: input.name,
    region: input.region,
    stores_nothing: input.storesNothing ?? false,
    created_at: now.toISOString(),
  });
  return { id, ...input };
};

/** Creates a key for a project; `secret` lets a caller ensure a known key (QUIRE_API_KEYS). */
export const createApiKey = async (
  db: Knex,
  input: { projectId: string; name?: string | null; secret?: string },
  now = realClock.now(),
): Promise<ApiKeyRow & { key: string }> => {
  const project = await db("projects").where({ id: input.projectId }).first();
  if (!project) throw new Error(`no project ${input.projectId}`);
  const key = input.secret ?? `ak_${project.region}_${randomToken()}`;
  const row: ApiKeyRow = {
    id: newId("key"),
    project_id: project.id,
    organization_id: project.organization_id,
    name: input.name ?? null,
    prefix: key.slice(0, 12),
    created_at: now.toISOString(),
    revoked_at: null,
  };
  await db("api_keys").insert({ ...row, hash: hashSecret(key) });
  return { ...row, key };
};

/** An organization's project; undefined for another organization's or none. */
export const projectOf = async (db: Knex, organizationId: string, projectId: string) =>
  db("projects").where({ id: projectId, organization_id: organizationId }).first();

/** An organization's keys, newest first, without their hashes. */
export const listApiKeys = async (db: Knex, organizationId: string): Promise<ApiKeyRow[]> =>
  db("api_keys")
    .where({ organization_id: organizationId })
    .orderBy("id", "desc")
    .select("id", "project_id", "organization_id", "name", "prefix", "created_at", "revoked_at");

export const revokeApiKey = async (db: Knex, organizationId: string, keyId: string, now = realClock.now()) => {
  const row = await db("api_keys").where({ id: keyId, organization_id: organizationId }).first();
  if (!row) return null;
  if (!row.revoked_at) {
    await db("api_keys").where({ id: keyId }).update({ revoked_at: now.toISOString() });
    row.revoked_at = now.toISOString();
  }
  delete row.hash;
  return row as ApiKeyRow;
};

export const createSession = async (db: Knex, organizationId: string, ttlHours = 24, now = realClock.now()) => {
  const token = `sess_${randomToken()}`;
  const id = newId("sess");
  await db("sessions").insert({
    id,
    organization_id: organizationId,
    hash: hashSecret(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ttlHours * 3600_000).toISOString(),
  });
  return { id, token };
};

const firstProject = async (db: Knex, organizationId: string, region: Region) =>
  db("projects").where({ organization_id: organizationId, region }).orderBy("id").first();

/**
 * Makes sure each `key=org` pair of QUIRE_API_KEYS exists: the organization (by id, or else by name), a
 * `default` project in the key's region, and the key. Idempotent across restarts.
 */
export const ensureApiKeys = async (db: Knex, pairs: ReadonlyArray<{ key: string; org: string }>, now = realClock.now()) => {
  for (const { key, org } of pairs) {
    const match = /^ak_(eu|us)_[A-Za-z0-9_-]{8,}$/.exec(key);
    if (!match) throw new Error(`QUIRE_API_KEYS: "${key.slice(0, 10)}…" must look like ak_eu_<at least 8 characters>`);
    const region = match[1] as Region;
    if (await db("api_keys").where({ hash: hashSecret(key) }).first()) continue;
    let organization = await db("organizations").where({ id: org }).orWhere({ name: org }).first();
    if (!organization) organization = await createOrganization(db, org, now, /^org_/.test(org) ? org : newId("org"));
    const project = (await firstProject(db, organization.id, region)) ?? (await createProject(db, { organizationId: organization.id, name: "default", region }, now));
    await createApiKey(db, { projectId: project.id, name: "from QUIRE_API_KEYS", secret: key }, now);
  }
};

export type AuthResult =
  | { ok: true; principal: Principal }
  | { ok: false; reason: "unauthorized" | "region_mismatch"; message: string };

/**
 * Resolves a bearer token. `cacheMs` > 0 caches lookups that long, because every request pays for them; `forget`
 * (a key revoked) clears the cache, and a lookup that began before the clear is not kept, since it may have read the
 * key before the revocation. A store shared by several instances gets no cache (`cacheMs` 0): a key revoked on
 * another instance would work here until told, and a notice can be lost (issue 18: no 30 s window); the lookup is
 * one read by a unique index. `now` is the Clock service's time, which a session's expiry is compared with.
 */
export const makeAuthenticator = (db: Knex, region: Region, cacheMs = 30_000, now: () => Date = realClock.now) => {
  const cache = new Map<string, { principal: Principal | null; until: number }>();
  let generation = 0;
  const lookup = async (token: string): Promise<Principal | null> => {
    const hash = hashSecret(token);
    if (token.startsWith("ak_")) {
      const row = await db("api_keys").join("projects", "projects.id", "api_keys.project_id").where({ hash }).first("api_keys.*", "projects.stores_nothing");
      if (!row || row.revoked_at) return null;
      return { kind: "api_key", organizationId: row.organization_id, projectId: row.project_id, credentialId: row.id, projectStoresNothing: Boolean(row.stores_nothing) };
    }
    if (token.startsWith("sess_")) {
      const row = await db("sessions").where({ hash }).first();
      if (!row || row.expires_at <= now().toISOString()) return null;
      const project = await firstProject(db, row.organization_id, region);
      if (!project) return null;
      return { kind: "session", organizationId: row.organization_id, projectId: project.id, credentialId: row.id, projectStoresNothing: Boolean(project.stores_nothing) };
    }
    return null;
  };
  const authenticate = async (header: string | undefined): Promise<AuthResult> => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
    if (!m) return { ok: false, reason: "unauthorized", message: "Send the header Authorization: Bearer <API key>." };
    const token = m[1]!;
    const keyRegion = /^ak_([a-z]+)_/.exec(token)?.[1];
    if (keyRegion && keyRegion !== region) {
      return { ok: false, reason: "region_mismatch", message: `This key belongs to region "${keyRegion}"; this server is region "${region}".` };
    }
    // How long an answer is reused is a duration of this process, never stored or shown: the monotonic clock's, which
    // a change of the wall clock does not stretch.
    const at = performance.now();
    const hit = cacheMs > 0 ? cache.get(token) : undefined;
    let principal: Principal | null;
    if (hit && hit.until > at) principal = hit.principal;
    else {
      const began = generation;
      principal = await lookup(token);
      if (cacheMs > 0 && began === generation) {
        if (cache.size > 10_000) cache.clear();
        cache.set(token, { principal, until: at + cacheMs });
      }
    }
    if (!principal) return { ok: false, reason: "unauthorized", message: "The key or session is unknown, revoked or expired." };
    return { ok: true, principal };
  };
  const forget = () => {
    generation += 1;
    cache.clear();
  };
  return { authenticate, forget };
};
export type Authenticator = ReturnType<typeof makeAuthenticator>;

/**
 * A fresh store with no key at all (and none given in QUIRE_API_KEYS) gets one local organization, project and
 * key, so `make start` on a new machine can be called at once; the key is returned for the log and a file.
 */
export const ensureFirstKey = async (db: Knex, region: Region, now = realClock.now()): Promise<string | null> => {
  const any = await db("api_keys").first("id");
  if (any) return null;
  const org = await createOrganization(db, "local", now);
  const project = await createProject(db, { organizationId: org.id, name: "default", region }, now);
  return (await createApiKey(db, { projectId: project.id, name: "first local key" }, now)).key;
};
