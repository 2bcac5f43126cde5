/**
 * News between the instances that share a PostgreSQL store (issue 18): `NOTIFY` on a channel, and one `LISTEN`
 * connection per instance that hands each message to this process's listeners. News only: the store stays the
 * truth, and a listener that gets a message reads what changed from it, so a message lost in a reconnect costs
 * latency, never data. An instance does not hear its own messages (it has told its own listeners already). On SQLite
 * the store belongs to one process and there is nobody to tell: `noNotifier`.
 */
import type { Knex } from "knex";
import { randomUUID } from "node:crypto";

export type Channel = "quire_events" | "quire_wake" | "quire_artifacts";

export interface Notifier {
  /** Tells the other instances; resolves once PostgreSQL has the message. */
  readonly notify: (channel: Channel, payload: string) => Promise<void>;
  /** Listens to the other instances' messages on a channel; returns the function that stops listening. */
  readonly on: (channel: Channel, listener: (payload: string) => void) => () => void;
  readonly close: () => Promise<void>;
}

export const noNotifier: Notifier = { notify: async () => undefined, on: () => () => undefined, close: async () => undefined };

const CHANNELS: Channel[] = ["quire_events", "quire_wake", "quire_artifacts"];
/** A lost LISTEN connection is made again after this long. */
const RECONNECT_MS = 1_000;

interface PgClient {
  query: (sql: string) => Promise<unknown>;
  on: (event: "notification" | "error" | "end", listener: (message: { channel: string; payload?: string }) => void) => void;
}

export const makeNotifier = (db: Knex, log: (message: string, error?: unknown) => void = () => undefined): Notifier => {
  if (db.client.config.client !== "pg") return noNotifier;
  const origin = randomUUID();
  const listeners = new Map<Channel, Set<(payload: string) => void>>(CHANNELS.map((c) => [c, new Set()]));
  let connection: PgClient | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    if (closed) return;
    try {
      const client = (await db.client.acquireRawConnection()) as PgClient;
      client.on("notification", (message) => {
        const text = message.payload ?? "";
        const cut = text.indexOf(" ");
        // Our own messages come back to us too: our listeners heard them when they were sent.
        if (cut < 0 || text.slice(0, cut) === origin) return;
        for (const listener of listeners.get(message.channel as Channel) ?? []) listener(text.slice(cut + 1));
      });
      const lost = () => {
        if (connection !== client || closed) return;
        connection = null;
        setTimeout(() => void connect(), RECONNECT_MS).unref();
      };
      client.on("error", (error) => (log("the LISTEN connection failed; making it again", error), lost()));
      client.on("end", lost);
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
      connection = client;
    } catch (error) {
      log("could not LISTEN to the other instances; trying again", error);
      setTimeout(() => void connect(), RECONNECT_MS).unref();
    }
  };
  const ready = connect();

  return {
    notify: async (channel, payload) => {
      await db.raw("select pg_notify(?, ?)", [channel, `${origin} ${payload}`]);
    },
    on: (channel, listener) => {
      listeners.get(channel)!.add(listener);
      return () => void listeners.get(channel)!.delete(listener);
    },
    close: async () => {
      closed = true;
      await ready;
      const client = connection;
      connection = null;
      if (client) await db.client.destroyRawConnection(client).catch(() => undefined);
    },
  };
};
