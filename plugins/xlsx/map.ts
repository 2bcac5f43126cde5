/**
 * The pure mapping step of the Excel renderer: IR + `style_applied` → a workbook model
 * (`model.ts`) and diagnostics. No I/O and no clock here; packing is the next step (`pack.ts`).
 *
 * Sheets, in order:
 * 1. "Notes" ("Notas" in a Spanish document, "Anmerkungen" in a German one…), only when the document has text that no other
 *    sheet shows: paragraphs, lists, quotes, code, footnotes, or a heading no sheet is named
 *    after (`notes.ts`) — or nothing else, since a workbook needs one sheet.
 * 2. One sheet per table, in document order, named after the nearest heading above it
 *    ("Ventas 2025"; a second table under it "Ventas 2025 (2)"), else "Table n" — cleaned to
 *    Excel's rules and unique (`names.ts`). Tables inside lists and quotes count too. A chart's
 *    table is one of them, with the chart beside it (`charts.ts`).
 * 3. An assumptions section becomes its sheet where it stands in that order (`assumptions.ts`);
 *    its names are handed out before any formula is checked, so every sheet can use them.
 *
 * Numbers and dates are read column by column (`columns.ts`), with what the whole document shows
 * about its conventions as the fallback.
 */
import type { Diagnostic } from "../../core/diagnostics.ts";
import type { Block, ChartBlock, DocType, HeadingBlock, IRDocument, ListBlock, TableBlock } from "../../core/ir/types.ts";
import { visitBlocks } from "../../core/ir/visit.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { AssumptionEntry } from "./assumptions.ts";
import { entriesFromList, entriesFromTable, isAssumptionsHeading, mapAssumptions, nameEntries } from "./assumptions.ts";
import { gatherEvidence } from "./columns.ts";
import type { MapContext } from "./context.ts";
import { inlineText, report } from "./context.ts";
import { detectLanguage, labels, numberLanguage } from "./language.ts";
import { hex, looks } from "./look.ts";
import type { DefinedNameModel, SheetModel, WorkbookModel } from "./model.ts";
import { DefinedNames, SheetNames } from "./names.ts";
import type { NoteItem } from "./notes.ts";
import { mapNotes } from "./notes.ts";
import { mapTable } from "./tables.ts";
import { sheetChart } from "./charts.ts";

export interface MapOptions {
  type: DocType;
  name?: string;
}

interface AssumptionSection {
  heading: HeadingBlock;
  level: number;
  header: string[] | null;
  entries: AssumptionEntry[];
  sheet?: string;
}

interface Heading {
  block: HeadingBlock;
  text: string;
}

type Planned =
  | { kind: "table"; block: TableBlock; heading: Heading | null; sheet?: string; chart?: ChartBlock }
  | { kind: "assumptions"; section: AssumptionSection };

export function mapWorkbook(ir: IRDocument, style: StyleApplied, options: MapOptions): { workbook: WorkbookModel; diagnostics: Diagnostic[] } {
  const language = detectLanguage(ir);
  const ctx: MapContext = {
    style,
    looks: looks(style),
    labels: labels(language),
    evidence: gatherEvidence(allCellTexts(ir.blocks), numberLanguage(ir, language)),
    sheetNames: new SheetNames(),
    definedNames: new DefinedNames(),
    nameFormats: new Map(),
    nameValues: new Map(),
    footnotes: new Map(ir.footnotes.map((note, i) => [note.id, i + 1])),
    diagnostics: [],
  };

  // Plan: which blocks become sheets, which stay text.
  const planned: Planned[] = [];
  const notes: NoteItem[] = [];
  let heading: Heading | null = null;
  const headings: Heading[] = [];
  let section: AssumptionSection | null = null;
  // A table in a list or a quote is a sheet too; a chart there is not read (only a top-level chart becomes a sheet).
  const walkNested = (blocks: Block[]) =>
    visitBlocks(blocks, (block) => {
      if (block.type === "table") planned.push({ kind: "table", block, heading });
      else if (block.type === "chart") return "skip";
    });
  for (const block of ir.blocks) {
    if (block.type === "heading") {
      if (section && block.level <= section.level) section = null;
      const text = inlineText(block.inlines, ctx).trim();
      heading = { block, text };
      headings.push(heading);
      if (isAssumptionsHeading(text)) {
        section = { heading: block, level: block.level, header: null, entries: [] };
        planned.push({ kind: "assumptions", section });
      }
      notes.push({ type: "block", block });
      continue;
    }
    if (block.type === "chart") {
      // The chart's table is a sheet like any table, with the chart beside it; the notes link to it as to a table.
      planned.push({ kind: "table", block: block.table, heading, chart: block });
      notes.push({ type: "block", block: block.table });
      continue;
    }
    if (section && block.type === "table") {
      const entries = entriesFromTable(block, ctx);
      if (entries) {
        section.header ??= block.header[0]?.cells.map((cell) => inlineText(cell.inlines, ctx).trim()) ?? null;
        section.entries.push(...entries);
        continue;
      }
    }
    if (section && block.type === "list") {
      const { entries, rest } = entriesFromList(block, ctx);
      section.entries.push(...entries);
      if (rest.length > 0) {
        rest.forEach((item) => walkNested(item.blocks));
        notes.push({ type: "block", block: { ...block, items: rest } satisfies ListBlock });
      }
      continue;
    }
    if (block.type === "table") planned.push({ kind: "table", block, heading });
    else walkNested([block]);
    notes.push({ type: "block", block });
  }

  // Sections that found nothing to hold are plain headings; a table needs a column to be a sheet.
  const plan = planned.filter((p) => (p.kind === "table" ? p.block.align.length > 0 : p.section.entries.length > 0));

  // Sheet names in document order; a heading that gave a sheet its exact name is shown by it.
  const shown = new Set<HeadingBlock>();
  let tableCount = 0;
  for (const p of plan) {
    if (p.kind === "table") {
      tableCount++;
      const fallback = ctx.labels.table(tableCount);
      const taken = ctx.sheetNames.take(p.heading?.text ?? fallback, fallback);
      p.sheet = taken.name;
      if (p.heading && taken.name === p.heading.text) shown.add(p.heading.block);
      if (taken.truncated) renamed(p.heading?.text ?? "", taken.name, p.block.id, ctx);
    } else {
      const text = inlineText(p.section.heading.inlines, ctx).trim();
      const taken = ctx.sheetNames.take(text, ctx.labels.assumption);
      p.section.sheet = taken.name;
      if (taken.name === text) shown.add(p.section.heading);
      if (taken.truncated) renamed(text, taken.name, p.section.heading.id, ctx);
      nameEntries(p.section.entries, ctx);
    }
  }

  // The notes sheet comes first but is named last, so a heading "Notes" keeps its name. It exists
  // when some text would otherwise be lost: prose, footnotes, or a heading no sheet is named after;
  // and when there is nothing else, since a workbook needs one sheet.
  const prose = (b: Block) => !["heading", "table", "thematicBreak", "pageBreak", "comment"].includes(b.type);
  const hasNotes =
    notes.some((n) => n.type === "block" && prose(n.block)) ||
    ir.footnotes.length > 0 ||
    headings.some((h) => h.text !== "" && !shown.has(h.block)) ||
    plan.length === 0;
  const notesName = hasNotes ? ctx.sheetNames.take(ctx.labels.notes, ctx.labels.notes).name : null;

  const sheets: SheetModel[] = [];
  const definedNames: DefinedNameModel[] = [];
  const sheetOf = new Map<string, string>();
  for (const p of plan) {
    if (p.kind === "table") {
      sheetOf.set(p.block.id, p.sheet!);
      const sheet = mapTable(p.block, p.sheet!, ctx);
      sheets.push(p.chart ? { ...sheet, charts: [sheetChart(p.chart, sheet, style)] } : sheet);
    } else {
      const { sheet, names } = mapAssumptions(p.section.sheet!, p.section.heading.id, p.section.header, p.section.entries, ctx);
      sheets.push(sheet);
      definedNames.push(...names);
    }
  }
  if (notesName) {
    // An assumptions heading in the notes leads to its sheet.
    const items = notes.flatMap((n): NoteItem[] => {
      if (n.type !== "block" || n.block.type !== "heading") return [n];
      const p = plan.find((q) => q.kind === "assumptions" && q.section.heading === n.block);
      return p && p.kind === "assumptions" ? [n, { type: "sheet", sheet: p.section.sheet! }] : [n];
    });
    sheets.unshift(mapNotes(notesName, ir.title ?? options.name, items, ir.footnotes, sheetOf, ctx));
  }

  const title = ir.title ?? options.name;
  return {
    workbook: {
      ...(title ? { title } : {}),
      font: { name: style.font, size: style.font_size, color: hex(style.colors.text, "1A1A1A") },
      sheets,
      definedNames,
      page: {
        ...(style.header ? { header: style.header } : {}),
        ...(style.footer ? { footer: style.footer } : {}),
        pageNumbers: style.page_numbers,
        ...(style.page_numbers_position ? { pageNumbersAt: style.page_numbers_position } : {}),
      },
    },
    diagnostics: ctx.diagnostics,
  };
}

function renamed(from: string, to: string, nodeId: string, ctx: MapContext): void {
  report(
    ctx,
    "xlsx.sheet_name_shortened",
    "info",
    "structural",
    `Excel sheet names hold 31 characters: the sheet for ${JSON.stringify(from)} is named ${JSON.stringify(to)}.`,
    { nodeId, sheet: to },
  );
}

/** Every table cell's text and every list item's text, for the document-wide evidence. */
function allCellTexts(blocks: Block[]): string[] {
  const out: string[] = [];
  const plain = { footnotes: new Map<string, number>() };
  visitBlocks(blocks, (block) => {
    if (block.type === "table") for (const row of block.rows) for (const cell of row.cells) out.push(inlineText(cell.inlines, plain));
    else if (block.type === "paragraph") {
      // `label: value` items and sentences: only the words that look like numbers or dates count.
      for (const word of inlineText(block.inlines, plain).split(/\s+/)) out.push(word.replace(/[.,;:)]+$/, ""));
    }
  });
  return out;
}
