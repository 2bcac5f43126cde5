/**
 * Building review findings for PowerPoint decks: slides are the report's "pages", and a finding names the fix
 * that removes it (`fixable: true`) or says none is safe (`fixable: false`, no `fix`).
 */
import type { Severity } from "../../../core/diagnostics.ts";
import type { Finding } from "../../../core/contracts/review.ts";

export type Category = "structural" | "content" | "layout" | "security" | "data" | "style";

export const finding = (code: string, severity: Severity, category: Category, message: string, pages?: readonly number[], fix?: string): Finding => ({
  code,
  severity,
  category,
  message,
  ...(pages && pages.length > 0 ? { location: { pages: [...new Set(pages)].sort((a, b) => a - b) } } : {}),
  fixable: fix !== undefined,
  ...(fix !== undefined ? { fix } : {}),
});

/** `"Title 1"`, or the kind of shape when it has no name. */
export const quoted = (name: string, kind = "shape"): string => (name ? `"${name}"` : `a ${kind} without a name`);

export const inches = (emu: number): string => `${(emu / 914_400).toFixed(1)} in`;
