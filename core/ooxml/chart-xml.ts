/**
 * Writing a DrawingML chart part (`c:chartSpace`) for a bar (clustered columns), line or pie chart whose data sits
 * in a sheet: each series names its cells (`c:f`) and carries a cache of their values (`c:strCache`, `c:numCache`),
 * so a reader that does not calculate (or reads the cache, as core/ooxml/chart.ts does) shows the same numbers.
 * Elements are written in the schema's order, which Excel enforces. The reader of these parts is chart.ts.
 */
import type { ChartKind } from "../ir/types.ts";
import { dropInvalidChars } from "./chars.ts";
import { escapeAttribute } from "./xml/markup.ts";

/** Cell text (labels, names) with the sheet range it comes from, when there is one. */
export interface ChartText {
  ref?: string;
  values: string[];
}

export interface ChartXmlSeries {
  name: ChartText;
  ref?: string;
  values: number[];
  /** The values' number format (`0%`, `#,##0.00`), as the cells show them; General when absent. */
  format?: string;
  /** `RRGGBB`. */
  color: string;
}

export interface ChartXmlInput {
  kind: ChartKind;
  title?: string;
  categories: ChartText;
  series: ChartXmlSeries[];
  /** A pie's slice colours, one per category. */
  sliceColors?: string[];
  /** Axis, legend and label text. */
  font: { face: string; size: number; color: string };
}

const NS =
  'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

const text = (value: string): string => escapeAttribute(dropInvalidChars(value));
const fill = (color: string) => `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>`;

const strPoints = (values: string[]) => `<c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${text(v)}</c:v></c:pt>`).join("")}`;

const strData = (data: ChartText) =>
  data.ref ? `<c:strRef><c:f>${text(data.ref)}</c:f><c:strCache>${strPoints(data.values)}</c:strCache></c:strRef>` : `<c:strLit>${strPoints(data.values)}</c:strLit>`;

const numData = (ref: string | undefined, values: number[], format = "General") => {
  const points = `<c:formatCode>${text(format)}</c:formatCode><c:ptCount val="${values.length}"/>${values.map((v, i) => `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>`).join("")}`;
  return ref ? `<c:numRef><c:f>${text(ref)}</c:f><c:numCache>${points}</c:numCache></c:numRef>` : `<c:numLit>${points}</c:numLit>`;
};

/** Text properties: the face, size (hundredths of a point) and colour every label of the chart inherits. */
const txPr = (font: ChartXmlInput["font"], size = font.size, bold = false) =>
  `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${Math.round(size * 100)}" b="${bold ? 1 : 0}">${fill(font.color)}<a:latin typeface="${text(font.face)}"/><a:cs typeface="${text(font.face)}"/></a:defRPr></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`;

const title = (input: ChartXmlInput) =>
  input.title
    ? `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${Math.round(input.font.size * 120)}" b="1"/></a:pPr><a:r><a:rPr lang="en-US" sz="${Math.round(input.font.size * 120)}" b="1">${fill(input.font.color)}<a:latin typeface="${text(input.font.face)}"/></a:rPr><a:t>${text(input.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`
    : `<c:autoTitleDeleted val="1"/>`;

/** A pie's slices say their share outside the slice, in the text colour: one colour could not read on every slice. */
const percentLabels = (font: ChartXmlInput["font"]) =>
  `<c:dLbls>${txPr(font, font.size, true)}<c:dLblPos val="outEnd"/><c:showLegendKey val="0"/><c:showVal val="0"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="1"/><c:showBubbleSize val="0"/><c:showLeaderLines val="0"/></c:dLbls>`;

function series(input: ChartXmlInput): string {
  return input.series
    .map((s, i) => {
      const head = `<c:idx val="${i}"/><c:order val="${i}"/><c:tx>${s.name.ref ? strData(s.name) : `<c:v>${text(s.name.values[0] ?? "")}</c:v>`}</c:tx>`;
      const data = `<c:cat>${strData(input.categories)}</c:cat><c:val>${numData(s.ref, s.values, s.format)}</c:val>`;
      switch (input.kind) {
        case "bar":
          return `<c:ser>${head}<c:spPr>${fill(s.color)}</c:spPr><c:invertIfNegative val="0"/>${data}</c:ser>`;
        case "line":
          return `<c:ser>${head}<c:spPr><a:ln w="28575" cap="rnd">${fill(s.color)}<a:round/></a:ln></c:spPr><c:marker><c:symbol val="circle"/><c:size val="6"/><c:spPr>${fill(s.color)}<a:ln>${fill(s.color)}</a:ln></c:spPr></c:marker>${data}<c:smooth val="0"/></c:ser>`;
        case "pie": {
          const slices = (input.sliceColors ?? [])
            .map((color, k) => `<c:dPt><c:idx val="${k}"/><c:bubble3D val="0"/><c:spPr>${fill(color)}<a:ln w="12700">${fill("FFFFFF")}</a:ln></c:spPr></c:dPt>`)
            .join("");
          return `<c:ser>${head}${slices}${percentLabels(input.font)}${data}</c:ser>`;
        }
      }
    })
    .join("");
}

const axes = (font: ChartXmlInput["font"]) =>
  `<c:catAx><c:axId val="111"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:spPr><a:ln w="9525">${fill("BFBFBF")}</a:ln></c:spPr>${txPr(font)}<c:crossAx val="222"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>` +
  `<c:valAx><c:axId val="222"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines><c:spPr><a:ln w="9525">${fill("D9D9D9")}</a:ln></c:spPr></c:majorGridlines><c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:spPr><a:ln><a:noFill/></a:ln></c:spPr>${txPr(font)}<c:crossAx val="111"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>`;

function plot(input: ChartXmlInput): string {
  switch (input.kind) {
    case "bar":
      return `<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>${series(input)}<c:gapWidth val="150"/><c:axId val="111"/><c:axId val="222"/></c:barChart>${axes(input.font)}`;
    case "line":
      return `<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>${series(input)}<c:marker val="1"/><c:axId val="111"/><c:axId val="222"/></c:lineChart>${axes(input.font)}`;
    case "pie":
      return `<c:pieChart><c:varyColors val="1"/>${series(input)}<c:firstSliceAng val="0"/></c:pieChart>`;
  }
}

/** The chart part's text. A legend shows when there is more than one series, and always for a pie's slices. */
export function chartXml(input: ChartXmlInput): string {
  const legend = input.kind === "pie" || input.series.length > 1 ? `<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>` : "";
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace ${NS}><c:roundedCorners val="0"/>` +
    `<c:chart>${title(input)}<c:plotArea><c:layout/>${plot(input)}</c:plotArea>${legend}<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>` +
    `<c:spPr>${fill("FFFFFF")}<a:ln><a:noFill/></a:ln></c:spPr>${txPr(input.font)}</c:chartSpace>`
  );
}
