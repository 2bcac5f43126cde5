/**
 * What a writer model is told of a workbook's Markdown: a table per sheet, `=` formulas, named assumptions
 * (plugins/xlsx/assumptions.ts, formulas.ts).
 */
import type { WritingGuide } from "../../core/contracts/format-plugin.ts";

export const xlsxWriting: WritingGuide = {
  unit: "sheet",
  guide: [
    "Write Markdown that becomes an Excel workbook. Each `##` heading followed by one pipe table becomes one sheet named after the heading (at most 31 characters).",
    "In every sheet the header row is row 1 and the first data row is row 2; the first column is A. Cell references in formulas must follow that layout.",
    "A cell written `=…` is a real formula (for example `=B2*C2`, `=SUM(B2:B13)`, `=B2*(1+growth_rate)`). Compute nothing yourself that a formula can compute.",
    "Inputs go in a section headed `## Assumptions`: a table `| Assumption | Value |` where each label may carry its name in backticks (`growth_rate`); formulas anywhere use those names instead of typed numbers.",
    "A chart (placed beside its table's sheet, reading its cells): a fence ```chart holding `type: bar` (or `line`, `pie`) and optionally `title: …`, closed by ```, then directly its pipe table: first column the labels, each column of numbers a series.",
    "A row whose first cell is `Subtotal …`, `Total` or `Total general` gets its totals by itself (sums, the ratio of the totals under a % header): leave its other cells empty.",
    "Use INDEX/MATCH, never XLOOKUP, FILTER, UNIQUE, SORT or other dynamic-array functions.",
    "Numbers plain (1250.5, 12%, 2025-03-31); no units inside numeric cells (put them in the header: `Revenue (EUR)`).",
    "Short explanations may follow a table as one paragraph; they go to a Notes sheet. No HTML, no code fences around the answer.",
  ].join("\n"),
};
