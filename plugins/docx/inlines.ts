/**
 * IR inlines → Word runs: marks become run properties (inline code takes the Verbatim Char
 * style), links become external hyperlinks with the Hyperlink style, gaps the Gap Marker style,
 * footnote references real Word footnote references.
 */
import { ExternalHyperlink, FootnoteReferenceRun, TextRun } from "docx";
import type { ParagraphChild } from "docx";
import type { Inline, Mark } from "../../core/ir/types.ts";
import type { MapContext } from "./context.ts";
import { styleIds } from "./styles.ts";
import { safeHref, unsafeLink } from "../links.ts";

/** Run properties forced on every run of a paragraph, e.g. bold in table header cells. */
export interface RunBase {
  bold?: boolean;
  inFootnote?: boolean;
  /** Set inside a hyperlink: runs take the Hyperlink character style. */
  hyperlink?: boolean;
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
  const style = marks.includes("code") ? styleIds.inlineCode : base.hyperlink ? styleIds.hyperlink : undefined;
  return new TextRun({ text, ...(style ? { style } : {}), ...markProps(marks, base) });
}

function markProps(marks: Mark[], base: RunBase) {
  return {
    ...(marks.includes("bold") || base.bold ? { bold: true } : {}),
    ...(marks.includes("italic") ? { italics: true } : {}),
    ...(marks.includes("strike") ? { strike: true } : {}),
    ...(marks.includes("superscript") ? { superScript: true } : marks.includes("subscript") ? { subScript: true } : {}),
  };
}

