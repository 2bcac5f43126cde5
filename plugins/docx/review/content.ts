/**
 * The text of a Word file as the review's proof (core/contracts/review.ts, `Inspection.content`): one string per
 * paragraph in reading order — the body (tables cell by cell; a text box's paragraphs right after the paragraph it
 * is anchored in), then headers, footers, footnotes, endnotes and comments. Built from the XML text nodes, never
 * from Markdown, so a repair that moves structure but keeps the words keeps it equal.
 *
 * What counts: `w:t` (and `m:t` in equations), `w:tab`/`w:ptab` as a tab, `w:br`/`w:cr` as a line break, `w:sym`,
 * `w:noBreakHyphen`, `w:softHyphen`, field results (never their instructions), hidden text (it is still the file's
 * text). Tracked changes show in CriticMarkup, so accepting or rejecting them would change the proof: deleted text
 * as `{--…--}`, inserted text as `{++…++}`, a deleted or inserted paragraph mark as `{--¶--}`/`{++¶++}`. Numbering
 * labels are not text (they come from numbering definitions), and paragraphs without text are left out, so
 * repairing broken numbering or adding the empty paragraph Word requires in a table cell keeps the proof equal.
 */
import { symbolChar } from "../extract/symbols.ts";
import type { Story } from "./parts.ts";
import { kids, type XEl } from "../../../core/ooxml/xml/tree.ts";

/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set(["pPr", "rPr", "sdtPr", "sdtEndPr", "instrText", "delInstrText", "fldData", "tblPr", "tblGrid", "trPr", "tcPr", "sectPr", "customXmlPr", "smartTagPr"]);
/** Notes that are page furniture (the separator lines), not notes. */
const FURNITURE = new Set(["separator", "continuationSeparator", "continuationNotice"]);

const symbol = (node: XEl): string => {
  const font = node.attrs["font"];
  const code = Number.parseInt(node.attrs["char"] ?? "", 16);
  if (!Number.isFinite(code)) return "";
  return symbolChar(font, code) ?? `[${font ?? "symbol"} ${code.toString(16).toUpperCase()}]`;
};

/** Text and floating paragraphs (text boxes) gathered from inside a paragraph. */
const inline = (node: XEl, floats: string[]): string => {
  let s = "";
  for (const c of kids(node)) {
    switch (c.local) {
      case "t":
      case "delText":
        s += c.text;
        break;
      case "tab":
      case "ptab":
        s += "\t";
        break;
      case "br":
      case "cr":
        s += "\n";
        break;
      case "noBreakHyphen":
        s += "\u2011";
        break;
      case "softHyphen":
        s += "\u00AD";
        break;
      case "sym":
        s += symbol(c);
        break;
      case "txbxContent":
        blocks(c, floats);
        break;
      case "del":
      case "moveFrom": {
        const inner = inline(c, floats);
        if (inner !== "") s += `{--${inner}--}`;
        break;
      }
      case "ins":
      case "moveTo": {
        const inner = inline(c, floats);
        if (inner !== "") s += `{++${inner}++}`;
        break;
      }
      default:
        if (!SKIPPED.has(c.local)) s += inline(c, floats);
    }
  }
  return s;
};

/** A paragraph's text and the paragraphs of text boxes anchored in it. */
export const paragraphText = (p: XEl): { text: string; floats: string[] } => {
  const floats: string[] = [];
  let text = inline(p, floats);
  const mark = p.child("pPr")?.child("rPr");
  if (mark?.child("del") || mark?.child("moveFrom")) text += "{--¶--}";
  else if (mark?.child("ins") || mark?.child("moveTo")) text += "{++¶++}";
  return { text, floats };
};

/** Block content (body, cell, note, comment, text box, content control) into `out`. */
export const blocks = (container: XEl, out: string[]): string[] => {
  for (const c of kids(container)) {
    if (c.local === "p") {
      const { text, floats } = paragraphText(c);
      if (text !== "") out.push(text);
      out.push(...floats);
    } else if (!SKIPPED.has(c.local)) blocks(c, out);
  }
  return out;
};

/** The text of one story, in reading order. */
export const storyContent = (story: Story, out: string[] = []): string[] => {
  const root = story.root;
  if (story.kind === "document") {
    const body = root.child("body");
    if (body) blocks(body, out);
  } else if (story.kind === "header" || story.kind === "footer") blocks(root, out);
  else {
    for (const note of kids(root)) {
      if (FURNITURE.has(note.attrs["type"] ?? "")) continue;
      blocks(note, out);
    }
  }
  return out;
};

/** The text of the whole file, in reading order (the stories come in Docx's order). */
export const documentContent = (stories: readonly Story[]): string[] => {
  const out: string[] = [];
  for (const story of stories) storyContent(story, out);
  return out;
};
