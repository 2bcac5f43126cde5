/**
 * The deck model: what the pure mapping step produces and the packing step writes with
 * pptxgenjs. Plain data, every position and size already decided (inches from the slide's top
 * left corner, font sizes in points, colours as `RRGGBB`), so tests can check the layout without
 * unzipping anything and the packer makes no decisions of its own.
 */
import type { ChartKind, ChartSeries } from "../../core/ir/types.ts";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type HAlign = "left" | "center" | "right" | "justify";

export interface RunModel {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  /** Inline code: the monospace face. */
  mono?: boolean;
  href?: string;
  /** Gap markers (`[DATO]`) are highlighted so nobody presents them unfilled. */
  highlight?: boolean;
  superscript?: boolean;
  /** `RRGGBB`; the paragraph's colour when absent. */
  color?: string;
  /** A line break (soft return) before this run. */
  breakBefore?: boolean;
}

export type Bullet = { kind: "bullet"; char: string } | { kind: "number"; n: number };

export interface ParagraphModel {
  runs: RunModel[];
  size: number;
  color: string;
  align: HAlign;
  /** List level (0 = top), written as the paragraph's `lvl`. */
  level: number;
  bullet?: Bullet;
  /** Distance from the bullet to the text, in points; the text starts at `indent × (level + 1)`. */
  indent: number;
  spaceBefore: number;
  lineSpacing: number;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
}

export interface TextShape {
  type: "text";
  name: string;
  box: Box;
  paragraphs: ParagraphModel[];
  face: string;
  /** Inner margins in inches. */
  insets: { left: number; top: number; right: number; bottom: number };
  valign: "top" | "middle" | "bottom";
  fill?: string;
  /**
   * Marks the shape as the slide's title (or the title slide's title and subtitle) placeholder,
   * so PowerPoint's outline, navigation and accessibility checker know each slide's title, or as
   * its body placeholder (a content slide's first body text), so the outline view shows the
   * bullets and "Reset slide" and layout changes find the text.
   */
  placeholder?: "title" | "ctrTitle" | "subTitle" | "body";
}

export interface RectShape {
  type: "rect";
  name: string;
  box: Box;
  fill: string;
}

export interface CellModel {
  paragraph: ParagraphModel;
  fill?: string;
}

export interface TableShape {
  type: "table";
  name: string;
  box: Box;
  face: string;
  columnWidths: number[];
  rowHeights: number[];
  rows: CellModel[][];
  border: string;
  /** Cell margins in inches: top/bottom and left/right. */
  cellMargin: { vertical: number; horizontal: number };
}

export interface ImageShape {
  type: "image";
  name: string;
  box: Box;
  data: Uint8Array;
  format: "png" | "jpg" | "gif";
  alt: string;
}

/** A native chart (its data travels in the chart part and the workbook embedded beside it). */
export interface ChartShape {
  type: "chart";
  name: string;
  box: Box;
  chart: ChartKind;
  title?: string;
  labels: string[];
  series: ChartSeries[];
  /** One per series; a pie's, one per slice. */
  colors: string[];
  face: string;
  textColor: string;
  /** Axis, legend and label text, in points. */
  size: number;
  alt: string;
}

export type ShapeModel = TextShape | RectShape | TableShape | ImageShape | ChartShape;

export type SlideKind = "title" | "section" | "content";

export interface SlideModel {
  kind: SlideKind;
  /** The slide's title in plain text ("" for untitled continuation slides), for tests and names. */
  title: string;
  background?: string;
  shapes: ShapeModel[];
  /** Speaker notes, paragraphs separated by `\n`. */
  notes?: string;
  slideNumber?: { box: Box; size: number; color: string; face: string };
}

/** What the slide layouts' placeholders look like, for text typed into them in PowerPoint. */
export interface LayoutLook {
  /** Body size in points (the base, before any fitting). */
  body: number;
  title: number;
  titleColor: string;
  headingColor: string;
  textColor: string;
  mutedColor: string;
}

export interface DeckModel {
  title?: string;
  face: string;
  /** Colour of every bullet and list number. */
  bulletColor: string;
  look: LayoutLook;
  slides: SlideModel[];
}
