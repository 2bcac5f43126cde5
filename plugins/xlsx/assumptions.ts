/**
 * Assumptions in their own labelled cells, named so formulas can use them.
 *
 * A heading named "Assumptions", "Supuestos", "Hipótesis", "Premisas", "Annahmen", "Hypothèses", "Ipotesi",
 * "Pressupostos", "Aannames" or "Hipòtesis" (alone or within a longer heading: "Key assumptions", "Supuestos
 * clave") opens a section that runs to the next heading of the same or a higher level. In it, each table of two or
 * more columns (`label | value | …`) and each list of `label: value` items (also `label = value`, `label — value`)
 * becomes rows of one sheet named after the heading: the label in A, the value in B (typed like any cell, in Excel's
 * "Input" look), further table columns after it, and the defined name last. Every value gets a
 * workbook-wide defined name: the label's `code` span when there is one (`growth_rate`), else the
 * label made into a name (`Tasa de crecimiento` → `tasa_de_crecimiento`). Formulas anywhere —
 * including other assumptions — may use the names.
 *
 * The sheet has no auto filter: sorting it would move values under other names. List items with
 * no value and paragraphs of the section go to the notes sheet like any other text.
 */
import type { Inline, ListBlock, TableBlock } from "../../core/ir/types.ts";
import { parseCell } from "./cells.ts";
import { languageConvention } from "./columns.ts";
import type { MapContext } from "./context.ts";
import type { Where } from "./context.ts";
import { formulaValue, hasGap, inlineText } from "./context.ts";
import { columnWidths, wrapAndMeasure } from "./layout.ts";
import { gapFill } from "./look.ts";
import type { CellModel, CellValue, DefinedNameModel, SheetModel } from "./model.ts";
import { address } from "./names.ts";

export function isAssumptionsHeading(text: string): boolean {
  const plain = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  return /\b(?:assumptions?|supuestos?|hipotesis|premisas?|annahmen?|pramissen|hypotheses?|ipotesi|assunzioni|pressupostos?|premissas?|hipoteses|aannames?|uitgangspunten|veronderstellingen|suposits|premisses)\b/.test(plain);
}

export interface AssumptionEntry {
  label: string;
  /** The name the author asked for (a `code` span), or the label. */
  wanted: string;
  value: string;
  hasGap: boolean;
  extras: string[];
  /** IR id of the value's cell or list item. */
  nodeId: string;
  /** Filled in when names are handed out. */
  name?: string;
}

/** Rows of a `label | value | …` table; null when the table is not shaped like one. */
export function entriesFromTable(block: TableBlock, ctx: MapContext): AssumptionEntry[] | null {
  if (block.align.length < 2) return null;
  return block.rows
    .map((row) => {
      const [labelCell, valueCell, ...rest] = row.cells;
      const { label, wanted } = labelAndName(labelCell!.inlines, ctx);
      return {
        label,
        wanted,
        value: inlineText(valueCell!.inlines, ctx).trim(),
        hasGap: hasGap(valueCell!.inlines),
        extras: rest.map((cell) => inlineText(cell.inlines, ctx).trim()),
        nodeId: valueCell!.id,
      };
    });
}

/** `label: value` items of a list; items without a value are returned apart, as text. */
export function entriesFromList(block: ListBlock, ctx: MapContext): { entries: AssumptionEntry[]; rest: ListBlock["items"] } {
  const entries: AssumptionEntry[] = [];
  const rest: ListBlock["items"] = [];
  for (const item of block.items) {
    const first = item.blocks[0];
    const inlines = first?.type === "paragraph" ? first.inlines : [];
    const text = inlineText(inlines, ctx).trim();
    const split = /^(.+?)\s*(?::|=|\s[—–]\s)\s*(.+)$/s.exec(text);
    if (!split || item.blocks.length > 1) {
      rest.push(item);
      continue;
    }
    const { label, wanted } = labelAndName(inlines, ctx, split[1]!);
    entries.push({ label, wanted, value: split[2]!.trim(), hasGap: hasGap(inlines), extras: [], nodeId: item.id });
  }
  return { entries, rest };
}

/** The label to show and the name to ask for; a `code` span in the label is the name. */
function labelAndName(inlines: Inline[], ctx: MapContext, labelText?: string): { label: string; wanted: string } {
  const label = (labelText ?? inlineText(inlines, ctx)).trim();
  const code = inlines.find(
    (i): i is Extract<Inline, { type: "text" }> => i.type === "text" && i.marks.includes("code") && /^[A-Za-z_][\w.]*$/.test(i.text.trim()) && label.includes(i.text.trim()),
  );
  if (!code) return { label, wanted: label };
  const name = code.text.trim();
  const shown = label.replace(`(${name})`, "").replace(name, "").replace(/\s+/g, " ").replace(/[\s:—–-]+$/, "").trim();
  return { label: shown === "" ? name : shown, wanted: name };
}

/**
 * Hands out the names of every entry (before any formula is checked against them). Blank rows
 * keep their place, so references to the sheet stay right, but get no name.
 */
export function nameEntries(entries: AssumptionEntry[], ctx: MapContext): void {
  entries.forEach((entry, i) => {
    if (entry.label === "" && entry.value === "") return;
    entry.name = ctx.definedNames.take(entry.wanted, `assumption_${i + 1}`);
    const typed = parseCell(entry.value, cellOptions(ctx));
    if (typed.type !== "number") return;
    ctx.nameFormats.set(entry.name.toLowerCase(), typed.numFmt);
    ctx.nameValues.set(entry.name.toLowerCase(), typed.value);
  });
}

function cellOptions(ctx: MapContext): Parameters<typeof parseCell>[1] {
  return { convention: ctx.evidence.convention, fallback: languageConvention(ctx.evidence.language), dateOrder: ctx.evidence.dateOrder };
}

export function mapAssumptions(
  name: string,
  sourceId: string,
  header: string[] | null,
  entries: AssumptionEntry[],
  ctx: MapContext,
): { sheet: SheetModel; names: DefinedNameModel[] } {
  const extras = Math.max(0, ...entries.map((e) => e.extras.length));
  const width = 2 + extras + 1;
  const titles = [
    header?.[0] || ctx.labels.assumption,
    header?.[1] || ctx.labels.value,
    ...Array.from({ length: extras }, (_, i) => header?.[2 + i] ?? ""),
    ctx.labels.name,
  ];
  const cells: CellModel[] = titles.map((text, c) => ({
    row: 1,
    column: c + 1,
    value: { kind: "text", text },
    look: { ...ctx.looks.header, ...(c === 1 ? { align: "right" as const } : {}) },
  }));
  const names: DefinedNameModel[] = [];
  entries.forEach((entry, i) => {
    const row = i + 2;
    cells.push({ row, column: 1, value: entry.label === "" ? { kind: "empty" } : { kind: "text", text: entry.label }, look: { ...ctx.looks.body } });
    const typed = typedValue(entry.value, { nodeId: entry.nodeId, sheet: name, cells: [`B${row}`] }, ctx);
    cells.push({
      row,
      column: 2,
      value: typed.value,
      ...(typed.numFmt ? { numFmt: typed.numFmt } : {}),
      look: { ...ctx.looks.input, ...(entry.hasGap ? { fill: gapFill } : {}) },
    });
    for (let e = 0; e < extras; e++) {
      const extra = typedValue(entry.extras[e] ?? "", { nodeId: entry.nodeId, sheet: name, cells: [address(row, 3 + e)] }, ctx);
      cells.push({ row, column: 3 + e, value: extra.value, ...(extra.numFmt ? { numFmt: extra.numFmt } : {}), look: { ...ctx.looks.body } });
    }
    cells.push({
      row,
      column: width,
      value: entry.name ? { kind: "text", text: entry.name } : { kind: "empty" },
      look: { ...ctx.looks.body, mono: true, size: Math.max(ctx.style.font_size - 1, 7), color: "595959" },
    });
    if (entry.name) names.push({ name: entry.name, sheet: name, ref: `$B$${row}` });
  });
  const sheet: SheetModel = {
    name,
    kind: "assumptions",
    sourceId,
    cells,
    columnWidths: columnWidths(cells, width, 1, ctx.style.font_size),
    rowHeights: {},
    frozenRows: 1,
    showGridLines: true,
    print: { landscape: false, titleRows: "1:1" },
  };
  sheet.rowHeights = wrapAndMeasure(sheet, ctx.style.font_size);
  return { sheet, names };
}

function typedValue(text: string, where: Where, ctx: MapContext): { value: CellValue; numFmt?: string } {
  const typed = parseCell(text, cellOptions(ctx));
  switch (typed.type) {
    case "empty":
      return { value: { kind: "empty" } };
    case "text":
      return { value: { kind: "text", text: typed.value } };
    case "number":
      return { value: { kind: "number", value: typed.value }, numFmt: typed.numFmt };
    case "date":
      return { value: { kind: "date", iso: typed.value }, numFmt: typed.numFmt };
    case "formula":
      return { value: formulaValue(typed.value, ctx, where) };
  }
}
