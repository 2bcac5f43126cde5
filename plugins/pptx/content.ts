/**
 * A slide's IR blocks → flow items: size-independent paragraphs, tables and pictures in reading
 * order, ready to be measured and placed (`layout.ts`). Pure; diagnostics go to the context.
 *
 * - Paragraphs are text; `###`+ headings (and headings inside lists or quotes) bold lines in the
 *   heading colour, kept with what follows them.
 * - Lists become bullet paragraphs, one level deeper per nesting (PowerPoint's `lvl`); ordered
 *   lists are numbered with each item's own number, so a list split over two slides keeps
 *   counting. Task items show a ☐/☒ box as their bullet. Further paragraphs of an item join
 *   its bullet after a line break, which keeps them under the item's text.
 * - Quotes are italic, muted text beside an accent bar; code blocks a shaded box, one paragraph
 *   per line in a monospace face.
 * - A chart (core/ir/chart.ts) is a native chart; its table is not repeated on the slide, the
 *   chart carries the numbers.
 * - Runs keep bold, italic, strike, inline code (monospace), links (accent colour, clickable),
 *   gap markers (highlighted) and footnote references (superscript numbers; the footnote text
 *   goes to the foot of the slide that cites it).
 */
import { imageUnavailable } from "../images.ts";
import type { Diagnostic } from "../../core/diagnostics.ts";
import type { Block, ChartBlock, ColumnAlign, Inline, Mark, TableBlock } from "../../core/ir/types.ts";
import { assertNever } from "../../core/ir/types.ts";
import { mathParagraph } from "../../core/ir/math.ts";
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import type { Bullet, HAlign, RunModel } from "./model.ts";
import { safeHref, unsafeLink } from "../links.ts";

export type ParaRole = "body" | "subheading" | "quote" | "code" | "caption";
export type TextBox = "body" | "quote" | "code";

export interface ParaSpec {
  role: ParaRole;
  runs: RunModel[];
  /** List level, 0 outside lists or for a top-level item. */
  level: number;
  bullet?: Bullet;
  /**
   * Hanging indent of a bullet, in multiples of the font size: the same for bullets and numbers
   * so nested levels line up under the text above, wider for lists that count past 9.
   */
  indentEm?: number;
  /** Space before, in multiples of the paragraph's font size. */
  spaceBefore: number;
  align: HAlign;
  keepWithNext?: boolean;
}

export interface TableSpec {
  align: ColumnAlign[];
  header: RunModel[][][];
  rows: RunModel[][][];
  /** For the part of a split table: the whole table, whose column widths every part keeps. */
  whole?: TableSpec;
}

export type FlowItem =
  | {
      kind: "para";
      /** Consecutive paragraphs with the same group share one text box. */
      group: string;
      box: TextBox;
      para: ParaSpec;
      /** How far a quote or code box inside a list sits in, in list levels. */
      depth: number;
      nodeId: string;
      footnotes: string[];
    }
  | { kind: "table"; table: TableSpec; nodeId: string; footnotes: string[] }
  | { kind: "image"; image: ImageData; alt: string; caption?: string; nodeId: string; footnotes: string[] }
  | { kind: "chart"; chart: ChartBlock; nodeId: string; footnotes: string[] };

export interface ContentContext {
  images: ReadonlyMap<string, ImageData | null>;
  /** Footnote id → its number on the slides (1-based, in IR order). */
  footnoteNumbers: ReadonlyMap<string, number>;
  accent: string;
  bodyAlign: HAlign;
  diagnostics: Diagnostic[];
}

interface Place {
  /** List level of the enclosing item's content, -1 outside lists. */
  level: number;
  /** The quote box the content is in: its group and how far in it sits (list levels). */
  quote: { group: string; depth: number } | null;
}

const bulletChars = ["•", "–", "•", "–", "•"];
export const maxLevel = 4;

export function flowItems(blocks: Block[], ctx: ContentContext): FlowItem[] {
  return mapBlocks(blocks, ctx, { level: -1, quote: null });
}

function mapBlocks(blocks: Block[], ctx: ContentContext, place: Place): FlowItem[] {
  return blocks.flatMap((block) => mapBlock(block, ctx, place));
}

function textItem(spec: ParaSpec, place: Place, nodeId: string, footnotes: string[]): FlowItem {
  return {
    kind: "para",
    group: place.quote?.group ?? "body",
    box: place.quote ? "quote" : "body",
    para: spec,
    depth: place.quote?.depth ?? 0,
    nodeId,
    footnotes,
  };
}

function mapBlock(block: Block, ctx: ContentContext, place: Place): FlowItem[] {
  const level = Math.max(place.level, 0);
  switch (block.type) {
    case "heading":
      return [
        textItem(
          { role: "subheading", runs: runs(block.inlines, ctx), level, spaceBefore: 0.7, align: "left", keepWithNext: true },
          place,
          block.id,
          footnoteIds(block.inlines),
        ),
      ];
    case "paragraph":
      return [
        textItem(
          {
            role: place.quote ? "quote" : "body",
            runs: runs(block.inlines, ctx),
            level,
            spaceBefore: 0.5,
            // Justified text in a slide's few words per line leaves gaps: lists never justify.
            align: place.level >= 0 ? "left" : ctx.bodyAlign,
          },
          place,
          block.id,
          footnoteIds(block.inlines),
        ),
      ];
    case "list":
      return mapList(block, ctx, place);
    case "table":
      return [mapTable(block, ctx)];
    case "chart":
      // On a slide the chart stands for its table: its numbers travel inside the chart.
      return [{ kind: "chart", chart: block, nodeId: block.id, footnotes: [] }];
    case "image": {
      const image = ctx.images.get(block.src) ?? null;
      if (image === null) {
        ctx.diagnostics.push(imageUnavailable(block));
        return [];
      }
      return [{ kind: "image", image, alt: block.alt, ...(block.title ? { caption: block.title } : {}), nodeId: block.id, footnotes: [] }];
    }
    case "quote":
      // A quote inside a quote stays in the same box: one bar, one voice.
      return mapBlocks(block.blocks, ctx, { ...place, quote: place.quote ?? { group: `quote:${block.id}`, depth: place.level + 1 } });
    case "code": {
      const lines = block.text.replace(/\t/g, "    ").replace(/\s+$/, "").split(/\r?\n/);
      return lines.map((line) => ({
        kind: "para" as const,
        group: `code:${block.id}`,
        box: "code" as const,
        para: { role: "code" as const, runs: [{ text: clean(line) }], level: 0, spaceBefore: 0, align: "left" as const },
        depth: place.level + 1,
        nodeId: block.id,
        footnotes: [],
      }));
    }
    case "thematicBreak":
    case "pageBreak":
      // Top-level breaks start slides (sections.ts); inside a list or quote they are nothing.
      return [];
    case "math":
      return mapBlock(mathParagraph(block), ctx, place);
    case "comment":
      return [];
    default:
      return assertNever(block);
  }
}

function mapList(block: Extract<Block, { type: "list" }>, ctx: ContentContext, place: Place): FlowItem[] {
  const level = Math.min(place.level + 1, maxLevel);
  const indentEm = block.ordered && block.start + block.items.length - 1 >= 10 ? 1.7 : 1.3;
  const out: FlowItem[] = [];
  block.items.forEach((item, index) => {
    const bullet: Bullet =
      item.checked !== undefined
        ? { kind: "bullet", char: item.checked ? "☒" : "☐" }
        : block.ordered
          ? { kind: "number", n: block.start + index }
          : { kind: "bullet", char: bulletChars[level]! };
    // The item's leading paragraphs make its bullet paragraph; the rest follow at the next level.
    const lead: Inline[][] = [];
    let i = 0;
    while (i < item.blocks.length && item.blocks[i]!.type === "paragraph") {
      lead.push((item.blocks[i] as Extract<Block, { type: "paragraph" }>).inlines);
      i++;
    }
    const itemRuns: RunModel[] = [];
    for (const inlines of lead) {
      const next = runs(inlines, ctx);
      if (itemRuns.length > 0 && next.length > 0) next[0] = { ...next[0]!, breakBefore: true };
      itemRuns.push(...next);
    }
    out.push(
      textItem(
        { role: place.quote ? "quote" : "body", runs: itemRuns, level, bullet, indentEm, spaceBefore: level === 0 ? 0.4 : 0.2, align: "left" },
        place,
        item.blocks[0]?.id ?? item.id,
        lead.flatMap(footnoteIds),
      ),
    );
    out.push(...mapBlocks(item.blocks.slice(i), ctx, { ...place, level }));
  });
  return out;
}

function mapTable(block: TableBlock, ctx: ContentContext): FlowItem {
  const row = (cells: TableBlock["rows"][number]) => cells.cells.map((cell) => runs(cell.inlines, ctx));
  const ids = [...block.header, ...block.rows].flatMap((r) => r.cells.flatMap((c) => footnoteIds(c.inlines)));
  return {
    kind: "table",
    table: { align: block.align, header: block.header.map(row), rows: block.rows.map(row) },
    nodeId: block.id,
    footnotes: [...new Set(ids)],
  };
}

// --- inlines -------------------------------------------------------------------------------------

export function runs(inlines: Inline[], ctx: ContentContext, href?: string): RunModel[] {
  const out: RunModel[] = [];
  let pendingBreak = false;
  const push = (run: RunModel) => {
    if (run.text === "") return;
    out.push(pendingBreak && out.length > 0 ? { ...run, breakBefore: true } : run);
    pendingBreak = false;
  };
  for (const inline of inlines) {
    switch (inline.type) {
      case "text":
        push({ text: clean(inline.text), ...markProps(inline.marks), ...(href ? { href, color: ctx.accent } : {}) });
        break;
      case "gap":
        push({ text: inline.label ? `[DATO: ${inline.label}]` : "[DATO]", ...markProps(inline.marks), bold: true, highlight: true });
        break;
      case "lineBreak":
        pendingBreak = true;
        break;
      case "footnoteRef": {
        const n = ctx.footnoteNumbers.get(inline.footnoteId);
        if (n !== undefined) push({ text: String(n), superscript: true });
        break;
      }
      case "link":
        if (inline.href.startsWith("#")) {
          // An anchor in the source document points at nothing in a deck: the words stay.
          for (const run of runs(inline.children, ctx, href)) push(run);
        } else if (safeHref(inline.href)) {
          for (const run of runs(inline.children, ctx, inline.href)) push(run);
        } else {
          ctx.diagnostics.push(unsafeLink(inline));
          for (const run of runs(inline.children, ctx)) push(run);
        }
        break;
      default:
        assertNever(inline);
    }
  }
  return out;
}

function markProps(marks: Mark[]): Partial<RunModel> {
  return {
    ...(marks.includes("bold") ? { bold: true } : {}),
    ...(marks.includes("italic") ? { italic: true } : {}),
    ...(marks.includes("strike") ? { strike: true } : {}),
    ...(marks.includes("code") ? { mono: true } : {}),
  };
}

/** Footnote ids cited in inlines, in order, once each. */
export function footnoteIds(inlines: Inline[]): string[] {
  const out: string[] = [];
  for (const inline of inlines) {
    if (inline.type === "footnoteRef" && !out.includes(inline.footnoteId)) out.push(inline.footnoteId);
    if (inline.type === "link") for (const id of footnoteIds(inline.children)) if (!out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Text as a run holds it: no newlines (pptxgenjs would start paragraphs at them) and no control
 * characters, which XML 1.0 cannot carry.
 */
export function clean(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
}

