/**
 * Notifications: a document's new events and job wake-ups. Stored events are the truth; the bus only tells listeners
 * to look, so a missed notification costs latency, never data. On a store shared by several instances (PostgreSQL)
 * the news also crosses to the others through the store's notifier (core/store/notify.ts): an event made on one
 * instance reaches a stream or a direct-mode wait on another, and a new job wakes every instance's workers.
 */
import * as Context from "effect/Context";
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { EventEmitter } from "node:events";
import type { Knex } from "knex";
import { listEvents, type EventRecord } from "./store.ts";
import { Db } from "../store/db.ts";
import { makeNotifier, noNotifier, type Notifier } from "../store/notify.ts";

export interface BusShape {
  readonly publish: (record: EventRecord) => void;
  readonly subscribe: (documentId: string, listener: (record: EventRecord) => void) => () => void;
  readonly wakeWorkers: () => void;
  readonly onWake: (listener: () => void) => () => void;
  /** How this instance tells the others sharing its store (artifact changes use it too). */
  readonly notifier: Notifier;
}

export const makeBus = (): BusShape & { readonly listening: (documentId: string) => boolean } => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    notifier: noNotifier,
    listening: (documentId) => emitter.listenerCount(`doc:${documentId}`) > 0,
    publish: (record) => emitter.emit(`doc:${record.document_id}`, record),
    subscribe: (documentId, listener) => {
      emitter.on(`doc:${documentId}`, listener);
      return () => emitter.off(`doc:${documentId}`, listener);
    },
    wakeWorkers: () => emitter.emit("wake"),
    onWake: (listener) => {
      emitter.on("wake", listener);
      return () => emitter.off("wake", listener);
    },
  };
};

/** The bus of an instance among several: what happens here is told to the others, and theirs to this one's listeners. */
export const sharedBus = (db: Knex, notifier: Notifier, log: (message: string, error?: unknown) => void = () => undefined): BusShape => {
  const local = makeBus();
  notifier.on("quire_events", (payload) => {
    const [documentId, sequence] = payload.split(" ");
    if (!documentId || !local.listening(documentId)) return;
    // Read from the store: the message only says where to look.
    void listEvents(db, documentId, Number(sequence) - 1)
      .then((records) => records.filter((r) => r.sequence === Number(sequence)).forEach(local.publish))
      .catch((error) => log("reading another instance's event failed", error));
  });
  notifier.on("quire_wake", () => local.wakeWorkers());
  const tell = (channel: "quire_events" | "quire_wake", payload: string) => void notifier.notify(channel, payload).catch((error) => log("telling the other instances failed", error));
  return {
    ...local,
    notifier,
    publish: (record) => {
      local.publish(record);
      tell("quire_events", `${record.document_id} ${record.sequence}`);
    },
    wakeWorkers: () => {
      local.wakeWorkers();
      tell("quire_wake", "");
    },
  };
};

export class Bus extends Context.Tag("quire/Bus")<Bus, BusShape>() {
  static layer = Layer.sync(Bus, makeBus);
  /** On a shared store, the bus that crosses instances (its LISTEN connection closed with the runtime); else the local one. */
  static shared = Layer.scoped(
    Bus,
    Effect.gen(function* () {
      const db = yield* Db;
      const notifier = yield* Effect.acquireRelease(Effect.sync(() => makeNotifier(db)), (n) => Effect.promise(n.close));
      return notifier === noNotifier ? makeBus() : sharedBus(db, notifier);
    }),
  );
}
