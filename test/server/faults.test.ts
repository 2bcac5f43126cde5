/**
 * What the service answers when something is not there to serve: data endpoints of a non-artifact, an operation whose
 * work has not landed yet, and a file that vanished from the blob store behind the service's back (a server fault:
 * a 500 Problem, logged, and the service keeps serving).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Service } from "../support/service.ts";
import { sharedService } from "../support/shared-service.ts";
import { MARKDOWN, download, type Problem } from "../support/documents.ts";
import { validateProblem } from "../../generated/validators.js";
import { waitUntil } from "../support/wait.ts";

let svc: Service;
before(async () => {
  svc = await sharedService();
});
after(async () => {
  await svc?.stop();
});

const createDocx = async () => {
  const { data, response } = await svc.client.POST("/documents", { body: { format: "docx", content: { markdown: MARKDOWN } } });
  assert.equal(response.status, 200);
  return data as Extract<typeof data, { object: "document" }>;
};

test("the data endpoints of a Word document answer 409 not_an_artifact", async () => {
  const doc = await createDocx();
  const summary = await svc.client.GET("/documents/{document_id}/data", { params: { path: { document_id: doc.id } } });
  assert.equal(summary.response.status, 409);
  assert.equal((summary.error as Problem).code, "not_an_artifact");
  const records = await svc.client.GET("/documents/{document_id}/data/{collection}", { params: { path: { document_id: doc.id, collection: "votes" } } });
  assert.equal(records.response.status, 409);
  assert.equal((records.error as Problem).code, "not_an_artifact");
});

test("an operation whose work is still to come answers 501 feature_unavailable", async () => {
  const { response, error } = await svc.client.POST("/documents", { body: { operation: "edit", prompt: "Make the title shorter", file: { data: "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", filename: "a.docx" } } });
  assert.equal(response.status, 501);
  assert.equal((error as Problem).code, "feature_unavailable");
});

test("a stored file gone from disk gives a 500 internal_error Problem, and the service keeps serving", async () => {
  const doc = await createDocx();
  const folder = join(svc.dataDir, "blobs", "documents", doc.id);
  for (const name of readdirSync(folder)) rmSync(join(folder, name));
  const { res, bytes } = await download(doc.outputs![0]!.url);
  assert.equal(res.status, 500);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const problem = JSON.parse(Buffer.from(bytes).toString("utf8"));
  assert.ok(validateProblem(problem), JSON.stringify(validateProblem.errors));
  assert.equal(problem.code, "internal_error");
  assert.equal(problem.request_id, res.headers.get("x-request-id"));
  assert.doesNotMatch(JSON.stringify(problem), /ENOENT|blobs/, "internal causes are logged, never sent");
  // The log line travels from the service's process through the suite's runner into the log file: it may land just
  // after the answer.
  await waitUntil(`the failure logged with its request id ${problem.request_id}`, () => svc.logs().includes(problem.request_id));
  const again = await createDocx();
  assert.equal(again.status, "ready");
});

