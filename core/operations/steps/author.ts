/**
 * Who a made or edited file names as its author: the author the request's `metadata` names, else the caller's
 * organisation, never the service. The file's metadata (RenderContext.author), its comments and its tracked changes
 * all say the same name.
 */
import * as Effect from "effect/Effect";
import { Db, fromJson } from "../../store/db.ts";
import { attempt } from "../attempt.ts";
import { Job } from "../job.ts";

export const author = Effect.gen(function* () {
  const { row } = yield* Job;
  const named = fromJson<Record<string, string>>(row.metadata, {}).author?.trim();
  if (named) return named.slice(0, 255);
  const db = yield* Db;
  const org = yield* attempt(() => db("organizations").where({ id: row.organization_id }).first("name") as Promise<{ name: string } | undefined>);
  return org?.name?.trim() || undefined;
});
