/**
 * Helpers shared by the document tests of test/server: a small Markdown sample, reading a .docx's text, polling a
 * document until it finishes, reading a document's events through the checked client, and looks into the
 * service's store (organization ids and balances, which no endpoint shows).
 */
import { checkResponse } from "./contract.ts";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import type { components } from "../../generated/openapi.ts";
import type { ContractClient } from "./contract.ts";
import { parseSse } from "./contract.ts";
import type { Service } from "./service.ts";
import { withStore } from "./store.ts";
import { hashSecret } from "../../core/auth/tenancy.ts";

export type Doc = components["schemas"]["Document"];
export type DocEvent = components["schemas"]["DocumentEvent"];
export type Problem = components["schemas"]["Problem"];

export const FINISHED = new Set(["ready", "ready_with_warnings", "needs_review", "failed", "canceled"]);

/** A small document with one of each block the tests look for in the .docx. */
export const MARKDOWN = `# Quarterly Report

Revenue grew in every region this quarter.

- Alpha milestone
- Beta milestone

| Region | Units |
|--------|-------|
| North  | 4217  |
| South  | 3905  |
`;

/** The visible text of a .docx: word/document.xml with the tags removed (runs of one paragraph join up). */
export const docxText = (bytes: Uint8Array): string => {
  const parts = unzipSync(bytes, { filter: (f) => f.name === "word/document.xml" });
  const xml = parts["word/document.xml"];
  assert.ok(xml, "the .docx has no word/document.xml");
  return strFromU8(xml).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const getDoc = async (client: ContractClient, id: string): Promise<Doc> => {
  const { data, response } = await client.GET("/documents/{document_id}", { params: { path: { document_id: id } } });
  assert.equal(response.status, 200);
  return data!;
};

/** Polls `GET /documents/{id}` until `until` holds (by default: finished). */
export const waitFor = async (client: ContractClient, id: string, until: (d: Doc) => boolean = (d) => FINISHED.has(d.status), timeoutMs = 15_000): Promise<Doc> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await getDoc(client, id);
    if (until(doc)) return doc;
    if (Date.now() > deadline) assert.fail(`document ${id} still ${doc.status} (${doc.phase}) after ${timeoutMs} ms`);
    await sleep(50);
  }
};

/** `GET /documents/{id}/events` (checked against the spec frame by frame); returns the response and parsed frames. */
export const readEvents = async (client: ContractClient, id: string, lastEventId?: string) => {
  const { data, error, response } = await client.GET("/documents/{document_id}/events", {
    params: { path: { document_id: id }, header: lastEventId === undefined ? undefined : { "Last-Event-ID": lastEventId } },
    parseAs: "text",
  });
  const frames = typeof data === "string" ? parseSse(data) : [];
  return { response, error: error as Problem | undefined, frames, events: frames.map((f) => f.data as DocEvent) };
};

/** Checks what every stream of a document must hold: frames in order 1, 2, 3…, ids = sequences, one final event, last. */
export const assertWellFormedStream = (frames: ReturnType<typeof parseSse>, documentId: string, firstSequence = 1) => {
  assert.ok(frames.length > 0, "the stream had no events");
  frames.forEach((frame, i) => {
    const event = frame.data as DocEvent;
    assert.equal(event.sequence, firstSequence + i, `event ${i} has sequence ${event.sequence}`);
    assert.equal(frame.id, String(event.sequence));
    assert.equal(event.id, String(event.sequence));
    assert.equal(frame.event, event.type);
    assert.equal(event.document_id, documentId);
  });
  const finals = frames.filter((f) => ["document.ready", "document.failed", "document.canceled"].includes(f.event!));
  assert.equal(finals.length, 1, `expected exactly one final event, got ${finals.map((f) => f.event).join(", ")}`);
  assert.equal(finals[0], frames[frames.length - 1], "the final event must be the last");
};

/** Downloads a signed link; a successful answer must carry a media type the spec lists for downloads. */
export const download = async (url: string) => {
  const res = await fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.ok) checkResponse("GET /downloads/{output_id}", res.status, res.headers.get("content-type") ?? "", "");
  return { res, bytes };
};

/** A correctly signed download link for `outputId` that expires at `expires` (unix seconds). */
export const signedLink = (svc: Service, outputId: string, expires: number) => {
  const secret = readFileSync(join(svc.dataDir, "signing.key"), "utf8").trim();
  const signature = createHmac("sha256", secret).update(`${outputId}.${expires}`).digest("base64url");
  return `${svc.baseUrl}/downloads/${outputId}?expires=${expires}&signature=${signature}`;
};

/** The id of an organization of QUIRE_API_KEYS (`acme` for `svc.key`, `globex` for `svc.otherKey`). */
/** The organization of the service's `key` ("acme") or `otherKey` ("globex"); on a shared service, the file's own. */
export const orgId = async (svc: Service, name: "acme" | "globex"): Promise<string> => {
  const hash = hashSecret(name === "acme" ? svc.key : svc.otherKey);
  const row = await withStore(svc, (db) => db("api_keys").where({ hash }).first<{ organization_id: string } | undefined>("organization_id"));
  assert.ok(row, `no organization ${name}`);
  return row.organization_id;
};

/** The organization's balance in units; null = unlimited. */
export const balanceOf = async (svc: Service, org: string): Promise<number | null> =>
  (await withStore(svc, (db) => db("organizations").where({ id: org }).first<{ balance: number | null }>("balance"))).balance;

export const setBalance = (svc: Service, org: string, units: number | "unlimited") => svc.cli("balance", "set", "--org", org, "--units", String(units));
