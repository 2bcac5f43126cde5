/**
 * An artifact's shared storage (interface, Artifact data): JSON records by collection and key, most recent first,
 * at most 16 KB each and 5,000 per artifact. Every write takes the next number of the artifact's change sequence,
 * stores the record and appends the change to the log (core/artifacts/changes.ts) in one transaction, so the log a
 * reconnecting page replays always agrees with the records. The caller publishes the returned change to the live
 * bus after the commit (core/artifacts/live.ts).
 *
 * Records are kept as compact JSON text and served as stored: a read splices the text into its answer instead of
 * parsing and serialising it again. Reads take the prepared-statement reader on SQLite (core/store/fast-reads.ts).
 */
import type { Knex } from "knex";
import { InputInvalid } from "../errors.ts";
import { fastReader } from "../store/fast-reads.ts";
import { ArtifactGone, RecordTooLarge, TooManyRecords } from "./errors.ts";
import { MAX_RECORD_BYTES, MAX_RECORDS, nameProblem } from "./names.ts";
import { announceGone } from "./live.ts";

/** A stored record; `data` is its JSON text. */
export interface StoredRecord {
  readonly key: string;
  readonly data: string;
  readonly updated_at: string;
  readonly seq: number;
}

/** One change of the log: a write (`data` = JSON text) or a deletion (`data` = null). */
export interface ArtifactChange {
  readonly documentId: string;
  readonly seq: number;
  readonly collection: string;
  readonly key: string;
  readonly data: string | null;
  readonly updated_at: string;
}

export const isSqlite = (db: Knex) => /sqlite/i.test(String(db.client.config.client));

/** Names are checked here, the one way into the store, whoever calls. */
const checkNames = (collection: string, key?: string) => {
  const errors = [
    { path: "/collection", message: nameProblem("collection", collection) },
    ...(key === undefined ? [] : [{ path: "/key", message: nameProblem("key", key) }]),
  ].filter((e): e is { path: string; message: string } => e.message !== null);
  if (errors.length) throw new InputInvalid({ message: errors.map((e) => e.message).join("; "), errors });
};

/**
 * A value as the compact JSON text the store keeps, refused over 16,384 bytes. `undefined`, functions and other
 * values JSON cannot hold are refused as invalid input.
 */
export const recordText = (value: unknown): string => {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new InputInvalid({ message: "The record must be a JSON value.", errors: [{ path: "/data", message: "must be a JSON value" }] });
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_RECORD_BYTES) {
    throw new RecordTooLarge({ message: `The record is ${bytes} bytes of JSON; the limit is ${MAX_RECORD_BYTES} bytes (16 KB).` });
  }
  return text;
};

/** `{"key","data","updated_at"}` as JSON text, the data spliced in as stored. */
export const recordJson = (r: { key: string; data: string; updated_at: string }) =>
  `{"key":${JSON.stringify(r.key)},"data":${r.data},"updated_at":${JSON.stringify(r.updated_at)}}`;

/** `[record, …]` as JSON text. */
export const recordsJson = (records: ReadonlyArray<{ key: string; data: string; updated_at: string }>) => {
  let out = "[";
  for (let i = 0; i < records.length; i++) out += (i ? "," : "") + recordJson(records[i]!);
  return `${out}]`;
};

/** The live event's data: `{"collection","key","data"|null,"updated_at","seq"}`. */
export const changeJson = (c: ArtifactChange) =>
  `{"collection":${JSON.stringify(c.collection)},"key":${JSON.stringify(c.key)},"data":${c.data ?? "null"},"updated_at":${JSON.stringify(c.updated_at)},"seq":${c.seq}}`;

/** Rolls back a deletion of an absent record: nothing changed, so no sequence number is spent. */
class NothingToDelete extends Error {}

interface Opened {
  /** The sequence number this write takes. */
  readonly seq: number;
  /** Records of the artifact before this write. */
  readonly records: number;
  /** Whether the record already exists. */
  readonly exists: boolean;
}

/**
 * Opens a write on an artifact. Its first statement takes the artifact's next sequence number (creating its state
 * row on the first write): a write, so on SQLite the transaction holds the write lock from the start (a read that
 * turned into a write later could fail against another process), and on PostgreSQL the row lock orders concurrent
 * writes of one artifact, so they take consecutive numbers. Then one read checks the artifact still has content (a
 * write racing its deletion is refused, never left behind) and whether the record exists.
 */
const openWrite = async (trx: Knex.Transaction, documentId: string, collection: string, key: string): Promise<Opened> => {
  const [state] = await trx("artifact_state")
    .insert({ document_id: documentId, last_seq: 1, records: 0 })
    .onConflict("document_id")
    .merge({ last_seq: trx.raw("artifact_state.last_seq + 1") })
    .returning(["last_seq", "records"]);
  const doc: { content_deleted_at: string | null; existing: number | null } | undefined = await trx("documents")
    .where({ id: documentId })
    .first("content_deleted_at", trx("artifact_records").where({ document_id: documentId, collection, key }).select(trx.raw("1")).as("existing"));
  if (!doc || doc.content_deleted_at) throw new ArtifactGone({ message: "This artifact was deleted, or its retention ended; its data is gone." });
  return { seq: Number(state.last_seq), records: Number(state.records), exists: doc.existing != null };
};

/** Creates or replaces a record; returns the change (after commit). */
export const putRecord = async (db: Knex, documentId: string, collection: string, key: string, value: unknown, now: Date): Promise<ArtifactChange> => {
  checkNames(collection, key);
  const data = recordText(value);
  const updated_at = now.toISOString();
  return db.transaction(async (trx) => {
    const { seq, records, exists } = await openWrite(trx, documentId, collection, key);
    if (!exists && records >= MAX_RECORDS) {
      throw new TooManyRecords({ message: `The artifact already holds ${records} records, the most it may; delete some first.` });
    }
    await trx("artifact_records")
      .insert({ document_id: documentId, collection, key, data, seq, updated_at })
      .onConflict(["document_id", "collection", "key"])
      .merge(["data", "seq", "updated_at"]);
    await trx("artifact_changes").insert({ document_id: documentId, seq, collection, key, data, updated_at });
    if (!exists) await trx("artifact_state").where({ document_id: documentId }).update({ records: records + 1 });
    return { documentId, seq, collection, key, data, updated_at };
  });
};

/** Removes a record; null when there was none (nothing changes, no change is logged). */
export const deleteRecord = async (db: Knex, documentId: string, collection: string, key: string, now: Date): Promise<ArtifactChange | null> => {
  checkNames(collection, key);
  const updated_at = now.toISOString();
  try {
    return await db.transaction(async (trx) => {
      const { seq, records, exists } = await openWrite(trx, documentId, collection, key);
      if (!exists) throw new NothingToDelete();
      await trx("artifact_records").where({ document_id: documentId, collection, key }).delete();
      await trx("artifact_changes").insert({ document_id: documentId, seq, collection, key, data: null, updated_at });
      await trx("artifact_state").where({ document_id: documentId }).update({ records: records - 1 });
      return { documentId, seq, collection, key, data: null, updated_at };
    });
  } catch (error) {
    if (error instanceof NothingToDelete) return null;
    throw error;
  }
};

const GET_SQL = "select key, data, updated_at, seq from artifact_records where document_id = ? and collection = ? and key = ?";
const LIST_SQL = "select key, data, updated_at, seq from artifact_records where document_id = ? and collection = ? order by seq desc";

export const getRecord = async (db: Knex, documentId: string, collection: string, key: string): Promise<StoredRecord | undefined> => {
  checkNames(collection, key);
  const fast = fastReader(db);
  if (fast) return fast.get<StoredRecord>(GET_SQL, [documentId, collection, key]);
  return db("artifact_records").where({ document_id: documentId, collection, key }).first("key", "data", "updated_at", "seq");
};

/** Every record of a collection, most recent first (at most 5,000: the artifact's limit bounds it). */
export const listRecords = async (db: Knex, documentId: string, collection: string): Promise<StoredRecord[]> => {
  checkNames(collection);
  const fast = fastReader(db);
  if (fast) return fast.all<StoredRecord>(LIST_SQL, [documentId, collection]);
  return db("artifact_records").where({ document_id: documentId, collection }).orderBy("seq", "desc").select("key", "data", "updated_at", "seq");
};

const SEQ_SQL = "select last_seq from artifact_state where document_id = ?";

/** The sequence of the artifact's last change (0 before any). */
export const lastSeq = async (db: Knex, documentId: string): Promise<number> => {
  const fast = fastReader(db);
  const row: { last_seq: number } | undefined = fast
    ? fast.get(SEQ_SQL, [documentId])
    : await db("artifact_state").where({ document_id: documentId }).first("last_seq");
  return row ? Number(row.last_seq) : 0;
};

/** The owner's summary: each collection with its record count, by name. */
export const listCollections = async (db: Knex, documentId: string): Promise<Array<{ collection: string; records: number }>> => {
  const rows: Array<{ collection: string; records: number | string }> = await db("artifact_records")
    .where({ document_id: documentId })
    .groupBy("collection")
    .orderBy("collection")
    .select("collection", db.raw("count(*) as records"));
  return rows.map((r) => ({ collection: r.collection, records: Number(r.records) }));
};

/**
 * One page of a collection for the owner, most recent first, after the record of sequence `beforeSeq` (the
 * cursor). A record written while someone pages moves to the front, past the cursor: a walk from the start sees it.
 */
export const pageRecords = async (
  db: Knex,
  documentId: string,
  collection: string,
  limit: number,
  beforeSeq?: number,
): Promise<{ records: StoredRecord[]; hasMore: boolean }> => {
  checkNames(collection);
  const q = db("artifact_records").where({ document_id: documentId, collection }).orderBy("seq", "desc").limit(limit + 1);
  if (beforeSeq !== undefined) q.andWhere("seq", "<", beforeSeq);
  const rows: StoredRecord[] = await q.select("key", "data", "updated_at", "seq");
  return { records: rows.slice(0, limit).map((r) => ({ ...r, seq: Number(r.seq) })), hasMore: rows.length > limit };
};

/**
 * Deletes all of an artifact's data: records, change log and sequence. Called when its content is deleted (retention
 * ended, or `DELETE /documents/{id}`), inside that transaction when given one. Open event streams in this process are
 * told at once; those of other processes learn it from their poll.
 */
export const deleteArtifactData = async (db: Knex, documentId: string): Promise<void> => {
  // The state row first: on PostgreSQL that waits for a write in flight (it holds the row), so the records deleted
  // next include what it wrote.
  await db("artifact_state").where({ document_id: documentId }).delete();
  await db("artifact_records").where({ document_id: documentId }).delete();
  await db("artifact_changes").where({ document_id: documentId }).delete();
  announceGone(documentId);
};
