/**
 * What the tools answer: a short text an agent reads (the download links, the report's findings, the Markdown)
 * and the same facts as `structuredContent` for a host that parses. A failure is a tool error result
 * (`isError: true`) carrying the Problem's code and detail, so the model sees what to fix instead of a crash.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { QuireProblem } from "../problem.ts";
import type { Document, Extraction, Report, ReportIssue } from "../types.ts";

/** Statuses of a finished document that has a report (a failed or canceled one has none). */
export const REPORTED = new Set<Document["status"]>(["ready", "ready_with_warnings", "needs_review"]);

const UNFINISHED = new Set<Document["status"]>(["queued", "running"]);

export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

const where = (issue: ReportIssue): string => {
  const { pages, sheet, cells } = issue.location;
  const parts = [pages?.length ? `${pages.length === 1 ? "page" : "pages"} ${pages.join(", ")}` : "", sheet ? `sheet ${sheet}` : "", cells?.length ? `cells ${cells.join(", ")}` : ""];
  const text = parts.filter(Boolean).join("; ");
  return text ? ` (${text})` : "";
};

const issueLine = (issue: ReportIssue): string => `- ${issue.severity} ${issue.code}${where(issue)}: ${issue.message}`;

const reportLines = (report: Report): string[] => {
  const summary = report.validation_summary;
  const lines = [
    summary
      ? `Report: ${plural(summary.errors, "error")}, ${plural(summary.warnings, "warning")}, ${summary.info} info`
      : `Report: ${plural(report.issues.length, "issue")}`,
    ...report.issues.map(issueLine),
  ];
  if (report.edits.length) {
    const missed = report.edits.filter((edit) => edit.outcome !== "applied");
    lines.push(`Edits: ${report.edits.length - missed.length} of ${report.edits.length} applied`);
    lines.push(...missed.map((edit) => `- ${edit.op} ${edit.outcome}: ${edit.reason ?? edit.target ?? ""}`));
  }
  if (report.key_data.length) lines.push(`Key data: ${report.key_data.map((datum) => `${datum.role} ${datum.value}`).join("; ")}`);
  if (report.sanitized?.removed.length) lines.push(`Neutralised before opening: ${report.sanitized.removed.join("; ")}`);
  return lines;
};

const documentLines = (doc: Document): string[] => {
  const facts = [doc.format, doc.pages === null ? "" : plural(doc.pages, "page")].filter(Boolean).join(", ");
  const phase = UNFINISHED.has(doc.status) && doc.phase ? ` (${doc.phase})` : "";
  const lines = [`Document ${doc.id}${doc.name ? ` "${doc.name}"` : ""}: ${doc.status}${phase}${facts ? `, ${facts}` : ""}`];
  if (doc.error) lines.push(`Error ${doc.error.code}: ${doc.error.message}`);
  if (doc.content_deleted_at) lines.push(`Content deleted at ${doc.content_deleted_at}.`);
  // A long document has a preview per page: the text names the first, structuredContent has them all.
  const outputs = doc.outputs ?? [];
  const previews = outputs.filter((output) => output.kind === "preview");
  const shown = [...outputs.filter((output) => output.kind !== "preview"), ...previews.slice(0, 1)];
  if (shown.length) {
    lines.push("Downloads (signed links, no key needed; get_document gives fresh ones):");
    for (const output of shown) {
      const label = output.kind === "preview" ? `preview of page ${output.page ?? 1}` : output.kind === "html" ? "html (the page)" : output.kind;
      lines.push(`- ${label}: ${output.url}${output.expires_at ? ` (until ${output.expires_at})` : ""}`);
    }
    if (previews.length > 1) lines.push(`- and ${plural(previews.length - 1, "more page preview")} (in structuredContent.document.outputs)`);
  }
  if (doc.style_unsupported.length) lines.push(`Style not applied: ${doc.style_unsupported.join("; ")}`);
  return lines;
};

const text = (lines: string[]): CallToolResult["content"] => [{ type: "text", text: lines.join("\n") }];

/** A document (its status, links and error) and, once it finished with one, its report. */
export const documentResult = (document: Document, report: Report | null = null): CallToolResult => ({
  content: text([...documentLines(document), ...(report ? reportLines(report) : [])]),
  structuredContent: { document, report },
});

export const reportResult = (report: Report): CallToolResult => ({
  content: text([`Report of ${report.document_id}`, ...reportLines(report)]),
  structuredContent: { report },
});

export const extractionResult = (extraction: Extraction): CallToolResult => ({
  content: [{ type: "text", text: extraction.markdown }],
  structuredContent: {
    id: extraction.id,
    format: extraction.format,
    pages: extraction.pages,
    chars: extraction.chars,
    truncated: extraction.truncated,
    markdown: extraction.markdown,
  },
});

/** Any JSON answer as-is (artifact data): indented text and the object itself. */
export const dataResult = (summary: string, data: Record<string, unknown>): CallToolResult => ({
  content: text([summary, JSON.stringify(data, null, 2)]),
  structuredContent: data,
});

/** A tool's handler whose failures become tool error results rather than protocol errors. */
export const guarded =
  <Args, Extra>(handler: (args: Args, extra: Extra) => Promise<CallToolResult>) =>
  async (args: Args, extra: Extra): Promise<CallToolResult> => {
    try {
      return await handler(args, extra);
    } catch (error) {
      return problemResult(error);
    }
  };

/** The Problem of a failed call (the service's, or the client's own for a network failure) as a tool error. */
export const problemResult = (error: unknown): CallToolResult => {
  const problem =
    error instanceof QuireProblem
      ? error
      : QuireProblem.client("client_error", "The call did not complete", error instanceof Error ? error.message : String(error));
  const lines = [
    `${problem.code}${problem.status ? ` (${problem.status})` : ""}: ${problem.detail ?? problem.title}`,
    ...problem.errors.map((field) => `- ${field.path || "/"}: ${field.message}`),
  ];
  if (problem.requestId) lines.push(`request_id: ${problem.requestId}`);
  return {
    isError: true,
    content: text(lines),
    structuredContent: {
      problem: {
        type: problem.type,
        title: problem.title,
        status: problem.status,
        code: problem.code,
        ...(problem.detail === undefined ? {} : { detail: problem.detail }),
        ...(problem.requestId === undefined ? {} : { request_id: problem.requestId }),
        errors: problem.errors,
      },
    },
  };
};
