/** Standard Webhooks signing, checked against the `standardwebhooks` package (an implementation we did not write). */
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { newSecret, signature, signedHeaders, SECRET_PREFIX } from "../../../core/webhooks/signing.ts";

const BODY = JSON.stringify({ type: "document.ready", timestamp: "2026-01-02T03:04:05.000Z", data: { document_id: "doc_x", note: "é ✓" } });

test("a new secret is whsec_ and 32 random bytes in base64, different every time", () => {
  const a = newSecret();
  const b = newSecret();
  assert.match(a, /^whsec_[A-Za-z0-9+/]+=*$/);
  assert.equal(Buffer.from(a.slice(SECRET_PREFIX.length), "base64").length, 32);
  assert.notEqual(a, b);
});

test("the headers verify with standardwebhooks' Webhook.verify, and the signature is the one it computes", () => {
  const secret = newSecret();
  const at = new Date();
  const headers = signedHeaders(secret, "msg_01ABC", at, BODY);
  assert.equal(headers["webhook-id"], "msg_01ABC");
  assert.equal(headers["webhook-timestamp"], String(Math.floor(at.getTime() / 1000)));
  const wh = new Webhook(secret);
  assert.deepEqual(wh.verify(BODY, headers), JSON.parse(BODY));
  assert.equal(headers["webhook-signature"], wh.sign("msg_01ABC", new Date(Math.floor(at.getTime() / 1000) * 1000), BODY));
  // A Buffer body signs the same as its text.
  assert.equal(signature(secret, "msg_01ABC", 1700000000, Buffer.from(BODY)), signature(secret, "msg_01ABC", 1700000000, BODY));
});

test("a changed body, id, timestamp or secret does not verify; nor does a message older than 5 minutes", () => {
  const secret = newSecret();
  const at = new Date();
  const headers = signedHeaders(secret, "msg_1", at, BODY);
  const wh = new Webhook(secret);
  assert.throws(() => wh.verify(BODY.replace("doc_x", "doc_y"), headers));
  assert.throws(() => wh.verify(BODY, { ...headers, "webhook-id": "msg_2" }));
  assert.throws(() => wh.verify(BODY, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) + 1) }));
  assert.throws(() => new Webhook(newSecret()).verify(BODY, headers));
  mock.timers.enable({ apis: ["Date"], now: at.getTime() + 6 * 60_000 });
  try {
    assert.throws(() => wh.verify(BODY, headers), /too old/i);
  } finally {
    mock.timers.reset();
  }
});
