/**
 * Ruled tables from the page's drawing (the lattice method of camelot and pdfplumber), on the rules
 * renderers/mupdf/rules.ts reads: rules a few points apart on one line are snapped together and joined into segments
 * (pdfplumber's `snap_edges` and `join_edge_group`), segments meeting fewer than two others are dropped (ticks on a
 * chart's axes, the axes themselves), horizontal and vertical segments that cross or touch are grouped (each group
 * of crossing segments is one candidate table), the crossings' positions give the grid's rows
 * and columns (camelot's joints), and a grid cell whose inner border is not drawn is one cell with its neighbour (a
 * cell spanning several rows or columns). Words go to the cell their centre is in; a cell's lines, wrapped or not,
 * are its text. A spanned cell's text is in its first (top left) grid cell, as camelot's default `shift_text`.
 *
 * Header: the first row, grown by the rows its cells span down and, under a cell spanning some columns (a group
 * label), the row below (the labels it groups); the header's rows are one header row, each column's text read down
 * them ("Population 2011"). A first row that is one cell across the whole table is its caption.
 *
 * Not a table: fewer than 2 rows or 2 columns holding text, a grid with no text inside or with its text on the
 * lines (a chart's grid lines and their labels), and a few big cells of running text (a page frame, a box around a paragraph, page columns parted by rules).
 */
import { RTL } from "../../../renderers/mupdf/bidi.ts";
import type { LayoutLine } from "../../../renderers/mupdf/pages.ts";
import type { Rule } from "../../../renderers/mupdf/rules.ts";
import { joinLines } from "../../../renderers/tesseract/layout.ts";

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface RuledTable<L extends LayoutLine> {
  /** The header row first, as blocks.ts takes a table's rows. */
  readonly rows: string[][];
  /** Text of a first row that is one cell across the table: its title. */
  readonly caption?: string;
  /** The lines (by centre) inside the table's box: all of them belong to it. */
  readonly lines: ReadonlySet<L>;
  readonly box: Box;
}

/** Rules this close (points) across their length are one rule (a double border, a hairline drawn twice). */
const SNAP = 2;
/** Rules on one line with a gap up to this are one segment (cells' borders drawn one by one). */
const JOIN = 3;
/** A rule may stop this short of another one and still meet it. */
const MEET = 2;
/** Shorter joined segments are no borders. */
const MIN_SEGMENT = 3;
/** Past this many crossings on a page the drawing is a mesh or a plot, not tables: none are looked for. */
const MAX_CROSSINGS = 100_000;

interface Segment {
  /** The fixed coordinate: y of a horizontal segment, x of a vertical one. */
  at: number;
  from: number;
  to: number;
}

/** Snap rules of one orientation onto common lines, then join those that touch along each line. */
const merge = (rules: readonly Segment[]): Segment[] => {
  const sorted = [...rules].sort((a, b) => a.at - b.at);
  const groups: Segment[][] = [];
  for (const rule of sorted) {
    const last = groups[groups.length - 1];
    if (last && rule.at - last[0]!.at <= SNAP) last.push(rule);
    else groups.push([rule]);
  }
  const out: Segment[] = [];
  for (const group of groups) {
    const at = group.reduce((n, r) => n + r.at, 0) / group.length;
    const along = group.sort((a, b) => a.from - b.from);
    let current: Segment = { at, from: along[0]!.from, to: along[0]!.to };
    for (const rule of along.slice(1)) {
      if (rule.from <= current.to + JOIN) current.to = Math.max(current.to, rule.to);
      else {
        out.push(current);
        current = { at, from: rule.from, to: rule.to };
      }
    }
    out.push(current);
  }
  return out.filter((s) => s.to - s.from >= MIN_SEGMENT);
};

/** Sorted positions, those within `tol` of the previous kept one dropped. */
const positions = (values: readonly number[], tol: number): number[] => {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const v of sorted) {
    if (group.length > 0 && v - group[0]! > tol) {
      out.push(group.reduce((n, x) => n + x, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length > 0) out.push(group.reduce((n, x) => n + x, 0) / group.length);
  return out;
};

/** The index of the interval of `edges` (sorted) that holds v, clamped to the first and last. */
const slot = (edges: readonly number[], v: number): number => {
  let lo = 0;
  let hi = edges.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (edges[mid]! <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};

class Groups {
  readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]!]!;
      i = this.parent[i]!;
    }
    return i;
  }
  join(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** A candidate table: segments that cross one another, and where they cross. */
interface Mesh {
  readonly h: Segment[];
  readonly v: Segment[];
  readonly xs: number[];
  readonly ys: number[];
}

/** Segments → groups of crossing segments (a horizontal and a vertical one meet when each reaches the other). */
export const meshes = (rules: readonly Rule[]): Mesh[] => {
  const h = merge(rules.filter((r) => r.orientation === "h").map((r) => ({ at: (r.y0 + r.y1) / 2, from: r.x0, to: r.x1 })));
  const v = merge(rules.filter((r) => r.orientation === "v").map((r) => ({ at: (r.x0 + r.x1) / 2, from: r.y0, to: r.y1 }))).sort((a, b) => a.at - b.at);
  const crossings: { h: number; v: number; x: number; y: number }[] = [];
  for (const [i, seg] of h.entries()) {
    // Vertical segments whose x is within the horizontal one's reach.
    let lo = 0;
    let hi = v.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v[mid]!.at < seg.from - MEET) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < v.length && v[k]!.at <= seg.to + MEET; k++) {
      const vert = v[k]!;
      if (vert.from - MEET <= seg.at && vert.to + MEET >= seg.at) {
        crossings.push({ h: i, v: k, x: vert.at, y: seg.at });
        if (crossings.length > MAX_CROSSINGS) return [];
      }
    }
  }
  // A border meets two others at least (its ends, a cell's corners). A segment meeting one is a tick on an axis, an
  // axis, an underline touching a box: left out, and again until every segment left meets two.
  const count = new Map<string, number>();
  const key = (o: "h" | "v", i: number) => `${o}${i}`;
  for (const c of crossings) {
    count.set(key("h", c.h), (count.get(key("h", c.h)) ?? 0) + 1);
    count.set(key("v", c.v), (count.get(key("v", c.v)) ?? 0) + 1);
  }
  let live = crossings;
  for (let changed = true; changed; ) {
    changed = false;
    const next = live.filter((c) => (count.get(key("h", c.h)) ?? 0) >= 2 && (count.get(key("v", c.v)) ?? 0) >= 2);
    if (next.length !== live.length) {
      changed = true;
      count.clear();
      for (const c of next) {
        count.set(key("h", c.h), (count.get(key("h", c.h)) ?? 0) + 1);
        count.set(key("v", c.v), (count.get(key("v", c.v)) ?? 0) + 1);
      }
      live = next;
    }
  }
  const groups = new Groups(h.length + v.length);
  for (const c of live) groups.join(c.h, h.length + c.v);
  const byRoot = new Map<number, { h: Segment[]; v: Segment[]; xs: number[]; ys: number[] }>();
  const get = (root: number) => {
    let mesh = byRoot.get(root);
    if (!mesh) byRoot.set(root, (mesh = { h: [], v: [], xs: [], ys: [] }));
    return mesh;
  };
  h.forEach((seg, i) => {
    if (count.has(key("h", i))) get(groups.find(i)).h.push(seg);
  });
  v.forEach((seg, k) => {
    if (count.has(key("v", k))) get(groups.find(h.length + k)).v.push(seg);
  });
  for (const c of live) {
    const mesh = get(groups.find(c.h));
    mesh.xs.push(c.x);
    mesh.ys.push(c.y);
  }
  return [...byRoot.values()].filter((m) => m.h.length >= 2 && m.v.length >= 2);
};

interface Cell {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  words: { text: string; line: LayoutLine; x: number; x1: number; col: number }[];
}

/**
 * Grid → its cells: grid cells of one row whose shared border is not drawn are one cell, and such cells of rows one
 * under the other are one cell when they cover the same columns and no border parts them. Cells stay rectangles: a
 * title across the table over a first column whose top border is not drawn is a cell of its own.
 */
const gridCells = (mesh: Mesh, cols: readonly number[], rows: readonly number[]): { cells: Cell[]; cellAt: Cell[][] } => {
  const nr = rows.length - 1;
  const nc = cols.length - 1;
  const hAt = rows.map((y) => mesh.h.filter((s) => Math.abs(s.at - y) <= SNAP + MEET));
  const vAt = cols.map((x) => mesh.v.filter((s) => Math.abs(s.at - x) <= SNAP + MEET));
  const covers = (segs: readonly Segment[], a: number, b: number) => {
    // Drawn over most of the border: its middle and each end but a quarter.
    const q = (b - a) / 4;
    return segs.some((s) => s.from <= a + q && s.to >= b - q);
  };
  const cells: Cell[] = [];
  const cellAt: Cell[][] = [];
  for (let r = 0; r < nr; r++) {
    const row: Cell[] = [];
    for (let c = 0; c < nc; ) {
      let end = c;
      while (end + 1 < nc && !covers(vAt[end + 1]!, rows[r]!, rows[r + 1]!)) end++;
      const above = r > 0 ? cellAt[r - 1]![c]! : undefined;
      const open = above !== undefined && above.c0 === c && above.c1 === end && [...Array(end - c + 1).keys()].every((k) => !covers(hAt[r]!, cols[c + k]!, cols[c + k + 1]!));
      let cell: Cell;
      if (open) {
        cell = above!;
        cell.r1 = r;
      } else {
        cell = { r0: r, c0: c, r1: r, c1: end, words: [] };
        cells.push(cell);
      }
      for (let k = c; k <= end; k++) row.push(cell);
      c = end + 1;
    }
    cellAt.push(row);
  }
  return { cells, cellAt };
};

/** One line's words in a cell, as said: left to right, or in the line's own (logical) order where they read from the right. */
const said = (words: { text: string; x: number; line: LayoutLine }[]): string => {
  const rtl = words.some((w) => RTL.test(w.text));
  const at = (w: { text: string; x: number; line: LayoutLine }) => w.line.words.findIndex((lw) => lw.x0 === w.x && lw.text === w.text);
  return [...words].sort(rtl ? (a, b) => at(a) - at(b) : (a, b) => a.x - b.x).map((w) => w.text).join(" ");
};

/** A cell's words as text: line by line top to bottom (a wrapped cell's lines joined as a paragraph's). */
const cellText = (cell: Cell, only?: (line: LayoutLine) => boolean): string => {
  const byLine = new Map<LayoutLine, { text: string; x: number; line: LayoutLine }[]>();
  for (const w of cell.words) {
    if (only && !only(w.line)) continue;
    const list = byLine.get(w.line) ?? [];
    list.push(w);
    byLine.set(w.line, list);
  }
  const lines = [...byLine.entries()].sort(([a], [b]) => (Math.abs(a.y0 - b.y0) < 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0) ? a.x0 - b.x0 : a.y0 - b.y0));
  return lines
    .map(([, words]) => said(words))
    .reduce(joinLines, "")
    .replace(/\s+/g, " ")
    .trim();
};

/** Cells that are running text: a few big cells of long text (a frame around prose, page columns parted by a rule). */
const framesProse = (texts: readonly string[]): boolean => {
  const filled = texts.filter((t) => t !== "");
  const long = filled.filter((t) => t.length > 200).length;
  return filled.length <= 4 ? long >= 1 : long * 2 > filled.length;
};

const NUMERIC = /^[-–+\d.,%$€£()\s/:]+$/;

const centre = (b: Box) => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 });

/**
 * Text rows inside one ruled row: tables ruled every few rows (a rule under each fifth state) or only around their
 * body hold several rows of text in one ruled row. The row's lines fall into bands by height; when every band has
 * text in half the row's columns or more (two at least), each band is a row. A cell wrapped over lines beside
 * one-line cells leaves bands with text in one column only, and the ruled row stays one row.
 */
const textRows = (cells: readonly Cell[]): LayoutLine[][] | null => {
  const lines = [...new Set(cells.flatMap((c) => c.words.map((w) => w.line)))].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  if (lines.length < 2) return null;
  const bands: { lines: LayoutLine[]; y0: number; y1: number }[] = [];
  for (const line of lines) {
    const band = bands[bands.length - 1];
    const mid = (line.y0 + line.y1) / 2;
    if (band && mid > band.y0 && mid < band.y1) {
      band.lines.push(line);
      band.y0 = Math.min(band.y0, line.y0);
      band.y1 = Math.max(band.y1, line.y1);
    } else {
      bands.push({ lines: [line], y0: line.y0, y1: line.y1 });
    }
  }
  if (bands.length < 2) return null;
  const columns = (band: { lines: LayoutLine[] }) => cells.filter((c) => c.words.some((w) => band.lines.includes(w.line))).length;
  const filled = cells.filter((c) => c.words.length > 0).length;
  const need = Math.max(2, Math.ceil(filled / 2));
  return bands.every((b) => columns(b) >= need) ? bands.map((b) => b.lines) : null;
};

/** The table one mesh draws, or null when it is not one. */
const meshTable = <L extends LayoutLine>(mesh: Mesh, lines: readonly L[], taken: Set<L>): RuledTable<L> | null => {
  const cols = positions(mesh.xs, SNAP + MEET);
  const rows = positions(mesh.ys, SNAP + MEET);
  if (cols.length < 3 || rows.length < 3) return null;
  const box: Box = { x0: cols[0]!, y0: rows[0]!, x1: cols[cols.length - 1]!, y1: rows[rows.length - 1]! };
  const inside = lines.filter((l) => {
    const c = centre(l);
    return !taken.has(l) && c.x > box.x0 && c.x < box.x1 && c.y > box.y0 && c.y < box.y1;
  });
  if (inside.length === 0) return null;
  // Words a drawn border runs through: labels set on a chart's grid lines, not text in cells. A few may overflow.
  const through = (word: Box) =>
    mesh.v.some((s) => s.at > word.x0 + 1 && s.at < word.x1 - 1 && s.from < word.y1 && s.to > word.y0) ||
    mesh.h.some((s) => s.at > word.y0 + 1 && s.at < word.y1 - 1 && s.from < word.x1 && s.to > word.x0);
  const words = inside.flatMap((l) => l.words);
  const crossed = words.filter(through).length;
  if (crossed >= 2 && crossed > 0.15 * words.length) return null;
  const { cells, cellAt } = gridCells(mesh, cols, rows);
  for (const line of inside) {
    for (const word of line.words) {
      const c = centre(word);
      const col = slot(cols, c.x);
      cellAt[slot(rows, c.y)]![col]!.words.push({ text: word.text, line, x: word.x0, x1: word.x1, col });
    }
  }
  const nr = rows.length - 1;
  const nc = cols.length - 1;
  // Columns of text inside a ruled column (words parted by a gap of a text size on most of its rows): the rules
  // do not draw every column, and the unruled finder reads the columns better.
  for (let c = 0; c < nc; c++) {
    const own = cells.filter((cell) => cell.c0 === c && cell.c1 === c && cell.words.length > 0);
    const parted = own.filter((cell) =>
      [...new Set(cell.words.map((w) => w.line))].some((line) => {
        const ws = cell.words.filter((w) => w.line === line).sort((a, b) => a.x - b.x);
        return ws.some((w, k) => k > 0 && w.x - ws[k - 1]!.x1 > line.size);
      }),
    );
    if (own.length >= 3 && parted.length * 2 > own.length) return null;
  }
  const text = new Map<Cell, string>(cells.map((c) => [c, cellText(c)]));
  if (framesProse([...text.values()])) return null;
  // Rows and columns with text in some cell that starts there.
  const usedRows = new Set(cells.filter((c) => text.get(c) !== "").map((c) => c.r0));
  const usedCols = new Set(cells.filter((c) => text.get(c) !== "").map((c) => c.c0));
  if (usedRows.size < 2 || usedCols.size < 2) return null;

  let top = 0;
  let caption: string | undefined;
  const first = cellAt[0]![0]!;
  if (first.c0 === 0 && first.c1 === nc - 1 && first.r1 === 0 && nr >= 3 && text.get(first) !== "" && nc > 1) {
    caption = text.get(first);
    top = 1;
  }
  // Header rows: the first row, the rows its cells span down, and the row under a cell that groups some columns
  // when that row is labels (not figures, not several rows of text in one ruled row).
  const labels = (r: number): boolean => {
    if (r >= nr) return false;
    const own = cellAt[r]!.filter((cell, c) => cell.c0 === c && cell.r0 === r);
    const texts = own.map((cell) => text.get(cell)!).filter((t) => t !== "");
    if (texts.filter((t) => NUMERIC.test(t)).length * 2 >= texts.length) return false;
    const bands = textRows(own);
    return bands === null || bands.length <= 2;
  };
  let head = top + 1;
  for (let grown = true; grown; ) {
    grown = false;
    for (let r = top; r < head; r++) {
      for (const cell of cellAt[r]!) {
        const groups = cell.c1 > cell.c0 && !(cell.c0 === 0 && cell.c1 === nc - 1);
        const reach = Math.max(cell.r1 + 1, groups && labels(cell.r1 + 1) ? cell.r1 + 2 : 0);
        if (reach > head && reach < nr) {
          head = reach;
          grown = true;
        }
      }
    }
  }
  // A header cell over several columns with no rules between them: on a line with labels set apart (see below) in
  // different columns, each label is its column's ("Permit  Handgun  Long Gun"); a line that is one label
  // labels every column it is over (a group: "Pre-Pawn" over "Handgun", "Long Gun").
  const headerText = (cell: Cell, c: number): string => {
    if (cell.c0 === cell.c1) return text.get(cell)!;
    // Lines on one baseline (mupdf may give each label a line of its own) are looked at together.
    const bands: { y0: number; y1: number; words: Cell["words"] }[] = [];
    for (const w of [...cell.words].sort((a, b) => a.line.y0 + a.line.y1 - (b.line.y0 + b.line.y1))) {
      const mid = (w.line.y0 + w.line.y1) / 2;
      let band = bands.find((b) => mid > b.y0 && mid < b.y1);
      if (!band) bands.push((band = { y0: w.line.y0, y1: w.line.y1, words: [] }));
      band.words.push(w);
    }
    const kept: Cell["words"] = [];
    for (const band of bands) {
      const sorted = [...band.words].sort((a, b) => a.x - b.x);
      const labels: Cell["words"][] = [];
      for (const w of sorted) {
        const last = labels[labels.length - 1];
        const prev = last?.[last.length - 1];
        // Apart: a gap of more than half a text size, or one a column's border runs through.
        const gap = prev ? w.x - prev.x1 : 0;
        const border = prev !== undefined && cols.some((x) => x > prev.x1 && x < w.x);
        if (prev && gap <= 0.6 * w.line.size && !(border && gap > 0.2 * w.line.size)) last!.push(w);
        else labels.push([w]);
      }
      const columnOf = (label: Cell["words"]) => slot(cols, (label[0]!.x + label[label.length - 1]!.x1) / 2);
      const spread = labels.length >= 2 && new Set(labels.map(columnOf)).size >= 2;
      for (const label of labels) if (!spread || columnOf(label) === c) kept.push(...label);
    }
    return cellText({ ...cell, words: kept });
  };
  const matrix: string[][] = [];
  const header: string[] = [];
  for (let c = 0; c < nc; c++) {
    const seen: Cell[] = [];
    for (let r = top; r < head; r++) {
      const cell = cellAt[r]![c]!;
      if (!seen.includes(cell)) seen.push(cell);
    }
    header.push(seen.map((cell) => headerText(cell, c)).filter((t) => t !== "").join(" "));
  }
  matrix.push(header);
  // A body row that is one cell across the table holding lines of text side by side (the body of a table ruled only
  // around it) is left to the unruled finder: its lines are not the ruled table's.
  const left = new Set<LayoutLine>();
  for (let r = head; r < nr; r++) {
    const own = cellAt[r]!.filter((cell, c) => cell.c0 === c);
    if (own.length === 1 && nc > 1 && new Set(own[0]!.words.map((w) => w.line)).size >= 3) {
      for (const w of own[0]!.words) left.add(w.line);
      continue;
    }
    const bands = own.every((cell) => cell.r0 === r && cell.r1 === r) ? textRows(own) : null;
    if (bands) {
      for (const band of bands) matrix.push(cellAt[r]!.map((cell, c) => (cell.c0 === c ? cellText(cell, (line) => band.includes(line)) : "")));
    } else {
      matrix.push(cellAt[r]!.map((cell, c) => (cell.r0 === r && cell.c0 === c ? text.get(cell)! : "")));
    }
  }
  // Rows and columns left empty (spacer rows, the grid cells a spanned cell covers) are dropped.
  const keepCols = header.map((_, c) => matrix.some((row) => row[c] !== ""));
  const table = matrix.filter((row, i) => i === 0 || row.some((cell) => cell !== "")).map((row) => row.filter((_, c) => keepCols[c]));
  // Two cells side by side somewhere (a header does): labels at a drawing's corners are not.
  if (table.length < 2 || table[0]!.length < 2 || !table.some((row) => row.filter((cell) => cell !== "").length >= 2)) return null;
  const mine = inside.filter((l) => !left.has(l));
  for (const line of mine) taken.add(line);
  return { rows: table, ...(caption !== undefined ? { caption } : {}), lines: new Set(mine), box };
};

/** The ruled tables the rules draw around the page's lines, top to bottom. */
export const ruledTables = <L extends LayoutLine>(rules: readonly Rule[], lines: readonly L[]): RuledTable<L>[] => {
  // Edges of light shading count only away from drawn rules: inside a ruled table they are highlights behind text,
  // elsewhere they may be the only borders of cells told apart by their tints.
  const drawn = rules.filter((r) => !r.shade);
  const shade = rules.filter((r) => r.shade);
  let all: readonly Rule[] = drawn;
  if (shade.length > 0) {
    const boxes = meshes(drawn).map((m) => ({ x0: Math.min(...m.xs) - JOIN, x1: Math.max(...m.xs) + JOIN, y0: Math.min(...m.ys) - JOIN, y1: Math.max(...m.ys) + JOIN }));
    const within = (r: Rule) => boxes.some((b) => r.x0 >= b.x0 && r.x1 <= b.x1 && r.y0 >= b.y0 && r.y1 <= b.y1);
    all = [...drawn, ...shade.filter((r) => !within(r))];
  }
  // Smaller meshes first: a table drawn inside a frame keeps its lines from the frame's "table".
  const found = meshes(all).sort((a, b) => a.h.length + a.v.length - (b.h.length + b.v.length));
  const taken = new Set<L>();
  const out: RuledTable<L>[] = [];
  for (const mesh of found) {
    const table = meshTable(mesh, lines, taken);
    if (table) out.push(table);
  }
  return out.sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
};
