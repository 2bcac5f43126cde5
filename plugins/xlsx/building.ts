/** What the agent's builder model is told of a workbook it builds with the sandbox's `exceljs` library (core/agent). */
import type { BuildingGuide } from "../../core/contracts/format-plugin.ts";

export const xlsxBuilding: BuildingGuide = {
  what: "an Excel workbook (.xlsx) with real formulas",
  library: `Use "exceljs" (v4): const ExcelJS = require("exceljs"); const wb = new ExcelJS.Workbook(); const ws = wb.addWorksheet("Name"); ws.columns = [{ header, key, width }]; ws.addRow([...]); ws.getCell("C2").value = { formula: "SUM(C3:C9)" }; cell.numFmt = "#,##0.00"; ws.views = [{ state: "frozen", ySplit: 1 }].
- Real formulas for every computed cell (SUM, AVERAGE, INDEX/MATCH; never XLOOKUP or FILTER); assumptions in their own labelled cells that formulas refer to.`,
};
