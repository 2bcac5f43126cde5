/**
 * The look of a document as the service reports it back in `style_applied`
 * (service-interface.md, "Document": `style_applied` fields). Renderers read it; the style reader
 * produces it from the caller's free-text `style`. Field names follow the wire format so the
 * object can be returned as is.
 */

export type Alignment = "left" | "center" | "right" | "justify";

export interface StyleColors {
  /** `#RRGGBB`, upper case. */
  title: string;
  headings: string;
  text: string;
  accent: string;
}

export interface StyleAlign {
  title: Alignment;
  headings: Alignment;
  body: Alignment;
}

export interface StyleApplied {
  font: string;
  /** Body text size in points. */
  font_size: number;
  /** Multiple of single line spacing (1, 1.15, 1.5, 2…). */
  line_spacing: number;
  colors: StyleColors;
  align: StyleAlign;
  /** The same margin on all four sides, in centimetres. */
  margins_cm: number;
  orientation: "portrait" | "landscape";
  cover_page: boolean;
  table_of_contents: boolean;
  page_numbers: boolean;
  header?: string;
  footer?: string;
}
