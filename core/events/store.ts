/**
 * Document events: stored per document with a sequence (1, 2, 3…), replayed by `GET /documents/{id}/events`
 * and sent live by stream mode in the same record shape (`DocumentEvent` in the spec).
 */
import type { Knex } from "knex";
import type { BusShape } from "./bus.ts";

export interface EventRecord {
  readonly id: string;
  readonly sequence: number;
  readonly document_id: string;
  readonly type: string;
  readonly created_at: string;
  readonly data: Record<string, unknown>;
}

/** The event types that end a document's stream; one of them is always the last event. */
export const FINAL_EVENT_TYPES = new Set(["document.ready", "document.failed", "document.canceled"]);

export const isFinal = (record: Pick<EventRecord, "type">) => FINAL_EVENT_TYPES.has(record.type);

const toRecord = (row: { document_id: string; sequence: number; type: string; data: string; created_at: string }): EventRecord => ({
  id: String(row.sequence),
  sequence: row.sequence,
  document_id: row.document_id,
  type: row.type,
  created_at: row.created_at,
  data: JSON.parse(row.data),
});

/** Appends an event; the sequence is taken inside the insert so two writers never share one. */
export const appendEvent = async (
  db: Knex,
  bus: BusShape,
  documentId: string,
  type: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<EventRecord> => {
  const createdAt = now.toISOString();
  for (let attempt = 0; ; attempt++) {
    try {
      const rows = await db.raw(
        `insert into events (document_id, sequence, type, data, created_at)
         select ?, coalesce(max(sequence), 0) + 1, ?, ?, ? from events where document_id = ?
         returning sequence`,
        [documentId, type, JSON.stringify(data), createdAt, documentId],
      );
      const sequence = Number((Array.isArray(rows) ? rows[0] : rows.rows[0]).sequence);
      const record = toRecord({ document_id: documentId, sequence, type, data: JSON.stringify(data), created_at: createdAt });
      bus.publish(record);
      return record;
    } catch (error) {
      // Two writers raced for the same sequence (possible on PostgreSQL): take the next one.
      if (attempt < 5 && /unique|primary/i.test(String(error))) continue;
      throw error;
    }
  }
};

export const listEvents = async (db: Knex, documentId: string, afterSequence = 0): Promise<EventRecord[]> =>
  (await db("events").where({ document_id: documentId }).andWhere("sequence", ">", afterSequence).orderBy("sequence")).map(toRecord);
