/**
 * A table going on over a page break, read as one table: the table that ends a page and the table that starts the
 * next one, with as many columns, are joined when
 *
 * - the second repeats the first one's header row (its header is dropped; a running footer or header of up to two
 *   short lines between them is allowed and stays where it was), or
 * - the second has no header of its own: its first row is data of the same kinds as the first table's rows, column
 *   by column (figures under figures, words under words, with a figure among them), and nothing but the page
 *   marker comes between.
 *
 * The joined table stays where the first one was, its source that of the first; the page marker and anything else
 * between follow it. Runs on the whole document's blocks (blocks.ts `repeatedHeaders`).
 */
import type { Block, TableBlock, TableRow } from "../../../core/ir/types.ts";
import { plain } from "./plain.ts";

/** A paragraph or heading this short between two tables may be a running footer or header. */
const FURNITURE = 100;
const MAX_BETWEEN = 2;

const cells = (row: TableRow): string[] => row.cells.map((c) => plain(c.inlines));

type Kind = "figure" | "words" | "empty";
const kind = (cell: string): Kind => (cell === "" ? "empty" : /\d/.test(cell) && (cell.match(/\p{L}/gu) ?? []).length <= 3 ? "figure" : "words");

/** Each column's kind in the table's body rows (the kind most of its filled cells have). */
const columnKinds = (table: TableBlock): Kind[] =>
  table.align.map((_, c) => {
    const kinds = table.rows.map((r) => kind(cells(r)[c] ?? "")).filter((k) => k !== "empty");
    const figures = kinds.filter((k) => k === "figure").length;
    if (kinds.length === 0) return "empty";
    return figures * 2 > kinds.length ? "figure" : "words";
  });

/** The second table's header row is a row of the first table's data. */
const dataLike = (first: TableBlock, header: readonly string[]): boolean => {
  if (first.rows.length === 0) return false;
  const kinds = columnKinds(first);
  let figures = 0;
  for (const [c, cell] of header.entries()) {
    const k = kind(cell);
    if (k === "empty" || kinds[c] === "empty") continue;
    if (k !== kinds[c]) return false;
    if (k === "figure") figures++;
  }
  return figures > 0;
};

const isPageMarker = (block: Block): boolean => block.type === "comment" && /^page \d+$/.test(block.text);

export const continuedTables = (blocks: readonly Block[]): Block[] => {
  const out: Block[] = [];
  // The table last put out, while what follows it may still be its next page's part.
  let open: { at: number; pageBreak: boolean; between: number } | null = null;
  for (const block of blocks) {
    if (open && block.type === "comment") {
      if (isPageMarker(block)) open.pageBreak = true;
      out.push(block);
      continue;
    }
    const short = (block.type === "paragraph" || block.type === "heading") && plain(block.inlines).length <= FURNITURE;
    if (open && short && open.between < MAX_BETWEEN) {
      open.between++;
      out.push(block);
      continue;
    }
    if (block.type === "table" && open?.pageBreak) {
      const first = out[open.at] as TableBlock;
      const header = block.header[0] ? cells(block.header[0]) : [];
      const firstHeader = first.header[0] ? cells(first.header[0]) : [];
      const sameWidth = block.align.length === first.align.length;
      const repeated = sameWidth && header.length > 0 && header.join("\u0000") === firstHeader.join("\u0000");
      const goesOn = sameWidth && !repeated && open.between === 0 && dataLike(first, header);
      if (repeated || goesOn) {
        out[open.at] = { ...first, rows: [...first.rows, ...(goesOn ? block.header : []), ...block.rows] };
        open = { at: open.at, pageBreak: false, between: 0 };
        continue;
      }
    }
    open = block.type === "table" ? { at: out.length, pageBreak: false, between: 0 } : null;
    out.push(block);
  }
  return out;
};
