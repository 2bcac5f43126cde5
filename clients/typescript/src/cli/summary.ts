/** The finished document and its report in a few terminal lines: status, then issues by severity with codes and pages. */
import type { Document, Report, ReportIssue } from "../types.ts";

const SEVERITIES = ["error", "warning", "info"] as const;

const where = (issue: ReportIssue): string => {
  const { pages, sheet, cells } = issue.location;
  const parts = [
    pages?.length ? `page${pages.length > 1 ? "s" : ""} ${pages.join(", ")}` : "",
    sheet ? `sheet ${sheet}` : "",
    cells?.length ? cells.join(", ") : "",
  ].filter(Boolean);
  return parts.length ? ` (${parts.join("; ")})` : "";
};

export const documentSummary = (doc: Document): string => {
  const lines = [`${doc.id}  ${doc.operation} ${doc.format}  ${doc.status}${doc.pages ? `  ${doc.pages} pages` : ""}`];
  if (doc.error) lines.push(`error: ${doc.error.code}: ${doc.error.message}`);
  return lines.join("\n");
};

export const reportSummary = (report: Report): string => {
  if (report.issues.length === 0) return "no issues";
  const lines: string[] = [];
  for (const severity of SEVERITIES) {
    const issues = report.issues.filter((issue) => issue.severity === severity);
    if (!issues.length) continue;
    lines.push(`${issues.length} ${severity}${issues.length > 1 ? "s" : ""}:`);
    for (const issue of issues) lines.push(`  ${issue.code}${where(issue)}: ${issue.message}`);
  }
  const repaired = report.ledger.length;
  if (repaired) lines.push(`${repaired} repair${repaired > 1 ? "s" : ""} in the ledger`);
  return lines.join("\n");
};
