/**
 * Number formats of cell styles: a cell's `s` indexes `cellXfs`, whose `numFmtId` is a built-in format or one of
 * the workbook's `numFmts`. Nothing else of the styles matters to reading.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { builtinFormat } from "../../../core/ooxml/number-format.ts";
import { attr, child, kids, readOptional } from "../../../core/ooxml/xml/query.ts";

/** The format code of cell style `index` (General when unknown). */
export type FormatOf = (index: number) => string;

export const readFormats = (pkg: Package, part: string | null, diagnostics: Diagnostic[]): FormatOf => {
  const root = part ? readOptional(pkg, part, "number formats", diagnostics) : null;
  if (!root) return () => "General";
  const custom = new Map<number, string>();
  for (const fmt of kids(child(root, "numFmts"), "numFmt")) custom.set(Number(attr(fmt, "numFmtId")), attr(fmt, "formatCode") ?? "General");
  const codes = kids(child(root, "cellXfs"), "xf").map((xf) => {
    const id = Number(attr(xf, "numFmtId") ?? 0);
    return custom.get(id) ?? builtinFormat(id);
  });
  return (index) => codes[index] ?? "General";
};
