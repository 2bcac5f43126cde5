/**
 * IR → the page's shape (pure): a header (the title and the opening paragraphs), then cards, one per top-level
 * section, whose sub-sections become a grid of tiles when there are two or more. Interactive blocks are read
 * here (`widgets.ts`) and every one gets its collection: the name written, or one made from its heading, so a
 * page needs no names at all in the simple case (a form and the list of its entries under one heading).
 */
import { diagnostic, type Diagnostic } from "../../core/diagnostics.ts";
import { plainText } from "../../core/ir/text.ts";
import type { Block, HeadingBlock, IRDocument, ParagraphBlock, TableBlock } from "../../core/ir/types.ts";
import { tableSeries } from "./table-chart.ts";
import { parseWidget, type Widget } from "./widgets.ts";

/** What a card or tile holds, in order: ordinary IR blocks and widgets. */
export type Item = { type: "block"; block: Block } | { type: "widget"; id: string; widget: Widget; table?: TableBlock };

export interface Tile {
  heading: HeadingBlock;
  items: Item[];
}

export interface Section {
  heading?: HeadingBlock;
  items: Item[];
  /** Sub-sections shown side by side (two or more), after `items`. */
  tiles: Tile[];
}

export interface Page {
  title: string;
  /** Paragraphs before the first heading: the header's text. */
  lead: ParagraphBlock[];
  sections: Section[];
  widgets: Array<{ id: string; widget: Widget }>;
}

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function buildPage(ir: IRDocument, name: string | undefined): { page: Page; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const items = readItems(ir.blocks, diagnostics);
  const headingLevels = items.flatMap((i) => (i.type === "block" && i.block.type === "heading" ? [i.block.level] : []));
  const top = headingLevels.length > 0 ? Math.min(...headingLevels) : 1;

  const lead: ParagraphBlock[] = [];
  let start = 0;
  while (start < items.length) {
    const item = items[start]!;
    if (item.type !== "block" || item.block.type !== "paragraph") break;
    lead.push(item.block);
    start += 1;
  }

  // Cards: a new one at every top-level heading and at every page break.
  const cards: Array<{ heading?: HeadingBlock; items: Item[] }> = [];
  let card: { heading?: HeadingBlock; items: Item[] } | undefined;
  for (const item of items.slice(start)) {
    if (item.type === "block" && item.block.type === "heading" && item.block.level <= top) {
      card = { heading: item.block, items: [] };
      cards.push(card);
    } else if (item.type === "block" && item.block.type === "pageBreak") {
      card = undefined;
    } else {
      if (!card) {
        card = { items: [] };
        cards.push(card);
      }
      card.items.push(item);
    }
  }
  const sections = cards.map((c) => splitTiles(c, top + 1));

  const page: Page = {
    title: ir.title?.trim() || name?.trim() || "Untitled",
    lead,
    sections,
    widgets: [],
  };
  nameCollections(page, diagnostics);
  return { page, diagnostics };
}

function readItems(blocks: Block[], diagnostics: Diagnostic[]): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i]!;
    const parsed = block.type === "code" ? parseWidget(block) : undefined;
    if (!parsed) {
      items.push({ type: "block", block });
      continue;
    }
    for (const problem of parsed.problems) diagnostics.push(diagnostic("artifact.block_invalid", "warning", "content", problem, block.id));
    const next = blocks[i + 1];
    // A chart with no collection right before a table draws that table.
    if (parsed.widget.kind === "chart" && parsed.widget.collection === undefined && next?.type === "table") {
      const series = tableSeries(next);
      if (series.datasets.length > 0) {
        items.push({ type: "widget", id: block.id, widget: { ...parsed.widget, table: series }, table: next });
        i += 1;
        continue;
      }
      diagnostics.push(diagnostic("artifact.block_invalid", "warning", "content", "The table after the chart has no column of numbers to draw.", next.id));
    }
    items.push({ type: "widget", id: block.id, widget: parsed.widget });
  }
  return items;
}

/** Sub-sections become tiles when there are two or more of them; otherwise they stay in the card's flow. */
function splitTiles(card: { heading?: HeadingBlock; items: Item[] }, level: number): Section {
  const first = card.items.findIndex((i) => i.type === "block" && i.block.type === "heading" && i.block.level === level);
  if (first < 0) return { ...card, tiles: [] };
  const tiles: Tile[] = [];
  for (const item of card.items.slice(first)) {
    if (item.type === "block" && item.block.type === "heading" && item.block.level === level) tiles.push({ heading: item.block, items: [] });
    else tiles[tiles.length - 1]!.items.push(item);
  }
  if (tiles.length < 2) return { ...card, tiles: [] };
  return { ...(card.heading ? { heading: card.heading } : {}), items: card.items.slice(0, first), tiles };
}

/** Kinds that write to their collection; the others (list, chart, stat) read one that a writer fills. */
const writers = new Set(["form", "vote", "counter", "todo", "habits"]);
const fallbackName: Record<string, string> = { form: "entries", vote: "votes", counter: "counter", todo: "tasks", habits: "habits" };

/**
 * Gives every widget its collection. Writers without a name take their heading's (`## Sign-ups` → `sign-ups`),
 * made unique among writers; readers without a name read the nearest form before them (in the same card
 * first), else the first form of the page.
 */
function nameCollections(page: Page, diagnostics: Diagnostic[]): void {
  type Placed = { id: string; widget: Widget; heading?: HeadingBlock; card: number };
  const placed: Placed[] = [];
  page.sections.forEach((section, card) => {
    const visit = (items: Item[], heading: HeadingBlock | undefined) => {
      for (const item of items) {
        if (item.type === "widget") placed.push({ id: item.id, widget: item.widget, ...(heading ? { heading } : {}), card });
      }
    };
    visit(section.items, section.heading);
    for (const tile of section.tiles) visit(tile.items, tile.heading);
  });

  const taken = new Set<string>();
  const explicit = (p: Placed): string | undefined => {
    const written = p.widget.collection;
    if (written === undefined) return undefined;
    if (NAME.test(written)) return written;
    const fixed = slug(written) || fallbackName[p.widget.kind] || "entries";
    diagnostics.push(
      diagnostic("artifact.block_invalid", "warning", "content", `The collection name "${written}" may use only letters, digits, _, - and . (up to 64); "${fixed}" is used.`, p.id),
    );
    return fixed;
  };
  for (const p of placed) {
    const name = explicit(p);
    if (name !== undefined) {
      p.widget.collection = name;
      if (writers.has(p.widget.kind)) taken.add(name);
    }
  }
  for (const p of placed) {
    if (!writers.has(p.widget.kind) || p.widget.collection !== undefined) continue;
    const base = (p.heading && slug(plainText(p.heading.inlines))) || fallbackName[p.widget.kind]!;
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, 60)}-${n}`;
    taken.add(name);
    p.widget.collection = name;
  }
  const forms = placed.filter((p) => p.widget.kind === "form");
  placed.forEach((p, index) => {
    if (p.widget.collection !== undefined) return;
    const before = forms.filter((f) => placed.indexOf(f) < index);
    const source = before.filter((f) => f.card === p.card).at(-1) ?? before.at(-1) ?? forms[0];
    if (source) p.widget.collection = source.widget.collection!;
    else {
      p.widget.collection = "entries";
      diagnostics.push(
        diagnostic("artifact.block_invalid", "warning", "content", `The ${p.widget.kind} names no collection and the page has no form to read; it reads "entries".`, p.id),
      );
    }
  });
  // A list of a form's entries shows that form's fields as its columns, in the form's order.
  for (const p of placed) {
    if (p.widget.kind !== "list" || p.widget.columns) continue;
    const form = forms.find((f) => f.widget.collection === p.widget.collection);
    if (form && form.widget.kind === "form" && form.widget.fields.length > 0) p.widget.columns = form.widget.fields.map((f) => f.label);
  }
  // A chart of a form's entries groups by its first choice field unless told; a chart of a vote by the option.
  for (const p of placed) {
    const chart = p.widget;
    if (chart.kind !== "chart" || chart.table) continue;
    const writer = placed.find((w) => writers.has(w.widget.kind) && w.widget.collection === chart.collection)?.widget;
    if (writer?.kind === "vote") {
      chart.by ??= "option";
      if (chart.by === "option") chart.order = writer.options;
    } else if (writer?.kind === "form") {
      const field = chart.by === undefined ? writer.fields.find((f) => f.type === "select" || f.type === "checkbox") : writer.fields.find((f) => f.label === chart.by);
      if (field && chart.by === undefined) chart.by = field.label;
      if (field?.type === "select") chart.order = field.options;
      if (field?.type === "checkbox") chart.order = ["Yes", "No"];
    }
  }
  page.widgets = placed.map((p) => ({ id: p.id, widget: p.widget }));
}

/** A collection name from free text: lower case, words joined by `-`, at most 64 characters. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 64)
    .replace(/[-.]+$/, "");
}
