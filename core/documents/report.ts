/** The Report of a finished document (interface, Report), built from the diagnostics left after processing. */
import type { components } from "../../generated/openapi.ts";
import type { Diagnostic } from "../diagnostics.ts";

export type WireReport = components["schemas"]["Report"];
type Issue = WireReport["issues"][number];

const CATEGORIES = new Set<Issue["category"]>(["structural", "content", "layout", "security", "data", "style"]);

export interface ReportExtras {
  readonly keyData?: WireReport["key_data"];
  readonly ledger?: WireReport["ledger"];
  readonly repairSummary?: WireReport["repair_summary"];
  readonly sanitized?: WireReport["sanitized"];
  readonly edits?: WireReport["edits"];
  readonly changes?: WireReport["changes"];
}

export const buildReport = (documentId: string, diagnostics: ReadonlyArray<Diagnostic>, summary: WireReport["validation_summary"], extras: ReportExtras = {}): WireReport => ({
  document_id: documentId,
  issues: diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    category: CATEGORIES.has(d.category as Issue["category"]) ? (d.category as Issue["category"]) : d.category === "key_data" ? "data" : "content",
    message: d.message,
    fixable: d.fixable ?? false,
    location: d.location ?? {},
  })),
  ledger: extras.ledger ?? [],
  validation_summary: summary,
  repair_summary: extras.repairSummary ?? null,
  key_data: extras.keyData ?? [],
  edits: extras.edits ?? [],
  changes: extras.changes ?? [],
  sanitized: extras.sanitized ?? null,
});
