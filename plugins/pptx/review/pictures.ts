/**
 * Pictures and charts without alternative text (`p:cNvPr` with neither `descr` nor `title`): a screen reader says
 * nothing useful about them. Alternative text that is only a file name (what tools write when a picture is inserted
 * from a file) is worth knowing too. Pictures marked decorative (the `adec:decorative val="1"` extension PowerPoint writes
 * for "Mark as decorative") need none. Not repairable: the text has to come from someone who knows the picture.
 */
import { attr, child, descendants, elements, flag, path } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Deck } from "./deck.ts";
import { finding } from "./finding.ts";
import { flattenShapes, placeShapes } from "./shapes.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

const CHART = /\/(chart|chartex)$/i;

const cNvPrOf = (node: XEl): XEl | undefined => child(elements(node).find((c) => /^nv.*Pr$/.test(c.local)), "cNvPr");

const described = (cNvPr: XEl | undefined): boolean => {
  if (!cNvPr) return false;
  if ((attr(cNvPr, "descr") ?? "").trim() !== "" || (attr(cNvPr, "title") ?? "").trim() !== "") return true;
  return descendants(cNvPr, "decorative").some((d) => flag(d, "val"));
};

/** Tools that insert a picture from a file write the file name as its description (`image3.png`). */
const FILE_NAME = /^[^\s/\\]+\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|webp)$/i;

export const checkAltText = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  for (const slide of deck.slides) {
    const missing: string[] = [];
    const fileNames: string[] = [];
    for (const shape of flattenShapes(placeShapes(slide.tree, slide.templates))) {
      const kind = shape.kind === "pic" ? "picture" : shape.kind === "graphicFrame" && CHART.test(attr(path(shape.node, "graphic", "graphicData"), "uri") ?? "") ? "chart" : null;
      if (!kind || shape.hidden) continue;
      const label = shape.name ? `${kind} "${shape.name}"` : `a ${kind} without a name`;
      const cNvPr = cNvPrOf(shape.node);
      if (!described(cNvPr)) missing.push(label);
      else if (FILE_NAME.test((attr(cNvPr, "descr") ?? "").trim()) && !(attr(cNvPr, "title") ?? "").trim()) fileNames.push(`${label} ("${attr(cNvPr, "descr")!.trim()}")`);
    }
    if (missing.length > 0) {
      out.push(finding("picture.no_alt_text", "warning", "content", `Slide ${slide.number} has ${missing.length === 1 ? "a picture or chart" : `${missing.length} pictures or charts`} without alternative text: ${missing.join(", ")}.`, [slide.number]));
    }
    if (fileNames.length > 0) {
      out.push(finding("picture.alt_text_file_name", "info", "content", `Slide ${slide.number}: the alternative text of ${fileNames.join(", ")} ${fileNames.length === 1 ? "is only a file name, which tells a screen reader user nothing about the picture" : "are only file names, which tell a screen reader user nothing about the pictures"}.`, [slide.number]));
    }
  }
  return out;
};
