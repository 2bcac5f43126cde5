/**
 * The document as the reader test reads it: the text units of core/ir/units.ts with their white space tidied and the
 * empty ones left out. Both halves of the check use them: the model sees them as `[id] text` lines and cites the ids
 * back, and the deterministic contradictions compare values across them (`container` and `section` keep those
 * rules conservative: values inside one container are usually parallel items, and a bare "total" under two headings
 * is usually two totals).
 */
import { textUnits, type TextUnit } from "../../../core/ir/units.ts";
import type { IRDocument } from "../../../core/ir/types.ts";

export type ReaderUnit = TextUnit;

const clean = (text: string): string => text.replace(/[ \t\u00A0\u202F\u2007]+/g, " ").replace(/ ?\n ?/g, "\n").trim();

export const readerUnits = (ir: IRDocument): ReaderUnit[] => textUnits(ir, clean).filter((u) => u.text !== "");

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
