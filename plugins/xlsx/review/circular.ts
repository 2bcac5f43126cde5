/**
 * Circular references: formula cells that depend on themselves, directly or through other cells, on one sheet or
 * across sheets. The graph has a node per formula cell and edges to the formula cells it reads — through cell and
 * range references (3-D ranges included) and defined names (resolved in the cell's sheet first, then the workbook;
 * names inside names followed a few levels deep). Only formula cells can close a cycle, so a range only needs the
 * formula cells inside it, and those are reached through a segment tree over each column's formula cells: a range
 * costs a few edges per column whatever its height, so `SUM(A:A)` in every row, or running totals `SUM($A$1:A9)`,
 * do not square the work. The tree's nodes only point down, so they close no cycle of their own, and a cell reaches
 * another through them exactly when it reads it. Cycles are the strongly connected components (Tarjan, iterative)
 * of more than one node, or one cell reading itself. With iterative calculation on (`calcPr iterate`), cycles are
 * intended and only reported as information.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { cellList, finding, MAX_LISTED } from "./findings.ts";
import type { Area, FormulaParts } from "./formula-refs.ts";
import type { FormulaCell, Formulas } from "./formulas.ts";
import type { LoadedWorkbook } from "./load.ts";

/** Past this many edges the graph stops growing; cycles found in what was built are still real. */
const MAX_EDGES = 5_000_000;
const MAX_NAME_DEPTH = 8;

/** A column's formula cells in row order, and the segment tree over them. */
interface Column {
  rows: number[];
  nodes: number[];
  /** Tree node of the segment [lo, hi] (indexes into rows), by `lo * rows.length + hi`; leaves are the cells. */
  tree: Map<number, number>;
}

type Target = { sheet: number; area: Area };

const lowerBound = (rows: readonly number[], value: number): number => {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/** Strongly connected components that hold a cycle, found without recursion. */
const cyclesOf = (edges: readonly number[][]): number[][] => {
  const n = edges.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: { node: number; next: number }[] = [{ node: root, next: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges[frame.node]!;
      if (frame.next < targets.length) {
        const to = targets[frame.next++]!;
        if (index[to] === -1) {
          index[to] = low[to] = counter++;
          stack.push(to);
          onStack[to] = 1;
          work.push({ node: to, next: 0 });
        } else if (onStack[to]) low[frame.node] = Math.min(low[frame.node]!, index[to]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low[parent] = Math.min(low[parent]!, low[frame.node]!);
      }
      if (low[frame.node] === index[frame.node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) out.push(component);
      }
    }
  }
  return out;
};

export interface FormulaGraph {
  /**
   * Edges by node: nodes below `Formulas.cells.length` are formula cells (same index), the others segment-tree
   * nodes standing for the formula cells of part of a column.
   */
  readonly edges: readonly number[][];
  /** Whether the graph stopped growing at MAX_EDGES. */
  readonly truncated: boolean;
}

export const buildGraph = (loaded: LoadedWorkbook, formulas: Formulas): FormulaGraph => {
  const { cells } = formulas;
  const edges: number[][] = cells.map(() => []);
  let edgeCount = 0;
  let truncated = false;
  const link = (from: number, to: number) => {
    edges[from]!.push(to);
    if (++edgeCount >= MAX_EDGES) truncated = true;
  };

  const index = new Map<number, Map<number, Column>>();
  const sorted = cells.map((c, node) => ({ c, node })).sort((a, b) => a.c.sheet - b.c.sheet || a.c.cell.col - b.c.cell.col || a.c.cell.row - b.c.cell.row);
  for (const { c, node } of sorted) {
    let sheet = index.get(c.sheet);
    if (!sheet) index.set(c.sheet, (sheet = new Map()));
    let column = sheet.get(c.cell.col);
    if (!column) sheet.set(c.cell.col, (column = { rows: [], nodes: [], tree: new Map() }));
    column.rows.push(c.cell.row);
    column.nodes.push(node);
  }

  /** The node standing for the column's formula cells lo..hi (a segment of the tree, made on first use). */
  const segment = (column: Column, lo: number, hi: number): number => {
    if (lo === hi) return column.nodes[lo]!;
    const key = lo * column.rows.length + hi;
    const known = column.tree.get(key);
    if (known !== undefined) return known;
    const node = edges.length;
    edges.push([]);
    column.tree.set(key, node);
    const mid = (lo + hi) >> 1;
    link(node, segment(column, lo, mid));
    link(node, segment(column, mid + 1, hi));
    return node;
  };
  /** The tree nodes covering the column's formula cells a..b, as in a segment tree query over [0, length - 1]. */
  const cover = (column: Column, a: number, b: number, lo: number, hi: number, out: number[]) => {
    if (b < lo || hi < a) return;
    if (a <= lo && hi <= b) {
      out.push(segment(column, lo, hi));
      return;
    }
    const mid = (lo + hi) >> 1;
    cover(column, a, b, lo, mid, out);
    cover(column, a, b, mid + 1, hi, out);
  };

  const sheetCount = loaded.sheets.length;
  const sheetsOf = (ref: { sheet?: string; lastSheet?: string }, own: number): number[] => {
    if (ref.sheet === undefined) return [own];
    const first = formulas.sheetIndex(ref.sheet);
    if (first === undefined) return [];
    if (ref.lastSheet === undefined) return [first];
    const last = formulas.sheetIndex(ref.lastSheet);
    if (last === undefined) return [];
    const out: number[] = [];
    for (let s = Math.min(first, last); s <= Math.max(first, last) && s < sheetCount; s++) out.push(s);
    return out;
  };

  const nameMemo = new Map<string, Target[]>();
  const targetsOf = (parts: FormulaParts, own: number, depth: number): Target[] => {
    const out: Target[] = [];
    for (const ref of parts.refs) {
      if (ref.book !== undefined || !ref.area) continue;
      for (const sheet of sheetsOf(ref, own)) out.push({ sheet, area: ref.area });
    }
    for (const name of parts.names) {
      if (name.book !== undefined) continue;
      const scope = name.sheet === undefined ? own : formulas.sheetIndex(name.sheet);
      if (scope !== undefined) out.push(...resolveName(name.name, scope, depth + 1));
    }
    return out;
  };
  const resolveName = (name: string, scope: number, depth: number): Target[] => {
    if (depth > MAX_NAME_DEPTH) return [];
    const lower = name.toLowerCase();
    const key = `${scope}|${lower}`;
    const known = nameMemo.get(key);
    if (known) return known;
    nameMemo.set(key, []);
    const defined =
      formulas.names.find((n) => n.name.localSheetId === scope && n.name.name.toLowerCase() === lower) ??
      formulas.names.find((n) => n.name.localSheetId === undefined && n.name.name.toLowerCase() === lower);
    const targets = defined ? targetsOf(defined.parts, scope, depth) : [];
    nameMemo.set(key, targets);
    return targets;
  };

  for (let node = 0; node < cells.length && !truncated; node++) {
    const { sheet, parts } = cells[node]!;
    const linked = new Set<number>();
    for (const { sheet: s, area } of targetsOf(parts, sheet, 0)) {
      const columns = index.get(s);
      if (!columns) continue;
      const visit = (column: Column) => {
        const a = lowerBound(column.rows, area.top);
        const b = lowerBound(column.rows, area.bottom + 1) - 1;
        if (a > b) return;
        const covering: number[] = [];
        cover(column, a, b, 0, column.rows.length - 1, covering);
        for (const to of covering) {
          if (linked.has(to)) continue;
          linked.add(to);
          link(node, to);
        }
      };
      if (area.right - area.left + 1 <= columns.size) {
        for (let col = area.left; col <= area.right; col++) {
          const column = columns.get(col);
          if (column) visit(column);
        }
      } else {
        for (const [col, column] of columns) if (col >= area.left && col <= area.right) visit(column);
      }
      if (truncated) break;
    }
  }
  return { edges, truncated };
};

/** The cycles of the graph, each as its formula cells in sheet, row, column order, the cycles in that order too. */
export const findCycles = (graph: FormulaGraph, formulas: Formulas): FormulaCell[][] => {
  const order = (a: FormulaCell, b: FormulaCell) => a.sheet - b.sheet || a.cell.row - b.cell.row || a.cell.col - b.cell.col;
  return cyclesOf(graph.edges)
    .map((component) => component.filter((n) => n < formulas.cells.length).map((n) => formulas.cells[n]!).sort(order))
    .filter((cycle) => cycle.length > 0)
    .sort((a, b) => order(a[0]!, b[0]!));
};

export const checkCircular = (loaded: LoadedWorkbook, graph: FormulaGraph, cycles: readonly FormulaCell[][]): Finding[] => {
  const { truncated } = graph;
  const iterate = loaded.workbook?.iterate ?? false;
  const out: Finding[] = [];
  const nameOf = (sheet: number) => loaded.sheets[sheet]!.entry.name;
  cycles.slice(0, MAX_LISTED).forEach((cycle, i) => {
    const home = cycle[0]!.sheet;
    const cells = cycle.map((c) => (c.sheet === home ? c.cell.ref : `${nameOf(c.sheet)}!${c.cell.ref}`));
    const more = i === MAX_LISTED - 1 && cycles.length > MAX_LISTED ? ` (and ${cycles.length - MAX_LISTED} more circular references not listed)` : "";
    const message = iterate
      ? `Cells ${cellList(cells)} of sheet "${nameOf(home)}" depend on themselves; the workbook turns on iterative calculation, so this is likely intended${more}.`
      : `Cells ${cellList(cells)} of sheet "${nameOf(home)}" depend on themselves (a circular reference): Excel warns on opening and cannot calculate them${more}.`;
    out.push(finding("xlsx.circular_reference", iterate ? "info" : "error", "data", message, { sheet: nameOf(home), cells: cells.slice(0, MAX_LISTED) }));
  });
  if (truncated) {
    out.push(finding("xlsx.circular_check_incomplete", "info", "data", `The workbook's formulas refer to so many formula cells that the search for circular references stopped after ${MAX_EDGES} links.`));
  }
  return out;
};
