/**
 * Paragraphs whose lines are the author's own (issue 17, item 4): a signature block ("Name: …", "Signature: ____"),
 * an address, a list of short lines joined with manual breaks. In a justified document every line that ends in a
 * manual break is stretched to the full width, in Word as in LibreOffice, so such paragraphs are set left-aligned
 * and kept on one page.
 */
import { plainText } from "../../core/ir/text.ts";
import type { Inline } from "../../core/ir/types.ts";

/** About two thirds of an A4 line at 11 pt: longer lines read as prose that merely has a break in it. */
const shortLine = 60;
/** "Name: …", "Firma: …", "Date: ____": a label of a few words and a colon. */
const labelLine = /^\s*[\p{L}][\p{L}\p{M}.'’ /-]{0,30}:(\s|$)/u;
/** A line to sign or fill in by hand. */
const ruleLine = /_{3,}|\.{5,}/;

const kept = (line: string): boolean => line.trim().length <= shortLine || labelLine.test(line) || ruleLine.test(line);

/** Whether a paragraph is made of lines with manual breaks that are all short, labelled or to be filled in. */
export function isLineKept(inlines: Inline[]): boolean {
  if (!inlines.some((inline) => inline.type === "lineBreak")) return false;
  const lines = plainText(inlines, { lineBreak: "\n" }).split("\n").filter((line) => line.trim() !== "");
  return lines.length > 1 && lines.every(kept);
}

/** A short paragraph that introduces what follows it ("Signed for and on behalf of the Client:"). */
export function isLeadIn(inlines: Inline[]): boolean {
  const text = plainText(inlines).trim();
  return text.length <= 2 * shortLine && text.endsWith(":");
}
