/**
 * Live fan-out of artifact changes to the event streams open in this process. A write made here is published after
 * its commit and reaches every stream of the artifact at once. Writes made by another process (several service
 * processes on one store) are found in the change log of the artifacts that have streams here: on PostgreSQL the
 * writer's instance says so (`LISTEN/NOTIFY`, core/store/notify.ts) and the log is read at once, with a slow poll
 * (every 5 s) left as a safety net; without a notifier the log is polled every `pollMs` (250 ms by default), while
 * any stream is open.
 *
 * The change log is the truth; the bus only carries news. Streams number what they have sent by the artifact's
 * sequence and fill any gap from the log (server/artifact/api.ts), so a notification missed or delivered out of order
 * costs latency, never a change.
 *
 * The bus also counts the open event streams, each a held connection (a file descriptor): at most
 * MAX_STREAMS_PER_ARTIFACT per artifact and MAX_STREAMS in all (issue 11), so one page link opened thousands of times
 * cannot use up the process's descriptors. There is one bus per store and the service has one store, so the total is
 * the process's.
 */
import { EventEmitter } from "node:events";
import type { Knex } from "knex";
import { changesAfter } from "./changes.ts";
import type { ArtifactChange } from "./store.ts";
import { noNotifier, type Notifier } from "../store/notify.ts";

export type LiveEvent = { readonly type: "change"; readonly change: ArtifactChange } | { readonly type: "gone" };

export interface ArtifactLive {
  /** Tells this process's streams of the artifact about a committed change. */
  readonly publish: (change: ArtifactChange) => void;
  /** Listens to an artifact's changes; returns the function that stops listening. */
  readonly subscribe: (documentId: string, listener: (event: LiveEvent) => void) => () => void;
  /**
   * A stream has everything of `documentId` up to `seq` from the log: the poller fetches what follows the lowest
   * such point of the artifact's streams (each stream skips what it already sent).
   */
  readonly since: (documentId: string, seq: number) => void;
  /** The artifact's data was deleted: its streams end. */
  readonly gone: (documentId: string) => void;
  /** Listeners of one artifact, or of all. */
  readonly listeners: (documentId?: string) => number;
  /**
   * Takes a slot for an event stream of the artifact: the function that gives it back (once; later calls do
   * nothing), or null when the artifact or the process holds as many streams as allowed.
   */
  readonly openStream: (documentId: string) => (() => void) | null;
  /** Open stream slots of one artifact, or of all. */
  readonly streams: (documentId?: string) => number;
  /** Stops the poller and drops every listener. */
  readonly close: () => void;
}

/**
 * Event streams one artifact may hold open. A page opens one stream per collection it shows (one to three in the
 * examples), so 200 is 70 to 200 visitors watching at once, more than a shared page of a team or a class has.
 */
export const MAX_STREAMS_PER_ARTIFACT = 200;
/**
 * Event streams open in the process in all: one descriptor each. Node raises the descriptor limit to the hard limit
 * (commonly 524,288; 4,096 on the stingiest hosts); 2,000 leaves room for the store, blobs, renderers and the ordinary
 * requests even on those.
 */
export const MAX_STREAMS = 2_000;
/**
 * Retry-After of a stream refused over the caps. A slot frees when a visitor leaves, which nothing predicts; the page
 * backs off by itself (1 s doubling to 30 s, plugins/artifact/runtime/db.js), and 30 s is that ceiling.
 */
export const STREAM_RETRY_AFTER_S = 30;

const buses = new Set<ArtifactLive>();

/** Ends the streams of an artifact in every bus of this process (its data was deleted). */
export const announceGone = (documentId: string) => {
  for (const bus of buses) bus.gone(documentId);
};

export interface LiveOptions {
  /** The store to poll for other processes' writes; without it only this process's writes are seen. */
  readonly db?: Knex;
  /** How the instances sharing the store tell each other of a write (PostgreSQL); absent or silent: polling alone. */
  readonly notifier?: Notifier;
  readonly pollMs?: number;
  readonly onError?: (message: string, error: unknown) => void;
  /** The stream caps; MAX_STREAMS_PER_ARTIFACT and MAX_STREAMS unless given (tests give small ones). */
  readonly maxStreamsPerArtifact?: number;
  readonly maxStreams?: number;
}

/** Ids per poll query, well under SQLite's bound-parameter limit. */
const POLL_CHUNK = 500;

export const makeArtifactLive = (opts: LiveOptions = {}): ArtifactLive => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const notifier = opts.notifier ?? noNotifier;
  const told = notifier !== noNotifier;
  // Told of other instances' writes, the poll is only a safety net (a message lost in a reconnect, a deletion).
  const pollMs = opts.pollMs ?? (told ? 5_000 : 250);
  /** Per artifact with listeners: the sequence up to which this process has seen the log. */
  const cursors = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let closed = false;
  const perArtifact = opts.maxStreamsPerArtifact ?? MAX_STREAMS_PER_ARTIFACT;
  const inAll = opts.maxStreams ?? MAX_STREAMS;
  /** Open stream slots per artifact, and their sum. */
  const slots = new Map<string, number>();
  let slotsInAll = 0;

  const emit = (documentId: string, event: LiveEvent) => emitter.emit(documentId, event);

  const poll = async (db: Knex, ids = [...cursors.keys()]) => {
    for (let i = 0; i < ids.length; i += POLL_CHUNK) {
      const chunk = ids.slice(i, i + POLL_CHUNK);
      const rows: Array<{ id: string; content_deleted_at: string | null; last_seq: number | null }> = await db("documents as d")
        .leftJoin("artifact_state as s", "s.document_id", "d.id")
        .whereIn("d.id", chunk)
        .select("d.id", "d.content_deleted_at", "s.last_seq");
      const found = new Map(rows.map((r) => [r.id, r]));
      for (const id of chunk) {
        const row = found.get(id);
        if (!row || row.content_deleted_at) {
          bus.gone(id);
          continue;
        }
        const cursor = cursors.get(id);
        if (cursor === undefined || row.last_seq == null || Number(row.last_seq) <= cursor) continue;
        for (const change of await changesAfter(db, id, cursor)) {
          if (change.seq > (cursors.get(id) ?? Infinity)) {
            cursors.set(id, change.seq);
            emit(id, { type: "change", change });
          }
        }
      }
    }
  };

  const schedule = () => {
    if (timer || closed || !opts.db || cursors.size === 0) return;
    timer = setTimeout(async () => {
      timer = null;
      if (polling) return schedule();
      polling = true;
      try {
        await poll(opts.db!);
      } catch (error) {
        opts.onError?.("polling artifact changes failed", error);
      } finally {
        polling = false;
        schedule();
      }
    }, pollMs);
    timer.unref();
  };

  const stopHearing = notifier.on("quire_artifacts", (payload) => {
    const documentId = payload.split(" ")[0]!;
    if (!opts.db || !cursors.has(documentId)) return;
    void poll(opts.db, [documentId]).catch((error) => opts.onError?.("reading another instance's artifact change failed", error));
  });

  const bus: ArtifactLive = {
    publish: (change) => {
      const cursor = cursors.get(change.documentId);
      if (cursor !== undefined && change.seq > cursor) cursors.set(change.documentId, change.seq);
      emit(change.documentId, { type: "change", change });
      if (told) void notifier.notify("quire_artifacts", `${change.documentId} ${change.seq}`).catch((error) => opts.onError?.("telling the other instances of an artifact change failed", error));
    },
    subscribe: (documentId, listener) => {
      emitter.on(documentId, listener);
      return () => {
        emitter.off(documentId, listener);
        if (emitter.listenerCount(documentId) === 0) cursors.delete(documentId);
      };
    },
    since: (documentId, seq) => {
      if (emitter.listenerCount(documentId) === 0) return;
      const cursor = cursors.get(documentId);
      if (cursor === undefined || seq < cursor) cursors.set(documentId, seq);
      schedule();
    },
    gone: (documentId) => {
      cursors.delete(documentId);
      emit(documentId, { type: "gone" });
    },
    listeners: (documentId) =>
      documentId === undefined ? emitter.eventNames().reduce((n, name) => n + emitter.listenerCount(name), 0) : emitter.listenerCount(documentId),
    openStream: (documentId) => {
      const held = slots.get(documentId) ?? 0;
      if (held >= perArtifact || slotsInAll >= inAll) return null;
      slots.set(documentId, held + 1);
      slotsInAll++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        slotsInAll--;
        const left = (slots.get(documentId) ?? 1) - 1;
        if (left > 0) slots.set(documentId, left);
        else slots.delete(documentId);
      };
    },
    streams: (documentId) => (documentId === undefined ? slotsInAll : (slots.get(documentId) ?? 0)),
    close: () => {
      closed = true;
      stopHearing();
      if (timer) clearTimeout(timer);
      timer = null;
      cursors.clear();
      emitter.removeAllListeners();
      buses.delete(bus);
    },
  };
  buses.add(bus);
  return bus;
};
