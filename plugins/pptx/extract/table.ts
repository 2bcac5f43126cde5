/**
 * A DrawingML table (`a:tbl`) as a GFM table: the first row is the header, cells keep bold, italic and links,
 * paragraphs and line breaks inside a cell become `<br>`, and the cells a merge covers (`hMerge`, `vMerge`) are
 * left empty so the value appears once, in the merge's first cell. A header row that is all bold loses the bold.
 */
import { gfmTable, tableCell } from "../../xlsx/extract/markdown.ts";
import type { Rels } from "../../xlsx/extract/rels.ts";
import { flag, kids, type XmlNode } from "../../xlsx/extract/xml.ts";
import { inlineMarkdown } from "./text.ts";

export const tableMarkdown = (tbl: XmlNode, rels: Rels | null): string => {
  const rows = kids(tbl, "tr").map((tr) =>
    kids(tr, "tc").map((tc) => {
      if (flag(tc, "hMerge") || flag(tc, "vMerge")) return "";
      const text = kids(kids(tc, "txBody")[0], "p")
        .map((p) => inlineMarkdown(p, rels))
        .filter(Boolean)
        .join("\n");
      return tableCell(text, true);
    }),
  );
  // A header row set in bold says nothing a GFM header does not.
  const header = rows[0];
  const bold = (cell: string) => /^\*\*(?!\*)[\s\S]*[^*]\*\*$/.test(cell);
  if (header && header.some(Boolean) && header.every((cell) => !cell || bold(cell))) rows[0] = header.map((cell) => (cell ? cell.slice(2, -2) : cell));
  return rows.length ? gfmTable(rows) : "";
};
