/**
 * The packing step: the workbook model → .xlsx bytes through exceljs. Nothing is decided here;
 * every value, format and look comes from the model.
 *
 * Formula cells carry a cached result only when the model knows it (sums of typed numbers, link
 * labels); the others are written with no value at all, and the workbook asks for a full
 * calculation on load, so Excel and LibreOffice compute every formula when the file is opened
 * and no stale number can show.
 *
 * Charts are added to the package exceljs wrote (charts.ts), which cannot write them.
 */
import ExcelJS from "exceljs";
import type { CellLook, CellModel, SheetModel, WorkbookModel } from "./model.ts";
import { sheetRef } from "./names.ts";
import { addCharts } from "./charts.ts";
import { openPackage } from "../../core/ooxml/package.ts";
import { patchZip } from "../../core/ooxml/zip-patch.ts";

const monoFont = "Consolas";
/** A4; Quire's default region is the EU (DESIGN.md, `QUIRE_REGION`). */
const paperA4 = 9;

/**
 * `author` is the file's author metadata (RenderContext.author): the caller's organisation, else left empty;
 * `language` the tag of the charts' text (BCP 47).
 */
export async function pack(model: WorkbookModel, signal?: AbortSignal, author = "", language = "en-US"): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = author;
  workbook.lastModifiedBy = author;
  if (model.title) workbook.title = model.title;
  workbook.calcProperties.fullCalcOnLoad = true;

  for (const sheet of model.sheets) {
    signal?.throwIfAborted();
    addSheet(workbook, sheet, model);
  }
  for (const defined of model.definedNames) {
    workbook.definedNames.add(`${sheetRef(defined.sheet)}!${defined.ref}`, defined.name);
  }
  signal?.throwIfAborted();
  const buffer = await workbook.xlsx.writeBuffer();
  const bytes = buffer as unknown as Uint8Array;
  const charted = addCharts(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), model, language);
  return author === "" ? withoutAuthor(charted) : charted;
}

/** exceljs writes "Unknown" for an empty author; a file with no author leaves the fields empty. */
function withoutAuthor(bytes: Uint8Array): Uint8Array {
  const core = openPackage(bytes).text("docProps/core.xml");
  if (core === null) return bytes;
  const empty = core.replace(/<(dc:creator|cp:lastModifiedBy)>Unknown<\/\1>/g, "<$1></$1>");
  return empty === core ? bytes : patchZip(bytes, new Map([["docProps/core.xml", empty]]));
}

function addSheet(workbook: ExcelJS.Workbook, sheet: SheetModel, model: WorkbookModel): void {
  const frozen = sheet.frozenRows;
  const view: Partial<ExcelJS.WorksheetView> =
    frozen > 0
      ? { state: "frozen", xSplit: 0, ySplit: frozen, topLeftCell: `A${frozen + 1}`, activeCell: `A${frozen + 1}`, showGridLines: sheet.showGridLines }
      : { state: "normal", showGridLines: sheet.showGridLines };
  const ws = workbook.addWorksheet(sheet.name, {
    views: [view],
    pageSetup: {
      paperSize: paperA4,
      orientation: sheet.print.landscape ? "landscape" : "portrait",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
      ...(sheet.print.titleRows ? { printTitlesRow: sheet.print.titleRows } : {}),
    },
    headerFooter: headerFooter(model),
  });
  sheet.columnWidths.forEach((width, i) => {
    ws.getColumn(i + 1).width = width;
  });
  for (const cell of sheet.cells) writeCell(ws.getCell(cell.row, cell.column), cell, model);
  for (const [row, height] of Object.entries(sheet.rowHeights)) ws.getRow(Number(row)).height = height;
  if (sheet.autoFilter) ws.autoFilter = sheet.autoFilter;
}

function writeCell(target: ExcelJS.Cell, cell: CellModel, model: WorkbookModel): void {
  const font = fontOf(cell.look, model);
  const value = cell.value;
  switch (value.kind) {
    case "empty":
      break;
    case "text":
      target.value = value.text;
      break;
    case "rich":
      target.value = {
        richText: value.runs.map((run) => ({
          text: run.text,
          font: {
            ...font,
            ...(run.bold ? { bold: true } : {}),
            ...(run.italic ? { italic: true } : {}),
            ...(run.strike ? { strike: true } : {}),
            ...(run.mono ? { name: monoFont } : {}),
            ...(run.color ? { color: { argb: argb(run.color) } } : {}),
          },
        })),
      };
      break;
    case "number":
      target.value = value.value;
      break;
    case "date": {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.iso)!;
      target.value = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)));
      break;
    }
    case "formula":
      target.value = value.result === undefined ? { formula: value.formula } : { formula: value.formula, result: value.result };
      break;
    case "link":
      target.value = { text: value.text, hyperlink: value.href };
      break;
  }
  if (cell.numFmt) target.numFmt = cell.numFmt;
  target.font = font;
  const look = cell.look;
  if (look.fill) target.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(look.fill) } };
  if (look.border || look.topBorder) {
    const thin = look.border ? { style: "thin" as const, color: { argb: argb(look.border) } } : undefined;
    target.border = {
      ...(thin ? { left: thin, right: thin, bottom: thin, top: thin } : {}),
      ...(look.topBorder ? { top: { style: "medium" as const, color: { argb: argb(look.topBorder) } } } : {}),
    };
  }
  const alignment: Partial<ExcelJS.Alignment> = {
    ...(look.align ? { horizontal: look.align } : {}),
    ...(look.vertical ? { vertical: look.vertical } : {}),
    ...(look.wrap ? { wrapText: true } : {}),
    ...(look.indent ? { indent: look.indent } : {}),
  };
  if (Object.keys(alignment).length > 0) target.alignment = alignment;
}

function fontOf(look: CellLook, model: WorkbookModel): Partial<ExcelJS.Font> {
  return {
    name: look.mono ? monoFont : model.font.name,
    size: look.size ?? model.font.size,
    color: { argb: argb(look.color ?? model.font.color) },
    ...(look.bold ? { bold: true } : {}),
    ...(look.italic ? { italic: true } : {}),
    ...(look.strike ? { strike: true } : {}),
    ...(look.underline ? { underline: true } : {}),
  };
}

function argb(color: string): string {
  return `FF${color}`;
}

/**
 * Sheet name top left, the style's header text top right, footer text bottom left; the page numbers where the style
 * puts them (bottom centre unless told), after the text already on that side.
 */
function headerFooter(model: WorkbookModel): Partial<ExcelJS.HeaderFooter> {
  const escape = (text: string) => text.replace(/&/g, "&&");
  const head: Record<string, string> = { L: "&A", ...(model.page.header ? { R: escape(model.page.header) } : {}) };
  const foot: Record<string, string> = model.page.footer ? { L: escape(model.page.footer) } : {};
  if (model.page.pageNumbers) {
    const [vertical, side] = (model.page.pageNumbersAt ?? "bottom-center").split("-");
    const part = vertical === "top" ? head : foot;
    const code = side === "left" ? "L" : side === "right" ? "R" : "C";
    part[code] = part[code] ? `${part[code]}  &P / &N` : "&P / &N";
  }
  const sections = (parts: Record<string, string>) => ["L", "C", "R"].map((c) => (parts[c] ? `&${c}${parts[c]}` : "")).join("");
  const footer = sections(foot);
  return { oddHeader: sections(head), ...(footer ? { oddFooter: footer } : {}) };
}
