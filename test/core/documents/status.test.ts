import { test } from "node:test";
import assert from "node:assert/strict";
import { statusFor, summaryOf, finalEventFor } from "../../../core/documents/status.ts";

test("the status table turns diagnostics into a finished status", () => {
  const cases = [
    { given: [], want: "ready" },
    { given: [{ severity: "info" as const }], want: "ready" },
    { given: [{ severity: "info" as const }, { severity: "warning" as const }], want: "ready_with_warnings" },
    { given: [{ severity: "warning" as const }, { severity: "error" as const }], want: "needs_review" },
  ];
  for (const { given, want } of cases) assert.equal(statusFor(given), want);
});

test("summary counts each severity", () => {
  assert.deepEqual(summaryOf([{ severity: "error" }, { severity: "warning" }, { severity: "warning" }, { severity: "info" }]), { errors: 1, warnings: 2, info: 1 });
});

test("finished documents with warnings still send document.ready", () => {
  assert.equal(finalEventFor("ready_with_warnings"), "document.ready");
  assert.equal(finalEventFor("needs_review"), "document.ready");
  assert.equal(finalEventFor("failed"), "document.failed");
  assert.equal(finalEventFor("canceled"), "document.canceled");
});
