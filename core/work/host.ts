/**
 * Calls from a worker thread back to the thread that owns the shared engines (DESIGN.md, "Heavy work"): the warm
 * LibreOffice pool, Tesseract, Chromium, and the store's event bus live once per process, so a task reaches them
 * through a MessagePort given with the task. Each call is `{id, method, args}` answered by `{id, value}` or
 * `{id, error}`; a task that is stopped closes its port, and calls still running for it are aborted.
 */
import type { MessagePort } from "node:worker_threads";
import { deserializeError, serializeError, type SerializedError } from "./protocol.ts";

/** What the owning thread offers a task; each handler gets the task's signal last. */
export type HostHandlers = Record<string, (args: any[], signal: AbortSignal) => Promise<unknown>>;

type Call = { readonly id: number; readonly method: string; readonly args: unknown[] };
type Answer = { readonly id: number; readonly value?: unknown; readonly error?: SerializedError };

/** Serves `handlers` on `port` until `signal` aborts (the task ended or was stopped). */
export const serveHost = (port: MessagePort, handlers: HostHandlers, signal: AbortSignal) => {
  port.on("message", async (call: Call) => {
    // The thread's word that it started the task (pool.ts) is no call.
    if (typeof call?.method !== "string") return;
    let answer: Answer;
    try {
      const handler = handlers[call.method];
      if (!handler) throw new Error(`no host method ${call.method}`);
      answer = { id: call.id, value: await handler(call.args, signal) };
    } catch (error) {
      answer = { id: call.id, error: serializeError(error) };
    }
    if (!signal.aborted) port.postMessage(answer);
  });
  signal.addEventListener("abort", () => port.close(), { once: true });
};

export interface HostClient {
  readonly call: <T>(method: string, ...args: unknown[]) => Promise<T>;
  readonly close: () => void;
}

/** The worker's side: calls answered in any order, matched by id. */
export const hostClient = (port: MessagePort): HostClient => {
  let next = 0;
  const waiting = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  port.on("message", (answer: Answer) => {
    const waiter = waiting.get(answer.id);
    if (!waiter) return;
    waiting.delete(answer.id);
    if (answer.error) waiter.reject(deserializeError(answer.error));
    else waiter.resolve(answer.value);
  });
  return {
    call: (method, ...args) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        port.postMessage({ id, method, args } satisfies Call);
      }),
    close: () => port.close(),
  };
};
