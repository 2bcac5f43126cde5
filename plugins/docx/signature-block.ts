/**
 * A contract's signature block (issue 30, item 4): the parties' blocks at the end of the text ("Signed for and on
 * behalf of the Supplier:" and its "Name: …⏎Title: …⏎Signature: ____⏎Date: ____" lines, or "**EL ARRENDADOR**⏎
 * Fdo.: …") set the way a lawyer lays them out: side by side in a borderless table, one column per party, two
 * parties a row (a third wraps to the next row), each with room to sign over a line and the author's lines as
 * written under it.
 *
 * Recognised only when at least two such blocks close the text and one of them says it is for signing (a fill-in
 * line, "Signature:", "Fdo.:", "By:", "Name:", "on behalf of", "en nombre y representación"…), or when the last line
 * names the parties in a row ("El Proveedor | El Cliente") under a sentence that says they sign; anything else stays
 * as the author's paragraphs (line-kept.ts still keeps their lines).
 */
import { AlignmentType, BorderStyle, Paragraph, Table, TableCell, TableRow, WidthType } from "docx";
import type { ParagraphChild } from "docx";
import { plainText } from "../../core/ir/text.ts";
import type { Block, Inline } from "../../core/ir/types.ts";
import type { MapContext } from "./context.ts";
import { mapInlines } from "./inlines.ts";
import { styleIds } from "./styles.ts";

export interface Party {
  /** The paragraph that introduces the party's lines ("Signed for and on behalf of the Client:", "EL CLIENTE"). */
  lead?: Inline[];
  /** The author's lines, as split at their manual breaks. */
  lines: Inline[][];
}

/** A line short enough to be one of the author's own (line-kept.ts's measure). */
const shortLine = 60;
const labelLine = /^\s*[\p{L}][\p{L}\p{M}.'’ /-]{0,30}:(\s|$)/u;
const ruleLine = /_{3,}|\.{5,}/;
/** A fill-in line meant for the signature itself: bare, or under a signing label. */
const signingRule = /^\s*((signature|signed|sign here|by|firma(do)?|fdo\.?|sign[ée]|unterschrift|gezeichnet|firmato|assinatura|assinado|handtekening|signatura)\s*:?\s*)?(_{3,}|\.{5,})/i;
const signingCue =
  /_{3,}|\.{5,}|^\s*(signed|signature|by|name|firma(do)?|fdo\.?|nombre|sign[ée]|nom|unterschrift|name|nome|assinatura|firmato|naam|handtekening|signatura)\s*:|on behalf of|en nombre y representaci[oó]n|por la parte|pour le compte|im namen|per conto|em nome|namens/im;

const linesOf = (inlines: Inline[]): Inline[][] => {
  const out: Inline[][] = [[]];
  for (const inline of inlines) {
    if (inline.type === "lineBreak") out.push([]);
    else out.at(-1)!.push(inline);
  }
  return out.filter((line) => plainText(line).trim() !== "");
};

const ownLine = (line: Inline[]): boolean => {
  const text = plainText(line);
  return text.trim().length <= shortLine || labelLine.test(text) || ruleLine.test(text);
};

/** "Signed for and on behalf of the Client:", "EL ARRENDADOR", "**The Supplier**": a short line that names a party. */
function isLead(block: Block | undefined): block is Block & { inlines: Inline[] } {
  if (block?.type !== "paragraph" || block.inlines.some((i) => i.type === "lineBreak")) return false;
  const text = plainText(block.inlines).trim();
  if (text === "" || text.length > 2 * shortLine) return false;
  const strong = block.inlines.every((i) => i.type !== "text" || i.text.trim() === "" || i.marks.includes("bold"));
  return text.endsWith(":") || strong || (text.length <= shortLine && /\p{Lu}/u.test(text) && text === text.toLocaleUpperCase());
}

const partyText = (party: Party): string => [plainText(party.lead ?? []), ...party.lines.map((l) => plainText(l))].join("\n");

/**
 * The signature block closing `blocks`, if there is one: where it starts and its parties in the author's order.
 * Walks back from the end, a party being a paragraph of the author's own lines with the lead-in before it.
 */
export function signatureBlock(blocks: Block[]): { start: number; parties: Party[] } | undefined {
  const parties: Party[] = [];
  let i = blocks.length - 1;
  while (i >= 0) {
    const body = blocks[i];
    if (body?.type !== "paragraph") break;
    const lines = linesOf(body.inlines);
    if (lines.length === 0 || !lines.every(ownLine)) break;
    const lead = isLead(blocks[i - 1]) && !(isLead(body) && lines.length === 1) ? (blocks[i - 1] as { inlines: Inline[] }).inlines : undefined;
    const party: Party = { ...(lead ? { lead } : {}), lines };
    // A lone short line is a party only when it has a lead-in or says it is for signing ("Fdo.: …").
    if (!lead && lines.length === 1 && !signingCue.test(partyText(party))) break;
    parties.unshift(party);
    i -= lead ? 2 : 1;
  }
  if (parties.length < 2 || !parties.some((p) => signingCue.test(partyText(p)))) return namesInARow(blocks);
  return { start: i + 1, parties };
}

/** "…las partes firman el presente contrato.", "IN WITNESS WHEREOF…": the sentence the parties sign under. */
const signingSentence =
  /\b(sign|signed|signs|witness whereof|firma[nd]?|firmado|suscriben|unterzeichne[nt]?|unterschreiben|signent|signé|firmano|assinam|ondertekenen|ondertekend|signen)\b/i;

/**
 * The parties named on one closing line, "El Proveedor | El Cliente" (or set apart by tabs): a line to sign over
 * each name, side by side, when the paragraph before says the parties sign.
 */
function namesInARow(blocks: Block[]): { start: number; parties: Party[] } | undefined {
  const last = blocks.at(-1);
  const before = blocks.at(-2);
  if (last?.type !== "paragraph" || before?.type !== "paragraph" || last.inlines.some((i) => i.type === "lineBreak")) return undefined;
  const names = plainText(last.inlines).split(/\s*\|\s*|\t+/).map((n) => n.trim());
  if (names.length < 2 || names.length > 4 || names.some((n) => n === "" || n.length > 40)) return undefined;
  if (!signingSentence.test(plainText(before.inlines))) return undefined;
  return { start: blocks.length - 1, parties: names.map((text) => ({ lines: [[{ type: "text", id: "", text, marks: [] }]] })) };
}

/** About three lines: room for a handwritten signature (as a letter leaves, map.ts). */
const signingRoom = 720;
const none = { style: BorderStyle.NONE, size: 0, color: "auto" };
const noBorders = { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none };

const line = (children: ParagraphChild[], extra: { spacing?: { before: number }; keepNext?: boolean } = {}) =>
  new Paragraph({ style: styleIds.tableText, alignment: AlignmentType.LEFT, keepNext: true, ...extra, children });

/** One party's cell: its lead-in, the room and the line to sign on (the author's own line when written), its lines. */
function partyCell(party: Party | undefined, ctx: MapContext, width: number, top: boolean): TableCell {
  const out: Paragraph[] = [];
  // Room between the words the parties sign under and the first row of signatures.
  const above = top ? { spacing: { before: 240 } } : {};
  if (party) {
    if (party.lead) out.push(line(mapInlines(party.lead, ctx), above));
    const signing = party.lines.findIndex((l) => signingRule.test(plainText(l)));
    // Without a lead-in, a first line that is not "Label: …" names the party ("EL ARRENDADOR") and goes above the line.
    const named = !party.lead && party.lines.length > 1 && !labelLine.test(plainText(party.lines[0]!)) && !ruleLine.test(plainText(party.lines[0]!)) ? 1 : 0;
    party.lines.forEach((l, n) => {
      if (signing < 0 && n === named) {
        out.push(
          new Paragraph({
            style: styleIds.tableText,
            keepNext: true,
            spacing: { before: signingRoom, after: 60 },
            indent: { right: 567 },
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "000000", space: 1 } },
            children: [],
          }),
        );
      }
      out.push(line(mapInlines(l, ctx), n === signing ? { spacing: { before: signingRoom } } : out.length === 0 ? above : {}));
    });
  }
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    borders: { top: none, bottom: none, left: none, right: none },
    children: out.length > 0 ? out : [new Paragraph({})],
  });
}

/** The parties side by side, two a row, in a table with no borders. */
export function signatureTable(parties: Party[], ctx: MapContext): Table {
  const width = Math.floor(ctx.geometry.textWidth / 2);
  const rows: TableRow[] = [];
  for (let n = 0; n < parties.length; n += 2) {
    rows.push(
      new TableRow({
        cantSplit: true,
        children: [partyCell(parties[n], ctx, width, n === 0), partyCell(parties[n + 1], ctx, width, n === 0)],
      }),
    );
  }
  return new Table({
    width: { size: width * 2, type: WidthType.DXA },
    columnWidths: [width, width],
    borders: noBorders,
    margins: { top: 0, bottom: 240, left: 0, right: 284 },
    rows,
  });
}
