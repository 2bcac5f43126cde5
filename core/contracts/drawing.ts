/**
 * A flat picture as data: filled rectangles and polygons, lines and text, in pixels from the top left corner (96 per
 * inch, as Word sizes pictures). What a plugin draws (a chart in a Word document) and an engine paints to PNG
 * (renderers/mupdf/drawing.ts), so the drawing is pure and testable and the painter knows nothing of charts.
 */

/** `RRGGBB`. */
export type Rgb = string;

export type Mark =
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: Rgb }
  /** A polygon (`closed`, filled and/or outlined) or a polyline (stroked). */
  | { kind: "path"; points: Array<[number, number]>; closed: boolean; fill?: Rgb; stroke?: Rgb; width?: number }
  /** One line of text; `y` is its baseline, `x` where `anchor` puts it. */
  | { kind: "text"; x: number; y: number; text: string; size: number; color: Rgb; anchor: "start" | "middle" | "end"; bold?: boolean };

export interface Drawing {
  width: number;
  height: number;
  /** The font family the text is set in, and whether it is a serif face (what to fall back to without it). */
  font: { family: string; serif: boolean };
  background: Rgb;
  marks: Mark[];
}
