/**
 * The caps on live artifact event streams (issue 11): at most MAX_STREAMS_PER_ARTIFACT per artifact and MAX_STREAMS
 * in the process (core/artifacts/live.ts); past either, 429 `rate_limited` with Retry-After in the page API's own
 * `{code, message}` form; and every way a stream ends gives its slot back: the caller's stop, the token's expiry,
 * the data's deletion, and over HTTP a client that disconnects. Small caps are given to the bus so the tests open a
 * handful of streams, not thousands.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import HyperExpress from "hyper-express";
import { handleArtifactApi, serveArtifactApi, type ArtifactApiContext, type ArtifactApiResponse } from "../../../server/artifact/api.ts";
import { freePort } from "../../support/service.ts";
import { MAX_STREAMS, MAX_STREAMS_PER_ARTIFACT, STREAM_RETRY_AFTER_S, makeArtifactLive } from "../../../core/artifacts/live.ts";
import { makeArtifactRate } from "../../../core/artifacts/rate.ts";
import { artifactSlug, signArtifactToken } from "../../../core/artifacts/token.ts";
import { seedDocument } from "./support.ts";
import { openTestStore, type TestStore } from "../../support/store.ts";

const SECRET = "stream-caps-test-secret";

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.close());

const tokenFor = (id: string, seconds = 600) => signArtifactToken(SECRET, artifactSlug(id), Math.floor(Date.now() / 1000) + seconds);

const contextWith = (caps: { perArtifact: number; inAll: number }): ArtifactApiContext => ({
  db: store.db,
  now: () => new Date(),
  secret: SECRET,
  live: makeArtifactLive({ maxStreamsPerArtifact: caps.perArtifact, maxStreams: caps.inAll }),
  rate: makeArtifactRate(),
});

const ask = (ctx: ArtifactApiContext, id: string, token = tokenFor(id)): Promise<ArtifactApiResponse> =>
  handleArtifactApi(ctx, { documentId: id, storage: "shared" }, {
    method: "GET",
    path: "/_db/items/events",
    query: { token },
    headers: { accept: "text/event-stream" },
  });

/** Opens a stream and runs it; returns its stop and whether it ended by itself. */
const open = async (ctx: ArtifactApiContext, id: string, token?: string) => {
  const res = await ask(ctx, id, token);
  assert.equal(res.status, 200, res.body ?? "");
  let ended = false;
  const stop = res.stream!({ write: () => {}, end: () => void (ended = true) });
  return { stop, ended: () => ended };
};

const assertRefused = (res: ArtifactApiResponse) => {
  assert.equal(res.status, 429, res.body ?? "");
  assert.equal(res.headers["Retry-After"], String(STREAM_RETRY_AFTER_S));
  assert.equal(res.headers["Content-Type"], "application/json; charset=utf-8");
  const body = JSON.parse(res.body!);
  assert.equal(body.code, "rate_limited");
  assert.match(body.message, /live streams/);
};

const until = async (what: string, check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("the bus's slots", () => {
  test("the defaults are 200 per artifact and 2,000 in all", () => {
    assert.equal(MAX_STREAMS_PER_ARTIFACT, 200);
    assert.equal(MAX_STREAMS, 2_000);
  });

  test("are counted per artifact and in all, and a release is given back once", () => {
    const live = makeArtifactLive({ maxStreamsPerArtifact: 2, maxStreams: 3 });
    const a1 = live.openStream("doc_a");
    const a2 = live.openStream("doc_a");
    assert.ok(a1 && a2);
    assert.equal(live.openStream("doc_a"), null, "third of one artifact");
    const b1 = live.openStream("doc_b");
    assert.ok(b1);
    assert.equal(live.openStream("doc_c"), null, "fourth in all");
    assert.deepEqual([live.streams("doc_a"), live.streams("doc_b"), live.streams()], [2, 1, 3]);
    a1();
    a1();
    assert.deepEqual([live.streams("doc_a"), live.streams()], [1, 2], "released once");
    assert.ok(live.openStream("doc_c"));
    live.close();
  });
});

describe("the page API past the caps", () => {
  test("a stream past the artifact's cap is 429 rate_limited with Retry-After; another artifact still opens one", async () => {
    const ctx = contextWith({ perArtifact: 2, inAll: 10 });
    const id = await seedDocument(store.db);
    const other = await seedDocument(store.db);
    const streams = [await open(ctx, id), await open(ctx, id)];
    assertRefused(await ask(ctx, id));
    const third = await open(ctx, other);
    assert.equal(ctx.live.streams(), 3);
    for (const s of [...streams, third]) s.stop();
    assert.equal(ctx.live.streams(), 0);
    ctx.live.close();
  });

  test("a stream past the process's cap is refused, whatever the artifact", async () => {
    const ctx = contextWith({ perArtifact: 10, inAll: 2 });
    const ids = [await seedDocument(store.db), await seedDocument(store.db), await seedDocument(store.db)];
    const streams = [await open(ctx, ids[0]!), await open(ctx, ids[1]!)];
    assertRefused(await ask(ctx, ids[2]!));
    streams[0]!.stop();
    (await open(ctx, ids[2]!)).stop();
    streams[1]!.stop();
    ctx.live.close();
  });

  test("streams that end give their slot back: stopped, ended by the token's expiry, ended by the data's deletion", async () => {
    const ctx = contextWith({ perArtifact: 1, inAll: 10 });
    const id = await seedDocument(store.db);
    const stopped = await open(ctx, id);
    assertRefused(await ask(ctx, id));
    stopped.stop();
    assert.equal(ctx.live.streams(id), 0, "stop");

    const expiring = await open(ctx, id, tokenFor(id, 1));
    await until("the token to expire the stream", () => expiring.ended(), 5_000);
    assert.equal(ctx.live.streams(id), 0, "expiry");

    const deleted = await open(ctx, id);
    ctx.live.gone(id);
    assert.ok(deleted.ended());
    assert.equal(ctx.live.streams(id), 0, "deletion");
    (await open(ctx, id)).stop();
    ctx.live.close();
  });

  test("refused requests take no slot, and other refusals (a bad token) take none either", async () => {
    const ctx = contextWith({ perArtifact: 1, inAll: 1 });
    const id = await seedDocument(store.db);
    const held = await open(ctx, id);
    for (let i = 0; i < 5; i++) assertRefused(await ask(ctx, id));
    assert.equal((await ask(ctx, id, "garbage")).status, 401);
    assert.equal(ctx.live.streams(), 1);
    held.stop();
    assert.equal(ctx.live.streams(), 0);
    ctx.live.close();
  });
});

describe("over HTTP (serveArtifactApi on HyperExpress)", () => {
  let server: HyperExpress.Server;
  let base: string;
  let id: string;
  let ctx: ArtifactApiContext;
  before(async () => {
    id = await seedDocument(store.db);
    ctx = contextWith({ perArtifact: 2, inAll: 10 });
    server = new HyperExpress.Server();
    server.any("/*", (req, res) => serveArtifactApi(ctx, { documentId: id, storage: "shared" }, req, res));
    const port = await freePort();
    await server.listen(port, "127.0.0.1");
    base = `http://127.0.0.1:${port}`;
  });
  after(() => {
    server.close();
    ctx.live.close();
  });

  const connect = async () => {
    const abort = new AbortController();
    const res = await fetch(`${base}/_db/items/events?token=${tokenFor(id)}`, { headers: { accept: "text/event-stream" }, signal: abort.signal });
    return { res, abort };
  };

  test("the third connection is 429 with Retry-After; clients that disconnect free their slots", async () => {
    const first = await connect();
    const second = await connect();
    assert.equal(first.res.status, 200);
    assert.equal(second.res.status, 200);
    const third = await connect();
    assert.equal(third.res.status, 429);
    assert.equal(third.res.headers.get("retry-after"), String(STREAM_RETRY_AFTER_S));
    assert.equal(((await third.res.json()) as { code: string }).code, "rate_limited");
    first.abort.abort();
    second.abort.abort();
    await until("the slots to be given back", () => ctx.live.streams(id) === 0);
    const again = await connect();
    assert.equal(again.res.status, 200);
    again.abort.abort();
    await until("the last slot to be given back", () => ctx.live.streams(id) === 0);
  });
});
