/**
 * The document as lines of text a check reads: one unit per paragraph, heading, list-item paragraph, quote
 * paragraph, footnote paragraph and table row (a chart's table included) (cells joined by " | ", so "Total | 1.200 €" keeps the label beside its
 * amount), each with the IR id a finding points at. Rows rather than whole tables and item paragraphs rather than
 * whole lists, so a finding points at the line that says it. Key data, citations and the reader test read these.
 *
 * `container` and `section` let a check tell parallel items from separate places: values inside one container (a
 * paragraph, a list, a table) are usually items of one enumeration, and units under different headings are apart.
 */
import { plainText } from "./text.ts";
import type { IRDocument } from "./types.ts";
import { visitDocument } from "./visit.ts";

export interface TextUnit {
  readonly id: string;
  /** Plain text (hard line breaks as "\n"), as `tidy` left it. */
  readonly text: string;
  readonly kind: "title" | "heading" | "paragraph" | "item" | "row" | "formula";
  /** The id of the paragraph, list, quote, table or footnote the unit belongs to. */
  readonly container: string;
  /** Counts headings: units under the same heading share it (-1 for footnotes, which stand apart). */
  readonly section: number;
  /** The text of the heading the unit is under; null before the first heading and in footnotes. */
  readonly heading: string | null;
  /** Rows only: the cells, and the table's first header row (null when the table has none). */
  readonly cells?: ReadonlyArray<string>;
  readonly header?: ReadonlyArray<string> | null;
}

/** Every unit in reading order (body, then footnotes), empty ones included; `tidy` shapes each text. */
export function textUnits(ir: IRDocument, tidy: (text: string) => string = (text) => text): TextUnit[] {
  const out: TextUnit[] = [];
  const textOf = (inlines: Parameters<typeof plainText>[0]) => tidy(plainText(inlines, { lineBreak: "\n" }));
  let section = 0;
  let heading: string | null = null;
  if (ir.title) out.push({ id: ir.id, text: tidy(ir.title), kind: "title", container: ir.id, section, heading });
  visitDocument(ir, (block, { parents, footnote }) => {
    // A unit belongs to the outermost block it is in, or to its footnote; a top-level chart's table to itself, as before it was charted.
    const outer = parents[0];
    const container = footnote?.id ?? (outer && outer.type !== "chart" ? outer.id : block.id);
    // Footnotes are read after the body but belong to no section of it.
    const place = () => (footnote ? { container, section: -1, heading: null } : { container, section, heading });
    switch (block.type) {
      case "heading": {
        const text = textOf(block.inlines);
        if (!footnote && parents.length === 0) {
          section++;
          heading = text;
        }
        out.push({ id: block.id, text, kind: "heading", ...place() });
        break;
      }
      case "paragraph":
        out.push({ id: block.id, text: textOf(block.inlines), kind: parents.some((p) => p.type === "list") ? "item" : "paragraph", ...place() });
        break;
      case "table": {
        const header = block.header[0]?.cells.map((c) => textOf(c.inlines)) ?? null;
        for (const row of [...block.header, ...block.rows]) {
          const cells = row.cells.map((c) => textOf(c.inlines));
          out.push({ id: row.id, text: cells.map((c) => c.trim()).join(" | "), kind: "row", ...place(), cells, header });
        }
        break;
      }
      case "math":
        out.push({ id: block.id, text: tidy(block.tex), kind: "formula", ...place() });
        break;
    }
  });
  return out;
}
