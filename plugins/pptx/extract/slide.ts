/**
 * One slide as IR blocks: a level-2 heading `Slide N: title` (the title or centred-title placeholder; `Slide N` when
 * there is none; `(hidden)` for hidden slides), then its shapes in reading order — text (paragraphs and lists),
 * tables, charts (title and cached data), SmartArt text as a list, pictures (with `ctx.pictures`, the text OCR reads
 * in a picture goes right after it, at its place in reading order) — and the speaker notes as a `Notes:` quote. The
 * slide's comments are note references at the end of its heading (comments.ts). Date, footer and slide-number placeholders are page furniture and are left out; what is not read (an
 * embedded object, a chart of a newer kind) is said in a comment block. Every block's source is the element it was
 * read from: the title shape for the heading (the slide's root when there is no title), the shape, table, paragraph
 * or diagram point otherwise, in the slide's part or the chart, diagram or notes part it points to.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { PicturesInBlocks } from "../../../core/extract/picture-ocr.ts";
import type { Block, ImageBlock, ListItem } from "../../../core/ir/types.ts";
import { chartBlocks } from "../../../core/ooxml/chart.ts";
import { pictureSrc, sourceOf } from "../../../core/ooxml/ir.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { relsOf, type Rels } from "../../../core/ooxml/rels.ts";
import { attr, child, descendants, flag, kids, path, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import type { SlideComments } from "./comments.ts";
import { notesBlock } from "./notes.ts";
import { isTitle, type Templates } from "./placeholders.ts";
import { shapesInReadingOrder, type PlacedShape } from "./shapes.ts";
import { tableBlock } from "./table.ts";
import { plainText, textBlocks } from "./text.ts";

const FURNITURE = new Set(["dt", "ftr", "sldNum", "hdr"]);

export interface SlideContext {
  readonly pkg: Package;
  readonly templates: Templates;
  readonly slideHeight: number;
  readonly diagnostics: Diagnostic[];
  /** Pictures to read by OCR (embedded ones only); null when no OCR is at hand. */
  readonly pictures: PicturesInBlocks | null;
  /** The deck's comments: references go at the end of each slide's heading. */
  readonly comments: SlideComments;
}

interface ShapeContext extends SlideContext {
  readonly rels: Rels;
  readonly number: number;
  readonly listStyles: (shape: PlacedShape) => XEl[];
}

const text = (value: string) => [{ type: "text" as const, id: "", text: value, marks: [] }];

/** SmartArt: the text of the diagram's data points, one list item each. */
const diagramBlocks = (pkg: Package, part: string): Block[] => {
  const root = readPart(pkg, part);
  const list = path(root ?? undefined, "ptLst");
  const items = kids(list, "pt")
    .filter((pt) => (attr(pt, "type") ?? "node") === "node")
    .flatMap((pt): ListItem[] => {
      const value = kids(child(pt, "t"), "p")
        .map(plainText)
        .filter(Boolean)
        .join(" ");
      const source = sourceOf(pt);
      return value ? [{ id: "", source, blocks: [{ type: "paragraph", id: "", source, inlines: text(value) }] }] : [];
    });
  return list && items.length > 0 ? [{ type: "list", id: "", source: sourceOf(list), ordered: false, start: 1, items }] : [];
};

const frameBlocks = (frame: XEl, ctx: ShapeContext): Block[] => {
  const data = path(frame, "graphic", "graphicData");
  const uri = attr(data, "uri") ?? "";
  const source = sourceOf(frame);
  const table = child(data, "tbl");
  if (table) {
    const block = tableBlock(table, ctx.rels);
    return block ? [block] : [];
  }
  if (/\/chart$/.test(uri)) {
    const rel = ctx.rels.get(relAttr(child(data, "chart"), "id") ?? "");
    return rel && !rel.external ? chartBlocks(ctx.pkg, rel.target, ctx.diagnostics, source) : [];
  }
  if (/chartex$/i.test(uri)) {
    ctx.diagnostics.push({ code: "extract.chart_unsupported", severity: "info", category: "extract", message: `Slide ${ctx.number} has a chart of a newer kind (chartex) whose data is not read.`, location: { pages: [ctx.number] } });
    return [{ type: "comment", id: "", source, text: "a chart of a kind whose data Quire does not read" }];
  }
  if (/\/diagram$/.test(uri)) {
    const rel = ctx.rels.get(relAttr(child(data, "relIds"), "dm") ?? "");
    return rel && !rel.external ? diagramBlocks(ctx.pkg, rel.target) : [];
  }
  const ole = descendants(data ?? undefined, "oleObj")[0];
  if (ole) return [{ type: "comment", id: "", source, text: `embedded object${attr(ole, "progId") ? `: ${attr(ole, "progId")}` : ""}` }];
  return [];
};

const shapeBlocks = (shape: PlacedShape, ctx: ShapeContext): Block[] => {
  switch (shape.kind) {
    case "sp":
      return textBlocks(child(shape.node, "txBody"), { rels: ctx.rels, listStyles: ctx.listStyles(shape) });
    case "pic": {
      const blip = path(shape.node, "blipFill", "blip");
      const rel = ctx.rels.get(relAttr(blip, "embed") ?? relAttr(blip, "link") ?? "");
      const props = path(shape.node, "nvPicPr", "cNvPr");
      const alt = (attr(props, "descr") || attr(props, "title") || "").replace(/\s+/g, " ").trim();
      if (!rel) return [];
      const source = sourceOf(shape.node);
      const image: ImageBlock = { type: "image", id: "", source, src: pictureSrc(rel.target, rel.external), alt };
      if (!rel.external) ctx.pictures?.add(rel.target, image, source);
      return [image];
    }
    case "graphicFrame":
      return frameBlocks(shape.node, ctx);
    default:
      return [];
  }
};

export const slideBlocks = (part: string, number: number, ctx: SlideContext): Block[] => {
  const root = readPart(ctx.pkg, part);
  const tree = path(root ?? undefined, "cSld", "spTree");
  const hidden = attr(root ?? undefined, "show") !== undefined && !flag(root ?? undefined, "show");
  const slideTemplates = ctx.templates.forSlide(part);
  const shapes = tree ? shapesInReadingOrder(tree, slideTemplates, ctx.slideHeight) : [];
  const titleShape = shapes.find((s) => isTitle(s.ph) && kids(child(s.node, "txBody"), "p").some((p) => plainText(p)));
  const title = titleShape
    ? kids(child(titleShape.node, "txBody"), "p")
        .map(plainText)
        .filter(Boolean)
        .join(" ")
    : "";
  const shapeCtx: ShapeContext = {
    ...ctx,
    rels: relsOf(ctx.pkg, part),
    number,
    listStyles: (shape) => slideTemplates.listStyles(shape.node, shape.ph),
  };
  const headingSource = titleShape?.node ?? root;
  const heading: Block = {
    type: "heading",
    id: "",
    ...(headingSource ? { source: sourceOf(headingSource) } : {}),
    level: 2,
    inlines: [...text(`Slide ${number}${title ? `: ${title}` : ""}${hidden ? " (hidden)" : ""}`), ...ctx.comments.forSlide(part, number)],
  };
  const body = shapes.filter((s) => s !== titleShape && !(s.ph && FURNITURE.has(s.ph.type))).flatMap((s) => shapeBlocks(s, shapeCtx));
  const notes = notesBlock(ctx.pkg, part);
  return [heading, ...body, ...(notes ? [notes] : [])];
};
