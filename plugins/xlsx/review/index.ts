/**
 * Reviewing an Excel workbook (core/contracts/review.ts): `inspectXlsx` reads every part once and runs the checks —
 * workbook structure (workbook-checks.ts), each worksheet's structure (sheet-checks.ts), tables, the calculation chain,
 * numbers stored as text, broken references, circular references, and formula errors after recalculation — and
 * returns the findings with the workbook's `content` (content.ts); `repairXlsx` applies one named fix (repair.ts).
 * Package-level problems (zip, content types, relationships, forbidden characters) and sanitizing are reviewed in
 * core/ooxml, not here. Macro-enabled workbooks are refused as the reader refuses them.
 */
import { openPackage } from "../../../core/ooxml/package.ts";
import type { Finding, Inspect } from "../../../core/contracts/review.ts";
import { refuseMacros } from "../../../core/ooxml/macros.ts";
import { checkCalcChain } from "./calc-chain.ts";
import { buildGraph, checkCircular, findCycles } from "./circular.ts";
import { contentOf } from "./content.ts";
import { finding } from "./findings.ts";
import { checkFormulaErrors } from "./formula-errors.ts";
import { parseFormulas } from "./formulas.ts";
import { loadWorkbook } from "./load.ts";
import { checkReferences } from "./references.ts";
import { checkSheet } from "./sheet-checks.ts";
import { checkTables } from "./tables.ts";
import { checkTextNumbers } from "./text-numbers.ts";
import { checkWorkbook } from "./workbook-checks.ts";

export { repairXlsx, FIX_NAMES } from "./repair.ts";

export const inspectXlsx: Inspect = async (bytes, ctx) => {
  const pkg = openPackage(bytes);
  refuseMacros(pkg);
  const loaded = loadWorkbook(pkg);
  if (!loaded.workbook) {
    return { findings: [finding("xlsx.workbook_unreadable", "error", "structural", `The workbook cannot be read: ${loaded.problem}.`)], content: [] };
  }
  const findings: Finding[] = [...checkWorkbook(loaded.workbook, loaded.workbookXml)];
  for (const { part, why } of loaded.damaged) {
    findings.push(finding("xlsx.part_unreadable", "error", "structural", `${part} cannot be read, so the cells using it were not fully checked: ${why}.`));
  }
  for (const sheet of loaded.sheets) {
    findings.push(...checkSheet(sheet, loaded.stringsUnreadable), ...checkTextNumbers(sheet, loaded.textStyles));
  }
  findings.push(...checkTables(pkg, loaded.workbook), ...checkCalcChain(loaded));
  ctx.signal?.throwIfAborted();
  const formulas = parseFormulas(loaded);
  findings.push(...checkReferences(loaded, formulas));
  const graph = buildGraph(loaded, formulas);
  const cycles = findCycles(graph, formulas);
  findings.push(...checkCircular(loaded, graph, cycles));
  ctx.signal?.throwIfAborted();
  const content = contentOf(loaded);
  findings.push(...(await checkFormulaErrors(bytes, loaded, content, formulas, graph, cycles, ctx)));
  return { findings, content };
};
