/**
 * A picture's OCR text less what the page's text layer already says there: a searchable scan's invisible text over
 * its image, a chart whose labels are real text over a drawn picture, a logo with its name beside it in text. A
 * paragraph of the OCR's Markdown is dropped when four words in five of it are words of text-layer lines over the
 * picture; what is left is the picture's own text.
 */
import type { LayoutBox, PageLayout } from "../../../renderers/mupdf/pages.ts";

/** Of a paragraph's words, the share the text layer must hold for the paragraph to be said already. */
const SAID = 0.8;

const wordsOf = (text: string): string[] =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");

/** The words of the text-layer lines whose middle is inside `box`, with how often each occurs. */
const layerWords = (layout: PageLayout, box: LayoutBox): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const block of layout.blocks) {
    if (block.kind !== "text") continue;
    for (const line of block.lines) {
      const x = (line.x0 + line.x1) / 2;
      const y = (line.y0 + line.y1) / 2;
      if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) continue;
      for (const word of wordsOf(line.text)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
};

/** `markdown` (a picture's OCR text) without the paragraphs the text layer over the picture already says. */
export const pictureOwnText = (markdown: string, box: LayoutBox, layout: PageLayout): string => {
  const layer = layerWords(layout, box);
  if (layer.size === 0) return markdown;
  const kept = markdown.split(/\n{2,}/).filter((paragraph) => {
    const words = wordsOf(paragraph.replace(/^[#>*+-]+\s|\|/gm, " "));
    if (words.length === 0) return false;
    const left = new Map(layer);
    let said = 0;
    for (const word of words) {
      const n = left.get(word) ?? 0;
      if (n > 0) {
        said++;
        left.set(word, n - 1);
      }
    }
    return said < SAID * words.length;
  });
  return kept.join("\n\n");
};
