/**
 * Body tables that reach past the text column of their section: the right edge is the indent plus the sum of the
 * grid columns (`w:tblGrid/w:gridCol`; failing that the preferred width `w:tblW` in twips or percent), against the
 * column width from the section's page size and margins. Files made for Word 2010 and earlier (compatibility mode
 * below 15) place a table so that its cell text, not its border, lines up with the margin: the table starts one
 * left cell margin further left, as Word draws it. Beyond a little slack (5 mm) the table runs into the margin or
 * off the page, and its last columns are cut in the PDF. Tables nested in cells and in text boxes are measured
 * against their container by Word, not here.
 *
 * The repair (`docx.fit_tables`) scales every width of the table proportionally so it fits the column: grid
 * columns, cell widths and row `wBefore`/`wAfter` in twips (nested tables too, so they still fit their cells),
 * and sets `w:tblW` to the new total. The text is not touched.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, setAttr, prefixOf, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import { sectionAt, twips } from "./sections.ts";
import { ancestor, descendants, kids, type XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.fit_tables";

/** How far past the text column a table may reach before it is reported (0.2 inch, in twips). */
const SLACK = 288;
/** Word's default left cell margin (the "Table Normal" style), in twips. */
const CELL_MARGIN = 108;

interface Wide {
  readonly table: XEl;
  readonly width: number;
  /** Where the table's left edge is, from the margin (negative: into the left margin). */
  readonly shift: number;
  readonly available: number;
}

/** Tables directly in the body (inside content controls too), not in cells or text boxes. */
const bodyTables = (body: XEl | undefined, out: XEl[] = []): XEl[] => {
  if (!body) return out;
  for (const c of kids(body)) {
    if (c.local === "tbl") out.push(c);
    else if (c.local === "sdt" || c.local === "sdtContent" || c.local === "customXml" || c.local === "ins" || c.local === "moveTo") bodyTables(c, out);
  }
  return out;
};

const gridWidth = (table: XEl): number =>
  (table.child("tblGrid")?.childrenNamed("gridCol") ?? []).reduce((sum, c) => sum + Math.max(0, twips(c.attrs["w"]) ?? 0), 0);

/** The width the table takes, in twips: its grid, else its preferred width. */
const tableWidth = (table: XEl, column: number): number => {
  const grid = gridWidth(table);
  if (grid > 0) return grid;
  const tblW = table.child("tblPr")?.child("tblW");
  const type = tblW?.attrs["type"] ?? "dxa";
  const w = tblW?.attrs["w"];
  if (type === "dxa") return twips(w) ?? 0;
  if (type === "pct") return w?.endsWith("%") ? (Number.parseFloat(w) / 100) * column : ((Number(w) || 0) / 5000) * column;
  return 0;
};

/** The left cell margin of a table: its own, else its style's (through `basedOn`), else Word's default. */
const leftCellMargin = (model: Model, table: XEl): number => {
  const tblPr = table.child("tblPr");
  const styles = model.styles;
  const sources = [tblPr, ...styles.chain(tblPr?.valOf("tblStyle") ?? styles.defaults.table).map((s) => s.node.child("tblPr"))];
  for (const pr of sources) {
    const mar = pr?.child("tblCellMar");
    const left = mar?.child("left") ?? mar?.child("start");
    const w = (left?.attrs["type"] ?? "dxa") === "dxa" ? twips(left?.attrs["w"]) : undefined;
    if (w !== undefined) return w;
  }
  return CELL_MARGIN;
};

const wideTables = (model: Model): Wide[] => {
  const out: Wide[] = [];
  const sections = model.sections;
  const legacy = model.compatibilityMode < 15;
  for (const table of bodyTables(model.docx.main.root.child("body"))) {
    const geometry = sectionAt(sections, table.start)?.geometry;
    if (!geometry) continue;
    const indentNode = table.child("tblPr")?.child("tblInd");
    const indent = (indentNode?.attrs["type"] ?? "dxa") === "dxa" ? (twips(indentNode?.attrs["w"]) ?? 0) : 0;
    const shift = indent - (legacy ? leftCellMargin(model, table) : 0);
    const available = geometry.columnWidth;
    const width = tableWidth(table, available);
    if (shift + width > available + SLACK) out.push({ table, width, shift, available });
  }
  return out;
};

const cm = (tw: number) => (tw / 567).toFixed(1);

export const checkTables = (model: Model): Finding[] => {
  const wide = wideTables(model);
  if (wide.length === 0) return [];
  const fixable = wide.filter((w) => w.available - w.shift > 720 && gridWidth(w.table) > 0);
  const out: Finding[] = [];
  const worst = (list: Wide[]) => list.reduce((m, w) => Math.max(m, w.shift + w.width - w.available), 0);
  if (fixable.length > 0) {
    const n = fixable.length;
    out.push(
      finding(
        "docx.table_too_wide",
        "warning",
        "layout",
        `${n} table${n === 1 ? " is" : "s are"} wider than the text column (by up to ${cm(worst(fixable))} cm); the right-hand columns run into the margin or off the page. The repair narrows the columns proportionally.`,
        FIX,
      ),
    );
  }
  const rest = wide.filter((w) => !fixable.includes(w));
  if (rest.length > 0) {
    const n = rest.length;
    out.push(
      finding(
        "docx.table_too_wide_unfixable",
        "warning",
        "layout",
        `${n} table${n === 1 ? " is" : "s are"} wider than the text column (by up to ${cm(worst(rest))} cm) and cannot be narrowed safely (no column grid, or an indent that leaves no room).`,
      ),
    );
  }
  return out;
};

const WIDTHS = new Set(["gridCol", "tcW", "tblW", "wBefore", "wAfter"]);

export const fixTables = (model: Model): Edit[] => {
  const part = model.docx.main;
  const edits: Edit[] = [];
  for (const w of wideTables(model)) {
    const grid = gridWidth(w.table);
    const room = w.available - w.shift;
    if (grid <= 0 || room <= 720) continue;
    const factor = room / grid;
    const cols = w.table.child("tblGrid")!.childrenNamed("gridCol");
    const outer = new Map(cols.map((c) => [c, Math.floor(Math.max(0, twips(c.attrs["w"]) ?? 0) * factor)]));
    const total = [...outer.values()].reduce((a, b) => a + b, 0);
    const tblW = w.table.child("tblPr")?.child("tblW");
    if (tblW) {
      edits.push(setAttr(part, tblW, "w", String(total), `${prefixOf(tblW)}w`));
      if ((tblW.attrs["type"] ?? "dxa") !== "dxa") edits.push(setAttr(part, tblW, "type", "dxa", `${prefixOf(tblW)}type`));
    }
    for (const node of descendants(w.table)) {
      if (!WIDTHS.has(node.local) || node === tblW || ancestor(node, "txbxContent")) continue;
      const own = outer.get(node);
      if (own !== undefined) {
        edits.push(setAttr(part, node, "w", String(own), `${prefixOf(node)}w`));
        continue;
      }
      if (node.local !== "gridCol" && (node.attrs["type"] ?? "dxa") !== "dxa") continue;
      const tw = twips(node.attrs["w"]);
      if (tw === undefined || tw <= 0) continue;
      edits.push(setAttr(part, node, "w", String(Math.floor(tw * factor)), `${prefixOf(node)}w`));
    }
  }
  return edits;
};
