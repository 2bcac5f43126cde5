/** The author a made file names in its metadata: the caller's organisation (RenderContext.author), never the service. */
import * as Effect from "effect/Effect";
import { Db } from "../../store/db.ts";
import { attempt } from "../attempt.ts";
import { Job } from "../job.ts";

export const author = Effect.gen(function* () {
  const { row } = yield* Job;
  const db = yield* Db;
  const org = yield* attempt(() => db("organizations").where({ id: row.organization_id }).first("name") as Promise<{ name: string } | undefined>);
  return org?.name?.trim() || undefined;
});
