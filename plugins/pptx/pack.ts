/**
 * Packing: the deck model → a .pptx through pptxgenjs, then a pass over the slide XML.
 *
 * pptxgenjs makes no layout decisions here: every shape comes with its box, every paragraph
 * with its size, spacing and bullet. The pass afterwards repairs what pptxgenjs 4 writes
 * wrongly for paragraphs of several runs (an `a:pPr` before every run; OOXML allows one, first,
 * and a later `<a:buNone/>` would switch the bullet off in some readers), colours bullets
 * (pptxgenjs has no option for it), and turns the speaker notes' line breaks into paragraphs (pptxgenjs writes them
 * inside one `a:t`, where PowerPoint shows no break). It also drops the content-type overrides
 * pptxgenjs lists for slide masters it never writes (one per slide; only the first exists).
 * Each slide is made from a layout of its kind (slide-layouts.ts, whose placeholders the pass writes), and its
 * title, subtitle and first body text become that layout's placeholders.
 */
import PptxModule from "pptxgenjs";
import type Pptx from "pptxgenjs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { ChartShape, DeckModel, ParagraphModel, ShapeModel, SlideModel } from "./model.ts";
import { monoFace } from "./theme.ts";
import { fillLayout, layoutNames, slideNumberIdx } from "./slide-layouts.ts";
import { withLanguage } from "../../core/ooxml/drawing-language.ts";

// pptxgenjs ships CommonJS-style typings beside its ES build: under NodeNext the default import
// is typed as the module object, while at run time it is the class itself.
type PptxClass = typeof PptxModule.default;
type Presentation = InstanceType<PptxClass>;
type Slide = ReturnType<Presentation["addSlide"]>;
type TextProps = Pptx.default.TextProps;
type TextPropsOptions = Pptx.default.TextPropsOptions;
const PptxGenJS = ((PptxModule as unknown as { default?: PptxClass }).default ?? PptxModule) as unknown as PptxClass;

/**
 * `author` is the file's author and company metadata: the caller's organisation, else empty; `language` the tag of
 * the deck's text (BCP 47).
 */
export async function packDeck(deck: DeckModel, author = "", language = "en-US"): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = "LAYOUT_WIDE";
  pptx.author = author;
  pptx.company = author;
  pptx.subject = "";
  if (deck.title) pptx.title = deck.title;
  pptx.theme = { headFontFace: deck.face, bodyFontFace: deck.face };
  // Empty here: their placeholders are written into the packed parts (slide-layouts.ts).
  for (const title of Object.values(layoutNames)) pptx.defineSlideMaster({ title });
  for (const model of deck.slides) addSlide(pptx, model);
  // Stored uncompressed: the XML pass unzips it and compresses once when zipping again.
  const written = (await pptx.write({ outputType: "uint8array", compression: false })) as Uint8Array;
  return fixParts(written, deck, language);
}

function addSlide(pptx: Presentation, model: SlideModel): void {
  const slide = pptx.addSlide({ masterName: layoutNames[model.kind] });
  if (model.background) slide.background = { color: model.background };
  for (const shape of model.shapes) addShape(slide, shape);
  if (model.slideNumber) {
    const { box, size, color, face } = model.slideNumber;
    slide.slideNumber = { x: box.x, y: box.y, w: box.w, h: box.h, fontFace: face, fontSize: size, color, align: "right", valign: "middle", margin: 0 };
  }
  if (model.notes) slide.addNotes(model.notes);
}

function addShape(slide: Slide, shape: ShapeModel): void {
  switch (shape.type) {
    case "rect":
      slide.addShape("rect", { ...shape.box, fill: { color: shape.fill }, line: { type: "none" }, objectName: shape.name });
      return;
    case "text": {
      const { left, top, right, bottom } = shape.insets;
      slide.addText(textProps(shape.paragraphs, shape.face), {
        ...shape.box,
        objectName: shape.name,
        // pptxgenjs reads the margin array as [left, right, bottom, top], in points.
        margin: [left * 72, right * 72, bottom * 72, top * 72],
        valign: shape.valign,
        fit: "none",
        wrap: true,
        ...(shape.fill ? { fill: { color: shape.fill } } : {}),
      });
      return;
    }
    case "table": {
      const rows = shape.rows.map((row) =>
        row.map((cell) => ({
          text: textProps([cell.paragraph], shape.face),
          options: {
            valign: "middle" as const,
            ...(cell.fill ? { fill: { color: cell.fill } } : {}),
          },
        })),
      );
      const { vertical, horizontal } = shape.cellMargin;
      slide.addTable(rows, {
        x: shape.box.x,
        y: shape.box.y,
        w: shape.box.w,
        colW: shape.columnWidths,
        rowH: shape.rowHeights,
        border: { type: "solid", pt: 0.75, color: shape.border },
        // Below 1, pptxgenjs reads cell margins as inches, in CSS order.
        margin: [vertical, horizontal, vertical, horizontal],
        objectName: shape.name,
        autoPage: false,
      });
      return;
    }
    case "chart":
      addChart(slide, shape);
      return;
    case "image": {
      const mime = shape.format === "jpg" ? "jpeg" : shape.format;
      slide.addImage({
        data: `image/${mime};base64,${Buffer.from(shape.data).toString("base64")}`,
        ...shape.box,
        altText: shape.alt,
        objectName: shape.name,
      });
      return;
    }
  }
}

/**
 * A native chart: bars are clustered columns; the legend shows when there is more than one series (or slices); a
 * pie labels its slices with their percentages.
 */
function addChart(slide: Slide, shape: ChartShape): void {
  const text = { fontFace: shape.face, fontSize: shape.size, color: shape.textColor };
  const legend = shape.chart === "pie" || shape.series.length > 1;
  slide.addChart(
    shape.chart,
    shape.series.map((s) => ({ name: s.name, labels: shape.labels, values: s.values })),
    {
      ...shape.box,
      objectName: shape.name,
      altText: shape.alt,
      chartColors: shape.colors,
      ...(shape.chart === "bar" ? { barDir: "col" as const, barGrouping: "clustered" as const } : {}),
      ...(shape.chart === "line" ? { lineSize: 2.5, lineDataSymbol: "circle" as const, lineDataSymbolSize: 7 } : {}),
      // Outside the slices, in the text colour: one colour could not read on every slice.
      ...(shape.chart === "pie"
        ? { showPercent: true, showValue: false, dataLabelPosition: "outEnd" as const, dataLabelColor: shape.textColor, dataLabelFontFace: shape.face, dataLabelFontSize: shape.size }
        : {}),
      showLegend: legend,
      ...(legend ? { legendPos: "b" as const, legendFontFace: shape.face, legendFontSize: shape.size, legendColor: shape.textColor } : {}),
      showTitle: Boolean(shape.title),
      ...(shape.title ? { title: shape.title, titleFontFace: shape.face, titleFontSize: Math.round(shape.size * 1.2), titleColor: shape.textColor } : {}),
      catAxisLabelFontFace: text.fontFace,
      catAxisLabelFontSize: text.fontSize,
      catAxisLabelColor: text.color,
      valAxisLabelFontFace: text.fontFace,
      valAxisLabelFontSize: text.fontSize,
      valAxisLabelColor: text.color,
      valGridLine: { color: "D9D9D9", size: 0.75 },
      catGridLine: { style: "none" },
    },
  );
}

const hex4 = (ch: string): string => (ch.codePointAt(0) ?? 0x2022).toString(16).toUpperCase().padStart(4, "0");

/**
 * Paragraphs → pptxgenjs text runs. Paragraph properties ride on each paragraph's first run
 * (the XML pass removes the copies pptxgenjs writes for the others); `breakLine` ends a
 * paragraph, `softBreakBefore` is a line break inside one.
 */
export function textProps(paragraphs: ParagraphModel[], face: string): TextProps[] {
  const out: TextProps[] = [];
  paragraphs.forEach((p, pi) => {
    const runs = p.runs.length > 0 ? p.runs : [{ text: "" }];
    runs.forEach((run, ri) => {
      const options: TextPropsOptions = {
        fontFace: run.mono || p.mono ? monoFace : face,
        fontSize: p.size,
        color: run.color ?? p.color,
        align: p.align,
        ...(run.bold || p.bold ? { bold: true } : {}),
        ...(run.italic || p.italic ? { italic: true } : {}),
        ...(run.strike ? { strike: "sngStrike" as const } : {}),
        ...(run.superscript ? { superscript: true } : {}),
        ...(run.highlight ? { highlight: "FFFF00" } : {}),
        ...(run.href ? { hyperlink: { url: run.href } } : {}),
        ...(run.breakBefore && ri > 0 ? { softBreakBefore: true } : {}),
        ...(ri === runs.length - 1 && pi < paragraphs.length - 1 ? { breakLine: true } : {}),
      };
      if (ri === 0) {
        if (p.level > 0) options.indentLevel = p.level;
        if (p.spaceBefore > 0) options.paraSpaceBefore = p.spaceBefore;
        options.lineSpacingMultiple = p.lineSpacing;
        if (p.bullet?.kind === "bullet") options.bullet = { characterCode: hex4(p.bullet.char), indent: p.indent };
        else if (p.bullet?.kind === "number") options.bullet = { type: "number", style: "arabicPeriod", numberStartAt: p.bullet.n, indent: p.indent };
      }
      out.push({ text: run.text, options });
    });
  });
  return out;
}

// --- the XML pass ------------------------------------------------------------------------------------

export function fixParts(zip: Uint8Array, deck: DeckModel, language = "en-US"): Uint8Array {
  const files = unzipSync(zip);
  // pptxgenjs zips empty folder entries (charts, media…); a package needs none.
  for (const name of Object.keys(files)) if (name.endsWith("/")) delete files[name];
  for (const [name, data] of Object.entries(files)) {
    const slide = /^ppt\/slides\/slide(\d+)\.xml$/.exec(name);
    if (slide) {
      const model = deck.slides[Number(slide[1]) - 1];
      files[name] = strToU8(uniqueShapeIds(decorations(placeholders(fixSlide(strFromU8(data), deck.bulletColor), model), model)));
    }
    else if (/^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name)) files[name] = strToU8(fixNotes(strFromU8(data)));
    else if (/^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(name)) files[name] = strToU8(fillLayout(strFromU8(data), deck));
    // The master's header and footer settings say whether a slide made by hand gets its number too.
    else if (/^ppt\/slideMasters\/slideMaster\d+\.xml$/.test(name) && deck.slides.some((s) => s.slideNumber)) {
      files[name] = strToU8(strFromU8(data).replace(/(<p:hf\b[^>]*?)sldNum="0"/, '$1sldNum="1"'));
    }
  }
  // Every text of the deck (slides, notes, layouts, masters, charts) in the document's language, not pptxgenjs's en-US.
  if (language !== "en-US") for (const [name, data] of Object.entries(files)) if (/^ppt\/.+\.xml$/.test(name)) files[name] = strToU8(withLanguage(strFromU8(data), language));
  const types = files["[Content_Types].xml"];
  if (types) {
    files["[Content_Types].xml"] = strToU8(
      strFromU8(types).replace(/<Override PartName="\/([^"]+)"[^>]*\/>/g, (override, part: string) => (part in files ? override : "")),
    );
  }
  // Level 1: the XML still shrinks about fivefold, and deflating is the largest single cost of a long deck.
  // Pictures are stored as they are; they are compressed already.
  const entries: Record<string, [Uint8Array, { level: 0 | 1 }]> = {};
  for (const [name, data] of Object.entries(files)) entries[name] = [data, { level: /\.(png|jpe?g|gif)$/i.test(name) ? 0 : 1 }];
  return zipSync(entries);
}

const paragraphPattern = /<a:p>([\s\S]*?)<\/a:p>/g;
const pPrPattern = /<a:pPr\b[^>]*?(?:\/>|>[\s\S]*?<\/a:pPr>)/g;

/** One `a:pPr` per paragraph (the first, moved to the front), and coloured bullets. */
export function fixSlide(xml: string, bulletColor: string): string {
  return xml.replace(paragraphPattern, (_whole, body: string) => {
    let first: string | null = null;
    const rest = body.replace(pPrPattern, (pPr: string) => {
      first ??= pPr;
      return "";
    });
    if (first === null) return `<a:p>${rest}</a:p>`;
    let pPr: string = first;
    if (/<a:bu(Char|AutoNum)\b/.test(pPr) && !pPr.includes("<a:buClr>")) {
      pPr = pPr.replace("<a:buSzPct", `<a:buClr><a:srgbClr val="${bulletColor}"/></a:buClr><a:buSzPct`);
    }
    return `<a:p>${pPr}${rest}</a:p>`;
  });
}

/**
 * Title and body shapes become placeholders of their layout (slide-layouts.ts): pptxgenjs only
 * makes placeholders at positions fixed in a slide layout, and titles and bodies here take the
 * room their text needs. Their own box and properties say everything the fitting decided; a body
 * paragraph without space before says so, or it would take the layout's. The slide number names
 * the layout's slide number placeholder.
 */
export function placeholders(xml: string, model: SlideModel | undefined): string {
  let out = xml.replace(/<p:ph type="sldNum" sz="quarter" idx="\d+"\/>/, `<p:ph type="sldNum" sz="quarter" idx="${slideNumberIdx}"/>`);
  for (const shape of model?.shapes ?? []) {
    if (shape.type !== "text" || !shape.placeholder) continue;
    const idx = shape.placeholder === "subTitle" || shape.placeholder === "body" ? ' idx="1"' : "";
    const name = shape.name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    out = out.replace(
      new RegExp(`(<p:cNvPr id="\\d+" name="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"(?:/>|>.*?</p:cNvPr>))<p:cNvSpPr/><p:nvPr></p:nvPr>`, "s"),
      `$1<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="${shape.placeholder}"${idx}/></p:nvPr>`,
    );
  }
  return out.replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph type="body" idx="1"\/>[\s\S]*?<\/p:sp>/, (sp) =>
    sp.replace(/<a:pPr\b([^>]*?)(?:\/>|>([\s\S]*?)<\/a:pPr>)/g, (pPr: string, attrs: string, inner: string | undefined) => {
      if (inner?.includes("<a:spcBef>")) return pPr;
      const body = inner ?? "";
      const at = body.startsWith("<a:lnSpc>") ? body.indexOf("</a:lnSpc>") + "</a:lnSpc>".length : 0;
      return `<a:pPr${attrs}>${body.slice(0, at)}<a:spcBef><a:spcPts val="0"/></a:spcBef>${body.slice(at)}</a:pPr>`;
    }),
  );
}

/**
 * pptxgenjs 4 gives a table frame the id of another shape on its slide (its issue #1532), and PowerPoint offers to
 * repair a deck whose slide has two shapes with one id. A repeated id gets the next free one; nothing refers to
 * shape ids in what pptxgenjs writes (no connectors, no animations).
 */
export function uniqueShapeIds(xml: string): string {
  const ids = [...xml.matchAll(/<p:cNvPr id="(\d+)"/g)].map((m) => Number(m[1]));
  let next = Math.max(0, ...ids) + 1;
  const seen = new Set<number>();
  return xml.replace(/<p:cNvPr id="(\d+)"/g, (whole, id: string) => {
    if (!seen.has(Number(id))) return seen.add(Number(id)), whole;
    return `<p:cNvPr id="${next++}"`;
  });
}

const decorative =
  '<a:extLst><a:ext uri="{C183D7F6-B498-43B3-948B-1728B52AA6E4}"><adec:decorative xmlns:adec="http://schemas.microsoft.com/office/drawing/2017/decorative" val="1"/></a:ext></a:extLst>';

/**
 * What a screen reader is told about the slide's drawings. The bands and rules of the design are marked decorative
 * (PowerPoint's "Mark as decorative"), so its accessibility checker and readers skip them. A picture keeps its
 * Markdown image text as its description; without one, pptxgenjs writes its own file name ("preencoded.png"),
 * which describes nothing, so the description is left empty (and the create reports `image.no_alt_text`).
 */
export function decorations(xml: string, model: SlideModel | undefined): string {
  let out = xml.replace(/(<p:cNvPr id="\d+" name="[^"]*") descr="preencoded\.png"/g, "$1");
  for (const shape of model?.shapes ?? []) {
    if (shape.type !== "rect") continue;
    const name = shape.name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    out = out.replace(
      new RegExp(`(<p:cNvPr id="\\d+" name="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*?)(?:/>|>([\\s\\S]*?)</p:cNvPr>)`, "g"),
      (_whole, open: string, inner: string | undefined) => `${open}>${inner ?? ""}${decorative}</p:cNvPr>`,
    );
  }
  return out;
}

/** The notes placeholder's single run → one paragraph per line. */
export function fixNotes(xml: string): string {
  return xml.replace(
    /<a:p><a:r><a:rPr lang="en-US" dirty="0"\/><a:t>([\s\S]*?)<\/a:t><\/a:r><a:endParaRPr lang="en-US" dirty="0"\/><\/a:p>/,
    (_whole, text: string) =>
      text
        .split(/\r?\n/)
        .map((line) => (line === "" ? `<a:p><a:endParaRPr lang="en-US" dirty="0"/></a:p>` : `<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${line}</a:t></a:r></a:p>`))
        .join(""),
  );
}
