/**
 * Small PDFs drawn for tests with mupdf itself (no other PDF writer is installed): pages of lines, boxes and
 * Helvetica text placed in points from the page's top left, as mupdf's structured text reports positions.
 */
import { loadMupdf } from "../../renderers/mupdf/pages.ts";

export interface DrawnPage {
  readonly width: number;
  readonly height: number;
  /** Content stream operators, written with the helpers below. */
  readonly ops: string[];
}

export const page = (width = 612, height = 792): DrawnPage => ({ width, height, ops: [] });

const n = (v: number) => Number(v.toFixed(3)).toString();

/** A stroked line from (x0, y0) to (x1, y1). */
export const line = (p: DrawnPage, x0: number, y0: number, x1: number, y1: number, width = 0.5): void => {
  p.ops.push(`${n(width)} w ${n(x0)} ${n(p.height - y0)} m ${n(x1)} ${n(p.height - y1)} l S`);
};

/** A rectangle, stroked (`stroke`) or filled in gray `fill` (0 black, 1 white). */
export const box = (p: DrawnPage, x0: number, y0: number, x1: number, y1: number, style: { fill?: number; stroke?: number } = { stroke: 0.5 }): void => {
  const re = `${n(x0)} ${n(p.height - y1)} ${n(x1 - x0)} ${n(y1 - y0)} re`;
  if (style.fill !== undefined) p.ops.push(`q ${n(style.fill)} g ${re} f Q`);
  if (style.stroke !== undefined) p.ops.push(`q ${n(style.stroke)} w ${re} S Q`);
};

/** Text whose baseline starts at (x, y), in Helvetica or (`mono`) Courier. */
export const text = (p: DrawnPage, x: number, y: number, value: string, size = 10, mono = false): void => {
  const escaped = value.replace(/[\\()]/g, (c) => `\\${c}`);
  p.ops.push(`BT /${mono ? "F2" : "F1"} ${n(size)} Tf ${n(x)} ${n(p.height - y)} Td (${escaped}) Tj ET`);
};

/** A ruled grid: borders at `xs` and `ys`, every cell's text at its top left; `skip` leaves inner borders out. */
export const grid = (
  p: DrawnPage,
  xs: readonly number[],
  ys: readonly number[],
  cells: readonly (readonly string[])[],
  skip: { v?: (col: number, row: number) => boolean; h?: (row: number, col: number) => boolean } = {},
): void => {
  for (let r = 0; r < ys.length; r++) {
    for (let c = 0; c + 1 < xs.length; c++) if (r === 0 || r === ys.length - 1 || !skip.h?.(r, c)) line(p, xs[c]!, ys[r]!, xs[c + 1]!, ys[r]!);
  }
  for (let c = 0; c < xs.length; c++) {
    for (let r = 0; r + 1 < ys.length; r++) if (c === 0 || c === xs.length - 1 || !skip.v?.(c, r)) line(p, xs[c]!, ys[r]!, xs[c]!, ys[r + 1]!);
  }
  cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      cell.split("\n").forEach((part, k) => {
        if (part !== "") text(p, xs[c]! + 3, ys[r]! + 11 + k * 12, part);
      });
    }),
  );
};

export const drawnPdf = async (pages: readonly DrawnPage[]): Promise<Uint8Array> => {
  const mupdf = await loadMupdf();
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font("Helvetica")), F2: doc.addSimpleFont(new mupdf.Font("Courier")) };
    for (const p of pages) doc.insertPage(-1, doc.addPage([0, 0, p.width, p.height], 0, { Font: fonts }, p.ops.join("\n")));
    return doc.saveToBuffer("compress").asUint8Array().slice();
  } finally {
    doc.destroy();
  }
};
