/**
 * Building the review's findings (core/contracts/review.ts) the same way in every check: a finding with a fix is
 * `fixable: true` and names it; one without is `fixable: false`. Cell lists in a location are capped (a sheet with
 * 40,000 numbers stored as text lists the first 20), and messages say how many there are in all.
 */
import type { DiagnosticLocation, Severity } from "../../../core/diagnostics.ts";
import type { Finding } from "../../../core/contracts/review.ts";

export const MAX_LISTED = 20;

export type Category = "structural" | "content" | "layout" | "security" | "data" | "style";

export const finding = (
  code: string,
  severity: Severity,
  category: Category,
  message: string,
  location: DiagnosticLocation = {},
  fix?: string,
): Finding => (fix === undefined ? { code, severity, category, message, location, fixable: false } : { code, severity, category, message, location, fixable: true, fix });

/** The location of some cells of a sheet, the list capped. */
export const cellsAt = (sheet: string, cells: readonly string[]): DiagnosticLocation => ({ sheet, cells: cells.slice(0, MAX_LISTED) });

/** `A1, B2 and 3 more` for a message. */
export const cellList = (cells: readonly string[], shown = 8): string =>
  cells.length <= shown ? cells.join(", ") : `${cells.slice(0, shown).join(", ")} and ${cells.length - shown} more`;

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
