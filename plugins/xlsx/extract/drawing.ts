/**
 * A spreadsheet drawing (`xdr:wsDr`, behind a chart sheet or floating over a worksheet): its charts (title and
 * cached data, `chart.ts`), pictures (`![descr](media/image1.png)`) and the text of its text boxes, in the order
 * the drawing lists them.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { chartMarkdown } from "./chart.ts";
import { escapeLineStart, escapeText, pictureMarkdown } from "./markdown.ts";
import { relsOf, type Rels } from "./rels.ts";
import { attr, child, descendants, elements, kids, nameOf, ownText, path, readPart, relAttr, type XmlNode } from "./xml.ts";

const objects = (node: XmlNode, pkg: Package, rels: Rels, diagnostics: Diagnostic[]): string[] => {
  const out: string[] = [];
  for (const item of elements(node)) {
    const name = nameOf(item);
    if (name === "grpSp") out.push(...objects(item, pkg, rels, diagnostics));
    else if (name === "graphicFrame") {
      const chart = descendants(item, "chart")[0];
      const rel = rels.get(relAttr(chart, "id") ?? "");
      if (rel && !rel.external) out.push(chartMarkdown(pkg, rel.target, diagnostics));
    } else if (name === "pic") {
      const blip = path(item, "blipFill", "blip");
      const rel = rels.get(relAttr(blip, "embed") ?? relAttr(blip, "link") ?? "");
      const props = path(item, "nvPicPr", "cNvPr");
      if (rel) out.push(pictureMarkdown(attr(props, "descr") || attr(props, "title") || "", rel.target, rel.external));
    } else if (name === "sp") {
      const text = kids(child(item, "txBody"), "p")
        .map((p) => escapeLineStart(escapeText(descendants(p, "t").map(ownText).join("").trim())))
        .filter(Boolean)
        .join("\n\n");
      if (text) out.push(text);
    }
  }
  return out;
};

export const drawingMarkdown = (pkg: Package, part: string, diagnostics: Diagnostic[]): string[] => {
  const root = readPart(pkg, part);
  if (!root) return [];
  const rels = relsOf(pkg, part);
  return elements(root).flatMap((anchor) => objects(anchor, pkg, rels, diagnostics));
};
