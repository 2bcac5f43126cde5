/**
 * A DrawingML table (`a:tbl`) as an IR table: the first row is the header, cells keep bold, italic and links,
 * paragraphs and line breaks inside a cell become line breaks, and the cells a merge covers (`hMerge`, `vMerge`) are
 * left empty so the value appears once, in the merge's first cell. A header row that is all bold loses the bold.
 * Rows are padded to the widest; the table's source is the `a:tbl`, each cell's its `a:tc`.
 */
import type { Inline, TableBlock, TableCell, TableRow } from "../../../core/ir/types.ts";
import { sourceOf } from "../../../core/ooxml/ir.ts";
import type { Rels } from "../../../core/ooxml/rels.ts";
import { flag, kids } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { paragraphInlines } from "./text.ts";

const cellOf = (tc: XEl, rels: Rels | null): TableCell => {
  const source = sourceOf(tc);
  if (flag(tc, "hMerge") || flag(tc, "vMerge")) return { id: "", source, inlines: [] };
  const paragraphs = kids(kids(tc, "txBody")[0], "p")
    .map((p) => paragraphInlines(p, rels))
    .filter((inlines) => inlines.length > 0);
  return { id: "", source, inlines: paragraphs.flatMap((inlines, i): Inline[] => (i === 0 ? inlines : [{ type: "lineBreak", id: "" }, ...inlines])) };
};

/** A cell whose text is all bold (not bold italic), as a header row set in bold has it. */
const allBold = (cell: TableCell): boolean =>
  cell.inlines.every(
    (inline) => inline.type === "lineBreak" || (inline.type === "text" && ((inline.marks.length === 1 && inline.marks[0] === "bold") || inline.text.trim() === "")),
  );

export const tableBlock = (tbl: XEl, rels: Rels | null): TableBlock | null => {
  const cells = kids(tbl, "tr").map((tr) => kids(tr, "tc").map((tc) => cellOf(tc, rels)));
  if (cells.length === 0) return null;
  const width = Math.max(1, ...cells.map((row) => row.length));
  const rows = cells.map((row): TableRow => ({ id: "", cells: Array.from({ length: width }, (_, i) => row[i] ?? { id: "", inlines: [] }) }));
  // A header row set in bold says nothing a header does not.
  const header = rows[0]!;
  const filled = header.cells.filter((cell) => cell.inlines.length > 0);
  if (filled.length > 0 && filled.every(allBold)) {
    header.cells = header.cells.map((cell) => ({ ...cell, inlines: cell.inlines.map((inline) => (inline.type === "text" ? { ...inline, marks: [] } : inline)) }));
  }
  return { type: "table", id: "", source: sourceOf(tbl), align: Array.from({ length: width }, () => null), header: [header], rows: rows.slice(1) };
};
