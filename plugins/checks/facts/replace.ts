/**
 * The IR side of the check: the runs of text facts are read from, and the gaps put where unsupported figures were.
 *
 * A run is the text of one paragraph, heading or table cell (list items, quotes and footnotes are walked into), with
 * each character traced back to the inline it came from. Only plain text inlines can be changed: a fact that
 * touches inline code is not read at all (code is quoted material, never the writer's claim); one that spans a link's
 * edge, a footnote reference or an existing gap is flagged but left as written, since cutting there would break the
 * link or the note. Link targets are never read. The document title is plain text and can hold no gap: its facts
 * are flagged only.
 *
 * The IR is changed in place on a copy the check owns; the inlines around a gap keep their ids (the one before it
 * keeps the original id with its text cut), the gap and any text after it take fresh ids.
 */
import { freshId, usedIds } from "../../../core/ir/ids.ts";
import { plainText } from "../../../core/ir/text.ts";
import type { GapInline, Inline, IRDocument, TableBlock, TextInline } from "../../../core/ir/types.ts";
import { visitDocument } from "../../../core/ir/visit.ts";
import type { Fact } from "./extract.ts";

interface Segment {
  readonly start: number;
  readonly end: number;
  /** The array the inline sits in (a block's, a cell's or a link's children), and its place there. */
  readonly parent: Inline[];
  readonly index: number;
  /** Plain, not code: the only kind that may be cut. */
  readonly editable: boolean;
  readonly code: boolean;
}

export interface Run {
  /** The block (or table cell) the facts are reported at. */
  readonly nodeId: string;
  readonly kind: "paragraph" | "heading" | "cell" | "title";
  readonly text: string;
  /** Null for the title, which holds no inlines. */
  readonly inlines: Inline[] | null;
  readonly segments: ReadonlyArray<Segment>;
  /** For a cell: where it is, so column totals can be read. */
  readonly cell?: { readonly table: TableBlock; readonly row: number; readonly column: number; readonly header: boolean; readonly owner: { inlines: Inline[] }; readonly rowLabel: string };
}

function segmentsOf(inlines: Inline[], offset: number, out: Segment[]): string {
  let text = "";
  inlines.forEach((inline, index) => {
    const start = offset + text.length;
    switch (inline.type) {
      case "text": {
        const code = inline.marks.includes("code");
        out.push({ start, end: start + inline.text.length, parent: inlines, index, editable: !code, code });
        text += inline.text;
        break;
      }
      case "link":
        text += segmentsOf(inline.children, start, out);
        break;
      case "gap": {
        const shown = inline.label ? `[DATO: ${inline.label}]` : "[DATO]";
        out.push({ start, end: start + shown.length, parent: inlines, index, editable: false, code: false });
        text += shown;
        break;
      }
      case "lineBreak":
        out.push({ start, end: start + 1, parent: inlines, index, editable: false, code: false });
        text += "\n";
        break;
      case "footnoteRef":
        // Takes no room in the text, but a fact on both sides of it cannot be cut as one.
        out.push({ start, end: start, parent: inlines, index, editable: false, code: false });
        break;
    }
  });
  return text;
}

const runOf = (nodeId: string, kind: Run["kind"], inlines: Inline[], cell?: Run["cell"]): Run => {
  const segments: Segment[] = [];
  const text = segmentsOf(inlines, 0, segments);
  return { nodeId, kind, text, inlines, segments, ...(cell ? { cell } : {}) };
};

/** Every run of the document in reading order: title, blocks (lists, quotes and tables walked into, not a chart's table), footnotes. */
export function runsOf(ir: IRDocument): Run[] {
  const out: Run[] = [];
  if (ir.title) out.push({ nodeId: ir.id, kind: "title", text: ir.title, inlines: null, segments: [] });
  visitDocument(ir, (block) => {
    switch (block.type) {
      case "paragraph":
        out.push(runOf(block.id, "paragraph", block.inlines));
        break;
      case "heading":
        out.push(runOf(block.id, "heading", block.inlines));
        break;
      case "table":
        for (const [rows, header] of [[block.header, true], [block.rows, false]] as const) {
          rows.forEach((row, r) => {
            const rowLabel = plainText(row.cells[0]?.inlines ?? []).trim();
            row.cells.forEach((cell, c) => out.push(runOf(cell.id, "cell", cell.inlines, { table: block, row: r, column: c, header, owner: cell, rowLabel })));
          });
        }
        break;
      case "chart":
        return "skip";
    }
  });
  return out;
}

const touching = (run: Run, fact: Pick<Fact, "start" | "end">) =>
  run.segments.filter((s) => (s.start < fact.end && fact.start < s.end) || (s.start === s.end && s.start > fact.start && s.start < fact.end));

/** Whether the fact lies (partly) in inline code, where nothing is read. */
export const inCode = (run: Run, fact: Pick<Fact, "start" | "end">): boolean => touching(run, fact).some((s) => s.code);

/** Whether a gap can take the fact's place: plain text inlines, side by side in one array. */
export function replaceable(run: Run, fact: Pick<Fact, "start" | "end">): boolean {
  if (run.inlines === null) return false;
  const segs = touching(run, fact);
  if (segs.length === 0 || segs.some((s) => !s.editable)) return false;
  const parent = segs[0]!.parent;
  return segs.every((s, i) => s.parent === parent && s.index === segs[0]!.index + i);
}

/** Whether the cell holds nothing but the fact (and spaces or punctuation around it). */
export const cellHoldsOnly = (run: Run, fact: Pick<Fact, "start" | "end">): boolean =>
  run.kind === "cell" && /^[\s()*+\-–.,:;]*$/u.test(run.text.slice(0, fact.start) + run.text.slice(fact.end));

export interface Gapper {
  /** Puts gaps in place of the facts (all in this run), last first so earlier offsets stay right. */
  readonly replace: (run: Run, facts: ReadonlyArray<Pick<Fact, "start" | "end">>, label: (fact: number) => string) => void;
}

/** A gapper for one IR: fresh ids are drawn from it, so none collides with another new one. */
export function gapper(ir: IRDocument): Gapper {
  const used = usedIds(ir);
  const fresh = (prefix: string) => {
    const id = freshId(ir, prefix, used);
    used.add(id);
    return id;
  };
  return {
    replace: (run, facts, label) => {
      const order = facts.map((fact, i) => ({ fact, i })).sort((a, b) => b.fact.start - a.fact.start);
      if (run.cell && facts.length === 1 && cellHoldsOnly(run, facts[0]!)) {
        const first = run.segments.find((s) => s.editable);
        const marks = first ? (first.parent[first.index] as TextInline).marks : [];
        run.cell.owner.inlines.splice(0, run.cell.owner.inlines.length, gap(fresh(`${run.nodeId}.g`), label(0), marks));
        return;
      }
      for (const { fact, i } of order) {
        const segs = touching(run, fact);
        const first = segs[0]!;
        const last = segs.at(-1)!;
        const firstInline = first.parent[first.index] as TextInline;
        const lastInline = last.parent[last.index] as TextInline;
        const before = firstInline.text.slice(0, fact.start - first.start);
        const after = lastInline.text.slice(fact.end - last.start);
        const made: Inline[] = [];
        if (before !== "") made.push({ ...firstInline, text: before });
        made.push(gap(fresh(`${run.nodeId}.g`), label(i), firstInline.marks));
        if (after !== "") made.push({ ...lastInline, id: lastInline === firstInline ? fresh(`${run.nodeId}.t`) : lastInline.id, text: after });
        first.parent.splice(first.index, last.index - first.index + 1, ...made);
      }
    },
  };
}

const gap = (id: string, label: string, marks: TextInline["marks"]): GapInline => ({ type: "gap", id, label, marks: marks.filter((m) => m !== "code") });
