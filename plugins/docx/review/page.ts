/**
 * Sections whose margins leave no room for text (left + right margins at least the page width, or top + bottom at
 * least its height, or columns narrower than nothing): Word and LibreOffice lay such a page out with text squeezed
 * into a sliver or off the page. Which margins were meant is the author's call, so it is reported, not repaired.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding } from "./edit.ts";
import type { Model } from "./model.ts";

/** Narrower than this (0.5 inch, in twips) a text column cannot hold a word. */
const MIN_TEXT = 720;

export const checkPage = (model: Model): Finding[] => {
  const cramped = model.sections.filter((s) => s.geometry && (s.geometry.columnWidth < MIN_TEXT || s.geometry.textHeight < MIN_TEXT));
  if (cramped.length === 0) return [];
  const n = cramped.length;
  return [
    finding(
      "docx.section_no_text_area",
      "warning",
      "layout",
      `${n} section${n === 1 ? "'s margins leave" : "s' margins leave"} less than 1.27 cm for the text across or down the page; the text is squeezed or pushed off the page.`,
    ),
  ];
};
