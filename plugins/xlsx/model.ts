/**
 * The workbook as plain data: what the pure mapping step (`map.ts`) produces and the packing
 * step (`pack.ts`) turns into an .xlsx with exceljs. Keeping it plain means the mapping can be
 * tested without a spreadsheet library and every decision (value, format, look) is visible here.
 *
 * Rows and columns are 1-based, as in Excel. Colours are `RRGGBB` without `#`.
 */
import type { ChartXmlInput } from "../../core/ooxml/chart-xml.ts";

export type CellValue =
  /** A blank cell that still carries a look (borders inside a table). */
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "rich"; runs: Run[] }
  | { kind: "number"; value: number }
  /** ISO `yyyy-mm-dd` or `yyyy-mm-ddThh:mm`; packed as a real date (a serial number). */
  | { kind: "date"; iso: string }
  /**
   * A formula without the leading `=`. `result` is the cached value when the mapping knows it
   * (sums of typed numbers, link labels); otherwise none is written and the application
   * calculates on load, so no stale value can show.
   */
  | { kind: "formula"; formula: string; result?: number | string }
  | { kind: "link"; text: string; href: string };

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  mono?: boolean;
  color?: string;
}

export interface CellLook {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  underline?: boolean;
  /** Points; the body size when absent. */
  size?: number;
  mono?: boolean;
  color?: string;
  fill?: string;
  /** Thin borders on all four sides in this colour. */
  border?: string;
  /** A top border in this colour, medium weight (total rows). */
  topBorder?: string;
  align?: "left" | "center" | "right";
  vertical?: "top" | "middle" | "bottom";
  wrap?: boolean;
  indent?: number;
}

export interface CellModel {
  row: number;
  column: number;
  value: CellValue;
  numFmt?: string;
  look: CellLook;
}

export interface SheetModel {
  name: string;
  kind: "notes" | "table" | "assumptions";
  /** The IR node the sheet comes from (a table or a heading), for reports. */
  sourceId?: string;
  cells: CellModel[];
  /** Width of each column, in Excel's character units, column 1 first. */
  columnWidths: number[];
  /** Heights in points of the rows that need more than one line. */
  rowHeights: Record<number, number>;
  /** Header rows kept in view while scrolling (0 for none). */
  frozenRows: number;
  autoFilter?: string;
  showGridLines: boolean;
  print: {
    landscape: boolean;
    /** Rows repeated at the top of every printed page, e.g. `1:1`. */
    titleRows?: string;
  };
  /** Native charts of the sheet's cells, packed as chart parts after exceljs (charts.ts). */
  charts?: SheetChart[];
}

export interface SheetChart {
  chart: ChartXmlInput;
  /** The cells the chart covers: its top-left cell and its size, in columns and rows (1-based, as above). */
  anchor: { column: number; row: number; columns: number; rows: number };
  alt: string;
}

export interface DefinedNameModel {
  name: string;
  sheet: string;
  /** Absolute reference on that sheet, e.g. `$B$2`. */
  ref: string;
}

export interface WorkbookModel {
  title?: string;
  font: { name: string; size: number; color: string };
  sheets: SheetModel[];
  definedNames: DefinedNameModel[];
  /** Printed page furniture, from the style. */
  page: { header?: string; footer?: string; pageNumbers: boolean; pageNumbersAt?: string };
}
