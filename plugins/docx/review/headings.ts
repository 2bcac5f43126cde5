/**
 * Empty headings: a body paragraph that Word treats as a heading (an outline level 0–8 of its own or from its
 * style, or a heading/title style) but holds no text and no picture or equation. Word lists it as a blank entry in
 * the navigation pane, a table of contents and the PDF's bookmarks, and a numbered heading style prints a bare
 * number. The repair (`docx.empty_heading_style`) takes the heading away from those paragraphs only: their
 * `w:pStyle` and any outline level of their own are removed, so they become ordinary empty paragraphs.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { paragraphText } from "./content.ts";
import { finding, removeNode, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import { ancestor, descendants, type XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.empty_heading_style";

const VISIBLE = new Set(["drawing", "pict", "object", "oMath", "oMathPara"]);

const isHeading = (model: Model, p: XEl): boolean => {
  const pPr = p.child("pPr");
  const own = pPr?.valOf("outlineLvl");
  const level = own !== undefined ? Number(own) : model.styles.outlineLevel(model.styles.paragraphStyle(pPr));
  if (level !== undefined) return level >= 0 && level <= 8;
  return model.styles.isHeadingStyle(model.styles.paragraphStyle(pPr));
};

const emptyHeadings = (model: Model): XEl[] =>
  model.all(model.docx.main, "p").filter(
    (p) =>
      !ancestor(p, "txbxContent") &&
      isHeading(model, p) &&
      paragraphText(p).text.trim() === "" &&
      !descendants(p).some((n) => VISIBLE.has(n.local)),
  );

export const checkHeadings = (model: Model): Finding[] => {
  const empty = emptyHeadings(model);
  if (empty.length === 0) return [];
  const n = empty.length;
  return [
    finding(
      "docx.empty_heading",
      "warning",
      "structural",
      `${n} heading${n === 1 ? " has" : "s have"} no text; ${n === 1 ? "it shows" : "they show"} as blank entries in the navigation pane, the table of contents and the PDF bookmarks. The repair makes ${n === 1 ? "it an ordinary paragraph" : "them ordinary paragraphs"}.`,
      FIX,
    ),
  ];
};

export const fixHeadings = (model: Model): Edit[] => {
  const edits: Edit[] = [];
  const part = model.docx.main;
  for (const p of emptyHeadings(model)) {
    const pPr = p.child("pPr");
    const style = pPr?.child("pStyle");
    const styleId = style?.attrs["val"];
    const styleLevel = model.styles.outlineLevel(styleId);
    const styleMakesHeading = styleLevel !== undefined ? styleLevel >= 0 && styleLevel <= 8 : model.styles.isHeadingStyle(styleId);
    if (style && styleMakesHeading) edits.push(removeNode(part, style));
    const outline = pPr?.child("outlineLvl");
    const own = Number(outline?.attrs["val"]);
    if (outline && own >= 0 && own <= 8) edits.push(removeNode(part, outline));
  }
  return edits;
};
