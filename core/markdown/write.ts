/**
 * IR → GitHub-flavoured Markdown: the one writer behind extraction (issue 12: readers produce the IR, one writer
 * writes Markdown). `readMarkdown(writeMarkdown(ir))` gives `ir` back for everything the reader reads (ids are
 * positional there, so a tree numbered by `assignIds` comes back equal).
 *
 * Layout, as extraction has always written it: blocks apart by a blank line; lists tight, one line an item, nested
 * lists indented by their parent's marker width (`1. ` → three spaces), items numbered from the list's start; tables
 * with a `---` delimiter row and `|` escaped in cells; comments as `<!-- … -->` (page markers, what was not read);
 * display math as `$$…$$`; page breaks as `\pagebreak`; a chart as its ```` ```chart ```` fence and table; footnote
 * definitions at the end.
 */
import type { Block, Footnote, IRDocument, ListBlock, TableBlock, TableRow } from "../ir/types.ts";
import { assertNever } from "../ir/types.ts";
import { escapeLineStart } from "./escape.ts";
import { destination, writeInlines, type InlineContext } from "./write-inlines.ts";

export function writeMarkdown(ir: IRDocument): string {
  const ctx: InlineContext = { footnoteLabels: new Map(ir.footnotes.map((note) => [note.id, note.label])) };
  const parts: string[] = [];
  if (ir.title !== undefined) parts.push(`# ${writeInlines([{ type: "text", id: "", text: ir.title, marks: [] }], ctx)}`);
  parts.push(writeBlocks(ir.blocks, ctx), ...ir.footnotes.map((note) => footnote(note, ctx)));
  return parts.filter((part) => part !== "").join("\n\n");
}

/**
 * Blocks apart by a blank line. In a list item (`tight`) a list follows the block before it on the next line, so
 * the list stays tight, as extraction has always written nested lists.
 */
function writeBlocks(blocks: Block[], ctx: InlineContext, tight = false): string {
  let out = "";
  blocks.forEach((block, i) => {
    const before = blocks[i - 1];
    // Two lists of one kind in a row would be read as one.
    const apart = block.type === "list" && before?.type === "list" && before.ordered === block.ordered;
    const text = writeBlock(block, ctx);
    if (text === "") return;
    if (out !== "") out += apart ? "\n\n<!-- -->\n\n" : tight && block.type === "list" ? "\n" : "\n\n";
    out += text;
  });
  return out;
}

function writeBlock(block: Block, ctx: InlineContext): string {
  switch (block.type) {
    case "heading": {
      // A heading ending in ` #` would lose it as a closing sequence.
      const text = writeInlines(block.inlines, { ...ctx, oneLine: true }).replace(/(\s)(#+)$/, "$1\\$2");
      return text === "" ? "#".repeat(block.level) : `${"#".repeat(block.level)} ${text}`;
    }
    case "paragraph":
      return writeInlines(block.inlines, ctx).split("\n").map(escapeLineStart).join("\n");
    case "list":
      return list(block, ctx);
    case "table":
      return table(block, ctx);
    case "image": {
      const title = block.title ? ` "${block.title.replace(/["\\]/g, "\\$&")}"` : "";
      return `![${block.alt.replace(/[\\\]]/g, "\\$&")}](${destination(block.src)}${title})`;
    }
    case "quote":
      return writeBlocks(block.blocks, ctx)
        .split("\n")
        .map((line) => (line === "" ? ">" : `> ${line}`))
        .join("\n");
    case "code": {
      const longest = Math.max(2, ...(block.text.match(/^[ \t]*`{3,}/gm) ?? []).map((fence) => fence.trim().length));
      const fence = "`".repeat(longest + 1);
      const info = [block.lang, block.meta].filter(Boolean).join(" ");
      return `${fence}${info}\n${block.text}${block.text === "" ? "" : "\n"}${fence}`;
    }
    case "thematicBreak":
      return "---";
    case "pageBreak":
      return "\\pagebreak";
    case "comment":
      // `--` would end the comment early.
      return `<!-- ${block.text.replace(/-{2,}/g, "-")} -->`;
    case "math":
      return `$$${block.tex}$$`;
    case "chart": {
      // The fence and its table, which the office formats read back as this chart (core/ir/chart.ts).
      const settings = [`type: ${block.chart}`, ...(block.title ? [`title: ${block.title.replace(/\s+/g, " ")}`] : [])];
      return `\`\`\`chart\n${settings.join("\n")}\n\`\`\`\n\n${table(block.table, ctx)}`;
    }
    default:
      return assertNever(block);
  }
}

function list(block: ListBlock, ctx: InlineContext): string {
  return block.items
    .map((item, i) => {
      const marker = block.ordered ? `${block.start + i}.` : "-";
      const task = item.checked === undefined ? "" : item.checked ? "[x] " : "[ ] ";
      const body = writeBlocks(item.blocks, ctx, true);
      const indent = " ".repeat(marker.length + 1);
      const lines = `${task}${body}`.split("\n").map((line, k) => (k === 0 || line === "" ? line : indent + line));
      return lines[0] === "" && lines.length === 1 ? marker : `${marker} ${lines.join("\n")}`;
    })
    .join("\n");
}

function table(block: TableBlock, ctx: InlineContext): string {
  const width = block.align.length;
  if (width === 0) return "";
  const cellCtx: InlineContext = { ...ctx, cell: true, oneLine: true };
  const row = (r: TableRow) => `| ${r.cells.map((cell) => writeInlines(cell.inlines, cellCtx).replace(/\s+/g, " ").trim()).join(" | ")} |`;
  const header = block.header[0] ?? { id: "", cells: block.align.map(() => ({ id: "", inlines: [] })) };
  const rule = block.align.map((a) => (a === "left" ? ":---" : a === "center" ? ":---:" : a === "right" ? "---:" : "---"));
  return [row(header), `| ${rule.join(" | ")} |`, ...[...block.header.slice(1), ...block.rows].map(row)].join("\n");
}

function footnote(note: Footnote, ctx: InlineContext): string {
  const body = writeBlocks(note.blocks, ctx);
  return `[^${note.label}]: ${body.split("\n").map((line, i) => (i === 0 || line === "" ? line : `    ${line}`)).join("\n")}`;
}
