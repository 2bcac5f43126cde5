/**
 * IR inlines → Word runs: marks become run properties (inline code takes the Verbatim Char
 * style), links become external hyperlinks with the Hyperlink style, gaps the Gap Marker style,
 * footnote references real Word footnote references.
 */
import { ExternalHyperlink, FootnoteReferenceRun, TextRun } from "docx";
import type { ParagraphChild } from "docx";
import type { Inline, Mark } from "../../core/ir/types.ts";
import type { MapContext } from "./context.ts";
import { halfPoints } from "./geometry.ts";
import { inlineCodeSize, styleIds } from "./styles.ts";
import { safeHref, unsafeLink } from "../links.ts";

/** Run properties forced on every run of a paragraph, e.g. bold in table header cells. */
export interface RunBase {
  bold?: boolean;
  inFootnote?: boolean;
  /** Set inside a hyperlink: runs take the Hyperlink character style. */
  hyperlink?: boolean;
  /**
   * Points, where the text is not set at the body size (a heading, a wide table): inline code is sized from it, since
   * its character style is sized from the body.
   */
  textSize?: number;
  /** Set `textSize` on every run: a table set smaller than its paragraph style. */
  sizeRuns?: boolean;
}

export function mapInlines(inlines: Inline[], ctx: MapContext, base: RunBase = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const inline of inlines) {
    switch (inline.type) {
      case "text":
        out.push(textRun(inline.text, inline.marks, base));
        break;
      case "gap":
        out.push(
          new TextRun({
            text: inline.label ? `[DATO: ${inline.label}]` : "[DATO]",
            style: styleIds.gap,
            ...markProps(inline.marks, base),
            // Set on the run too: LibreOffice (the PDF) ignores a highlight that only the character style carries.
            highlight: "yellow",
          }),
        );
        break;
      case "lineBreak":
        out.push(new TextRun({ break: 1 }));
        break;
      case "footnoteRef": {
        const number = ctx.footnotes.get(inline.footnoteId);
        // Word has no footnotes inside footnotes; there the number is written as text.
        if (number !== undefined && !base.inFootnote) out.push(new FootnoteReferenceRun(number));
        else if (number !== undefined) out.push(new TextRun({ text: String(number), superScript: true }));
        break;
      }
      case "link":
        if (safeHref(inline.href)) {
          out.push(
            new ExternalHyperlink({ link: inline.href, children: mapInlines(inline.children, ctx, { ...base, hyperlink: true }) }),
          );
        } else {
          ctx.diagnostics.push(unsafeLink(inline));
          out.push(...mapInlines(inline.children, ctx, base));
        }
        break;
    }
  }
  return out;
}

function textRun(text: string, marks: Mark[], base: RunBase): TextRun {
  const code = marks.includes("code");
  const style = code ? styleIds.inlineCode : base.hyperlink ? styleIds.hyperlink : undefined;
  const size = base.textSize === undefined ? {} : code ? { size: inlineCodeSize(base.textSize) } : {};
  return new TextRun({ text, ...(style ? { style } : {}), ...markProps(marks, base), ...size });
}

function markProps(marks: Mark[], base: RunBase) {
  return {
    ...(base.sizeRuns && base.textSize !== undefined ? { size: halfPoints(base.textSize) } : {}),
    ...(marks.includes("bold") || base.bold ? { bold: true } : {}),
    ...(marks.includes("italic") ? { italics: true } : {}),
    ...(marks.includes("strike") ? { strike: true } : {}),
    ...(marks.includes("superscript") ? { superScript: true } : marks.includes("subscript") ? { subScript: true } : {}),
  };
}

