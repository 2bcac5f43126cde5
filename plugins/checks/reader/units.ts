/**
 * The document as the reader test reads it: one unit per paragraph, heading, list-item paragraph, quote paragraph,
 * footnote paragraph and table row (cells joined by " | "), each with its IR id. Both halves of the check use these
 * units: the model sees them as `[id] text` lines and cites the ids back, and the deterministic contradictions
 * compare values across them. Rows rather than whole tables, and item paragraphs rather than whole lists, so a
 * citation and a diagnostic point at the line that says it.
 *
 * `container` and `section` are what the deterministic rules need to stay conservative: values inside one
 * container (a paragraph, a list, a table) are usually parallel items (one total per option), and a bare "total"
 * under two headings is usually two totals.
 */
import { plainText } from "../../../core/ir/text.ts";
import type { Block, Inline, IRDocument } from "../../../core/ir/types.ts";

export interface ReaderUnit {
  readonly id: string;
  /** Plain text, horizontal white space collapsed to single spaces; hard line breaks kept as "\n". */
  readonly text: string;
  readonly kind: "title" | "heading" | "paragraph" | "item" | "row" | "formula";
  /** The id of the paragraph, list, quote, table or footnote the unit belongs to. */
  readonly container: string;
  /** Counts headings: units under the same heading share it (-1 for footnotes, which stand apart). */
  readonly section: number;
  /** The text of the heading the unit is under; null before the first heading. */
  readonly heading: string | null;
  /** Rows only: the cells, and the table's first header row (null when the table has none). */
  readonly cells?: ReadonlyArray<string>;
  readonly header?: ReadonlyArray<string> | null;
}

const clean = (text: string): string => text.replace(/[ \t\u00A0\u202F\u2007]+/g, " ").replace(/ ?\n ?/g, "\n").trim();
const textOf = (inlines: Inline[]): string => clean(plainText(inlines, { lineBreak: "\n" }));

export function readerUnits(ir: IRDocument): ReaderUnit[] {
  const out: ReaderUnit[] = [];
  let section = 0;
  let heading: string | null = null;
  if (ir.title) out.push({ id: ir.id, text: clean(ir.title), kind: "title", container: ir.id, section, heading });
  const walk = (blocks: Block[], container: string | null, inItem: boolean) => {
    for (const block of blocks) {
      const own = container ?? block.id;
      switch (block.type) {
        case "heading": {
          const text = textOf(block.inlines);
          if (container === null) {
            section++;
            heading = text;
          }
          out.push({ id: block.id, text, kind: "heading", container: own, section, heading });
          break;
        }
        case "paragraph":
          out.push({ id: block.id, text: textOf(block.inlines), kind: inItem ? "item" : "paragraph", container: own, section, heading });
          break;
        case "list":
          for (const item of block.items) walk(item.blocks, own, true);
          break;
        case "quote":
          walk(block.blocks, own, inItem);
          break;
        case "table": {
          const header = block.header[0]?.cells.map((c) => textOf(c.inlines)) ?? null;
          for (const row of [...block.header, ...block.rows]) {
            const cells = row.cells.map((c) => textOf(c.inlines));
            out.push({ id: row.id, text: cells.join(" | "), kind: "row", container: own, section, heading, cells, header });
          }
          break;
        }
        case "math":
          out.push({ id: block.id, text: clean(block.tex), kind: "formula", container: own, section, heading });
          break;
        case "code":
        case "image":
        case "pageBreak":
        case "thematicBreak":
        case "comment":
          break;
      }
    }
  };
  walk(ir.blocks, null, false);
  const main = out.length;
  for (const note of ir.footnotes) walk(note.blocks, note.id, false);
  // Footnotes are read after the body but belong to no section of it.
  for (let i = main; i < out.length; i++) out[i] = { ...out[i]!, section: -1, heading: null };
  return out.filter((u) => u.text !== "");
}

/** How a person finds the place: the heading it is under, and whether it is a table line, the title or a note. */
export function whereIs(unit: ReaderUnit): string {
  if (unit.kind === "title") return "the title";
  if (unit.section === -1) return "a footnote";
  if (unit.kind === "heading") return `the heading "${short(unit.text, 60)}"`;
  const what = unit.kind === "row" ? "a table" : unit.kind === "item" ? "a list" : "the text";
  return unit.heading === null ? `${what} at the start of the document` : `${what} under "${short(unit.heading, 60)}"`;
}

export const short = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

export interface ReaderText {
  /** `[id] text` lines, one per unit, up to the limit. */
  readonly text: string;
  /** The ids the model was shown, so it cannot cite others. */
  readonly shown: ReadonlyMap<string, ReaderUnit>;
  /** The document went on past the limit. */
  readonly cut: boolean;
}

/** The reader's view, bounded: whole units only, up to `limit` characters. */
export function readerText(units: ReadonlyArray<ReaderUnit>, limit = 30_000): ReaderText {
  const lines: string[] = [];
  const shown = new Map<string, ReaderUnit>();
  let size = 0;
  for (const unit of units) {
    const prefix = unit.kind === "heading" ? "# " : unit.kind === "item" ? "- " : "";
    const line = `[${unit.id}] ${prefix}${unit.text.replace(/\n/g, " / ")}`;
    if (size + line.length + 1 > limit) return { text: lines.join("\n"), shown, cut: true };
    lines.push(line);
    shown.set(unit.id, unit);
    size += line.length + 1;
  }
  return { text: lines.join("\n"), shown, cut: false };
}
