/**
 * A planned slide (plan.ts) as PresentationML: the slide part, its notes slide and the relationships they need.
 *
 * Placeholders are written as PowerPoint writes them on a slide made from a layout: `p:ph` with the layout
 * placeholder's type and index, no box of their own (the layout's is inherited) and text with no face, size or
 * colour, so the template's masters decide how it looks. Bold, italic, strike, links, highlighted gap markers and
 * list levels are the content's own and are written; a bullet comes from the template's list style for its level,
 * and a paragraph that is not a list item says `buNone`. Text drawn smaller than the template's size carries
 * `normAutofit fontScale`. Tables take the template's default table style; pictures, charts and free text sit where
 * the fitting placed them (free text boxes carry their fitted size and their bullets, having no placeholder to
 * inherit them from). A chart is a native chart part whose numbers are written in it (no workbook travels with it).
 */
import { escapeAttribute } from "../../../core/ooxml/xml/markup.ts";
import { chartXml } from "../../../core/ooxml/chart-xml.ts";
import { escapeText } from "../edit/runs.ts";
import type { ChartShape, ParagraphModel, RunModel, ShapeModel, TableShape, TextShape } from "../model.ts";
import { monoFace } from "../theme.ts";
import type { PlaceholderText, PlannedSlide } from "./plan.ts";
import { emuPerInch } from "./plan.ts";
import type { EmuBox } from "./read.ts";

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
export const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external?: boolean;
}

/** What a slide part refers to, collected while it is written. */
export class SlideRels {
  readonly list: Relationship[] = [];
  readonly media: Array<{ name: string; data: Uint8Array }> = [];
  /** Chart parts the slide draws, by their name in ppt/charts/. */
  readonly charts: Array<{ name: string; xml: string }> = [];

  add(type: string, target: string, external = false): string {
    const id = `rId${this.list.length + 1}`;
    this.list.push({ id, type, target, ...(external ? { external } : {}) });
    return id;
  }

  xml(): string {
    const items = this.list.map(
      (r) => `<Relationship Id="${r.id}" Type="${REL}/${r.type}" Target="${escapeAttribute(r.target)}"${r.external ? ' TargetMode="External"' : ""}/>`,
    );
    return `${DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join("")}</Relationships>`;
  }
}

const emu = (inches: number) => Math.round(inches * emuPerInch);

const xfrm = (box: EmuBox) =>
  `<a:xfrm><a:off x="${Math.round(box.x)}" y="${Math.round(box.y)}"/><a:ext cx="${Math.round(box.w)}" cy="${Math.round(box.h)}"/></a:xfrm>`;

const inchBox = (box: { x: number; y: number; w: number; h: number }): EmuBox => ({ x: emu(box.x), y: emu(box.y), w: emu(box.w), h: emu(box.h) });

const GROUP =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

/** How runs are sized: not at all (a placeholder's text inherits), or in points times a factor. */
type Sizing = { kind: "inherit"; body: number; templateSize: number } | { kind: "fixed" };

function runXml(run: RunModel, size: number | undefined, rels: SlideRels): string {
  const attrs = [
    'lang="en-US"',
    ...(size ? [`sz="${Math.round(size * 100)}"`] : []),
    ...(run.bold ? ['b="1"'] : []),
    ...(run.italic ? ['i="1"'] : []),
    ...(run.strike ? ['strike="sngStrike"'] : []),
    ...(run.superscript ? ['baseline="30000"'] : []),
    'dirty="0"',
  ];
  const inner = [
    run.highlight ? '<a:highlight><a:srgbClr val="FFFF00"/></a:highlight>' : "",
    run.mono ? `<a:latin typeface="${monoFace}"/><a:cs typeface="${monoFace}"/>` : "",
    run.href ? `<a:hlinkClick r:id="${rels.add("hyperlink", run.href, true)}"/>` : "",
  ].join("");
  const rPr = inner ? `<a:rPr ${attrs.join(" ")}>${inner}</a:rPr>` : `<a:rPr ${attrs.join(" ")}/>`;
  return `${run.breakBefore ? '<a:br><a:rPr lang="en-US"/></a:br>' : ""}<a:r>${rPr}<a:t>${escapeText(run.text)}</a:t></a:r>`;
}

const align = { left: "l", center: "ctr", right: "r", justify: "just" } as const;

/**
 * How a paragraph's list level is written: `inherit` in a body placeholder (the template's list style gives each
 * level its bullet and indent), `explicit` in a free text box or a body the layout lacks (no list style to inherit),
 * `none` in titles and cells.
 */
type Lists = "inherit" | "explicit" | "none";

const pointEmu = 12_700;

function paragraphXml(p: ParagraphModel, sizing: Sizing, rels: SlideRels, lists: Lists): string {
  const props: string[] = [];
  let inner = "";
  const bullet = !p.bullet ? "" : p.bullet.kind === "number" ? `<a:buAutoNum type="arabicPeriod" startAt="${p.bullet.n}"/>` : p.bullet.char === "\u00A0" ? "<a:buNone/>" : `<a:buChar char="${escapeAttribute(p.bullet.char)}"/>`;
  if (lists === "inherit" && p.bullet) {
    props.push(`lvl="${p.level}"`);
    // The template's own bullet characters stand for ours; numbers, task boxes and continued lines are ours.
    if (p.bullet.kind === "number" || !["•", "–"].includes(p.bullet.char)) inner = bullet;
  } else if (lists === "inherit") {
    // Not a list item: no bullet, and the text starts where the level's bullet would.
    props.push(...(p.level > 0 ? [`lvl="${p.level}"`] : ['marL="0"', 'indent="0"']));
    inner = "<a:buNone/>";
  } else if (lists === "explicit") {
    props.push(...(p.bullet ? [`marL="${p.indent * (p.level + 1) * pointEmu}"`, `indent="${-p.indent * pointEmu}"`] : ['marL="0"', 'indent="0"']));
    inner = bullet || "<a:buNone/>";
  }
  if (p.align !== "left") props.push(`algn="${align[p.align]}"`);
  // Code, captions and footnotes are smaller than the body in the fitting: they keep that proportion to the
  // template's size. Everything else inherits the template's size for its level.
  const size = sizing.kind === "fixed" ? p.size : p.size < sizing.body ? (p.size / sizing.body) * sizing.templateSize : undefined;
  const pPr = props.length > 0 || inner ? `<a:pPr${props.length ? ` ${props.join(" ")}` : ""}${inner ? `>${inner}</a:pPr>` : "/>"}` : "";
  const body = p.runs.map((run) => runXml({ ...run, ...(p.bold ? { bold: true } : {}), ...(p.italic ? { italic: true } : {}), ...(p.mono ? { mono: true } : {}) }, size, rels)).join("");
  return `<a:p>${pPr}${body}<a:endParaRPr lang="en-US" dirty="0"${size ? ` sz="${Math.round(size * 100)}"` : ""}/></a:p>`;
}

class Ids {
  #next = 2;
  take(): number {
    return this.#next++;
  }
}

function placeholderXml(ph: PlaceholderText, ids: Ids, rels: SlideRels): string {
  const id = ids.take();
  const attrs = `${ph.type !== "obj" ? ` type="${ph.type}"` : ""}${ph.idx !== undefined ? ` idx="${ph.idx}"` : ""}`;
  const fit = ph.scale !== undefined ? `<a:normAutofit fontScale="${ph.scale * 1000}"/>` : "";
  const sizing: Sizing = { kind: "inherit", body: ph.measuredAt ?? ph.paragraphs[0]?.size ?? ph.templateSize, templateSize: ph.templateSize };
  // A body the layout has no placeholder for inherits no list style that every reader agrees on: its bullets are ours.
  const lists: Lists = ph.type === "body" || ph.type === "obj" ? (ph.box ? "explicit" : "inherit") : "none";
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${phName(ph.type)} ${id - 1}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph${attrs}/></p:nvPr></p:nvSpPr>` +
    `<p:spPr>${ph.box ? xfrm(ph.box) : ""}</p:spPr><p:txBody><a:bodyPr>${fit}</a:bodyPr><a:lstStyle/>` +
    ph.paragraphs.map((p) => paragraphXml(p, sizing, rels, lists)).join("") +
    `</p:txBody></p:sp>`
  );
}

const phName = (type: string) =>
  ({ title: "Title", ctrTitle: "Title", subTitle: "Subtitle", sldNum: "Slide Number", ftr: "Footer" })[type] ?? "Content Placeholder";

function fieldPlaceholder(ph: { type: string; idx?: string }, content: string, ids: Ids): string {
  const id = ids.take();
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${phName(ph.type)} ${id - 1}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="${ph.type}"${ph.idx !== undefined ? ` idx="${ph.idx}"` : ""}/></p:nvPr></p:nvSpPr>` +
    `<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p>${content}</a:p></p:txBody></p:sp>`
  );
}

function textBoxXml(shape: TextShape, ids: Ids, rels: SlideRels): string {
  const id = ids.take();
  const { left, top, right, bottom } = shape.insets;
  const anchor = { top: "t", middle: "ctr", bottom: "b" }[shape.valign];
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${escapeAttribute(shape.name)}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${xfrm(inchBox(shape.box))}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>` +
    `<p:txBody><a:bodyPr wrap="square" lIns="${emu(left)}" tIns="${emu(top)}" rIns="${emu(right)}" bIns="${emu(bottom)}" anchor="${anchor}"><a:noAutofit/></a:bodyPr><a:lstStyle/>` +
    shape.paragraphs.map((p) => paragraphXml(p, { kind: "fixed" }, rels, "explicit")).join("") +
    `</p:txBody></p:sp>`
  );
}

function tableXml(shape: TableShape, ids: Ids, rels: SlideRels, tableStyle: string): string {
  const id = ids.take();
  const margins = `marL="${emu(shape.cellMargin.horizontal)}" marR="${emu(shape.cellMargin.horizontal)}" marT="${emu(shape.cellMargin.vertical)}" marB="${emu(shape.cellMargin.vertical)}"`;
  const rows = shape.rows
    .map(
      (row, r) =>
        `<a:tr h="${emu(shape.rowHeights[r] ?? 0.4)}">` +
        row.map((cell) => `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${paragraphXml(cell.paragraph, { kind: "fixed" }, rels, "none")}</a:txBody><a:tcPr ${margins} anchor="ctr"/></a:tc>`).join("") +
        `</a:tr>`,
    )
    .join("");
  return (
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="${escapeAttribute(shape.name)}"/><p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr>` +
    `<p:xfrm><a:off x="${emu(shape.box.x)}" y="${emu(shape.box.y)}"/><a:ext cx="${emu(shape.box.w)}" cy="${emu(shape.box.h)}"/></p:xfrm>` +
    `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblPr firstRow="1" bandRow="1"><a:tableStyleId>${escapeText(tableStyle)}</a:tableStyleId></a:tblPr>` +
    `<a:tblGrid>${shape.columnWidths.map((w) => `<a:gridCol w="${emu(w)}"/>`).join("")}</a:tblGrid>${rows}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`
  );
}

/** The chart part of a chart shape: its labels and series as literal data. */
const chartPart = (shape: ChartShape): string =>
  chartXml({
    kind: shape.chart,
    ...(shape.title ? { title: shape.title } : {}),
    categories: { values: shape.labels },
    series: shape.series.map((s, i) => ({ name: { values: [s.name] }, values: s.values, color: shape.colors[shape.chart === "pie" ? 0 : i] ?? "4472C4" })),
    ...(shape.chart === "pie" ? { sliceColors: shape.colors } : {}),
    font: { face: shape.face, size: shape.size, color: shape.textColor },
  });

function chartFrame(shape: ChartShape, ids: Ids, rels: SlideRels, chartName: () => string): string {
  const id = ids.take();
  const name = chartName();
  rels.charts.push({ name, xml: chartPart(shape) });
  const ref = rels.add("chart", `../charts/${name}`);
  return (
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="${escapeAttribute(shape.name)}" descr="${escapeAttribute(shape.alt)}"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>` +
    `<p:xfrm><a:off x="${emu(shape.box.x)}" y="${emu(shape.box.y)}"/><a:ext cx="${emu(shape.box.w)}" cy="${emu(shape.box.h)}"/></p:xfrm>` +
    `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="${ref}"/></a:graphicData></a:graphic></p:graphicFrame>`
  );
}

function shapeXml(shape: ShapeModel, ids: Ids, rels: SlideRels, tableStyle: string, mediaName: (ext: string) => string, chartName: () => string): string {
  switch (shape.type) {
    case "text":
      return textBoxXml(shape, ids, rels);
    case "table":
      return tableXml(shape, ids, rels, tableStyle);
    case "image": {
      const id = ids.take();
      const ext = shape.format === "jpg" ? "jpeg" : shape.format;
      const name = mediaName(ext);
      rels.media.push({ name, data: shape.data });
      const embed = rels.add("image", `../media/${name}`);
      return (
        `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="${escapeAttribute(shape.name)}" descr="${escapeAttribute(shape.alt)}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>` +
        `<p:blipFill><a:blip r:embed="${embed}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
        `<p:spPr>${xfrm(inchBox(shape.box))}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
      );
    }
    case "chart":
      return chartFrame(shape, ids, rels, chartName);
    default:
      // Shapes of the normal path's own design (rules, bands) have no place on a template's slide.
      return "";
  }
}

export interface WrittenSlide {
  xml: string;
  rels: SlideRels;
}

/** The slide part for `slide` numbered `n`, its relationships starting with its layout. */
export function slideXml(
  slide: PlannedSlide,
  n: number,
  layoutTarget: string,
  tableStyle: string,
  mediaName: (ext: string) => string,
  chartName: () => string,
): WrittenSlide {
  const rels = new SlideRels();
  rels.add("slideLayout", layoutTarget);
  const ids = new Ids();
  const parts = [
    ...slide.placeholders.map((ph) => placeholderXml(ph, ids, rels)),
    ...slide.shapes.map((shape) => shapeXml(shape, ids, rels, tableStyle, mediaName, chartName)),
  ];
  if (slide.footer) parts.push(fieldPlaceholder(slide.footer.ph, `<a:r><a:rPr lang="en-US" dirty="0"/><a:t>${escapeText(slide.footer.text)}</a:t></a:r>`, ids));
  if (slide.slideNumber) {
    parts.push(fieldPlaceholder(slide.slideNumber, `<a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:rPr lang="en-US"/><a:t>${n}</a:t></a:fld>`, ids));
  }
  const name = slide.title ? ` name="${escapeAttribute(slide.title.slice(0, 200))}"` : "";
  const xml = `${DECLARATION}<p:sld ${NS}><p:cSld${name}><p:spTree>${GROUP}${parts.join("")}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
  return { xml, rels };
}

/** A notes slide: the slide image and the notes, a paragraph a line, on the template's notes master (its relationships are the caller's). */
export function notesXml(text: string): string {
  const paragraphs = text
    .split("\n")
    .map((line) => (line === "" ? '<a:p><a:endParaRPr lang="en-US"/></a:p>' : `<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>${escapeText(line)}</a:t></a:r></a:p>`))
    .join("");
  return (
    `${DECLARATION}<p:notes ${NS}><p:cSld><p:spTree>${GROUP}` +
    `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image Placeholder 1"/><p:cNvSpPr><a:spLocks noGrp="1" noRot="1" noChangeAspect="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr><p:spPr/></p:sp>` +
    `<p:sp><p:nvSpPr><p:cNvPr id="3" name="Notes Placeholder 2"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="body" idx="1"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs}</p:txBody></p:sp>` +
    `</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:notes>`
  );
}
