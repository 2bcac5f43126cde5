/**
 * The blocks each document type usually opens with, found in the caller's own text and laid out
 * the way readers expect (service-interface.md: the service decides `type`, "a letter gets no
 * page numbers", "a contract gets … numbered clauses"):
 *
 * - memo: a MEMORANDUM heading (the author's own word when written, else the language's: "MEMORÁNDUM",
 *   "NOTE INTERNE", "PROMEMORIA"; core/doctype/labels.ts) and a To/From/Date/Subject table built from the field lines at the top ("To: …",
 *   "**Para:** …", a list of them, or the author's own two-column table). The lines are moved
 *   into the table, not repeated. A title that is not the memo label becomes the Subject row
 *   when there is none.
 * - minutes: the meeting header (date, time, place, attendees, apologies, chair, secretary) as a
 *   small two-column table under the title, when the text opens with at least two such lines.
 * - letter: the blocks up to the salutation (sender, recipient, date) and from the closing on
 *   (closing, signature) stay left-aligned whatever the body alignment; a closing written with the
 *   name on its next line is split from it, so map.ts can leave room to sign between them.
 *
 * - contract: the parties' signature blocks closing the text are taken out of the body and set side by side
 *   (signature-block.ts).
 *
 * Nothing is invented: only what the author wrote is rearranged. The labels and salutation and
 * closing formulas are core/doctype/cues.ts's, the same the type detector counts.
 */
import type { FieldLabel } from "../../core/doctype/cues.ts";
import { closing, isSalutation, labelsLanguage, memoFields, memoLabel, memoWords, minutesFields } from "../../core/doctype/cues.ts";
import { quireWords } from "../../core/doctype/labels.ts";
import { languageOf, primaryLanguage } from "../../core/doctype/language-tag.ts";
import { plainText } from "../../core/ir/text.ts";
import type { Block, DocType, Inline, IRDocument } from "../../core/ir/types.ts";
import type { Field } from "./fields.ts";
import { fieldsOfBlock, labelledLinesOf } from "./fields.ts";
import type { Party } from "./signature-block.ts";
import { signatureBlock } from "./signature-block.ts";

export interface HeaderRow {
  label: string;
  value: Inline[];
}

export interface TypeLayout {
  /** The title to draw with the Title style, if any remains after the type's own header. */
  title?: string;
  memo?: { label: string; rows: HeaderRow[] };
  meeting?: { rows: HeaderRow[] };
  /** The body blocks left to map after the header took its lines. */
  body: Block[];
  /** Letters: body blocks `[0, headEnd)` and `[tailStart, end)` are kept left-aligned. */
  keepLeft?: { headEnd: number; tailStart: number };
  /** Contracts: the parties that sign, taken from the end of the body. */
  signatures?: Party[];
}

/** How far into the text header lines are looked for. */
const headerReach = 12;

const row = (field: Field): HeaderRow => ({ label: `${field.label}:`, value: field.value });
const textInline = (text: string): Inline => ({ type: "text", id: "", text, marks: [] });

/**
 * Field blocks at the top of `blocks`, from `start`: the fields and the index after them. With `others`, a paragraph
 * of "Label: value" lines under labels not known ("Quorum: Yes") joins them once known lines have opened the header.
 */
function leadingFields(blocks: Block[], start: number, labels: readonly FieldLabel[], others = false): { fields: Field[]; end: number } {
  const fields: Field[] = [];
  let i = start;
  while (i < blocks.length && i < start + headerReach) {
    const found = fieldsOfBlock(blocks[i]!, labels) ?? (others && fields.length > 0 ? labelledLinesOf(blocks[i]!) : null);
    if (!found) break;
    fields.push(...found);
    i++;
  }
  // The author's rule under the header lines: the table draws its own.
  if (fields.length > 0 && blocks[i]?.type === "thematicBreak") i++;
  return { fields, end: i };
}

const isLabelBlock = (block: Block | undefined): boolean =>
  (block?.type === "paragraph" || block?.type === "heading") && memoLabel.test(plainText(block.inlines));

function memoLayout(ir: IRDocument): TypeLayout {
  const blocks = ir.blocks;
  let label: string | undefined;
  let title = ir.title;
  let subjectFromTitle: string | undefined;
  if (title !== undefined) {
    const split = new RegExp(String.raw`^\s*(${memoWords})\s*(?:[:—–-]\s*(.+))?$`, "i").exec(title);
    if (split) {
      label = split[1]!;
      subjectFromTitle = split[2]?.trim();
      title = undefined;
    }
  }
  let start = 0;
  if (isLabelBlock(blocks[0])) {
    // Taken even when the title already named the memo: the heading block draws it once.
    label ??= plainText((blocks[0] as { inlines: Inline[] }).inlines).trim().replace(/[.:]$/, "");
    start = 1;
  }
  const { fields, end } = leadingFields(blocks, start, memoFields);
  // The words the renderer adds follow the author's labels ("A:", "Da:": Italian), or the document's language.
  const tag = languageOf(ir);
  const language = labelsLanguage(memoFields, fields.map((f) => f.label), primaryLanguage(tag));
  const words = quireWords(language === primaryLanguage(tag) ? tag : language);
  const rows = fields.map(row);
  if (!fields.some((f) => f.key === "subject")) {
    const subject = subjectFromTitle ?? title;
    if (subject !== undefined) {
      const word = words.subject;
      // Match the author's labels when they are all capitals ("TO:", "FROM:").
      const upper = fields.length > 0 && fields.every((f) => f.label === f.label.toUpperCase());
      rows.push({ label: `${upper ? word.toUpperCase() : word}:`, value: [textInline(subject)] });
      if (subject === title) title = undefined;
    }
  }
  return {
    ...(title !== undefined ? { title } : {}),
    memo: { label: (label ?? words.memorandum).toLocaleUpperCase(language), rows },
    body: blocks.slice(end),
  };
}

function minutesLayout(ir: IRDocument): TypeLayout {
  const { fields, end } = leadingFields(ir.blocks, 0, minutesFields, true);
  // One line ("Date: …") is not yet a meeting header; two make it one.
  if (fields.length < 2) return { ...(ir.title !== undefined ? { title: ir.title } : {}), body: ir.blocks };
  return { ...(ir.title !== undefined ? { title: ir.title } : {}), meeting: { rows: fields.map(row) }, body: ir.blocks.slice(end) };
}

function letterLayout(ir: IRDocument): TypeLayout {
  const blocks = ir.blocks;
  const text = (b: Block | undefined) => (b?.type === "paragraph" ? plainText(b.inlines) : "");
  const greeting = blocks.findIndex((b, i) => i < headerReach && isSalutation(text(b)));
  let tailStart = blocks.length;
  for (let i = blocks.length - 1; i > greeting && i >= blocks.length - 6; i--) {
    if (closing.test(text(blocks[i]))) {
      tailStart = i;
      break;
    }
  }
  return {
    ...(ir.title !== undefined ? { title: ir.title } : {}),
    body: tailStart < blocks.length ? [...blocks.slice(0, tailStart), ...splitClosing(blocks[tailStart]!), ...blocks.slice(tailStart + 1)] : blocks,
    keepLeft: { headEnd: greeting + 1, tailStart },
  };
}

/**
 * "Kind regards,⏎John Smith⏎Sales Manager" written as one paragraph: the closing and the name block become two,
 * so the space to sign can go between them.
 */
function splitClosing(block: Block): Block[] {
  if (block.type !== "paragraph") return [block];
  const cut = block.inlines.findIndex((inline) => inline.type === "lineBreak");
  const rest = block.inlines.slice(cut + 1);
  if (cut < 0 || plainText(rest).trim() === "") return [block];
  return [
    { ...block, inlines: block.inlines.slice(0, cut) },
    { ...block, id: `${block.id}-signature`, inlines: rest },
  ];
}

export function typeLayout(ir: IRDocument, type: DocType): TypeLayout {
  switch (type) {
    case "memo":
      return memoLayout(ir);
    case "minutes":
      return minutesLayout(ir);
    case "letter":
      return letterLayout(ir);
    case "contract": {
      const block = signatureBlock(ir.blocks);
      const title = ir.title !== undefined ? { title: ir.title } : {};
      return block ? { ...title, body: ir.blocks.slice(0, block.start), signatures: block.parties } : { ...title, body: ir.blocks };
    }
    default:
      return { ...(ir.title !== undefined ? { title: ir.title } : {}), body: ir.blocks };
  }
}
