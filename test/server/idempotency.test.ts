/**
 * Idempotency-Key on POST /documents (interface, Idempotency): the same key and body give back the same document,
 * a different body 422, a repeat while the first request runs 409, concurrent repeats make one document, and keys
 * are scoped per organization. On the suite's shared service (its own organizations, loopback URLs allowed): a
 * direct-mode first request is kept running by a picture whose loopback server holds its answer until the repeat
 * has been answered, so no render delay and no race with the clock.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { after, before, test } from "node:test";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { getDoc, type Doc, type Problem } from "../support/documents.ts";
import { png } from "../support/pictures.ts";
import type { ContractClient } from "../support/contract.ts";

let svc: Service;
let pictures: Server;
let picturesBase = "";
/** Requests for a held path wait for its release; `reached` settles when the service asks for it. */
const holds = new Map<string, { reach: () => void; released: Promise<void> }>();
before(async () => {
  pictures = createServer((req, res) => {
    const hold = holds.get(req.url ?? "");
    hold?.reach();
    void (hold?.released ?? Promise.resolve()).then(() => res.writeHead(200, { "content-type": "image/png" }).end(png()));
  });
  await new Promise<void>((r) => pictures.listen(0, "127.0.0.1", r));
  picturesBase = `http://127.0.0.1:${(pictures.address() as { port: number }).port}`;
  svc = await sharedService();
});
after(async () => {
  await svc?.stop();
  pictures?.closeAllConnections();
  pictures?.close();
});

/** A picture link whose fetch is answered only after `release()`. */
const heldPicture = (name: string) => {
  let reach = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((r) => (reach = r));
  const released = new Promise<void>((r) => (release = r));
  holds.set(`/${name}.png`, { reach, released });
  return { url: `${picturesBase}/${name}.png`, reached, release };
};

const body = (name: string, text = "Same words.") => ({ format: "docx" as const, name, content: { markdown: `# ${name}\n\n${text}` } });

const post = async (client: ContractClient, key: string, b: ReturnType<typeof body> & { background?: boolean }) => {
  const { data, error, response } = await client.POST("/documents", { body: b, headers: { "Idempotency-Key": key } });
  return { status: response.status, doc: data as Doc | undefined, problem: error as Problem | undefined };
};

const named = async (client: ContractClient, name: string) => {
  const { data, response } = await client.GET("/documents", { params: { query: { name, limit: 100 } } });
  assert.equal(response.status, 200);
  return data!.data;
};

test("the same key with the same body returns the same document and creates nothing more", async () => {
  const key = randomUUID();
  const first = await post(svc.client, key, body("same body"));
  assert.equal(first.status, 200);
  assert.equal(first.doc!.status, "ready");
  // Key order in the JSON does not matter: it is the same request.
  const reordered = { content: { markdown: body("same body").content.markdown }, name: "same body", format: "docx" as const };
  for (const again of [body("same body"), reordered]) {
    const repeat = await post(svc.client, key, again);
    assert.equal(repeat.status, 200);
    assert.equal(repeat.doc!.id, first.doc!.id);
    assert.equal(repeat.doc!.status, "ready");
  }
  assert.deepEqual((await named(svc.client, "same body")).map((d) => d.id), [first.doc!.id]);
});

test("the same key with a different body is refused: 422 idempotency_key_reused", async () => {
  const key = randomUUID();
  assert.equal((await post(svc.client, key, body("reused key"))).status, 200);
  const cases = [
    { name: "other text", b: body("reused key", "Other words.") },
    { name: "other name", b: body("reused key 2") },
    { name: "background added", b: { ...body("reused key"), background: true } },
  ];
  for (const c of cases) {
    const r = await post(svc.client, key, c.b);
    assert.equal(r.status, 422, c.name);
    assert.equal(r.problem!.code, "idempotency_key_reused", c.name);
  }
  assert.equal((await named(svc.client, "reused key")).length, 1);
  assert.equal((await named(svc.client, "reused key 2")).length, 0);
});

test("while the first request is still running, a repeat gets 409 idempotency_request_in_progress", async () => {
  const key = randomUUID();
  const picture = heldPicture("in-progress");
  const b = body("in progress", `Same words.\n\n![A held picture](${picture.url})`);
  let answered = false;
  const first = post(svc.client, key, b).finally(() => (answered = true)); // direct mode: answers once the job is done
  try {
    // The job asks for the picture: the first request has created its document (and so holds the key).
    await Promise.race([picture.reached, first.then(() => assert.fail("the first request was answered before its job asked for the picture"))]);
    const created = await named(svc.client, "in progress");
    assert.equal(created.length, 1, "the first request did not create its document");
    assert.equal((await getDoc(svc.client, created[0]!.id)).status, "running");
    const second = await post(svc.client, key, b);
    assert.ok(!answered, "the repeat must be answered while the first is still running");
    assert.equal(second.status, 409);
    assert.equal(second.problem!.code, "idempotency_request_in_progress");
  } finally {
    picture.release();
  }
  const firstDone = await first;
  assert.equal(firstDone.status, 200);
  // Once the first was answered, the repeat gets its document.
  const third = await post(svc.client, key, b);
  assert.equal(third.status, 200);
  assert.equal(third.doc!.id, firstDone.doc!.id);
  assert.equal((await named(svc.client, "in progress")).length, 1);
});

test("10 concurrent requests with one key create exactly one document", async () => {
  const key = randomUUID();
  const b = body("concurrent");
  const results = await Promise.all(Array.from({ length: 10 }, () => post(svc.client, key, b)));
  const byStatus = (s: number) => results.filter((r) => r.status === s);
  assert.equal(byStatus(200).length + byStatus(409).length, 10, `statuses: ${results.map((r) => r.status).join(", ")}`);
  assert.ok(byStatus(200).length >= 1);
  const ids = new Set(byStatus(200).map((r) => r.doc!.id));
  assert.equal(ids.size, 1, "every 200 is the same document");
  for (const r of byStatus(409)) assert.equal(r.problem!.code, "idempotency_request_in_progress");
  const listed = await named(svc.client, "concurrent");
  assert.deepEqual(listed.map((d) => d.id), [...ids]);
});

test("keys are per organization: the other organization may use the same key for its own request", async () => {
  const key = randomUUID();
  const other = svc.as(svc.otherKey);
  // A different body too: were keys global, this would be 422 idempotency_key_reused (or acme's document).
  const [mine, theirs] = await Promise.all([post(svc.client, key, body("per org")), post(other, key, body("per org", "Their words."))]);
  assert.equal(mine.status, 200);
  assert.equal(theirs.status, 200);
  assert.notEqual(mine.doc!.id, theirs.doc!.id);
  assert.deepEqual((await named(svc.client, "per org")).map((d) => d.id), [mine.doc!.id]);
  assert.deepEqual((await named(other, "per org")).map((d) => d.id), [theirs.doc!.id]);
  // A repeat in each organization gets that organization's document back.
  assert.equal((await post(other, key, body("per org", "Their words."))).doc!.id, theirs.doc!.id);
  assert.equal((await post(svc.client, key, body("per org"))).doc!.id, mine.doc!.id);
  const other404 = await other.GET("/documents/{document_id}", { params: { path: { document_id: mine.doc!.id } } });
  assert.equal(other404.response.status, 404);
});
