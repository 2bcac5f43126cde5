/**
 * The deck's `content` (core/contracts/review.ts): the proof that a repair changed no text. Per slide in presentation
 * order, every shape's text in shape-tree order (one string per non-empty paragraph: `a:t` runs and `a:fld` text
 * joined, `a:br` as a line break), table cells (one string per non-empty cell, with its row and column), then the
 * text of the slide's notes. Each string opens with its slide number (`3: …`), so text moved from one slide to
 * another shows. Built from the XML text nodes, never from Markdown.
 */
import { child, descendants, elements, kids, ownText, path } from "../../../core/ooxml/xml/query.ts";
import type { Deck } from "./deck.ts";
import { placeholderOf } from "./templates.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

/** The text of one paragraph (`a:p`). */
export const paragraphText = (p: XEl): string => {
  let text = "";
  for (const run of elements(p)) {
    const name = run.local;
    if (name === "br") text += "\n";
    else if (name === "r" || name === "fld") text += kids(run, "t").map(ownText).join("");
  }
  return text;
};

const bodyTexts = (body: XEl | undefined): string[] => kids(body, "p").map(paragraphText).filter((t) => t !== "");

const tableTexts = (tbl: XEl): string[] =>
  kids(tbl, "tr").flatMap((tr, r) =>
    kids(tr, "tc").flatMap((tc, c) => {
      const text = kids(child(tc, "txBody"), "p").map(paragraphText).join("\n");
      return text.trim() === "" ? [] : [`[row ${r + 1}, column ${c + 1}] ${text}`];
    }),
  );

const treeTexts = (tree: XEl): string[] =>
  elements(tree).flatMap((node) => {
    switch (node.local) {
      case "sp":
        return bodyTexts(child(node, "txBody"));
      case "grpSp":
        return treeTexts(node);
      case "graphicFrame": {
        const tbl = path(node, "graphic", "graphicData", "tbl");
        return tbl ? tableTexts(tbl) : [];
      }
      default:
        return [];
    }
  });

const notesTexts = (notes: XEl | null): string[] => {
  const tree = path(notes ?? undefined, "cSld", "spTree");
  if (!tree) return [];
  return descendants(tree, "sp")
    .filter((sp) => placeholderOf(sp)?.type === "body")
    .flatMap((sp) => bodyTexts(child(sp, "txBody")));
};

export const deckContent = (deck: Deck): string[] =>
  deck.slides.flatMap((slide) => [
    ...(slide.tree ? treeTexts(slide.tree) : []).map((t) => `${slide.number}: ${t}`),
    ...notesTexts(slide.notes).map((t) => `${slide.number}: (notes) ${t}`),
  ]);

/** Whether a shape tree holds any text a reader sees. */
export const hasText = (tree: XEl): boolean => treeTexts(tree).some((t) => t.trim() !== "");

