/**
 * Formula errors a reader would see once the workbook is calculated: `#REF!`, `#DIV/0!`, `#VALUE!`, `#NAME?`,
 * `#N/A`, `#NUM!`, `#NULL!` (and the newer `#SPILL!`, `#CALC!`… under one code). Cached values cannot be trusted —
 * writers other than Excel leave them stale or empty — so the workbook is recalculated: run through LibreOffice
 * (`ctx.converter`, whose worker recalculates everything before saving) and the error cells of that copy are read
 * and mapped back by sheet name and cell reference. The copy leaves out what cannot change a value (drawings,
 * pictures, charts, comments), is only looked at, and is never returned.
 *
 * LibreOffice is not Excel. Where it cannot judge, the cached value is used instead:
 * - functions it does not have (XLOOKUP, LET, FILTER… — recalculated as `#NAME?`), references to other workbooks
 *   (whose links are never updated here, and may have been removed by sanitizing), and every cell that depends on
 *   them are "not verified" (an info) unless their cached value is itself an error;
 * - cells in a circular reference (and their dependents) come out as errors in LibreOffice where Excel keeps its
 *   last value; the circular reference is reported on its own, so these are not reported again.
 * Without a converter, or when the conversion fails, the cached values are checked and the message says so.
 */
import { createHash } from "node:crypto";
import { openPackage, PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { writePackage } from "../../../core/ooxml/write.ts";
import type { Finding, ReviewContext } from "../../../core/contracts/review.ts";
import type { FormulaGraph } from "./circular.ts";
import { cellList, cellsAt, finding, plural } from "./findings.ts";
import type { FormulaCell, Formulas } from "./formulas.ts";
import { partText, type LoadedWorkbook } from "./load.ts";
import { readSheet } from "./sheet.ts";
import { readWorkbookInfo, workbookPart } from "./workbook.ts";

const CODES: Record<string, string> = {
  "#REF!": "xlsx.formula_ref",
  "#DIV/0!": "xlsx.formula_div0",
  "#VALUE!": "xlsx.formula_value",
  "#NAME?": "xlsx.formula_name",
  "#N/A": "xlsx.formula_na",
  "#NUM!": "xlsx.formula_num",
  "#NULL!": "xlsx.formula_null",
};
const OTHER = "xlsx.formula_error";

const MEANING: Record<string, string> = {
  "#REF!": "a reference to cells that no longer exist",
  "#DIV/0!": "a division by zero or by an empty cell",
  "#VALUE!": "a value of the wrong type",
  "#NAME?": "an unknown function or name",
  "#N/A": "a value not found or not available",
  "#NUM!": "an impossible number",
  "#NULL!": "ranges that do not intersect",
};

/** Excel functions LibreOffice 7.x does not calculate (it returns `#NAME?` for them). */
const UNSUPPORTED = new Set(
  [
    "XLOOKUP", "XMATCH", "LET", "LAMBDA", "FILTER", "SORT", "SORTBY", "UNIQUE", "SEQUENCE", "RANDARRAY", "TEXTSPLIT",
    "TEXTBEFORE", "TEXTAFTER", "VSTACK", "HSTACK", "TOCOL", "TOROW", "WRAPROWS", "WRAPCOLS", "TAKE", "DROP",
    "CHOOSEROWS", "CHOOSECOLS", "EXPAND", "MAP", "REDUCE", "SCAN", "MAKEARRAY", "BYROW", "BYCOL", "ISOMITTED",
    "ARRAYTOTEXT", "VALUETOTEXT", "IMAGE", "STOCKHISTORY", "FIELDVALUE", "GROUPBY", "PIVOTBY", "PERCENTOF",
    "REGEXTEST", "REGEXEXTRACT", "REGEXREPLACE", "TRIMRANGE", "ANCHORARRAY", "SINGLE", "CUBEVALUE", "CUBEMEMBER",
    "CUBESET", "CUBESETCOUNT", "CUBERANKEDMEMBER", "CUBEMEMBERPROPERTY", "CUBEKPIMEMBER",
  ],
);

const bareName = (fn: string) => fn.replace(/^(?:_XLFN\.)?(?:_XLWS\.)?/, "");

type Recalculated = Map<string, Map<string, string>>;

/**
 * Parts that cannot change a cell's value. They are left out of the copy LibreOffice recalculates: loading a 3 MB
 * drawing costs it seconds. Relationships to them are left dangling in the copy, which LibreOffice ignores.
 */
const INERT = /^(?:xl\/(?:drawings|media|charts|printerSettings|embeddings|activeX|threadedComments|persons)\/|xl\/comments[^/]*\.xml$|docProps\/thumbnail)/i;

/** The bytes to recalculate: the workbook without its inert parts (the original when it has none). */
export const recalculationCopy = (pkg: Package, bytes: Uint8Array): Uint8Array => {
  const inert = pkg.names.filter((name) => INERT.test(name));
  return inert.length === 0 ? bytes : writePackage(pkg, new Map(inert.map((name) => [name, null])));
};

/** The error cells of the recalculated copy, by sheet name (lower case) and cell reference. */
const readErrors = (bytes: Uint8Array): Recalculated => {
  const pkg = openPackage(bytes);
  const part = workbookPart(pkg);
  const xml = partText(pkg, part);
  if (xml === null) throw new PackageRefused("the recalculated copy has no workbook part", "missing_part");
  const out: Recalculated = new Map();
  for (const sheet of readWorkbookInfo(pkg, part, xml).sheets) {
    const text = sheet.part && sheet.kind === "worksheet" ? partText(pkg, sheet.part) : null;
    if (text === null) continue;
    const errors = new Map<string, string>();
    for (const row of readSheet(text, sheet.part!, null).rows) for (const cell of row.cells) if (cell.type === "e" && cell.value) errors.set(cell.ref, cell.value.trim());
    out.set(sheet.name.toLowerCase(), errors);
  }
  return out;
};

/**
 * Recalculations of recent workbooks, by a hash of their `content` (every value, formula, sheet name and defined
 * name) and their iteration setting: the review's repair loop inspects the workbook again after each structural
 * fix, which changes none of these, so LibreOffice needs to run once per review, not once per fix.
 */
const recent = new Map<string, Recalculated>();
const RECENT = 16;

const recalculate = async (loaded: LoadedWorkbook, bytes: Uint8Array, content: readonly string[], ctx: ReviewContext): Promise<Recalculated> => {
  const key = createHash("sha256").update(`${loaded.workbook?.iterate ?? false}\n${content.join("\n")}`).digest("hex");
  const known = recent.get(key);
  if (known) return known;
  const copy = recalculationCopy(loaded.pkg, bytes);
  const result = readErrors(await ctx.converter!.convert(copy, "xlsx", "xlsx", ctx.signal ? { signal: ctx.signal } : {}));
  recent.set(key, result);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return result;
};

/** Every node reachable backwards from `seeds`: the seeds and all formula cells depending on them. */
const dependentsOf = (graph: FormulaGraph, seeds: readonly number[]): Set<number> => {
  if (seeds.length === 0) return new Set();
  const readers: number[][] = graph.edges.map(() => []);
  graph.edges.forEach((targets, from) => targets.forEach((to) => readers[to]!.push(from)));
  const out = new Set<number>(seeds);
  const queue = [...out];
  while (queue.length > 0) {
    for (const reader of readers[queue.pop()!]!) {
      if (!out.has(reader)) {
        out.add(reader);
        queue.push(reader);
      }
    }
  }
  return out;
};

const isError = (value: string | undefined) => value !== undefined && /^#[A-Z/0!?_]+[!?A]?$/.test(value.trim());

export const checkFormulaErrors = async (
  bytes: Uint8Array,
  loaded: LoadedWorkbook,
  content: readonly string[],
  formulas: Formulas,
  graph: FormulaGraph,
  cycles: readonly FormulaCell[][],
  ctx: ReviewContext,
): Promise<Finding[]> => {
  const out: Finding[] = [];
  let recalculated: Recalculated | null = null;
  if (ctx.converter) {
    try {
      recalculated = await recalculate(loaded, bytes, content, ctx);
    } catch (error) {
      ctx.signal?.throwIfAborted();
      out.push(
        finding("xlsx.recalculation_failed", "info", "data", `The workbook could not be recalculated (${(error as Error).message}); formula errors were checked on the values saved in the file.`),
      );
    }
  }

  const nodeOf = new Map<FormulaCell["cell"], number>();
  formulas.cells.forEach((f, i) => nodeOf.set(f.cell, i));
  const inCycles = dependentsOf(graph, cycles.flat().map((c) => nodeOf.get(c.cell)!));
  const unsupportedSeeds: number[] = [];
  formulas.cells.forEach((f, i) => {
    const recalc = recalculated?.get(loaded.sheets[f.sheet]!.entry.name.toLowerCase())?.get(f.cell.ref);
    const external = f.parts.refs.some((r) => r.book !== undefined) || f.parts.names.some((n) => n.book !== undefined);
    if (external || f.parts.functions.some((fn) => UNSUPPORTED.has(bareName(fn)) || (fn.startsWith("_XLFN.") && recalc === "#NAME?"))) unsupportedSeeds.push(i);
  });
  const unsupported = recalculated ? dependentsOf(graph, unsupportedSeeds) : new Set<number>();

  const recalcNote = recalculated ? "after recalculation" : ctx.converter ? "in the values saved in the file" : "in the values saved in the file (the workbook was not recalculated)";
  loaded.sheets.forEach((sheet) => {
    if (!sheet.cells) return;
    const name = sheet.entry.name;
    const errors = recalculated?.get(name.toLowerCase());
    const found = new Map<string, string[]>();
    const notVerified: string[] = [];
    for (const row of sheet.cells.rows) {
      for (const cell of row.cells) {
        const cached = cell.type === "e" ? cell.value?.trim() : undefined;
        const node = cell.formula ? nodeOf.get(cell) : undefined;
        let value: string | undefined;
        if (!recalculated || !cell.formula) value = cached;
        else if (node !== undefined && inCycles.has(node)) value = isError(cached) ? cached : undefined;
        else if (node !== undefined && unsupported.has(node)) {
          value = isError(cached) ? cached : undefined;
          if (value === undefined && errors?.has(cell.ref)) notVerified.push(cell.ref);
        } else value = errors?.get(cell.ref);
        if (value === undefined || !isError(value)) continue;
        const list = found.get(value);
        if (list) list.push(cell.ref);
        else found.set(value, [cell.ref]);
      }
    }
    for (const [value, refs] of found) {
      const meaning = MEANING[value] ? ` (${MEANING[value]})` : "";
      out.push(finding(CODES[value] ?? OTHER, "error", "data", `Sheet "${name}" shows ${value}${meaning} in ${plural(refs.length, "cell")} ${recalcNote}: ${cellList(refs)}.`, cellsAt(name, refs)));
    }
    if (notVerified.length > 0) {
      out.push(
        finding(
          "xlsx.formula_not_verified",
          "info",
          "data",
          `Sheet "${name}" has ${plural(notVerified.length, "formula")} using functions the checker cannot calculate (such as XLOOKUP or LET) or other workbooks, or depending on them (${cellList(notVerified)}); their saved values were kept unchecked.`,
          cellsAt(name, notVerified),
        ),
      );
    }
  });
  return out;
};
