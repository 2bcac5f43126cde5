/**
 * The calculation chain (`xl/calcChain.xml`): Excel's record of the order it last calculated formula cells in,
 * each entry a cell and a sheet id (`i`, carried over from the previous entry when absent). Writers that edit cells
 * without updating it leave entries for cells that no longer hold a formula, or for sheets that are gone, and Excel
 * then shows its repair dialog ("Removed Records: Formula from /xl/calcChain.xml"). The chain is only a cache:
 * without it Excel calculates in dependency order and writes a new one, so removing it is a safe repair.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { PackageRefused } from "../../../core/ooxml/package.ts";
import { parseRef } from "../extract/cell-ref.ts";
import { relsOfType } from "../../../core/ooxml/rels.ts";
import { cellList, cellsAt, finding, plural } from "./findings.ts";
import { partText, type LoadedWorkbook } from "./load.ts";
import { attributes, walkXml } from "../../../core/ooxml/xml/walk.ts";
import type { WorkbookInfo } from "./workbook.ts";

export const FIX_CALC_CHAIN = "xlsx.drop_calc_chain";

export const calcChainPart = (workbook: WorkbookInfo): string | null => relsOfType(workbook.rels, "calcChain").find((r) => !r.external)?.target ?? null;

export const checkCalcChain = (loaded: LoadedWorkbook): Finding[] => {
  const workbook = loaded.workbook;
  const part = workbook ? calcChainPart(workbook) : null;
  if (!workbook || !part) return [];
  const xml = partText(loaded.pkg, part);
  if (xml === null) return [];
  const ids = new Map<string, (typeof loaded.sheets)[number] | null>();
  for (const sheet of loaded.sheets) {
    const id = sheet.entry.sheetId === undefined ? "" : String(Number(sheet.entry.sheetId));
    ids.set(id, ids.has(id) ? null : sheet);
  }
  const formulaCells = new Map<(typeof loaded.sheets)[number], Set<string>>();
  const formulasOf = (sheet: (typeof loaded.sheets)[number]) => {
    let set = formulaCells.get(sheet);
    if (!set) {
      set = new Set(sheet.cells!.rows.flatMap((row) => row.cells.filter((c) => c.formula).map((c) => c.ref)));
      formulaCells.set(sheet, set);
    }
    return set;
  };
  const stale: { sheet: string | undefined; ref: string }[] = [];
  let current: string | undefined;
  try {
    walkXml(xml, part, {
      open(tag, raw) {
        if (tag !== "c") return;
        const a = attributes(raw);
        if (a.has("i")) current = String(Number(a.get("i")));
        const ref = a.get("r") ?? "";
        if (current === undefined) return;
        const sheet = ids.get(current);
        if (sheet === undefined) stale.push({ sheet: undefined, ref: `sheet id ${current}!${ref}` });
        else if (sheet?.cells) {
          const at = parseRef(ref);
          const canonical = at ? ref.replace(/\$/g, "").toUpperCase() : ref;
          if (!formulasOf(sheet).has(canonical)) stale.push({ sheet: sheet.entry.name, ref: canonical });
        }
      },
    });
  } catch (error) {
    if (!(error instanceof PackageRefused) || error.reason !== "xml_invalid") throw error;
    return [finding("xlsx.stale_calc_chain", "error", "structural", `The calculation chain (${part}) cannot be read: ${error.message}. Excel repairs the file.`, {}, FIX_CALC_CHAIN)];
  }
  if (stale.length === 0) return [];
  const first = stale.find((s) => s.sheet !== undefined)?.sheet;
  const listed = stale.map((s) => (s.sheet === undefined ? s.ref : `${s.sheet}!${s.ref}`));
  return [
    finding(
      "xlsx.stale_calc_chain",
      "error",
      "structural",
      `The calculation chain (${part}) lists ${plural(stale.length, "cell")} that hold no formula or are on no sheet (${cellList(listed)}); Excel shows its repair dialog. The chain is a cache Excel rebuilds.`,
      first === undefined ? {} : cellsAt(first, stale.filter((s) => s.sheet === first).map((s) => s.ref)),
      FIX_CALC_CHAIN,
    ),
  ];
};
