/**
 * The house look per document type, before the caller's `style` words adjust it
 * (service-interface.md: "A contract gets serif, justified, numbered clauses; a letter gets no
 * page numbers").
 *
 * Fonts. Sans documents use Calibri: it is Word's own body font, so the file looks native to the
 * people who open it, and LibreOffice (our PDF and preview engine) substitutes Carlito, which has
 * the same metrics, so line and page breaks match Word when `fonts-crosextra-carlito` is
 * installed. Contracts use Times New Roman: the conventional legal serif, present wherever Word
 * is, and metric-compatible with Liberation Serif (`fonts-liberation`) on the LibreOffice side.
 */
import type { DocType } from "../ir/types.ts";
import type { StyleApplied } from "./types.ts";

const base: StyleApplied = {
  font: "Calibri",
  font_size: 11,
  line_spacing: 1.15,
  colors: { title: "#1F3864", headings: "#2F5496", text: "#1A1A1A", accent: "#2F5496" },
  align: { title: "left", headings: "left", body: "left" },
  margins_cm: 2.5,
  orientation: "portrait",
  cover_page: false,
  table_of_contents: false,
  page_numbers: true,
};

const byType: Record<DocType, (s: StyleApplied) => StyleApplied> = {
  report: (s) => s,
  memo: (s) => s,
  minutes: (s) => s,
  letter: (s) => ({ ...s, page_numbers: false }),
  contract: (s) => ({
    ...s,
    font: "Times New Roman",
    font_size: 12,
    colors: { title: "#000000", headings: "#000000", text: "#000000", accent: "#404040" },
    align: { title: "center", headings: "left", body: "justify" },
  }),
  // Slides and web pages are wide; the style still reaches their plugins for fonts and colours.
  presentation: (s) => ({ ...s, orientation: "landscape" }),
  spreadsheet: (s) => ({ ...s, orientation: "landscape" }),
  artifact: (s) => ({ ...s, page_numbers: false }),
};

/** A fresh object each call, so callers may change it freely. */
export function defaultStyle(type: DocType): StyleApplied {
  const style = byType[type](base);
  return { ...style, colors: { ...style.colors }, align: { ...style.align } };
}
