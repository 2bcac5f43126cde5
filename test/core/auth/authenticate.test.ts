/**
 * The key lookup cache (core/auth/tenancy.ts): a key revoked is refused by the next request. A lookup that read the
 * key before the revocation and finishes after it must not put the old answer back in the cache; a store shared by
 * several instances caches nothing, since another instance's revocation reaches this one by no clear here.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTestDatabase } from "../../support/store.ts";
import { createApiKey, createOrganization, createProject, makeAuthenticator, revokeApiKey } from "../../../core/auth/tenancy.ts";

const dir = await mkdtemp(join(tmpdir(), "quire-auth-"));
const db = await openTestDatabase(dir);
after(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

const newKey = async () => {
  const org = await createOrganization(db, "acme");
  const project = await createProject(db, { organizationId: org.id, name: "default", region: "eu" });
  return { org, ...(await createApiKey(db, { projectId: project.id })) };
};

test("a lookup in flight when a key is revoked here does not cache what it read before", async () => {
  const auth = makeAuthenticator(db, "eu");
  const key = await newKey();
  // The revocation lands between the lookup's read and its answer: the route's clear comes right as the read
  // returns (the revoke it follows is written to the store just after, here, which the cache cannot tell apart).
  let cleared = false;
  const clearOnce = () => {
    if (cleared) return;
    cleared = true;
    auth.forget();
  };
  db.on("query-response", clearOnce);
  const before = await auth.authenticate(`Bearer ${key.key}`);
  db.off("query-response", clearOnce);
  assert.equal(before.ok, true, "the read came before the revocation");
  await revokeApiKey(db, key.org.id, key.id);
  assert.equal((await auth.authenticate(`Bearer ${key.key}`)).ok, false, "the next request reads the key again");
});

test("without a cache (a shared store) a key revoked by anyone is refused by the next request", async () => {
  const auth = makeAuthenticator(db, "eu", 0);
  const key = await newKey();
  assert.equal((await auth.authenticate(`Bearer ${key.key}`)).ok, true);
  // Revoked in the store by another instance: nothing here is told.
  await revokeApiKey(db, key.org.id, key.id);
  assert.equal((await auth.authenticate(`Bearer ${key.key}`)).ok, false);
});
