/** The Report of a finished document (interface, Report), built from the diagnostics left after processing. */
import type { components } from "../../generated/openapi.ts";
import type { Diagnostic } from "../diagnostics.ts";

export type WireReport = components["schemas"]["Report"];
type Issue = WireReport["issues"][number];

const CATEGORIES = new Set<Issue["category"]>(["structural", "content", "layout", "security", "data", "style"]);

export const buildReport = (documentId: string, diagnostics: ReadonlyArray<Diagnostic>, summary: WireReport["validation_summary"]): WireReport => ({
  document_id: documentId,
  issues: diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    category: CATEGORIES.has(d.category as Issue["category"]) ? (d.category as Issue["category"]) : "content",
    message: d.message,
    fixable: false,
    location: {},
  })),
  ledger: [],
  validation_summary: summary,
  repair_summary: null,
  key_data: [],
  edits: [],
  changes: [],
  sanitized: null,
});
