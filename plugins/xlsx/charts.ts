/**
 * Native charts in the workbook. A chart block's table is a sheet like any table (tables.ts); its chart is anchored
 * beside the table and reads the table's cells: the labels column and each numeric column, over the rows it draws
 * (a total row is not drawn), with the values the sheet holds as its cache.
 *
 * exceljs writes no charts, so the chart parts are added to its package afterwards (`addCharts`): per sheet with
 * charts a drawing part (`xl/drawings/drawingN.xml`) anchoring each chart part (`xl/charts/chartN.xml`, written by
 * core/ooxml/chart-xml.ts), the sheet's `<drawing r:id>` and relationships, and the content types. Entries exceljs
 * wrote keep their bytes except the parts that must change.
 */
import { chartAlt, chartData } from "../../core/ir/chart.ts";
import type { ChartBlock } from "../../core/ir/types.ts";
import { chartColors } from "../../core/style/chart-colors.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import { chartXml } from "../../core/ooxml/chart-xml.ts";
import { withLanguage } from "../../core/ooxml/drawing-language.ts";
import { openPackage } from "../../core/ooxml/package.ts";
import { relsOf, relsPartOf } from "../../core/ooxml/rels.ts";
import { attr, child, kids, readPart, relAttr } from "../../core/ooxml/xml/query.ts";
import { escapeAttribute } from "../../core/ooxml/xml/markup.ts";
import { patchZip } from "../../core/ooxml/zip-patch.ts";
import type { SheetChart, SheetModel, WorkbookModel } from "./model.ts";
import { address, sheetRef } from "./names.ts";
import { hex } from "./look.ts";

/** The chart's size in cells: about 15 × 9 cm at Excel's default column width and row height. */
const anchorSize = { columns: 8, rows: 18 };

/** The chart of `block`, whose table `sheet` holds from A1 (tables.ts). */
export function sheetChart(block: ChartBlock, sheet: SheetModel, style: StyleApplied): SheetChart {
  const data = chartData(block.table);
  const columns = data.columns.slice(0, block.series.length);
  const headerRows = block.table.header.length;
  const sheetRows = data.rows.map((r) => headerRows + r + 1);
  const at = new Map(sheet.cells.map((cell) => [`${cell.row}:${cell.column}`, cell]));
  const ref = (column: number) => range(sheet.name, column, sheetRows);
  // The cache holds what the cells hold: a `12%` cell is 0.12 in the sheet, and a reader shows the cache until it calculates.
  const cached = (column: number, row: number, fallback: number): number => {
    const value = at.get(`${row}:${column}`)?.value;
    if (value?.kind === "number") return value.value;
    if (value?.kind === "formula" && typeof value.result === "number") return value.result;
    return fallback;
  };
  const colors = chartColors(style.colors.accent, block.chart === "pie" ? data.labels.length : columns.length);
  return {
    chart: {
      kind: block.chart,
      ...(block.title ? { title: block.title } : {}),
      categories: { ref: ref(1), values: data.labels },
      series: block.series.map((s, i) => {
        const column = columns[i]! + 1;
        const format = at.get(`${sheetRows[0]}:${column}`)?.numFmt;
        return {
          ...(format ? { format } : {}),
          name: { ref: `${sheetRef(sheet.name)}!${address(headerRows, column, true)}`, values: [s.name] },
          ref: ref(column),
          values: s.values.map((v, k) => cached(column, sheetRows[k]!, v)),
          color: colors[i]!,
        };
      }),
      ...(block.chart === "pie" ? { sliceColors: colors } : {}),
      font: { face: style.font, size: Math.max(style.font_size - 1, 8), color: hex(style.colors.text, "1A1A1A") },
    },
    // One empty column between the table and the chart, level with the table's first data row.
    anchor: { column: block.table.align.length + 2, row: headerRows + 1, ...anchorSize },
    alt: chartAlt(block),
  };
}

/** `Sheet!$B$2:$B$9`, or a union of the runs when a total row sits between the rows drawn. */
function range(sheet: string, column: number, rows: number[]): string {
  const runs: Array<[number, number]> = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && last[1] === row - 1) last[1] = row;
    else runs.push([row, row]);
  }
  const refs = runs.map(([from, to]) => `${sheetRef(sheet)}!${address(from, column, true)}${to === from ? "" : `:${address(to, column, true)}`}`);
  return refs.length === 1 ? refs[0]! : `(${refs.join(",")})`;
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const relsXml = (rels: string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`;

function drawingXml(charts: SheetChart[]): string {
  const anchors = charts.map((chart, i) => {
    const { column, row, columns, rows } = chart.anchor;
    const cell = (c: number, r: number) => `<xdr:col>${c - 1}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${r - 1}</xdr:row><xdr:rowOff>0</xdr:rowOff>`;
    return (
      `<xdr:twoCellAnchor editAs="oneCell"><xdr:from>${cell(column, row)}</xdr:from><xdr:to>${cell(column + columns, row + rows)}</xdr:to>` +
      `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${i + 2}" name="Chart ${i + 1}" descr="${escapeAttribute(chart.alt)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
      `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">` +
      `<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId${i + 1}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`
    );
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${REL}">${anchors.join("")}</xdr:wsDr>`;
}

/** Worksheet children that come after `drawing` in the schema's order: the element goes before the first of them. */
const afterDrawing = /<(legacyDrawing|legacyDrawingHF|drawingHF|picture|oleObjects|controls|webPublishItems|tableParts|extLst)\b|<\/worksheet>/;

/** The workbook exceljs packed, with the model's charts added. */
export function addCharts(bytes: Uint8Array, model: WorkbookModel, language = "en-US"): Uint8Array {
  if (!model.sheets.some((s) => s.charts?.length)) return bytes;
  const pkg = openPackage(bytes);
  const workbook = readPart(pkg, "xl/workbook.xml");
  const workbookRels = relsOf(pkg, "xl/workbook.xml");
  const partOf = new Map(kids(child(workbook ?? undefined, "sheets"), "sheet").map((s) => [attr(s, "name") ?? "", workbookRels.get(relAttr(s, "id") ?? "")?.target ?? ""]));
  const changes = new Map<string, string>();
  const overrides: string[] = [];
  let chartNumber = 0;
  let drawingNumber = 0;
  for (const sheet of model.sheets) {
    const part = partOf.get(sheet.name);
    if (!sheet.charts?.length || !part) continue;
    const drawing = `xl/drawings/drawing${++drawingNumber}.xml`;
    const chartRels: string[] = [];
    for (const [i, chart] of sheet.charts.entries()) {
      const name = `chart${++chartNumber}.xml`;
      changes.set(`xl/charts/${name}`, withLanguage(chartXml(chart.chart), language));
      chartRels.push(`<Relationship Id="rId${i + 1}" Type="${REL}/chart" Target="../charts/${name}"/>`);
      overrides.push(`<Override PartName="/xl/charts/${name}" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`);
    }
    changes.set(drawing, drawingXml(sheet.charts));
    changes.set(relsPartOf(drawing), relsXml(chartRels));
    overrides.push(`<Override PartName="/${drawing}" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`);
    // The sheet's own relationships (hyperlinks) keep their ids; the drawing takes one none of them has.
    const relsPart = relsPartOf(part);
    const existing = pkg.text(relsPart);
    const ids = new Set(relsOf(pkg, part).keys());
    let n = ids.size + 1;
    while (ids.has(`rId${n}`)) n++;
    const rel = `<Relationship Id="rId${n}" Type="${REL}/drawing" Target="../drawings/drawing${drawingNumber}.xml"/>`;
    changes.set(relsPart, existing ? existing.replace("</Relationships>", `${rel}</Relationships>`) : relsXml([rel]));
    const xml = pkg.text(part) ?? "";
    const root = /<worksheet\b[^>]*>/.exec(xml)![0];
    const withNs = root.includes(`xmlns:r="${REL}"`) ? xml : xml.replace(root, root.replace(/>$/, ` xmlns:r="${REL}">`));
    const at = afterDrawing.exec(withNs)!.index;
    changes.set(part, `${withNs.slice(0, at)}<drawing r:id="rId${n}"/>${withNs.slice(at)}`);
  }
  const types = pkg.text("[Content_Types].xml") ?? "";
  changes.set("[Content_Types].xml", types.replace("</Types>", `${overrides.join("")}</Types>`));
  return patchZip(bytes, changes);
}
