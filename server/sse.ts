/**
 * Server-sent events of a document: stored events after `afterSequence`, then live ones, until the final event.
 * Used by stream mode and by `GET /documents/{id}/events`, so both send the same records. The final event carries
 * the document as it is when sent (fresh links), so a streaming client needs no second call.
 */
import type { Response } from "hyper-express";
import type { ServerApp } from "./context.ts";
import { isFinal, listEvents, type EventRecord } from "../core/events/store.ts";
import { loadWire, rowById, statusById, type DocumentRow } from "../core/documents/repo.ts";
import { requestIdOf } from "./http.ts";
import { noNotifier } from "../core/store/notify.ts";

const HEARTBEAT_MS = 15_000;
/**
 * On a store shared by several instances a document's events may be made on another, which says so by a notice
 * alone: a stream or a wait that heard nothing for this long reads the store itself, so a notice lost while LISTEN
 * reconnects costs seconds, never a stream left hanging (as core/artifacts/live.ts does for artifacts). A store of
 * the process's own has every event told on its bus.
 */
const SAFETY_POLL_MS = 5_000;
const safetyPollOf = (app: ServerApp) => (app.bus.notifier === noNotifier ? null : SAFETY_POLL_MS);

const frame = (record: EventRecord) => `id: ${record.id}\nevent: ${record.type}\ndata: ${JSON.stringify(record)}\n\n`;

const withDocument = async (app: ServerApp, record: EventRecord): Promise<EventRecord> => {
  if (!isFinal(record)) return record;
  const row: DocumentRow | undefined = await rowById(app.db, record.document_id);
  if (!row) return record;
  return { ...record, data: { ...record.data, document: await loadWire(app.db, row, app.signer, app.now()) } };
};

export const streamEvents = async (app: ServerApp, res: Response, documentId: string, afterSequence: number, status = 200) => {
  requestIdOf(res);
  res.status(status);
  res.header("Content-Type", "text/event-stream; charset=utf-8");
  res.header("Cache-Control", "no-cache");
  res.header("X-Accel-Buffering", "no");

  let last = afterSequence;
  const safetyPoll = safetyPollOf(app);
  let closed = false;
  let wake: (() => void) | null = null;
  const pending: EventRecord[] = [];
  const unsubscribe = app.bus.subscribe(documentId, (record) => {
    pending.push(record);
    wake?.();
  });
  res.once("close", () => {
    closed = true;
    wake?.();
  });
  const heartbeat = setInterval(() => !closed && res.write(": keep-alive\n\n"), HEARTBEAT_MS);
  try {
    // Subscribed before reading the store, so nothing written in between is missed; duplicates are skipped by sequence.
    let batch = await listEvents(app.db, documentId, last);
    for (;;) {
      for (const record of batch) {
        if (closed || record.sequence <= last) continue;
        res.write(frame(await withDocument(app, record)));
        last = record.sequence;
        if (isFinal(record)) return;
      }
      if (closed) return;
      if (pending.length === 0) {
        // A finished document whose events were all replayed has nothing more to say.
        const status = await statusById(app.db, documentId);
        if (!status || !["queued", "running"].includes(status)) {
          const rest = await listEvents(app.db, documentId, last);
          if (rest.length === 0) return;
          batch = rest;
          continue;
        }
        let poll: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (pending.length || closed) resolve();
          else if (safetyPoll) poll = setTimeout(resolve, safetyPoll);
        });
        clearTimeout(poll);
        wake = null;
      }
      const live = pending.splice(0);
      // A gap (or the safety poll's turn) means a notification may have been missed: read the store instead.
      batch = live.length && live[0]!.sequence === last + 1 ? live : await listEvents(app.db, documentId, last);
    }
  } finally {
    clearInterval(heartbeat);
    unsubscribe();
    if (!closed) res.end();
  }
};

/** Waits until the document finishes or `ms` pass; true when it finished. */
export const waitForFinal = (app: ServerApp, documentId: string, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    let done = false;
    const finish = (value: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      unsubscribe();
      resolve(value);
    };
    const unsubscribe = app.bus.subscribe(documentId, (record) => isFinal(record) && finish(true));
    const timer = setTimeout(() => finish(false), ms);
    const check = () =>
      void statusById(app.db, documentId)
        .then((status) => status && !["queued", "running"].includes(status) && finish(true))
        .catch(() => undefined);
    check();
    const safetyPoll = safetyPollOf(app);
    const poll = safetyPoll ? setInterval(check, safetyPoll) : undefined;
  });
