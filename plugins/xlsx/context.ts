/**
 * What the IR → workbook mapping carries from sheet to sheet: the style and its looks, the
 * document-wide evidence for reading numbers and dates, the names handed out so far and the
 * diagnostics. No I/O; the mapping stays a pure function of its inputs.
 */
import type { Diagnostic, Severity } from "../../core/diagnostics.ts";
import { diagnostic } from "../../core/diagnostics.ts";
import type { Inline } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { Evidence } from "./columns.ts";
import { prepareFormula } from "./formulas.ts";
import type { Labels } from "./language.ts";
import type { Looks } from "./look.ts";
import type { CellValue } from "./model.ts";
import type { DefinedNames, SheetNames } from "./names.ts";
import { safeHref } from "../links.ts";

export interface MapContext {
  style: StyleApplied;
  looks: Looks;
  labels: Labels;
  evidence: Evidence;
  sheetNames: SheetNames;
  definedNames: DefinedNames;
  /** Defined name (lower case) → the number format of its value, so formulas using it are formatted like it. */
  nameFormats: Map<string, string>;
  /** Defined name (lower case) → its number, for checking totals before anything is calculated (evaluate.ts). */
  nameValues: Map<string, number>;
  /** IR footnote id → its number, written `[n]` where it is referenced. */
  footnotes: ReadonlyMap<string, number>;
  diagnostics: Diagnostic[];
}

/** A cell's or paragraph's text as a spreadsheet shows it: marks dropped, line breaks kept. */
export function inlineText(inlines: Inline[], ctx: Pick<MapContext, "footnotes">): string {
  return inlines
    .map((inline) => {
      switch (inline.type) {
        case "text":
          return inline.text;
        case "link":
          return inlineText(inline.children, ctx);
        case "gap":
          return inline.label ? `[DATO: ${inline.label}]` : "[DATO]";
        case "lineBreak":
          return "\n";
        case "footnoteRef": {
          const n = ctx.footnotes.get(inline.footnoteId);
          return n === undefined ? "" : `[${n}]`;
        }
      }
    })
    .join("");
}

export function hasGap(inlines: Inline[]): boolean {
  return inlines.some((i) => i.type === "gap" || (i.type === "link" && hasGap(i.children)));
}

/** The one link a cell consists of, when its target is safe to follow. */
export function soleLink(inlines: Inline[], ctx: MapContext): { text: string; href: string } | null {
  const solid = inlines.filter((i) => !(i.type === "text" && i.text.trim() === ""));
  if (solid.length !== 1 || solid[0]!.type !== "link") return null;
  const link = solid[0]!;
  return safeHref(link.href, { allowRelative: false }) ? { text: inlineText(link.children, ctx).trim() || link.href, href: link.href } : null;
}


/**
 * A formula the author wrote, as the cell stores it: the checked formula, or the text as written
 * when it cannot be one (reported either way).
 */
export function formulaValue(formula: string, ctx: MapContext, where: Where): CellValue {
  const result = prepareFormula(formula, (word) => ctx.definedNames.has(word));
  const written = `=${formula}`;
  if (!result.ok) {
    if (result.reason === "unsafe") {
      report(
        ctx,
        "xlsx.unsafe_function",
        "warning",
        "security",
        `The formula ${clip(written)} uses ${result.functions.join(", ")}, which reaches outside the workbook when it is opened; it was kept as text.`,
        where,
      );
    } else if (result.reason === "unsupported") {
      report(
        ctx,
        "xlsx.unsupported_function",
        "warning",
        "data",
        `The formula ${clip(written)} uses ${result.functions.join(", ")}, which older Excel and LibreOffice cannot calculate and which has no simple INDEX/MATCH equivalent here; it was kept as text.`,
        where,
      );
    } else {
      report(
        ctx,
        "xlsx.invalid_formula",
        "warning",
        "data",
        `${clip(written)} is not a formula a spreadsheet can read (unbalanced parentheses, a dangling operator or ";" separators); it was kept as text.`,
        where,
      );
    }
    return { kind: "text", text: written };
  }
  if (result.replaced.length > 0) {
    report(
      ctx,
      "xlsx.function_replaced",
      "info",
      "data",
      `${result.replaced.join(", ")} in ${clip(written)} was written as INDEX/MATCH so every spreadsheet application can calculate it.`,
      where,
    );
  }
  if (result.unknownNames.length > 0) {
    report(
      ctx,
      "xlsx.unknown_name",
      "warning",
      "data",
      `The formula ${clip(written)} refers to ${result.unknownNames.join(", ")}, which is neither a cell nor a named assumption; it will show #NAME? until it is defined.`,
      where,
    );
  }
  return { kind: "formula", formula: result.formula };
}

/** Excel's limit on the characters of one cell. */
const cellLimit = 32767;

/** Text as a cell can hold it: cut at Excel's limit, with a warning. */
export function fitText(text: string, ctx: MapContext, where: Where): string {
  if (text.length <= cellLimit) return text;
  report(ctx, "xlsx.text_truncated", "warning", "content", `A cell's text was cut to ${cellLimit} characters, the most a spreadsheet cell holds.`, where);
  return `${text.slice(0, cellLimit - 1)}…`;
}

/** Where a diagnostic points: the IR node, and the sheet and cells it became. */
export interface Where {
  nodeId?: string;
  sheet?: string;
  cells?: string[];
}

export function report(ctx: MapContext, code: string, severity: Severity, category: string, message: string, where: Where = {}): void {
  const d: Diagnostic = diagnostic(code, severity, category, message, where.nodeId);
  if (where.sheet !== undefined || where.cells !== undefined) {
    d.location = { ...(where.sheet !== undefined ? { sheet: where.sheet } : {}), ...(where.cells !== undefined ? { cells: where.cells } : {}) };
  }
  ctx.diagnostics.push(d);
}

export function clip(text: string, limit = 80): string {
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit - 1)}…` : text);
}
