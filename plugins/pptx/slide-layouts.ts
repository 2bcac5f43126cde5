/**
 * The slide layouts our slides are made from: "Title Slide" (centred title and subtitle), "Title and Content" (title,
 * body, slide number) and "Section Header" (title, slide number). pptxgenjs writes layouts without placeholders, so
 * their shape trees are written here, placed and styled as our slides are (theme.ts). Slides keep their own boxes
 * and formatting; the layouts give PowerPoint what it needs for the outline view, "Reset slide", a change of
 * layout and a new slide typed by hand, which then look like the rest of the deck.
 */
import { escapeAttribute } from "../../core/ooxml/xml/markup.ts";
import { lineHeightEm } from "./measure.ts";
import type { Box, DeckModel, SlideKind } from "./model.ts";
import { contentArea, contentWidth, footerHeight, footerTop, marginX, minBodySize, slideHeight, slideWidth, titleTop } from "./theme.ts";

export const layoutNames: Record<SlideKind, string> = { title: "Title Slide", content: "Title and Content", section: "Section Header" };
/** The layout types PowerPoint knows them by (a change of design maps layouts by type). */
const layoutTypes: Record<SlideKind, string> = { title: "title", content: "obj", section: "secHead" };

/** The layout's slide number placeholder's index, which the slides' slide numbers name. */
export const slideNumberIdx = "12";

const emu = (inches: number) => Math.round(inches * 914400);
const pts = (points: number) => Math.round(points * 100);

const xfrm = (box: Box) => `<a:xfrm><a:off x="${emu(box.x)}" y="${emu(box.y)}"/><a:ext cx="${emu(box.w)}" cy="${emu(box.h)}"/></a:xfrm>`;

function runProps(size: number, color: string, face: string, bold = false): string {
  const typeface = escapeAttribute(face);
  return `<a:defRPr sz="${pts(size)}"${bold ? ' b="1"' : ""}><a:solidFill><a:srgbClr val="${color}"/></a:solidFill><a:latin typeface="${typeface}"/><a:ea typeface="${typeface}"/><a:cs typeface="${typeface}"/></a:defRPr>`;
}

interface Placeholder {
  id: number;
  name: string;
  ph: string;
  box: Box;
  anchor: "t" | "b" | "ctr";
  levels: string;
  prompt: string;
}

function placeholderXml(p: Placeholder): string {
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${p.id}" name="${p.name}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${p.ph}</p:nvPr></p:nvSpPr>` +
    `<p:spPr>${xfrm(p.box)}</p:spPr><p:txBody><a:bodyPr wrap="square" lIns="0" tIns="0" rIns="0" bIns="0" anchor="${p.anchor}"/>` +
    `<a:lstStyle>${p.levels}</a:lstStyle><a:p>${p.prompt}</a:p></p:txBody></p:sp>`
  );
}

const prompt = (text: string) => `<a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r>`;

function titleLevel(size: number, color: string, face: string, align: "l" | "ctr" = "l"): string {
  return `<a:lvl1pPr marL="0" indent="0" algn="${align}"><a:lnSpc><a:spcPct val="95000"/></a:lnSpc><a:spcBef><a:spcPts val="0"/></a:spcBef><a:buNone/>${runProps(size, color, face, true)}</a:lvl1pPr>`;
}

/**
 * Bullets as the slides set them, at every level (a level left out would take the master's Arial bullets): the
 * bullet in the deck's bullet colour and the text's face, 1.3 em of hanging indent, 2 pt smaller a level down.
 */
function bodyLevels(deck: DeckModel): string {
  const { look, face } = deck;
  return Array.from({ length: 9 }, (_, level) => level)
    .map((level) => {
      const size = Math.max(minBodySize, look.body - 2 * level);
      const indent = Math.round(size * 1.3) * 12_700;
      return (
        `<a:lvl${level + 1}pPr marL="${indent * (level + 1)}" indent="${-indent}"><a:lnSpc><a:spcPct val="115000"/></a:lnSpc>` +
        `<a:spcBef><a:spcPts val="${pts(Math.round(size * 0.4))}"/></a:spcBef><a:buClr><a:srgbClr val="${deck.bulletColor}"/></a:buClr>` +
        `<a:buSzPct val="100000"/><a:buFontTx/><a:buChar char="${level === 1 ? "–" : "•"}"/>${runProps(size, look.textColor, face)}</a:lvl${level + 1}pPr>`
      );
    })
    .join("");
}

function slideNumber(deck: DeckModel, id: number): string {
  return placeholderXml({
    id,
    name: "Slide Number Placeholder",
    ph: `<p:ph type="sldNum" sz="quarter" idx="${slideNumberIdx}"/>`,
    box: { x: slideWidth - marginX - 1.2, y: footerTop, w: 1.2, h: footerHeight },
    anchor: "ctr",
    levels: `<a:lvl1pPr algn="r">${runProps(10, deck.look.mutedColor, deck.face)}</a:lvl1pPr>`,
    prompt: `<a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:rPr lang="en-US"/><a:t>‹#›</a:t></a:fld>`,
  });
}

/** The shapes of one layout's tree. */
function layoutShapes(kind: SlideKind, deck: DeckModel): string {
  const { look, face } = deck;
  const titleHeight = (look.title * lineHeightEm * 0.95) / 72;
  switch (kind) {
    case "title": {
      const x = 1.05;
      const w = slideWidth - x - marginX;
      return [
        placeholderXml({ id: 2, name: "Title", ph: '<p:ph type="ctrTitle"/>', box: { x, y: 2.35, w, h: 1.6 }, anchor: "b", levels: titleLevel(44, look.titleColor, face), prompt: prompt("Click to edit title") }),
        placeholderXml({
          id: 3,
          name: "Subtitle",
          ph: '<p:ph type="subTitle" idx="1"/>',
          box: { x, y: 4.55, w, h: 1.2 },
          anchor: "t",
          levels: `<a:lvl1pPr marL="0" indent="0"><a:spcBef><a:spcPts val="0"/></a:spcBef><a:buNone/>${runProps(24, look.mutedColor, face)}</a:lvl1pPr>`,
          prompt: prompt("Click to edit subtitle"),
        }),
      ].join("");
    }
    case "content":
      return [
        placeholderXml({ id: 2, name: "Title", ph: '<p:ph type="title"/>', box: { x: marginX, y: titleTop, w: contentWidth, h: titleHeight }, anchor: "b", levels: titleLevel(look.title, look.headingColor, face).replace(' b="1"', ""), prompt: prompt("Click to edit title") }),
        placeholderXml({ id: 3, name: "Content", ph: '<p:ph type="body" idx="1"/>', box: contentArea(titleTop + titleHeight), anchor: "t", levels: bodyLevels(deck), prompt: prompt("Click to add text") }),
        slideNumber(deck, 4),
      ].join("");
    case "section":
      return [
        placeholderXml({ id: 2, name: "Title", ph: '<p:ph type="title"/>', box: { x: marginX + 0.25, y: slideHeight / 2 - 0.75, w: contentWidth - 0.5, h: 1.5 }, anchor: "ctr", levels: titleLevel(40, look.headingColor, face), prompt: prompt("Click to edit title") }),
        slideNumber(deck, 3),
      ].join("");
  }
}

/** A layout part written by pptxgenjs, its (empty) shape tree filled with the placeholders of the layout it names. */
export function fillLayout(xml: string, deck: DeckModel): string {
  const name = /<p:cSld name="([^"]*)"/.exec(xml)?.[1];
  // pptxgenjs's own layout, which no slide uses, is offered in PowerPoint's gallery: it is the blank one.
  if (name === "DEFAULT") return xml.replace('<p:cSld name="DEFAULT"', '<p:cSld name="Blank"').replace(/<p:sldLayout\b(?![^>]*\btype=)/, '<p:sldLayout type="blank"');
  const kind = (Object.keys(layoutNames) as SlideKind[]).find((k) => layoutNames[k] === name);
  if (!kind) return xml;
  return xml
    .replace(/<p:sldLayout\b(?![^>]*\btype=)/, `<p:sldLayout type="${layoutTypes[kind]}"`)
    .replace(/(<p:spTree>[\s\S]*?<\/p:grpSpPr>)[\s\S]*?(<\/p:spTree>)/, (_whole, head: string, tail: string) => head + layoutShapes(kind, deck) + tail);
}
