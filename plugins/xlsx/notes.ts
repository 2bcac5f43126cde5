/**
 * The notes sheet: the document's text outside tables — title, headings, paragraphs, lists,
 * quotes, code, footnotes — in one wide wrapped column, first in the workbook, so the reasoning
 * travels with the numbers. It exists only when there is such text: a document of headings and
 * tables gets no notes sheet (its headings already name the sheets). Where a table stood, a link
 * leads to its sheet. Pictures are not embedded; their alt text stands in (reported).
 */
import type { Block, Footnote, Inline, Mark } from "../../core/ir/types.ts";
import { hex } from "./look.ts";
import type { MapContext } from "./context.ts";
import { fitText, inlineText, report, soleLink } from "./context.ts";
import { wrapAndMeasure } from "./layout.ts";
import type { CellLook, CellModel, CellValue, Run, SheetModel } from "./model.ts";
import { sheetRef } from "./names.ts";

/** What the notes show, in document order: blocks, or a link to the sheet a table became. */
export type NoteItem = { type: "block"; block: Block } | { type: "sheet"; sheet: string };

const noteWidth = 100;

export function mapNotes(
  name: string,
  title: string | undefined,
  items: NoteItem[],
  footnotes: Footnote[],
  sheetOf: ReadonlyMap<string, string>,
  ctx: MapContext,
): SheetModel {
  const cells: CellModel[] = [];
  const size = ctx.style.font_size;
  const push = (value: CellValue, look: CellLook = {}) => {
    // Excel indents only left-aligned cells.
    const indent: CellLook = look.indent ? { align: "left" } : {};
    cells.push({ row: cells.length === 0 ? 1 : cells[cells.length - 1]!.row + 1, column: 1, value, look: { vertical: "top", ...indent, ...look } });
  };
  const gap = () => {
    const last = cells[cells.length - 1];
    if (last) cells.push({ row: last.row + 1, column: 1, value: { kind: "empty" }, look: {} });
  };
  const link = (sheet: string, indent: number) =>
    push(
      { kind: "formula", formula: `HYPERLINK("#${sheetRef(sheet).replace(/"/g, '""')}!A1","${`→ ${sheet}`.replace(/"/g, '""')}")`, result: `→ ${sheet}` },
      { color: "0563C1", underline: true, ...(indent > 0 ? { indent } : {}) },
    );

  const blocks = (list: Block[], indent: number, quoted: boolean): void => {
    for (const block of list) one(block, indent, quoted);
  };
  const one = (block: Block, indent: number, quoted: boolean): void => {
    const quote: CellLook = quoted ? { italic: true, color: "595959" } : {};
    const at: CellLook = indent > 0 ? { indent } : {};
    switch (block.type) {
      case "heading":
        gap();
        push(textValue(block.inlines, ctx), {
          bold: true,
          size: size + Math.max(0, 4 - block.level),
          color: hex(ctx.style.colors.headings),
          ...at,
        });
        return;
      case "paragraph": {
        const sole = soleLink(block.inlines, ctx);
        if (sole) push({ kind: "link", ...sole }, { color: "0563C1", underline: true, ...at });
        else push(textValue(block.inlines, ctx), { wrap: true, ...quote, ...at });
        return;
      }
      case "list":
        block.items.forEach((item, i) => {
          const mark = item.checked === true ? "☑ " : item.checked === false ? "☐ " : block.ordered ? `${block.start + i}. ` : "• ";
          const [first, ...rest] = item.blocks;
          if (first?.type === "paragraph") {
            const value = textValue(first.inlines, ctx);
            push(prefix(value, mark), { wrap: true, ...quote, indent: indent + 1 });
            blocks(rest, indent + 2, quoted);
          } else {
            push({ kind: "text", text: mark.trim() }, { ...quote, indent: indent + 1 });
            blocks(item.blocks, indent + 2, quoted);
          }
        });
        return;
      case "quote":
        blocks(block.blocks, indent + 1, true);
        return;
      case "code":
        push({ kind: "text", text: fitText(block.text.replace(/\n$/, ""), ctx, { nodeId: block.id, sheet: name }) }, { mono: true, size: Math.max(size - 1, 7), fill: "F2F2F2", wrap: true, ...at });
        return;
      case "image":
        report(ctx, "xlsx.image_skipped", "info", "content", "A picture was left out of the workbook; its description stands in its place.", {
          nodeId: block.id,
          sheet: name,
        });
        push({ kind: "text", text: `[${ctx.labels.image}: ${block.alt || block.src}]` }, { italic: true, color: "7F7F7F", ...at });
        return;
      case "table": {
        const sheet = sheetOf.get(block.id);
        if (sheet) link(sheet, indent);
        return;
      }
      case "math":
        push({ kind: "text", text: fitText(block.tex, ctx, { nodeId: block.id, sheet: name }) }, { wrap: true, ...at });
        return;
      case "thematicBreak":
        gap();
        return;
      case "pageBreak":
      case "comment":
        return;
    }
  };

  if (title) push({ kind: "text", text: title }, { bold: true, size: size + 6, color: hex(ctx.style.colors.title) });
  for (const item of items) {
    if (item.type === "sheet") link(item.sheet, 0);
    else one(item.block, 0, false);
  }
  if (footnotes.length > 0) {
    gap();
    footnotes.forEach((note, i) => {
      const text = note.blocks.map((b) => (b.type === "paragraph" || b.type === "heading" ? inlineText(b.inlines, ctx) : "")).join(" ").trim();
      push({ kind: "text", text: `[${i + 1}] ${text}` }, { size: Math.max(size - 1, 7), color: "595959", wrap: true });
    });
  }

  const sheet: SheetModel = {
    name,
    kind: "notes",
    cells,
    columnWidths: [noteWidth],
    rowHeights: {},
    frozenRows: 0,
    showGridLines: false,
    print: { landscape: false },
  };
  sheet.rowHeights = wrapAndMeasure(sheet, size);
  // Headings and the title are taller than body text.
  for (const cell of cells) {
    if (cell.look.size && cell.look.size > size) sheet.rowHeights[cell.row] = Math.max(sheet.rowHeights[cell.row] ?? 0, Math.ceil(cell.look.size * 1.4));
  }
  return sheet;
}

function textValue(inlines: Inline[], ctx: MapContext): CellValue {
  const runs = toRuns(inlines, ctx, []);
  const length = runs.reduce((n, r) => n + r.text.length, 0);
  if (length > 32767) return { kind: "text", text: fitText(runs.map((r) => r.text).join(""), ctx, {}) };
  const plain = runs.every((r) => !r.bold && !r.italic && !r.strike && !r.mono && !r.color);
  return plain ? { kind: "text", text: runs.map((r) => r.text).join("") } : { kind: "rich", runs: merge(runs) };
}

function prefix(value: CellValue, mark: string): CellValue {
  if (value.kind === "text") return { kind: "text", text: mark + value.text };
  if (value.kind === "rich") return { kind: "rich", runs: [{ text: mark }, ...value.runs] };
  return value;
}

function toRuns(inlines: Inline[], ctx: MapContext, outer: Mark[]): Run[] {
  const runs: Run[] = [];
  for (const inline of inlines) {
    switch (inline.type) {
      case "text":
        runs.push(run(inline.text, [...outer, ...inline.marks]));
        break;
      case "link":
        runs.push(...toRuns(inline.children, ctx, outer));
        break;
      case "gap":
        runs.push({ ...run(inlineText([inline], ctx), [...outer, ...inline.marks]), bold: true, color: "C00000" });
        break;
      case "lineBreak":
      case "footnoteRef":
        runs.push(run(inlineText([inline], ctx), outer));
        break;
    }
  }
  return runs;
}

function run(text: string, marks: Mark[]): Run {
  return {
    text,
    ...(marks.includes("bold") ? { bold: true } : {}),
    ...(marks.includes("italic") ? { italic: true } : {}),
    ...(marks.includes("strike") ? { strike: true } : {}),
    ...(marks.includes("code") ? { mono: true } : {}),
  };
}

function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const last = out[out.length - 1];
    if (last && last.bold === r.bold && last.italic === r.italic && last.strike === r.strike && last.mono === r.mono && last.color === r.color) {
      last.text += r.text;
    } else if (r.text !== "") {
      out.push({ ...r });
    }
  }
  return out;
}
