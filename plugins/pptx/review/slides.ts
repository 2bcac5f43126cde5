/**
 * The slide list: a slide listed in `p:sldIdLst` whose part is missing (PowerPoint offers to repair
 * the deck and drops it), a slide listed twice or tied to no slide layout (the repair dialog again), slide parts no
 * list names (never shown),
 * and, worth knowing, slides with nothing on them or without a title (screen readers and the outline navigate by
 * slide titles). Parts that are missing or not well-formed as such are the package check's (core/ooxml/review).
 */
import { attr, child, descendants, kids, path } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import { hasText, paragraphText } from "./content.ts";
import type { Deck } from "./deck.ts";
import { finding } from "./finding.ts";
import { placeholderOf } from "./templates.ts";

const SLIDE_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml";

export const checkSlideList = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  if (!deck.presentation) return out;
  const seen = new Map<string, number>();
  for (const entry of deck.listed) {
    if (!entry.part) {
      out.push(finding("slide.missing", "error", "structural", `Slide ${entry.number} is listed in the presentation but its relationship (${entry.rid ?? "none"}) does not lead to a slide; PowerPoint offers to repair the file and drops it.`, [entry.number]));
      continue;
    }
    if (!deck.parts.has(entry.part)) {
      out.push(finding("slide.missing", "error", "structural", `Slide ${entry.number} is listed in the presentation but its part ${entry.part} is not in the file; PowerPoint offers to repair the file and drops it.`, [entry.number]));
      continue;
    }
    const first = seen.get(entry.part.toLowerCase());
    if (first !== undefined) {
      out.push(finding("slide.listed_twice", "error", "structural", `Slides ${first} and ${entry.number} are the same slide part (${entry.part}) listed twice; PowerPoint offers to repair the file.`, [first, entry.number]));
    } else seen.set(entry.part.toLowerCase(), entry.number);
  }
  for (const slide of deck.slides) {
    if (!slide.templates.layoutPart) {
      out.push(finding("slide.no_layout", "error", "structural", `Slide ${slide.number} is not tied to a slide layout (its relationships name none that the file holds); PowerPoint offers to repair the file.`, [slide.number]));
    }
  }
  const types = deck.parts.root("[Content_Types].xml");
  const declared = kids(types ?? undefined, "Override")
    .filter((o) => attr(o, "ContentType") === SLIDE_TYPE)
    .map((o) => (attr(o, "PartName") ?? "").replace(/^\//, ""));
  const slideParts = new Set([...declared, ...deck.parts.pkg.names.filter((n) => /^ppt\/slides\/[^/]+\.xml$/i.test(n))].filter((n) => deck.parts.has(n)));
  const orphans = [...slideParts].filter((n) => !seen.has(n.toLowerCase())).sort();
  if (orphans.length > 0) {
    out.push(finding("slide.orphan", "info", "structural", `The file holds ${orphans.length === 1 ? "a slide part" : `${orphans.length} slide parts`} that the presentation does not list, so ${orphans.length === 1 ? "it is" : "they are"} never shown: ${orphans.join(", ")}.`));
  }
  return out;
};

/** Slides with nothing on them, and slides without a title. */
export const checkSlideTitles = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  for (const slide of deck.slides) {
    const tree = slide.tree;
    // An empty placeholder shows nothing in the show ("Click to add text" is only an editing prompt); anything
    // else drawn, a picture or the background picture is something on the slide.
    const drawn = tree ? [...descendants(tree, "sp").filter((sp) => !placeholderOf(sp)), ...["pic", "graphicFrame", "contentPart", "cxnSp"].flatMap((kind) => descendants(tree, kind))].length > 0 : false;
    const background = path(slide.root, "cSld", "bg", "bgPr", "blipFill") !== undefined;
    const text = tree ? hasText(tree) : false;
    if (!text && !drawn && !background) {
      out.push(finding("slide.empty", "info", "content", `Slide ${slide.number} is empty: no text, no picture, nothing drawn.`, [slide.number]));
      continue;
    }
    const titled = (tree ? descendants(tree, "sp") : []).some((sp) => {
      const type = placeholderOf(sp)?.type;
      return (type === "title" || type === "ctrTitle") && kids(child(sp, "txBody"), "p").some((p) => paragraphText(p).trim() !== "");
    });
    if (!titled) out.push(finding("slide.no_title", "info", "content", `Slide ${slide.number} has no title; screen readers and the outline find slides by their titles.`, [slide.number]));
  }
  return out;
};
