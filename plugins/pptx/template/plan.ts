/**
 * The slides of a deck made on a template, decided before any XML is written. Pure: IR + style + the template read
 * by read.ts + resolved pictures → one plan per slide.
 *
 * The slides come from the document by the normal path's rule (sections.ts) and a slide's content is fitted by the
 * normal path's layout (content.ts, layout.ts, measure.ts) inside the template's body placeholder, at the size the
 * template gives body text: what fits at a smaller size is drawn at that size (`fontScale`), what does not fit at
 * 14 pt continues on slides titled "… (cont.)". A slide of text puts all of it in the body placeholder; a slide with
 * a table, a picture or a chart takes the title-only layout and places its pieces where the fitting put them, inside
 * the body placeholder's box. Titles are fitted in their placeholder the same way.
 */
import { diagnostic, type Diagnostic } from "../../../core/diagnostics.ts";
import { quireWords } from "../../../core/doctype/labels.ts";
import { languageOf } from "../../../core/doctype/language-tag.ts";
import { plainText } from "../../../core/ir/text.ts";
import type { HeadingBlock, Inline, IRDocument } from "../../../core/ir/types.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import type { ImageData } from "../../../core/contracts/format-plugin.ts";
import { clean, flowItems, runs, type ContentContext } from "../content.ts";
import { layoutFlow, measureOf, type LayoutContext } from "../layout.ts";
import { blockText } from "../map.ts";
import { textHeight } from "../measure.ts";
import type { ParagraphModel, RunModel, ShapeModel } from "../model.ts";
import { slideSources, type SlideSource } from "../sections.ts";
import { minBodySize, palette } from "../theme.ts";
import { bodyOf, chooseLayout, titleOf } from "./layouts.ts";
import type { EmuBox, Template, TemplateLayout, TemplatePlaceholder } from "./read.ts";

export const emuPerInch = 914_400;

/** A placeholder of the slide: which layout placeholder it fills, and its box when the layout has none to give. */
export interface PlaceholderText {
  type: string;
  idx?: string;
  /** Written on the slide only when the layout lacks the placeholder. */
  box?: EmuBox;
  paragraphs: ParagraphModel[];
  /** `normAutofit fontScale` in percent, when the text is drawn smaller than the template's size. */
  scale?: number;
  /** The size the fitting measured the text at, which the template's size stands for (body text only). */
  measuredAt?: number;
  /** The template's size for this placeholder's text, in points. */
  templateSize: number;
}

export interface PlannedSlide {
  layout: TemplateLayout;
  title: string;
  placeholders: PlaceholderText[];
  /** Tables, pictures and the text around them, placed in inches by the fitting. */
  shapes: ShapeModel[];
  notes?: string;
  /** The layout's slide number placeholder, when it has one. */
  slideNumber?: TemplatePlaceholder;
  footer?: { ph: TemplatePlaceholder; text: string };
}

interface PlanContext {
  template: Template;
  style: StyleApplied;
  content: ContentContext;
  layout: LayoutContext;
  /** The box content is fitted in (the text layout's body placeholder inside its insets), in inches. */
  area: { x: number; y: number; w: number; h: number };
  /** The template's body text size the fitting starts from. */
  base: number;
  /** After the title of a slide a section continues on: "(cont.)", "(suite)", "(Forts.)" (core/doctype/labels.ts). */
  continued: string;
  diagnostics: Diagnostic[];
}

export function planDeck(
  ir: IRDocument,
  style: StyleApplied,
  template: Template,
  images: ReadonlyMap<string, ImageData | null>,
  name?: string,
): { slides: PlannedSlide[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const colours = palette(style);
  const footnotes = new Map(ir.footnotes.map((note, i) => [note.id, { n: i + 1, text: clean(note.blocks.map(blockText).join(" ")) }]));
  const text = chooseLayout(template, "text");
  const body = placeholderBox(template, text, "body");
  // Measured no smaller than 16 pt: the fitting's floor is 14 pt, and a template setting body text smaller leaves
  // the fitting no room to shrink it.
  const base = Math.max(16, Math.round(body.size));
  const ctx: PlanContext = {
    template,
    style,
    base,
    area: innerInches(body.box, body.insets),
    content: {
      images,
      footnoteNumbers: new Map([...footnotes].map(([id, note]) => [id, note.n])),
      accent: colours.ink,
      bodyAlign: style.align.body,
      diagnostics,
    },
    layout: { face: template.bodyFace, palette: colours, base, lineSpacing: 1, footnotes },
    continued: quireWords(languageOf(ir)).continued,
    diagnostics,
  };
  const slides = slideSources(ir, name).flatMap((source) => planSource(source, ctx));
  return { slides, diagnostics };
}

function planSource(source: SlideSource, ctx: PlanContext): PlannedSlide[] {
  switch (source.kind) {
    case "title":
      return [titleSlide(source, ctx)];
    case "section":
      return [sectionSlide(source.heading, source.notes, ctx)];
    case "content":
      return contentSlides(source, ctx);
  }
}

// --- geometry ---------------------------------------------------------------------------------------

/** A placeholder of the layout, else the master's of its kind, else a box of the slide's proportions. */
function placeholderBox(template: Template, layout: TemplateLayout, kind: "title" | "body"): TemplatePlaceholder & { box: EmuBox } {
  const own = kind === "title" ? titleOf(layout, true) : bodyOf(layout);
  const master = template.masters.find((m) => m.part === layout.master) ?? template.masters[0]!;
  const inherited = kind === "title" ? titleOf(master) : bodyOf(master);
  const { cx, cy } = template.size;
  const fallback: EmuBox =
    kind === "title" ? { x: cx * 0.05, y: cy * 0.04, w: cx * 0.9, h: cy * 0.17 } : { x: cx * 0.05, y: cy * 0.23, w: cx * 0.9, h: cy * 0.66 };
  const found = own ?? inherited;
  const defaults = { type: kind, insets: { left: 91_440, top: 45_720, right: 91_440, bottom: 45_720 }, size: kind === "title" ? 44 : 32 };
  return { ...defaults, ...found, box: own?.box ?? inherited?.box ?? fallback };
}

function innerInches(box: EmuBox, insets: TemplatePlaceholder["insets"]) {
  return {
    x: (box.x + insets.left) / emuPerInch,
    y: (box.y + insets.top) / emuPerInch,
    w: Math.max(1, (box.w - insets.left - insets.right) / emuPerInch),
    h: Math.max(1, (box.h - insets.top - insets.bottom) / emuPerInch),
  };
}

const paragraph = (text: RunModel[], size: number): ParagraphModel => ({ runs: text, size, color: "000000", align: "left", level: 0, indent: 0, spaceBefore: 0, lineSpacing: 0.9 });

/**
 * Text for a title-like placeholder of the layout (`title`, `ctrTitle`, `subTitle`, the body as a subtitle):
 * drawn at the template's size when it fits the box, else scaled down to what fits, 50% at the least.
 */
function fitted(template: Template, layout: TemplateLayout, kind: "title" | "body", type: string, text: RunModel[]): PlaceholderText {
  const ph = placeholderBox(template, layout, kind);
  const own = kind === "title" ? titleOf(layout, true) : bodyOf(layout);
  const area = innerInches(ph.box, ph.insets);
  let scale = 100;
  while (scale > 50 && textHeight([measureOf(paragraph(text, (ph.size * scale) / 100))], area.w, template.bodyFace) > area.h) scale -= 10;
  return {
    type,
    ...(own?.idx !== undefined ? { idx: own.idx } : kind === "body" ? { idx: "1" } : {}),
    ...(own ? {} : { box: ph.box }),
    paragraphs: [paragraph(text, ph.size)],
    ...(scale < 100 ? { scale } : {}),
    templateSize: ph.size,
  };
}

/** A heading as a title: the title's own look replaces bold and links; footnote numbers go. */
function titleRuns(inlines: Inline[], ctx: PlanContext, suffix = ""): RunModel[] {
  const out = runs(inlines, ctx.content)
    .filter((r) => !r.superscript)
    .map(({ bold: _bold, href: _href, color: _color, ...rest }) => rest);
  if (out[0]) out[0] = { ...out[0], text: out[0].text.trimStart() };
  return suffix ? [...out, { text: suffix }] : out;
}

function furniture(layout: TemplateLayout, ctx: PlanContext, numbered: boolean): Pick<PlannedSlide, "slideNumber" | "footer"> {
  const number = numbered ? layout.placeholders.find((p) => p.type === "sldNum") : undefined;
  const footer = ctx.style.footer ? layout.placeholders.find((p) => p.type === "ftr") : undefined;
  return { ...(number ? { slideNumber: number } : {}), ...(footer && ctx.style.footer ? { footer: { ph: footer, text: clean(ctx.style.footer) } } : {}) };
}

const notesOf = (list: string[]): { notes?: string } => {
  const text = list.join("\n").trim();
  return text === "" ? {} : { notes: text };
};

// --- slides -----------------------------------------------------------------------------------------

function titleSlide(source: Extract<SlideSource, { kind: "title" }>, ctx: PlanContext): PlannedSlide {
  const layout = chooseLayout(ctx.template, "title");
  const centred = layout.placeholders.some((p) => p.type === "ctrTitle");
  const placeholders = [fitted(ctx.template, layout, "title", centred ? "ctrTitle" : "title", [{ text: clean(source.title) }])];
  if (source.subtitle) {
    const sub = layout.placeholders.find((p) => p.type === "subTitle");
    const subtitle = fitted(ctx.template, layout, "body", sub ? "subTitle" : (bodyOf(layout)?.type ?? "body"), runs(source.subtitle, ctx.content));
    placeholders.push(sub ? { ...subtitle, idx: sub.idx ?? "1" } : subtitle);
  }
  return { layout, title: source.title, placeholders, shapes: [], ...notesOf(source.notes), ...furniture(layout, ctx, false) };
}

function sectionSlide(heading: HeadingBlock, notes: string[], ctx: PlanContext): PlannedSlide {
  const layout = chooseLayout(ctx.template, "section");
  const title = clean(plainText(heading.inlines)).trim();
  return {
    layout,
    title,
    placeholders: [fitted(ctx.template, layout, "title", "title", titleRuns(heading.inlines, ctx))],
    shapes: [],
    ...notesOf(notes),
    ...furniture(layout, ctx, true),
  };
}

function contentSlides(source: Extract<SlideSource, { kind: "content" }>, ctx: PlanContext): PlannedSlide[] {
  const title = source.heading ? clean(plainText(source.heading.inlines)).trim() : "";
  const items = flowItems(source.blocks, ctx.content);
  if (items.length === 0 && title === "") return [];
  const flow = items.length > 0 ? layoutFlow(items, ctx.area, ctx.layout) : { pages: [[]] as ShapeModel[][], body: ctx.base };
  if (flow.pages.length > 1) {
    const more = flow.pages.length - 1;
    ctx.diagnostics.push(
      diagnostic(
        "layout.slide_overflow",
        "info",
        "layout",
        `${title ? `The slide "${title.slice(0, 80)}"` : "An untitled slide"} held more than fits even at ${minBodySize} pt; it continues on ${more} more slide${more > 1 ? "s" : ""}.`,
        source.nodeId,
      ),
    );
  }
  return flow.pages.map((page, i) => {
    const visual = page.some((s) => s.type !== "text" && s.type !== "rect");
    const layout = chooseLayout(ctx.template, visual ? "visual" : "text");
    const placeholders: PlaceholderText[] = [];
    if (source.heading && title) {
      placeholders.push(fitted(ctx.template, layout, "title", "title", titleRuns(source.heading.inlines, ctx, i === 0 ? "" : ` ${ctx.continued}`)));
    }
    // Quote bars and code shading are the normal path's own design: the template's look stands without them.
    const shapes = page.filter((s) => s.type !== "rect");
    if (!visual && shapes.length > 0) {
      const ph = placeholderBox(ctx.template, layout, "body");
      const own = bodyOf(layout);
      placeholders.push({
        type: own?.type ?? "body",
        idx: own?.idx ?? "1",
        ...(own ? {} : { box: ph.box }),
        paragraphs: shapes.flatMap((s) => (s.type === "text" ? s.paragraphs : [])),
        ...(flow.body < ctx.base ? { scale: Math.round((flow.body / ctx.base) * 100) } : {}),
        measuredAt: flow.body,
        templateSize: ph.size,
      });
    }
    return {
      layout,
      title: source.heading && title ? (i === 0 ? title : `${title} ${ctx.continued}`) : "",
      placeholders,
      shapes: visual ? shapes : [],
      ...(i === 0 ? notesOf(source.notes) : {}),
      ...furniture(layout, ctx, true),
    };
  });
}
