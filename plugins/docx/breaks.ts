/**
 * Where a word too long for its table column may be cut (issue 30, item 7). Word and LibreOffice cut such a word
 * after whichever letter reaches the edge ("bank_referen|ce"); a reader expects an identifier, a code or a URL to be
 * cut where its own parts meet: after an underscore, dot or slash, or between the words of a camelCase name. A zero
 * width space there is a break opportunity both honour. Only words that cannot fit get one: a word that fits stays
 * whole, and its text stays exactly what the author wrote.
 */
import type { Inline } from "../../core/ir/types.ts";
import { codeScale, monoEm } from "./styles.ts";

const zeroWidthSpace = "\u200B";
/** After `_ . / \` followed by more of the word; before a capital that follows a small letter. */
const joints = /(?<=[_./\\])(?=[\p{L}\p{N}])|(?<=\p{Ll})(?=\p{Lu})/gu;

export const breakable = (word: string): string => word.replace(joints, zeroWidthSpace);

/** A word's width is guessed (column-widths.ts keeps the same margin): one that may not fit gets its joints too. */
const safety = 1.2;

/** `inlines` with break opportunities in every word that may be wider than `room` average characters. */
export function breakLongWords(inlines: Inline[], room: number, scale = 1): Inline[] {
  return inlines.map((inline) => {
    if (inline.type === "link") return { ...inline, children: breakLongWords(inline.children, room, scale) };
    if (inline.type !== "text") return inline;
    const width = (inline.marks.includes("code") ? (monoEm * codeScale) / 0.5 : 1) * scale;
    const text = inline.text.replace(/\S+/g, (word) => ([...word].length * width * safety > room ? breakable(word) : word));
    return text === inline.text ? inline : { ...inline, text };
  });
}
