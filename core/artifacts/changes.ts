/**
 * The change log of an artifact: every write and deletion with its sequence number, kept 24 hours, so an event
 * stream that reconnects with `Last-Event-ID` replays what it missed, and other processes learn of writes they did
 * not make (core/artifacts/live.ts polls it). Rows are appended by the store (core/artifacts/store.ts) in the
 * write's own transaction.
 */
import type { Knex } from "knex";
import { fastReader } from "../store/fast-reads.ts";
import { CHANGES_KEPT_MS } from "./names.ts";
import type { ArtifactChange } from "./store.ts";

interface ChangeRow {
  document_id: string;
  seq: number;
  collection: string;
  key: string;
  data: string | null;
  updated_at: string;
}

const toChange = (r: ChangeRow): ArtifactChange => ({
  documentId: r.document_id,
  seq: Number(r.seq),
  collection: r.collection,
  key: r.key,
  data: r.data,
  updated_at: r.updated_at,
});

const COLUMNS = "document_id, seq, collection, key, data, updated_at";

/**
 * Changes after sequence `after`, oldest first: of one collection when `collection` is given, and only up to `upTo`
 * when given (a stream filling a gap before a change it already holds).
 */
export const changesAfter = async (db: Knex, documentId: string, after: number, opts: { collection?: string; upTo?: number } = {}): Promise<ArtifactChange[]> => {
  // Sequences are 32-bit integers on PostgreSQL: "no bound" is the largest of them, not a JavaScript one.
  const upTo = opts.upTo ?? 2_147_483_647;
  const fast = fastReader(db);
  if (fast) {
    const rows = opts.collection === undefined
      ? fast.all<ChangeRow>(`select ${COLUMNS} from artifact_changes where document_id = ? and seq > ? and seq <= ? order by seq`, [documentId, after, upTo])
      : fast.all<ChangeRow>(`select ${COLUMNS} from artifact_changes where document_id = ? and collection = ? and seq > ? and seq <= ? order by seq`, [documentId, opts.collection, after, upTo]);
    return rows.map(toChange);
  }
  const q = db("artifact_changes").where({ document_id: documentId }).andWhere("seq", ">", after).andWhere("seq", "<=", upTo).orderBy("seq");
  if (opts.collection !== undefined) q.andWhere({ collection: opts.collection });
  return ((await q.select("document_id", "seq", "collection", "key", "data", "updated_at")) as ChangeRow[]).map(toChange);
};

/**
 * Where an artifact's log stands: the last sequence, and the first one still kept (`lastSeq + 1` when none is kept).
 * A stream resuming after `s` lost nothing when `oldestKept <= s + 1`.
 */
export const logHorizon = async (db: Knex, documentId: string): Promise<{ lastSeq: number; oldestKept: number }> => {
  const fast = fastReader(db);
  const state: { last_seq: number } | undefined = fast
    ? fast.get("select last_seq from artifact_state where document_id = ?", [documentId])
    : await db("artifact_state").where({ document_id: documentId }).first("last_seq");
  const lastSeq = state ? Number(state.last_seq) : 0;
  const oldest: { seq?: number | null } | undefined = fast
    ? fast.get("select min(seq) as seq from artifact_changes where document_id = ?", [documentId])
    : await db("artifact_changes").where({ document_id: documentId }).min({ seq: "seq" }).first();
  return { lastSeq, oldestKept: oldest?.seq == null ? lastSeq + 1 : Number(oldest.seq) };
};

/** Deletes changes older than 24 hours (the sweeper); returns how many. */
export const pruneChanges = async (db: Knex, now: Date): Promise<number> =>
  db("artifact_changes").where("updated_at", "<", new Date(now.getTime() - CHANGES_KEPT_MS).toISOString()).delete();
