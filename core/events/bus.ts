/**
 * In-process notifications: a document's new events and job wake-ups. Stored events are the truth; the bus only
 * tells listeners in this process to look, so a missed notification costs latency, never data.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import { EventEmitter } from "node:events";
import type { EventRecord } from "./store.ts";

export interface BusShape {
  readonly publish: (record: EventRecord) => void;
  readonly subscribe: (documentId: string, listener: (record: EventRecord) => void) => () => void;
  readonly wakeWorkers: () => void;
  readonly onWake: (listener: () => void) => () => void;
}

export const makeBus = (): BusShape => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
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

export class Bus extends Context.Tag("quire/Bus")<Bus, BusShape>() {
  static layer = Layer.sync(Bus, makeBus);
}
