/**
 * One slide as a Markdown section: `## Slide N: title` (the title or centred-title placeholder; `## Slide N` when
 * there is none; `(hidden)` for hidden slides), then its shapes in reading order — text (paragraphs and lists),
 * tables, charts (title and cached data), SmartArt text as a list, pictures as `![descr](media/…)` — and the
 * speaker notes as a `> Notes:` block quote. Date, footer and slide-number placeholders are page furniture and
 * are left out.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { chartMarkdown } from "../../xlsx/extract/chart.ts";
import { escapeLineStart, escapeText, pictureMarkdown } from "../../xlsx/extract/markdown.ts";
import { relsOf, type Rels } from "../../xlsx/extract/rels.ts";
import { attr, child, descendants, flag, kids, path, readPart, relAttr, type XmlNode } from "../../xlsx/extract/xml.ts";
import { notesMarkdown } from "./notes.ts";
import { isTitle, type Templates } from "./placeholders.ts";
import { shapesInReadingOrder, type PlacedShape } from "./shapes.ts";
import { tableMarkdown } from "./table.ts";
import { plainText, textBlocks } from "./text.ts";

const FURNITURE = new Set(["dt", "ftr", "sldNum", "hdr"]);

export interface SlideContext {
  readonly pkg: Package;
  readonly templates: Templates;
  readonly slideHeight: number;
  readonly diagnostics: Diagnostic[];
}

interface ShapeContext extends SlideContext {
  readonly rels: Rels;
  readonly number: number;
  readonly listStyles: (shape: PlacedShape) => XmlNode[];
}

/** SmartArt: the text of the diagram's data points, one list item each. */
const diagramMarkdown = (pkg: Package, part: string): string => {
  const root = readPart(pkg, part);
  const points = kids(path(root ?? undefined, "ptLst"), "pt").filter((pt) => (attr(pt, "type") ?? "node") === "node");
  const items = points
    .map((pt) =>
      kids(child(pt, "t"), "p")
        .map(plainText)
        .filter(Boolean)
        .join(" "),
    )
    .filter(Boolean);
  return items.map((t) => `- ${escapeLineStart(escapeText(t))}`).join("\n");
};

const frameMarkdown = (frame: XmlNode, ctx: ShapeContext): string => {
  const data = path(frame, "graphic", "graphicData");
  const uri = attr(data, "uri") ?? "";
  const table = child(data, "tbl");
  if (table) return tableMarkdown(table, ctx.rels);
  if (/\/chart$/.test(uri)) {
    const rel = ctx.rels.get(relAttr(child(data, "chart"), "id") ?? "");
    return rel && !rel.external ? chartMarkdown(ctx.pkg, rel.target, ctx.diagnostics) : "";
  }
  if (/chartex$/i.test(uri)) {
    ctx.diagnostics.push({ code: "extract.chart_unsupported", severity: "info", category: "extract", message: `Slide ${ctx.number} has a chart of a newer kind (chartex) whose data is not read.`, location: { pages: [ctx.number] } });
    return "_(a chart of a kind whose data Quire does not read)_";
  }
  if (/\/diagram$/.test(uri)) {
    const rel = ctx.rels.get(relAttr(child(data, "relIds"), "dm") ?? "");
    return rel && !rel.external ? diagramMarkdown(ctx.pkg, rel.target) : "";
  }
  const ole = descendants(data ?? {}, "oleObj")[0];
  if (ole) return `_(embedded object${attr(ole, "progId") ? `: ${escapeText(attr(ole, "progId")!)}` : ""})_`;
  return "";
};

const shapeMarkdown = (shape: PlacedShape, ctx: ShapeContext): string => {
  switch (shape.kind) {
    case "sp":
      return textBlocks(child(shape.node, "txBody"), { rels: ctx.rels, listStyles: ctx.listStyles(shape) }).join("\n\n");
    case "pic": {
      const blip = path(shape.node, "blipFill", "blip");
      const rel = ctx.rels.get(relAttr(blip, "embed") ?? relAttr(blip, "link") ?? "");
      const props = path(shape.node, "nvPicPr", "cNvPr");
      return rel ? pictureMarkdown(attr(props, "descr") || attr(props, "title") || "", rel.target, rel.external) : "";
    }
    case "graphicFrame":
      return frameMarkdown(shape.node, ctx);
    default:
      return "";
  }
};

export const slideMarkdown = (part: string, number: number, ctx: SlideContext): string => {
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
  const body = shapes
    .filter((s) => s !== titleShape && !(s.ph && FURNITURE.has(s.ph.type)))
    .map((s) => shapeMarkdown(s, shapeCtx))
    .filter((text) => text.trim());
  const heading = `## Slide ${number}${title ? `: ${escapeText(title)}` : ""}${hidden ? " (hidden)" : ""}`;
  const notes = notesMarkdown(ctx.pkg, part);
  return [heading, ...body, ...(notes ? [notes] : [])].join("\n\n");
};
