import { test } from "node:test";
import assert from "node:assert/strict";
import { eventOf, type FinishedDocument } from "../../../core/webhooks/payload.ts";
import { validateWebhookEvent } from "../../../generated/validators.js";

const doc = (over: Partial<FinishedDocument>): FinishedDocument => ({
  id: "doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F",
  organization_id: "org_1",
  project_id: "prj_1",
  status: "ready",
  operation: "create",
  format: "docx",
  retention: "30d",
  expires_at: "2026-02-01T00:00:00.000Z",
  error_code: null,
  error_message: null,
  completed_at: "2026-01-02T00:00:00.000Z",
  ...over,
});

test("each final status sends its event; ready_with_warnings and needs_review send document.ready", () => {
  const cases = [
    { status: "ready", type: "document.ready" },
    { status: "ready_with_warnings", type: "document.ready" },
    { status: "needs_review", type: "document.ready" },
    { status: "failed", type: "document.failed" },
    { status: "canceled", type: "document.canceled" },
  ] as const;
  for (const c of cases) {
    const event = eventOf(doc({ status: c.status, ...(c.status === "failed" ? { error_code: "content_empty", error_message: "nothing to show" } : {}) }), new Date());
    assert.equal(event.type, c.type, c.status);
    assert.equal(event.data.status, c.status);
    assert.ok(validateWebhookEvent(event), `${c.status}: ${JSON.stringify(validateWebhookEvent.errors)}`);
  }
});

test("the payload is the spec's WebhookEvent: the error only when failed, a format that may be null, nothing else", () => {
  const failed = eventOf(doc({ status: "failed", format: null, error_code: "format_unclear", error_message: "no format" }), new Date());
  assert.deepEqual(failed, {
    type: "document.failed",
    timestamp: "2026-01-02T00:00:00.000Z",
    data: {
      document_id: "doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F",
      status: "failed",
      operation: "create",
      format: null,
      retention: "30d",
      expires_at: "2026-02-01T00:00:00.000Z",
      error: { code: "format_unclear", message: "no format" },
    },
  });
  assert.ok(validateWebhookEvent(failed), JSON.stringify(validateWebhookEvent.errors));
});
