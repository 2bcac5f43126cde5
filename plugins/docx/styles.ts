/**
 * `style_applied` → Word styles. The look lives in real, named styles (Normal, Title, Heading1-6,
 * Quote, Hyperlink…) rather than in direct formatting on every run, so a person who opens the
 * file can restyle it the Word way and the review plugins can recognise the structure.
 */
import { AlignmentType, BorderStyle, HighlightColor, LineRuleType, ShadingType, UnderlineType } from "docx";
import type { IStylesOptions } from "docx";
import type { Alignment, StyleApplied } from "../../core/style/types.ts";
import { halfPoints, hex } from "./geometry.ts";

/** Style ids the mapping refers to; Word shows the names. */
export const styleIds = {
  quote: "Quote",
  code: "SourceCode",
  tableText: "TableText",
  inlineCode: "VerbatimChar",
  gap: "GapMarker",
  hyperlink: "Hyperlink",
  footnoteText: "FootnoteText",
  memoHeading: "MemoHeading",
  tocHeading: "TOCHeading",
  coverLine: "CoverLine",
  /** Word's built-in entry styles ("toc 1" …), which docx defines with Word's indents. */
  toc: (level: number) => `TOC${level}`,
} as const;

/** The monospace face for code: in every Word, and Liberation Mono matches it for LibreOffice. */
export const monoFont = "Courier New";
/** Courier New's characters are 0.6 em wide: what a column must give to an identifier set in it. */
export const monoEm = 0.6;
/**
 * Inline code is set a little smaller than the text around it (issue 30, item 7): a monospaced face at the same size
 * looks larger (wider letters, Liberation Mono's tall x-height in the PDF). 11 pt text → 9.5 pt code.
 */
export const codeScale = 0.85;
export const inlineCodeSize = (points: number): number => halfPoints(points * codeScale);
export const codeShade = "F2F2F2";

export function wordAlignment(align: Alignment): (typeof AlignmentType)[keyof typeof AlignmentType] {
  switch (align) {
    case "left":
      return AlignmentType.LEFT;
    case "center":
      return AlignmentType.CENTER;
    case "right":
      return AlignmentType.RIGHT;
    case "justify":
      return AlignmentType.JUSTIFIED;
  }
}

/** Heading sizes as multiples of the body size (Word's own scale: 11 pt body → 16/13/12 pt). */
const headingScale = [1.45, 1.2, 1.1, 1, 1, 1] as const;
const titleScale = 2.4;
export const headingSize = (body: number, level: number): number => body * headingScale[Math.min(Math.max(level, 1), 6) - 1]!;

/**
 * `language` (`es-ES`, `en-US`) is the text's: Word checks the spelling in it and LibreOffice's tagged PDF names it
 * (/Lang), so a screen reader reads the document with the right voice.
 */
export function wordStyles(style: StyleApplied, language: string): IStylesOptions {
  const body = style.font_size;
  const line = Math.round(240 * style.line_spacing);
  const heading = (level: number) => ({
    run: {
      font: style.font,
      size: halfPoints(body * headingScale[level - 1]!),
      bold: true,
      italics: level === 6,
      color: hex(style.colors.headings),
    },
    paragraph: {
      alignment: wordAlignment(style.align.headings),
      spacing: { before: level === 1 ? 360 : 240, after: 120, line: 240, lineRule: LineRuleType.AUTO },
      keepNext: true,
      keepLines: true,
      // Outline levels make headings the navigation pane, PDF bookmarks and TOC entries everywhere.
      outlineLevel: level - 1,
    },
  });
  return {
    default: {
      document: {
        run: { font: style.font, size: halfPoints(body), color: hex(style.colors.text), language: { value: language } },
        paragraph: {
          alignment: wordAlignment(style.align.body),
          spacing: { after: 160, line, lineRule: LineRuleType.AUTO },
        },
      },
      title: {
        run: { font: style.font, size: halfPoints(body * titleScale), bold: true, color: hex(style.colors.title) },
        paragraph: {
          alignment: wordAlignment(style.align.title),
          spacing: { after: 360, line: 240, lineRule: LineRuleType.AUTO },
          keepNext: true,
          // Level 1 of the outline, above Heading 1: the PDF tags it H1 (a tagged PDF whose first heading is H2 skips
          // a level) and it heads the bookmarks. The TOC field builds from heading styles only (no \u), so it is no entry.
          outlineLevel: 0,
        },
      },
      heading1: heading(1),
      heading2: heading(2),
      heading3: heading(3),
      heading4: heading(4),
      heading5: heading(5),
      heading6: heading(6),
      listParagraph: { paragraph: { spacing: { after: 80 } } },
      hyperlink: { run: { color: hex(style.colors.accent), underline: { type: UnderlineType.SINGLE } } },
    },
    paragraphStyles: [
      {
        id: styleIds.quote,
        name: "Quote",
        basedOn: "Normal",
        next: "Normal",
        quickFormat: true,
        run: { italics: true, color: "595959" },
        paragraph: {
          indent: { left: 567, right: 567 },
          border: { left: { style: BorderStyle.SINGLE, size: 18, color: hex(style.colors.accent), space: 8 } },
        },
      },
      {
        id: styleIds.code,
        name: "Source Code",
        basedOn: "Normal",
        next: "Normal",
        quickFormat: true,
        run: { font: monoFont, size: halfPoints(Math.max(body - 2, 7)) },
        paragraph: {
          // Code keeps its lines: left-aligned whatever the body does, single spaced, not split.
          alignment: AlignmentType.LEFT,
          spacing: { before: 60, after: 160, line: 240, lineRule: LineRuleType.AUTO },
          shading: { type: ShadingType.CLEAR, color: "auto", fill: codeShade },
          keepLines: true,
        },
      },
      {
        id: styleIds.tableText,
        name: "Table Text",
        basedOn: "Normal",
        quickFormat: true,
        paragraph: { spacing: { before: 0, after: 0, line: 240, lineRule: LineRuleType.AUTO } },
      },
      {
        // The word MEMORANDUM over a memo's header table: spaced capitals, not a heading, so it
        // stays out of the navigation pane and the table of contents.
        id: styleIds.memoHeading,
        name: "Memo Heading",
        basedOn: "Normal",
        next: "Normal",
        run: { font: style.font, size: halfPoints(body * 1.8), bold: true, color: hex(style.colors.title), characterSpacing: 40 },
        paragraph: {
          alignment: wordAlignment(style.align.title),
          spacing: { after: 240, line: 240, lineRule: LineRuleType.AUTO },
          keepNext: true,
        },
      },
      {
        // A subtitle, date or "Prepared for …" line under the title of a cover page: not Word's Subtitle style,
        // which readers such as pandoc take out of the text as metadata.
        id: styleIds.coverLine,
        name: "Cover Line",
        basedOn: "Normal",
        next: "Normal",
        run: { font: style.font, size: halfPoints(body * 1.3), color: hex(style.colors.headings) },
        paragraph: { alignment: wordAlignment(style.align.title), spacing: { after: 120, line: 240, lineRule: LineRuleType.AUTO } },
      },
      {
        // Looks like Heading 1 but has no outline level: a TOC must not list its own title.
        id: styleIds.tocHeading,
        name: "TOC Heading",
        basedOn: "Normal",
        next: "Normal",
        run: { font: style.font, size: halfPoints(body * headingScale[0]), bold: true, color: hex(style.colors.headings) },
        paragraph: {
          alignment: wordAlignment(style.align.headings),
          spacing: { before: 360, after: 120, line: 240, lineRule: LineRuleType.AUTO },
          keepNext: true,
        },
      },
    ],
    characterStyles: [
      {
        id: styleIds.inlineCode,
        name: "Verbatim Char",
        basedOn: "DefaultParagraphFont",
        run: { font: monoFont, size: inlineCodeSize(body), shading: { type: ShadingType.CLEAR, color: "auto", fill: codeShade } },
      },
      {
        // Gaps must be impossible to miss before the document goes out.
        id: styleIds.gap,
        name: "Gap Marker",
        basedOn: "DefaultParagraphFont",
        run: { bold: true, highlight: HighlightColor.YELLOW },
      },
    ],
  };
}
