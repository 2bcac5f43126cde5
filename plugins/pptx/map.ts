/**
 * The pure mapping step of the PowerPoint renderer: IR + `style_applied` + resolved pictures →
 * the deck model (`model.ts`) and diagnostics. No I/O and no clock; packing the model into a
 * .pptx is the next step (`pack.ts`).
 *
 * Slides come from the document by the rule in `sections.ts`; each content slide is laid out by
 * `layout.ts`, which shrinks text within limits or continues the slide on further slides titled
 * "… (cont.)" in the deck's language ("(suite)", "(Forts.)"; reported as `layout.slide_overflow`, info).
 *
 * The look (`theme.ts`): white slides; the title slide has an accent band down its left edge,
 * the title, a short accent rule and the subtitle; section dividers are filled with the accent
 * colour; content slides have the title in the heading colour over a short accent rule, and a
 * footer band with the footer text (left) and the slide number (right, when `page_numbers`).
 * The style's running header, when there is one, sits small at the top right of every slide.
 */
import type { Diagnostic } from "../../core/diagnostics.ts";
import { diagnostic } from "../../core/diagnostics.ts";
import { quireWords } from "../../core/doctype/labels.ts";
import { languageOf } from "../../core/doctype/language-tag.ts";
import { plainText } from "../../core/ir/text.ts";
import type { Block, DocType, HeadingBlock, IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import type { ContentContext } from "./content.ts";
import { clean, flowItems, runs } from "./content.ts";
import type { LayoutContext } from "./layout.ts";
import { layoutFlow, measureOf } from "./layout.ts";
import { lineCount, textHeight } from "./measure.ts";
import type { Box, DeckModel, HAlign, ParagraphModel, RunModel, ShapeModel, SlideModel, TextShape } from "./model.ts";
import type { Palette } from "./theme.ts";
import {
  accentBar,
  baseBodySize,
  contentArea,
  contentWidth,
  footerHeight,
  footerTop,
  marginX,
  maxBodySize,
  minTitleSize,
  palette,
  slideHeight,
  slideWidth,
  titleSize,
  titleTop,
  untitledTop,
} from "./theme.ts";
import type { SlideSource } from "./sections.ts";
import { slideSources } from "./sections.ts";

export interface MapOptions {
  type: DocType;
  name?: string;
  images: ReadonlyMap<string, ImageData | null>;
}

interface DeckContext {
  style: StyleApplied;
  face: string;
  palette: Palette;
  base: number;
  layout: LayoutContext;
  content: ContentContext;
  /** After the title of a slide a section continues on: "(cont.)", "(suite)", "(Forts.)" (core/doctype/labels.ts). */
  continued: string;
  diagnostics: Diagnostic[];
}

export function mapDeck(ir: IRDocument, style: StyleApplied, options: MapOptions): { deck: DeckModel; diagnostics: Diagnostic[] } {
  const colours = palette(style);
  const face = style.font.trim() || "Calibri";
  const base = baseBodySize(style);
  const diagnostics: Diagnostic[] = [];
  const footnotes = new Map(ir.footnotes.map((note, i) => [note.id, { n: i + 1, text: clean(note.blocks.map(blockText).join(" ")) }]));
  const ctx: DeckContext = {
    style,
    face,
    palette: colours,
    base,
    layout: {
      face,
      palette: colours,
      base,
      lineSpacing: Math.min(1.5, Math.max(1, style.line_spacing)),
      footnotes,
      grow: maxBodySize,
    },
    content: {
      images: options.images,
      footnoteNumbers: new Map([...footnotes].map(([id, note]) => [id, note.n])),
      accent: colours.ink,
      bodyAlign: style.align.body,
      diagnostics,
    },
    continued: quireWords(languageOf(ir)).continued,
    diagnostics,
  };

  const slides: SlideModel[] = [];
  for (const source of slideSources(ir, options.name)) slides.push(...mapSource(source, ctx));
  const title = (ir.title ?? "").trim() || (options.name ?? "").trim();
  const look = {
    body: base,
    title: titleSize(base),
    titleColor: colours.title,
    headingColor: colours.headings,
    textColor: colours.text,
    mutedColor: colours.muted,
  };
  return { deck: { ...(title ? { title } : {}), face, bulletColor: colours.ink, look, slides }, diagnostics };
}

export function blockText(block: Block): string {
  switch (block.type) {
    case "heading":
    case "paragraph":
      return plainText(block.inlines);
    case "list":
      return block.items.map((item) => item.blocks.map(blockText).join(" ")).join("; ");
    case "quote":
      return block.blocks.map(blockText).join(" ");
    case "code":
      return block.text;
    default:
      return "";
  }
}

function mapSource(source: SlideSource, ctx: DeckContext): SlideModel[] {
  switch (source.kind) {
    case "title":
      return [titleSlide(source.title, source.subtitle ? runs(source.subtitle, ctx.content) : [], notes(source.notes), ctx)];
    case "section":
      return [sectionSlide(source.heading, notes(source.notes), ctx)];
    case "content":
      return contentSlides(source, ctx);
  }
}

/**
 * A heading's runs as a title: the title's own look replaces bold, colours and links; gap
 * markers stay highlighted; footnote numbers go (their text has nowhere to go on a title).
 */
function titleRuns(heading: HeadingBlock, ctx: DeckContext, suffix = ""): RunModel[] {
  const out = runs(heading.inlines, ctx.content)
    .filter((r) => !r.superscript)
    .map(({ bold: _bold, href: _href, color: _color, ...rest }) => (rest.highlight ? { ...rest, bold: true } : rest));
  if (out[0]) out[0] = { ...out[0], text: out[0].text.trimStart() };
  return suffix ? [...out, { text: suffix }] : out;
}

function notes(list: string[]): string | undefined {
  const text = list.join("\n").trim();
  return text === "" ? undefined : text;
}

// --- text that must fit a fixed place ----------------------------------------------------------------

interface FittedText {
  paragraph: ParagraphModel;
  height: number;
}

/**
 * A one-paragraph text (title, subtitle) at the largest size from `max` down to `min` that
 * takes at most `lines` lines; at `min` it takes what it needs.
 */
function fitText(
  text: RunModel[],
  width: number,
  range: { max: number; min: number; lines: number },
  look: { color: string; align: HAlign; bold?: boolean },
  face: string,
): FittedText {
  let paragraph: ParagraphModel | null = null;
  for (let size = range.max; size >= range.min; size -= 2) {
    paragraph = { runs: text, size, color: look.color, align: look.align, level: 0, indent: 0, spaceBefore: 0, lineSpacing: 0.95, ...(look.bold ? { bold: true } : {}) };
    if (lineCount(measureOf(paragraph), width, face) <= range.lines) break;
  }
  return { paragraph: paragraph!, height: textHeight([measureOf(paragraph!)], width, face) };
}

function textShape(
  name: string,
  box: Box,
  paragraphs: ParagraphModel[],
  face: string,
  valign: TextShape["valign"] = "top",
  placeholder?: TextShape["placeholder"],
): TextShape {
  return { type: "text", name, box, paragraphs, face, insets: { left: 0, top: 0, right: 0, bottom: 0 }, valign, ...(placeholder ? { placeholder } : {}) };
}

/** The running header (top right, above the title) and footer text, and the slide number. */
function footer(ctx: DeckContext, color: string, numbered: boolean): Pick<SlideModel, "slideNumber"> & { shapes: ShapeModel[] } {
  const shapes: ShapeModel[] = [];
  const size = 10;
  if (ctx.style.header) {
    const paragraph: ParagraphModel = { runs: [{ text: clean(ctx.style.header) }], size, color, align: "right", level: 0, indent: 0, spaceBefore: 0, lineSpacing: 1 };
    shapes.push(textShape("Header", { x: slideWidth / 2, y: 0.1, w: slideWidth / 2 - marginX, h: 0.26 }, [paragraph], ctx.face, "middle"));
  }
  if (ctx.style.footer) {
    const paragraph: ParagraphModel = { runs: [{ text: clean(ctx.style.footer) }], size, color, align: "left", level: 0, indent: 0, spaceBefore: 0, lineSpacing: 1 };
    shapes.push(textShape("Footer", { x: marginX, y: footerTop, w: contentWidth - 1.6, h: footerHeight }, [paragraph], ctx.face, "middle"));
  }
  return {
    shapes,
    ...(numbered && ctx.style.page_numbers
      ? { slideNumber: { box: { x: slideWidth - marginX - 1.2, y: footerTop, w: 1.2, h: footerHeight }, size, color, face: ctx.face } }
      : {}),
  };
}

// --- title and section slides ------------------------------------------------------------------------

const titleSlideGeometry = { x: 1.05, bandWidth: 0.28, titleBottom: 3.95, barGap: 0.22, subtitleGap: 0.3 };

function titleSlide(title: string, subtitle: RunModel[], notesText: string | undefined, ctx: DeckContext): SlideModel {
  const g = titleSlideGeometry;
  const width = slideWidth - g.x - marginX;
  const align = ctx.style.align.title;
  const main = fitText([{ text: clean(title) }], width, { max: 44, min: 28, lines: 3 }, { color: ctx.palette.title, align, bold: true }, ctx.face);
  const shapes: ShapeModel[] = [
    { type: "rect", name: "Accent band", box: { x: 0, y: 0, w: g.bandWidth, h: slideHeight }, fill: ctx.palette.accent },
    textShape("Title", { x: g.x, y: g.titleBottom - main.height, w: width, h: main.height }, [main.paragraph], ctx.face, "bottom", "ctrTitle"),
  ];
  const barY = g.titleBottom + g.barGap;
  const barW = 1.4;
  shapes.push({ type: "rect", name: "Accent rule", box: { x: ruleX(align, g.x, width, barW), y: barY, w: barW, h: 0.08 }, fill: ctx.palette.accent });
  if (subtitle.length > 0) {
    const sub = fitText(subtitle, width, { max: 24, min: 16, lines: 3 }, { color: ctx.palette.muted, align }, ctx.face);
    shapes.push(textShape("Subtitle", { x: g.x, y: barY + 0.08 + g.subtitleGap, w: width, h: sub.height }, [sub.paragraph], ctx.face, "top", "subTitle"));
  }
  shapes.push(...footer(ctx, ctx.palette.muted, false).shapes);
  return { kind: "title", title, shapes, ...(notesText ? { notes: notesText } : {}) };
}

function sectionSlide(heading: HeadingBlock, notesText: string | undefined, ctx: DeckContext): SlideModel {
  const title = clean(plainText(heading.inlines)).trim();
  const width = contentWidth - 0.5;
  const on = ctx.palette.onAccent;
  const main = fitText(titleRuns(heading, ctx), width, { max: 40, min: 28, lines: 3 }, { color: on, align: ctx.style.align.headings, bold: true }, ctx.face);
  const top = (slideHeight - main.height) / 2;
  const { shapes: foot, slideNumber } = footer(ctx, on, true);
  return {
    kind: "section",
    title,
    background: ctx.palette.accent,
    shapes: [
      { type: "rect", name: "Rule", box: { x: ruleX(ctx.style.align.headings, marginX + 0.25, width, 1.1), y: top - 0.4, w: 1.1, h: 0.08 }, fill: on },
      textShape("Title", { x: marginX + 0.25, y: top, w: width, h: main.height }, [main.paragraph], ctx.face, "top", "title"),
      ...foot,
    ],
    ...(slideNumber ? { slideNumber } : {}),
    ...(notesText ? { notes: notesText } : {}),
  };
}

// --- content slides ------------------------------------------------------------------------------------

function contentSlides(source: Extract<SlideSource, { kind: "content" }>, ctx: DeckContext): SlideModel[] {
  const title = source.heading ? clean(plainText(source.heading.inlines)).trim() : "";
  const items = flowItems(source.blocks, ctx.content);
  if (items.length === 0 && title === "") return [];

  const heading = (text: RunModel[]) =>
    fitText(text, contentWidth, { max: titleSize(ctx.base), min: minTitleSize, lines: 2 }, { color: ctx.palette.headings, align: ctx.style.align.headings }, ctx.face);
  // The area is the same on every slide of the section, so it is taken with the longer
  // "… (cont.)" title, which may need a second line where the first did not.
  const first = source.heading && title ? heading(titleRuns(source.heading, ctx)) : null;
  const cont = source.heading && title ? heading(titleRuns(source.heading, ctx, ` ${ctx.continued}`)) : null;
  const titleHeight = Math.max(first?.height ?? 0, cont?.height ?? 0);
  const area = contentArea(title ? titleTop + titleHeight : null);
  // A heading whose only content could not be shown (a missing picture) still gets its slide.
  const pages = items.length > 0 ? layoutFlow(items, area, ctx.layout).pages : [[]];
  if (pages.length > 1) {
    ctx.diagnostics.push(
      diagnostic(
        "layout.slide_overflow",
        "info",
        "layout",
        `${title ? `The slide "${title.slice(0, 80)}"` : "An untitled slide"} held more than fits even at 14 pt; it continues on ${pages.length - 1} more slide${pages.length > 2 ? "s" : ""}.`,
        source.nodeId,
      ),
    );
  }

  return pages.map((page, i) => {
    const shapes: ShapeModel[] = [];
    const fitted = i === 0 ? first : cont;
    if (fitted) {
      shapes.push(textShape("Title", { x: marginX, y: titleTop, w: contentWidth, h: titleHeight }, [fitted.paragraph], ctx.face, "bottom", "title"));
      const barY = titleTop + titleHeight + accentBar.gap;
      shapes.push({
        type: "rect",
        name: "Accent rule",
        box: { x: ruleX(ctx.style.align.headings, marginX, contentWidth, accentBar.width), y: barY, w: accentBar.width, h: accentBar.height },
        fill: ctx.palette.accent,
      });
    } else {
      shapes.push({ type: "rect", name: "Accent rule", box: { x: marginX, y: untitledTop - 0.3, w: accentBar.width, h: accentBar.height }, fill: ctx.palette.accent });
    }
    shapes.push(...page);
    const { shapes: foot, slideNumber } = footer(ctx, ctx.palette.muted, true);
    shapes.push(...foot);
    const slideTitle = fitted ? (i === 0 ? title : `${title} ${ctx.continued}`) : "";
    return {
      kind: "content" as const,
      title: slideTitle,
      shapes,
      ...(slideNumber ? { slideNumber } : {}),
      // The notes belong with the slide the speaker starts the section on.
      ...(i === 0 && notes(source.notes) ? { notes: notes(source.notes)! } : {}),
    };
  });
}

/** Where a short rule of `width` starts under text aligned `align` in a box at `x`, `boxWidth` wide. */
function ruleX(align: HAlign, x: number, boxWidth: number, width: number): number {
  if (align === "center") return x + (boxWidth - width) / 2;
  if (align === "right") return x + boxWidth - width;
  return x;
}
