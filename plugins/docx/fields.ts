/**
 * Header fields ("To: …", "Para: …", "Attendees: …") read out of IR paragraphs with their inline
 * formatting kept: the label set and the matching rules are core/doctype/cues.ts's, applied to
 * the paragraph's text with one placeholder character per non-text inline, and the value is cut
 * out of the inlines at the same offsets. A value keeps its links, gaps (`[DATO]`) and marks.
 */
import type { FieldLabel } from "../../core/doctype/cues.ts";
import { splitFields } from "../../core/doctype/cues.ts";
import { plainText } from "../../core/ir/text.ts";
import type { Block, Inline, TableRow } from "../../core/ir/types.ts";

export interface Field {
  key: string;
  /** The label as the author wrote it, without the colon ("To", "PARA"). */
  label: string;
  value: Inline[];
}

const placeholder = "\uFFFC";

const lengthOf = (inline: Inline) => (inline.type === "text" ? inline.text.length : 1);

function flatten(inlines: Inline[]): string {
  return inlines.map((inline) => (inline.type === "text" ? inline.text : inline.type === "lineBreak" ? "\n" : placeholder)).join("");
}

/** The inlines covering `[from, to)` of the flattened text; text runs are cut, others kept whole. */
function slice(inlines: Inline[], from: number, to: number): Inline[] {
  const out: Inline[] = [];
  let at = 0;
  for (const inline of inlines) {
    const length = lengthOf(inline);
    const start = Math.max(from, at);
    const end = Math.min(to, at + length);
    if (start < end) out.push(inline.type === "text" ? { ...inline, text: inline.text.slice(start - at, end - at) } : inline);
    at += length;
  }
  return out;
}

/** Drops line breaks and blank runs at both ends and trims the outer text. */
function trim(inlines: Inline[]): Inline[] {
  const out = [...inlines];
  const blank = (i: Inline | undefined) => i !== undefined && (i.type === "lineBreak" || (i.type === "text" && i.text.trim() === ""));
  while (blank(out[0])) out.shift();
  while (blank(out[out.length - 1])) out.pop();
  const first = out[0];
  if (first?.type === "text") out[0] = { ...first, text: first.text.trimStart() };
  const last = out[out.length - 1];
  if (last?.type === "text") out[out.length - 1] = { ...last, text: last.text.trimEnd() };
  return out;
}

/**
 * A line of a header block that starts with a label of its own ("Quorum: …", "Minute-taker: …" before it was a known
 * label): it is a row of its own, not more of the value above it.
 */
const lineLabel = /\n[ \t]*([\p{Lu}][\p{L}\p{M}'’ ./-]{0,30}?)[ \t]*:(?=\s|$)/gu;

/** The fields a paragraph consists of, or `null` when it does not start with a label. */
export function fieldsOf(inlines: Inline[], labels: readonly FieldLabel[]): Field[] | null {
  const text = flatten(inlines);
  const matches = splitFields(text, labels);
  if (!matches) return null;
  return matches.flatMap((m) => {
    const cuts = [...text.slice(m.valueStart, m.valueEnd).matchAll(lineLabel)].map((line) => ({
      label: line[1]!,
      labelStart: m.valueStart + line.index!,
      valueStart: m.valueStart + line.index! + line[0].length,
    }));
    const ends = [...cuts.map((c) => c.labelStart), m.valueEnd];
    return [
      { key: m.key, label: m.label, value: trim(slice(inlines, m.valueStart, ends[0]!)) },
      ...cuts.map((c, i) => ({ key: "other", label: c.label, value: trim(slice(inlines, c.valueStart, ends[i + 1]!)) })),
    ];
  });
}

/** "Quorum: Yes": a short label of its own and a short value on one line. */
const labelledLine = /^[ \t]*([\p{Lu}][\p{L}\p{M}'’ ./-]{0,30}?)[ \t]*:[ \t]+(\S.{0,79})$/u;

/**
 * A paragraph made only of "Label: value" lines whose labels are not known ones ("Quorum: Yes", "Next meeting: 5
 * March"), or `null`. Read only right after known header lines, where it is more of the header; a value is at most
 * a line of 80 characters, so a body paragraph that opens with "Summary:" is not taken.
 */
export function labelledLinesOf(block: Block): Field[] | null {
  if (block.type !== "paragraph") return null;
  const text = flatten(block.inlines);
  const fields: Field[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    const match = labelledLine.exec(line);
    if (!match) return null;
    const valueStart = at + line.length - match[2]!.length;
    fields.push({ key: "other", label: match[1]!, value: trim(slice(block.inlines, valueStart, at + line.length)) });
    at += line.length + 1;
  }
  return fields.length > 0 ? fields : null;
}

/** A two-column table whose first column holds labels ("To:" or "To"): the author's own header table. */
function fieldsOfTable(rows: TableRow[], labels: readonly FieldLabel[]): Field[] | null {
  const out: Field[] = [];
  for (const row of rows) {
    const [label, value] = row.cells;
    if (row.cells.length !== 2 || !label || !value) return null;
    const text = plainText(label.inlines).trim().replace(/:?$/, ":");
    const match = splitFields(text, labels);
    if (!match || match.length !== 1 || match[0]!.valueStart !== text.length) return null;
    out.push({ key: match[0]!.key, label: match[0]!.label, value: value.inlines });
  }
  return out.length > 0 ? out : null;
}

/**
 * The fields of one block: a paragraph made of field lines, a list whose items are each one, or a
 * two-column label/value table. `null` when the block is anything else.
 */
export function fieldsOfBlock(block: Block, labels: readonly FieldLabel[]): Field[] | null {
  switch (block.type) {
    case "paragraph":
      return fieldsOf(block.inlines, labels);
    case "list": {
      const out: Field[] = [];
      for (const item of block.items) {
        const [only, ...rest] = item.blocks;
        const fields = only?.type === "paragraph" && rest.length === 0 ? fieldsOf(only.inlines, labels) : null;
        if (!fields) return null;
        out.push(...fields);
      }
      return out.length > 0 ? out : null;
    }
    case "table":
      return fieldsOfTable([...block.header, ...block.rows], labels);
    default:
      return null;
  }
}
