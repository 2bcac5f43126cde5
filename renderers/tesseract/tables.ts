/**
 * Tables in words with positions (layout.ts, shared by the OCR reader and the PDF reader): rows of text whose pieces
 * fall into the same column positions over at least three rows (two when they fill three columns or more) become a
 * GFM table, borderless ones too: a wrapped cell's next lines join their row, a note set between two rows is left
 * out, rows whose columns start at the same places may be far apart, two key/value tables side by side are two
 * tables, and a header set on two lines is one header row. Deliberately conservative: prose in two page columns,
 * forms and ragged text must not become tables, so long cells, other one-cell rows, mixed type sizes in a row and
 * columns that do not line up end the table.
 */
import type { Box, Line, Word } from "./layout.ts";

interface Segment extends Box {
  readonly text: string;
  readonly size: number;
  readonly line: Line;
  /** For a wrapped cell's next line, the piece it goes on from: it goes to that piece's column and sets none. */
  readonly continues?: Segment;
}

interface Row extends Box {
  readonly lines: Line[];
  readonly segments: Segment[];
  readonly size: number;
}

export interface Table<L extends Line> {
  readonly rows: string[][];
  /** The lines the table was made of, to be left out of the running text. */
  readonly lines: ReadonlySet<L>;
  readonly box: Box;
}

/** A gap wider than this many times the text size splits a line into pieces that may be cells. */
const CELL_GAP = 1.0;
/** A gap this wide (in text sizes) parts cells where a column starts (see `columnStarts`). */
const NARROW_GAP = 0.5;
/** Rows further apart than this many times the text size (from one's bottom to the next one's top) are not one table. */
const ROW_GAP = 1.6;
/** Rows whose columns start at the same places may be this far apart. */
const WIDE_ROW_GAP = 3.5;
const MIN_ROWS = 3;
/** Pieces of one row whose sizes differ more than this are not cells of one table. */
const MIXED_SIZES = 1.6;
const MAX_COLUMNS = 20;
/** Cells longer than this are prose, not table cells; a table whose cells are this long on average is not one. */
const LONG_CELL = 60;
const MEAN_CELL = 40;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const MATH = /[=<>±×÷∑∏∫∂∇∞≤≥≠≈≡⇒⇔→←↦∀∃∈∉⊂⊆⊃⊇∪∩∧∨¬∗∘√α-ωΑ-Ω]/u;

/**
 * Where columns start on the page: x positions at which three lines or more have a word after a gap of
 * `NARROW_GAP` sizes or more. A gap narrower than `CELL_GAP` still parts cells there (a long name coming close to the
 * next column's times), when it is also twice the line's usual space between words.
 */
const columnStarts = (lines: readonly Line[]): number[] => {
  const found: { x: number; tol: number }[] = [];
  for (const line of lines) {
    const words = [...line.words].sort((a, b) => a.x0 - b.x0);
    for (let i = 1; i < words.length; i++) {
      if (words[i]!.x0 - words[i - 1]!.x1 >= NARROW_GAP * line.size) found.push({ x: words[i]!.x0, tol: 0.15 * line.size });
    }
  }
  found.sort((a, b) => a.x - b.x);
  const starts: number[] = [];
  for (let i = 0; i < found.length; i++) {
    let j = i;
    while (j + 1 < found.length && found[j + 1]!.x - found[i]!.x <= found[i]!.tol) j++;
    if (j - i + 1 >= 3) starts.push(found[i]!.x);
  }
  return starts;
};

const segmentsOf = (line: Line, starts: readonly number[] = []): Segment[] => {
  const out: Segment[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (current.length === 0) return;
    // A cell of right-to-left words is said in the line's own (logical) order, not left to right.
    const said = current.some((w) => RTL_LETTER.test(w.text)) ? [...current].sort((a, b) => line.words.indexOf(a) - line.words.indexOf(b)) : current;
    out.push({
      text: said.map((w) => w.text).join(" "),
      x0: current[0]!.x0,
      x1: Math.max(...current.map((w) => w.x1)),
      y0: Math.min(...current.map((w) => w.y0)),
      y1: Math.max(...current.map((w) => w.y1)),
      size: line.size,
      line,
    });
    current = [];
  };
  const words = [...line.words].sort((a, b) => a.x0 - b.x0);
  const gaps = words.slice(1).map((w, i) => w.x0 - words[i]!.x1).sort((a, b) => a - b);
  const usual = gaps.length === 0 ? 0 : gaps[Math.floor(gaps.length / 2)]!;
  for (const word of words) {
    const last = current[current.length - 1];
    const gap = last ? word.x0 - last.x1 : 0;
    const atColumn = gap >= NARROW_GAP * line.size && gap >= 2 * usual && starts.some((x) => Math.abs(x - word.x0) <= 0.15 * line.size);
    if (last && (gap > CELL_GAP * line.size || atColumn)) flush();
    current.push(word);
  }
  flush();
  return out;
};

const overlapY = (a: Box, b: Box): number => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

/** Lines that share a baseline (overlap by half the smaller height) are one row, in reading order top to bottom. */
const rowsOf = (lines: readonly Line[]): Row[] => {
  const starts = columnStarts(lines);
  const pieces = (line: Line) => segmentsOf(line, starts);
  const sorted = [...lines].filter((l) => l.words.length > 0).sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: { lines: Line[]; box: Box }[] = [];
  for (const line of sorted) {
    const last = rows[rows.length - 1];
    // A line over two pieces of a row is a row of its own, set between two rows (a note among a table's rows).
    const beside = last !== undefined && last.lines.flatMap(pieces).filter((l) => Math.min(l.x1, line.x1) - Math.max(l.x0, line.x0) > 0.2 * line.size).length < 2;
    if (last && beside && overlapY(last.box, line) >= 0.5 * Math.min(last.box.y1 - last.box.y0, line.y1 - line.y0)) {
      last.lines.push(line);
      last.box = { x0: Math.min(last.box.x0, line.x0), y0: Math.min(last.box.y0, line.y0), x1: Math.max(last.box.x1, line.x1), y1: Math.max(last.box.y1, line.y1) };
    } else {
      rows.push({ lines: [line], box: { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 } });
    }
  }
  return rows.map(({ lines: rowLines, box }) => ({
    ...box,
    lines: rowLines,
    segments: rowLines.flatMap(pieces).sort((a, b) => a.x0 - b.x0),
    size: Math.max(...rowLines.map((l) => l.size)),
  }));
};

/**
 * The row with the most pieces sets the columns; a piece of another row that overlaps none of them (the first
 * column of a header row left empty) adds one. Every piece then goes to the column it overlaps most: a piece across
 * two columns is a merged cell, and a few are allowed; a wrapped cell's next line goes where the piece it continues
 * went.
 * Rows must fill two columns at least. With `final`, every column must have two cells or more and the cells must be
 * short, as table cells are; columns of text set side by side are not a table, and `split` then says where they
 * meet, to look for a table on each side.
 */
const asTable = (rows: readonly Row[], final: boolean, split: { x?: number } = {}): string[][] | null => {
  const size = Math.max(...rows.map((r) => r.size));
  const own = (row: Row) => row.segments.filter((s) => !s.continues);
  let anchor = rows[0]!;
  for (const row of rows) if (own(row).length > own(anchor).length) anchor = row;
  const columns = own(anchor).map((s) => ({ x0: s.x0, x1: s.x1 }));
  for (const row of rows) {
    for (const segment of own(row)) {
      if (!columns.some((c) => Math.max(c.x0 - segment.x1, segment.x0 - c.x1) < 0.5 * size)) columns.push({ x0: segment.x0, x1: segment.x1 });
    }
  }
  columns.sort((a, b) => a.x0 - b.x0);
  if (columns.length < 2 || columns.length > MAX_COLUMNS) return null;
  let merged = 0;
  const table: string[][] = [];
  // The longest line of each cell: a wrapped cell is as long as its lines, for telling cells from prose.
  const widths: number[][] = [];
  // Per text block: the columns and the rows it has cells in.
  const blocks = new Map<unknown, { columns: Set<number>; rows: Set<number> }>();
  const columnOf = new Map<Segment, number>();
  for (const [r, row] of rows.entries()) {
    const cells = columns.map(() => "");
    const longest = columns.map(() => 0);
    for (const segment of row.segments) {
      let best = -1;
      let most = 0;
      let second = 0;
      if (segment.continues) {
        best = columnOf.get(segment.continues) ?? -1;
      } else {
        columns.forEach((column, k) => {
          const overlap = Math.min(column.x1, segment.x1) - Math.max(column.x0, segment.x0);
          if (overlap > most) {
            second = most;
            most = overlap;
            best = k;
          } else if (overlap > second) {
            second = overlap;
          }
        });
      }
      if (best < 0) {
        // Within half a text size of a column (every piece is, by construction).
        let nearest = Infinity;
        columns.forEach((column, k) => {
          const distance = Math.max(column.x0 - segment.x1, segment.x0 - column.x1);
          if (distance < nearest) {
            nearest = distance;
            best = k;
          }
        });
      }
      if (second > 0.3 * size) merged++;
      columnOf.set(segment, best);
      cells[best] = cells[best] === "" ? segment.text : `${cells[best]} ${segment.text}`;
      longest[best] = Math.max(longest[best]!, segment.text.length);
      if (segment.line.textBlock !== undefined) {
        const seen = blocks.get(segment.line.textBlock) ?? { columns: new Set<number>(), rows: new Set<number>() };
        seen.columns.add(best);
        seen.rows.add(r);
        blocks.set(segment.line.textBlock, seen);
      }
    }
    if (cells.filter((c) => c !== "").length < 2) return null;
    table.push(cells);
    widths.push(longest);
  }
  if (merged > Math.max(1, rows.length * 0.3)) return null;
  // Cells of one row are set in one size: text beside a figure's small labels is not a row.
  for (const row of rows) {
    const sizes = row.segments.map((s) => s.size);
    if (Math.max(...sizes) > MIXED_SIZES * Math.min(...sizes)) return null;
  }
  if (!final) return table;
  // Columns of text set side by side (an index, a glossary in two page columns): no text block has cells on both
  // sides of some column boundary, and on each side a block runs down two rows or more.
  const sources = [...blocks.values()];
  for (let k = 1; k < columns.length && sources.length > 0; k++) {
    const before = sources.filter((b) => [...b.columns].some((c) => c < k));
    const after = sources.filter((b) => [...b.columns].some((c) => c >= k));
    if (!before.some((b) => after.includes(b)) && before.some((b) => b.rows.size >= 2) && after.some((b) => b.rows.size >= 2)) {
      // Each side a table of its own: a block on either side has cells in two columns.
      if (before.some((b) => b.columns.size >= 2) && after.some((b) => b.columns.size >= 2)) split.x = columns[k]!.x0;
      return null;
    }
  }
  const filled = table.flat().filter((c) => c !== "");
  const lengths = widths.flat().filter((n) => n > 0);
  if (lengths.reduce((n, c) => n + c, 0) / lengths.length > MEAN_CELL) return null;
  // Displayed formulas set with wide gaps (aligned equations) are not tables.
  if (filled.filter((c) => MATH.test(c)).length * 5 > filled.length * 2) return null;
  for (let c = 0; c < columns.length; c++) {
    const cells = widths.map((row) => row[c]!).filter((n) => n > 0);
    if (cells.length < 2) return null;
    if (cells.filter((n) => n > LONG_CELL).length * 3 > cells.length) return null;
  }
  // Two rows make a table only when they fill three columns or more each: a header and its one row.
  if (rows.length < MIN_ROWS && (columns.length < 3 || table.some((row) => row.some((cell) => cell === "")))) return null;
  return table;
};

/** The left edges of a row's own pieces (not its wrapped cells' lines). */
const starts = (row: Row): number[] => row.segments.filter((s) => !s.continues).map((s) => s.x0);

/** Every piece of `row` starts where a piece of the rows above starts: left-aligned columns. */
const aligned = (row: Row, above: readonly Row[], tol: number): boolean => {
  const edges = above.flatMap(starts);
  return starts(row).every((x) => edges.some((e) => Math.abs(e - x) <= tol));
};

/**
 * A line of a wrapped cell: fewer pieces than the row it follows, each starting where a piece other than the first of
 * that row starts (the first column holds the row's key and does not wrap into an empty row), right below it. When
 * the source knows text blocks, the line is in a block of the row above or in a block of its own: a line of a block
 * running down its own column is a page column's, not a cell's.
 */
const wraps = (row: Row, above: Row, blockLines: ReadonlyMap<unknown, number>): boolean => {
  const edges = starts(above);
  const size = Math.max(row.size, above.size);
  if (row.segments.length >= edges.length || row.y0 - above.y1 > 0.6 * size) return false;
  const ownBlock = (line: Line) => line.textBlock === undefined || (blockLines.get(line.textBlock) ?? 0) <= 1 || above.lines.some((l) => l.textBlock === line.textBlock);
  if (!row.lines.every(ownBlock)) return false;
  const first = Math.min(...edges);
  return row.segments.every((s) => s.x0 > first + size && edges.some((e) => Math.abs(e - s.x0) <= 0.5 * size));
};

const withWrapped = (row: Row, next: Row): Row => {
  const own = row.segments.filter((s) => !s.continues);
  const above = (s: Segment) => own.reduce((best, o) => (Math.abs(o.x0 - s.x0) < Math.abs(best.x0 - s.x0) ? o : best));
  return {
    x0: Math.min(row.x0, next.x0),
    y0: row.y0,
    x1: Math.max(row.x1, next.x1),
    y1: Math.max(row.y1, next.y1),
    lines: [...row.lines, ...next.lines],
    segments: [...row.segments, ...next.segments.map((s) => ({ ...s, continues: above(s) }))],
    size: Math.max(row.size, next.size),
  };
};

const wordy = (row: readonly string[]): boolean => row.every((cell) => !/\d/.test(cell)) && row.some((cell) => /\p{L}/u.test(cell));

/**
 * A header set on two or three lines (`Unit` over `Price`): the table's first rows are words only, each next one with
 * fewer cells, closer to one another than the rows below are, over rows with figures. They are one header row.
 */
const withHeader = (table: string[][], rows: readonly Row[]): string[][] => {
  const filled = (row: readonly string[]) => row.filter((cell) => cell !== "").length;
  const gap = (k: number) => rows[k]!.y0 - rows[k - 1]!.y1;
  const body = rows.slice(2).map((_, k) => gap(k + 2)).sort((a, b) => a - b);
  const usual = body.length === 0 ? 0 : body[Math.floor(body.length / 2)]!;
  let lines = 1;
  while (
    lines < Math.min(3, table.length - 2) &&
    wordy(table[lines - 1]!) &&
    wordy(table[lines]!) &&
    filled(table[lines]!) < filled(table[lines - 1]!) &&
    gap(lines) <= 0.6 * rows[lines]!.size &&
    gap(lines) < 0.7 * usual
  ) {
    lines++;
  }
  if (lines === 1 || !table.slice(lines).some((row) => row.some((cell) => /\d/.test(cell)))) return table;
  const head = table[0]!.map((_, c) => table.slice(0, lines).map((row) => row[c]!).filter((cell) => cell !== "").join(" "));
  return [head, ...table.slice(lines)];
};

/** The rows' lines left and right of `x`, when there are lines on both sides. */
const sides = (rows: readonly Row[], x: number): [Line[], Line[]] | null => {
  const lines = rows.flatMap((r) => r.lines);
  const left = lines.filter((l) => l.x1 <= x);
  const right = lines.filter((l) => l.x0 >= x);
  return left.length > 0 && right.length > 0 && left.length + right.length === lines.length ? [left, right] : null;
};

/**
 * Tables among the lines of one page. Rows of two or more pieces that follow each other closely are grown into a
 * table as long as their pieces keep to the same columns; three rows at least (two when they fill three columns),
 * and short cells. A wrapped cell's next lines join its row; a line set between two rows, over their height (a
 * note), is left out and does not end the table. Rows whose columns start at the same places may be further apart
 * (a key/value table with space between its entries). Where columns of text side by side are found instead, each
 * side is looked at on its own (two key/value tables next to each other). A header set on two lines is one row.
 */
export const findTables = <L extends Line>(lines: readonly L[]): Table<L>[] => {
  const rows = rowsOf(lines);
  const blockLines = new Map<unknown, number>();
  for (const line of lines) if (line.textBlock !== undefined) blockLines.set(line.textBlock, (blockLines.get(line.textBlock) ?? 0) + 1);
  const tables: Table<L>[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.segments.length < 2) {
      i++;
      continue;
    }
    const run: Row[] = [rows[i]!];
    const gaps: number[] = [];
    let j = i + 1;
    for (; j < rows.length; j++) {
      const row = rows[j]!;
      const last = run[run.length - 1]!;
      if (row.segments.length < 2) {
        const wrapsAt = [run.length - 1, run.length - 2].find((k) => k >= 0 && wraps(row, run[k]!, blockLines));
        if (wrapsAt !== undefined) {
          run[wrapsAt] = withWrapped(run[wrapsAt]!, row);
          continue;
        }
        const next = rows[j + 1];
        const across = (other: Row) => other.segments.filter((s) => row.segments.some((r) => Math.min(r.x1, s.x1) - Math.max(r.x0, s.x0) > 0)).length >= 2;
        const between = overlapY(last, row) > 0 && next !== undefined && next.segments.length >= 2 && overlapY(row, next) > 0 && across(last) && across(next);
        if (between) continue;
        break;
      }
      const gap = row.y0 - last.y1;
      const size = Math.max(row.size, last.size);
      if (gap > (aligned(row, run, 0.5 * size) ? WIDE_ROW_GAP : ROW_GAP) * size) break;
      // A gap much wider than the rows' usual one starts something else (the next table).
      if (gaps.length >= 2) {
        const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
        if (gap > Math.max(usual * 1.8, usual + 0.6 * size)) break;
      }
      if (asTable([...run, row], false) === null) break;
      gaps.push(gap);
      run.push(row);
    }
    const split: { x?: number } = {};
    const table = run.length >= 2 ? asTable(run, true, split) : null;
    if (table) {
      tables.push({
        rows: withHeader(table, run),
        lines: new Set(run.flatMap((r) => r.lines) as L[]),
        box: { x0: Math.min(...run.map((r) => r.x0)), y0: run[0]!.y0, x1: Math.max(...run.map((r) => r.x1)), y1: run[run.length - 1]!.y1 },
      });
      i = j;
    } else if (split.x !== undefined && sides(rows.slice(i, j), split.x)) {
      const [left, right] = sides(rows.slice(i, j), split.x)!;
      tables.push(...findTables(left as L[]), ...findTables(right as L[]));
      i = j;
    } else {
      i++;
    }
  }
  return tables;
};

export const tableMarkdown = (rows: readonly (readonly string[])[]): string => {
  const cell = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  const [head, ...body] = rows;
  if (!head) return "";
  return [line(head), line(head.map(() => "---")), ...body.map(line)].join("\n");
};

