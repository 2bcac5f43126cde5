/**
 * Formula results stored in the workbook (the plugin's `afterRender`). exceljs cannot calculate, so the author's
 * formulas leave `pack` without a cached value, and a viewer that does not calculate (a quick look, openpyxl, our
 * own extraction) shows blanks. LibreOffice recalculates when it opens a workbook: its xlsx copy is read for the
 * value of each formula cell, and only those values are written into OUR file — as `<v>` (with `t="str"`, `"e"`
 * or `"b"` for text, errors and booleans) in cells that have none — through a patch of the sheet parts. Nothing
 * else of LibreOffice's copy is taken, and the workbook still asks for a full calculation on open. Widths were
 * guessed before the results were known: a column too narrow for a result as its format shows it (Excel would show
 * `###`) is widened.
 *
 * Anything that goes wrong (LibreOffice refuses, a sheet is missing, parts differ) leaves the file as it was.
 */
import type { OfficeConverter } from "../../core/contracts/engines.ts";
import { openPackage, type Package } from "../../core/ooxml/package.ts";
import { patchZip } from "../../core/ooxml/zip-patch.ts";
import { columnNumber } from "./names.ts";
import { readFormats, type FormatOf } from "./extract/styles.ts";
import { readWorkbook } from "./extract/workbook.ts";
import { displayLength, maxWidth } from "./layout.ts";

interface Cached {
  type: string | null;
  value: string;
}

const cellPattern = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const refOf = (attrs: string) => /\br="([A-Z]+\d+)"/.exec(attrs)?.[1] ?? null;
const typeOf = (attrs: string) => /\bt="([^"]*)"/.exec(attrs)?.[1] ?? null;

export async function storeResults(bytes: Uint8Array, converter: OfficeConverter, signal?: AbortSignal): Promise<Uint8Array> {
  try {
    const ours = openPackage(bytes);
    const sheets = sheetParts(ours);
    if (!sheets.some((part) => /<f[\s>]/.test(ours.text(part) ?? ""))) return bytes;
    const calculated = openPackage(await converter.convert(bytes, "xlsx", "xlsx", { signal }));
    const theirs = sheetParts(calculated);
    if (theirs.length !== sheets.length) return bytes;
    const changes = new Map<string, string>();
    const formatOf = readFormats(ours, "xl/styles.xml", []);
    sheets.forEach((part, i) => {
      const xml = ours.text(part);
      const values = formulaValues(calculated.text(theirs[i]!) ?? "");
      if (xml === null || values.size === 0) return;
      const patched = widened(withResults(xml, values), values, formatOf);
      if (patched !== xml) changes.set(part, patched);
    });
    return changes.size === 0 ? bytes : patchZip(bytes, changes);
  } catch {
    signal?.throwIfAborted();
    return bytes;
  }
}

function sheetParts(pkg: Package): string[] {
  return readWorkbook(pkg).sheets.map((sheet) => sheet.part ?? "");
}

/** The cached value of every formula cell of a sheet part, by address. */
function formulaValues(xml: string): Map<string, Cached> {
  const out = new Map<string, Cached>();
  for (const m of xml.matchAll(cellPattern)) {
    const body = m[2] ?? "";
    if (!/<f[\s>/]/.test(body)) continue;
    const ref = refOf(m[1]!);
    const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    if (ref && value !== undefined) out.set(ref, { type: typeOf(m[1]!), value });
  }
  return out;
}

/** Our sheet with a `<v>` after each formula that has none; the attributes get the result's type. */
function withResults(xml: string, values: Map<string, Cached>): string {
  return xml.replace(cellPattern, (whole, attrs: string, body: string | undefined) => {
    if (body === undefined || !/<f[\s>/]/.test(body) || /<v>/.test(body)) return whole;
    const ref = refOf(attrs);
    const cached = ref ? values.get(ref) : undefined;
    if (!cached) return whole;
    const type = cached.type === "str" || cached.type === "e" || cached.type === "b" ? cached.type : null;
    const bare = attrs.replace(/\s+t="[^"]*"/, "");
    return `<c${bare}${type ? ` t="${type}"` : ""}>${body}<v>${cached.value}</v></c>`;
  });
}

/** Columns as wide as their formulas' results need, as their formats show them; never narrower than they were. */
function widened(xml: string, values: Map<string, Cached>, formatOf: FormatOf): string {
  const needed = new Map<number, number>();
  for (const m of xml.matchAll(cellPattern)) {
    const ref = refOf(m[1]!);
    const cached = ref ? values.get(ref) : undefined;
    if (!ref || !cached || (cached.type !== null && cached.type !== "n")) continue;
    const style = Number(/\bs="(\d+)"/.exec(m[1]!)?.[1] ?? 0);
    const width = displayLength({ kind: "number", value: Number(cached.value) }, formatOf(style)) + 2;
    const column = columnNumber(/^[A-Z]+/.exec(ref)![0]);
    needed.set(column, Math.max(needed.get(column) ?? 0, width));
  }
  return xml.replace(/<col\b([^>]*?)\/>/g, (whole, attrs: string) => {
    const min = /\bmin="(\d+)"/.exec(attrs)?.[1];
    const width = /\bwidth="([\d.]+)"/.exec(attrs)?.[1];
    if (!min || !width || /\bmax="(\d+)"/.exec(attrs)?.[1] !== min) return whole;
    const want = Math.min(maxWidth, Math.ceil(needed.get(Number(min)) ?? 0));
    return want > Number(width) ? whole.replace(/\bwidth="[\d.]+"/, `width="${want}"`) : whole;
  });
}
