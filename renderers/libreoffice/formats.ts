/**
 * Which LibreOffice export filter serves each `from` → `to` pair of the contract (core/contracts/engines.ts). Pure data:
 * the worker checks that the file it opened is of the family named here, so a spreadsheet sent as `docx` is
 * refused instead of exported with the wrong filter.
 */
import type { ConvertTarget, OfficeFormat } from "../../core/contracts/engines.ts";

export type DocumentFamily = "text" | "spreadsheet" | "presentation";

export interface ExportPlan {
  readonly family: DocumentFamily;
  /** LibreOffice's export filter name. */
  readonly filter: string;
  readonly filterOptions?: string;
}

const FAMILY: Record<OfficeFormat, DocumentFamily> = {
  docx: "text",
  doc: "text",
  xlsx: "spreadsheet",
  xls: "spreadsheet",
  pptx: "presentation",
  ppt: "presentation",
};

/**
 * CSV export options (LibreOffice's "Filter Options for CSV", by position): comma, double quote, UTF-8 (76),
 * from line 1, no column formats, en-US (1033) so decimals use a dot whatever the machine's locale, text cells
 * quoted only when needed, cell contents saved as shown (what a reader sees), values rather than formulas.
 * The worker exports the first sheet.
 */
export const CSV_OPTIONS = "44,34,76,1,,1033,false,true,true,false,false";

const FILTERS: Record<DocumentFamily, Partial<Record<ConvertTarget, Omit<ExportPlan, "family">>>> = {
  text: {
    pdf: { filter: "writer_pdf_Export" },
    docx: { filter: "MS Word 2007 XML" },
  },
  spreadsheet: {
    pdf: { filter: "calc_pdf_Export" },
    xlsx: { filter: "Calc MS Excel 2007 XML" },
    csv: { filter: "Text - txt - csv (StarCalc)", filterOptions: CSV_OPTIONS },
  },
  presentation: {
    pdf: { filter: "impress_pdf_Export" },
    pptx: { filter: "Impress MS PowerPoint 2007 XML" },
  },
};

/** The export for `from` → `to`, or undefined when the pair is not offered (e.g. docx → xlsx). */
export const exportPlan = (from: OfficeFormat, to: ConvertTarget): ExportPlan | undefined => {
  const family = FAMILY[from];
  if (family === undefined) return undefined;
  const plan = FILTERS[family][to];
  return plan === undefined ? undefined : { family, ...plan };
};

/** Every pair offered, for error messages. */
export const offeredTargets = (from: OfficeFormat): ConvertTarget[] =>
  FAMILY[from] === undefined ? [] : (Object.keys(FILTERS[FAMILY[from]]) as ConvertTarget[]);
