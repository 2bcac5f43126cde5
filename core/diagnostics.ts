/**
 * Diagnostics: what readers, checks and renderers say about a document without failing. They end
 * up in the report and in `validation_summary` (service-interface.md, "Document"); the rules that
 * turn severities into a status live in one table elsewhere in core, not here.
 *
 * `code` is a stable dotted machine code (`image.unavailable`, `markdown.html_dropped`) or, for a
 * failure, the interface's `error.code` (`content_empty`). `category` groups codes for the report
 * (`content`, `markdown`, `image`, `style`, `layout`…). `nodeId` points at an IR node id.
 */

export type Severity = "error" | "warning" | "info";

/** Where a diagnostic points in the output (the report's `location`). */
export interface DiagnosticLocation {
  pages?: number[];
  sheet?: string;
  cells?: string[];
}

export interface Diagnostic {
  code: string;
  severity: Severity;
  category: string;
  message: string;
  nodeId?: string;
  location?: DiagnosticLocation;
  /** Whether a structural repair exists for it (the report's `fixable`). */
  fixable?: boolean;
}

/** Builds a diagnostic, leaving `nodeId` out (rather than `undefined`) so it serialises cleanly. */
export function diagnostic(
  code: string,
  severity: Severity,
  category: string,
  message: string,
  nodeId?: string,
): Diagnostic {
  return nodeId === undefined ? { code, severity, category, message } : { code, severity, category, message, nodeId };
}
