/**
 * A spreadsheet drawing (`xdr:wsDr`, behind a chart sheet or floating over a worksheet) as IR blocks: its charts
 * (title and cached data, core/ooxml/chart.ts), pictures (an image block, `media/image1.png`) and the paragraphs of
 * its text boxes, in the order the drawing lists them, each with the drawing element it came from as its source.
 * Embedded pictures are handed to `pictures` (when OCR is at hand) so what they say can follow them.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { PicturesInBlocks } from "../../../core/extract/picture-ocr.ts";
import type { Block, ImageBlock } from "../../../core/ir/types.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { chartBlocks } from "../../../core/ooxml/chart.ts";
import { pictureSrc, sourceOf } from "../../../core/ooxml/ir.ts";
import { relsOf, type Rels } from "../../../core/ooxml/rels.ts";
import { attr, child, descendants, elements, kids, ownText, path, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

const objects = (node: XEl, pkg: Package, rels: Rels, diagnostics: Diagnostic[], pictures: PicturesInBlocks | null): Block[] => {
  const out: Block[] = [];
  for (const item of elements(node)) {
    const name = item.local;
    if (name === "grpSp") out.push(...objects(item, pkg, rels, diagnostics, pictures));
    else if (name === "graphicFrame") {
      const chart = descendants(item, "chart")[0];
      const rel = rels.get(relAttr(chart, "id") ?? "");
      if (rel && !rel.external) out.push(...chartBlocks(pkg, rel.target, diagnostics, sourceOf(item)));
    } else if (name === "pic") {
      const blip = path(item, "blipFill", "blip");
      const rel = rels.get(relAttr(blip, "embed") ?? relAttr(blip, "link") ?? "");
      const props = path(item, "nvPicPr", "cNvPr");
      const alt = (attr(props, "descr") || attr(props, "title") || "").replace(/\s+/g, " ").trim();
      if (!rel) continue;
      const source = sourceOf(item);
      const image: ImageBlock = { type: "image", id: "", source, src: pictureSrc(rel.target, rel.external), alt };
      if (!rel.external) pictures?.add(rel.target, image, source);
      out.push(image);
    } else if (name === "sp") {
      for (const p of kids(child(item, "txBody"), "p")) {
        const text = descendants(p, "t").map(ownText).join("").trim();
        if (text) out.push({ type: "paragraph", id: "", source: sourceOf(p), inlines: [{ type: "text", id: "", text, marks: [] }] });
      }
    }
  }
  return out;
};

export const drawingBlocks = (pkg: Package, part: string, diagnostics: Diagnostic[], pictures: PicturesInBlocks | null = null): Block[] => {
  const root = readPart(pkg, part);
  if (!root) return [];
  const rels = relsOf(pkg, part);
  return elements(root).flatMap((anchor) => objects(anchor, pkg, rels, diagnostics, pictures));
};
