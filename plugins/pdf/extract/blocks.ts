/**
 * A page's pieces (page.ts) → IR blocks, each with its source (`page:N` and the range of page text it was read
 * from): paragraphs and headings of plain text, list items gathered into lists (a bullet list right after a
 * numbered one, or the other way round, is a list of its own, and so is a numbered list that starts again, its
 * numbers as printed; an item deeper than the one before goes into a list inside it), tables with their first row as the header, and a table's header repeated at the top of the next page
 * that header again, and a table going on over a page break one table (`repeatedHeaders`, continued.ts). Ids are given once the whole document is put together.
 */
import type { Block, HeadingLevel, ListBlock, SourceRange, TableBlock, TableRow } from "../../../core/ir/types.ts";
import type { PagePiece } from "./page.ts";
import { continuedTables } from "./continued.ts";
import { plain } from "./plain.ts";

const text = (value: string) => [{ type: "text" as const, id: "", text: value, marks: [] }];

const row = (cells: readonly string[]): TableRow => ({ id: "", cells: cells.map((cell) => ({ id: "", inlines: cell.trim() === "" ? [] : text(cell.replace(/\s+/g, " ").trim()) })) });

export const pageBlocks = (pieces: readonly PagePiece[], page: number): Block[] => {
  const part = `page:${page}`;
  const out: Block[] = [];
  // The open lists, outermost first: where the next item goes.
  let lists: ListBlock[] = [];
  for (const entry of pieces) {
    if ("picture" in entry) {
      lists = [];
      out.push(...entry.picture);
      continue;
    }
    const { piece } = entry;
    const source: SourceRange = { part, start: entry.start, end: entry.end };
    if (piece.kind !== "item") lists = [];
    switch (piece.kind) {
      case "code": {
        // A listing mupdf cut into blocks (a closing brace set apart) is one listing again.
        const last = out[out.length - 1];
        if (last?.type === "code" && last.source?.part === part) {
          last.text = `${last.text}\n${piece.text}`;
          last.source = { part, start: Math.min(last.source.start, entry.start), end: Math.max(last.source.end, entry.end) };
        } else out.push({ type: "code", id: "", source, text: piece.text });
        break;
      }
      case "paragraph":
        out.push({ type: "paragraph", id: "", source, inlines: text(piece.text) });
        break;
      case "heading":
        out.push({ type: "heading", id: "", source, level: Math.min(Math.max(piece.level, 1), 6) as HeadingLevel, inlines: text(piece.text) });
        break;
      case "table": {
        const [head, ...body] = piece.rows;
        if (!head) break;
        out.push({ type: "table", id: "", source, align: head.map(() => null), header: [row(head)], rows: body.map(row) });
        break;
      }
      case "item": {
        const ordered = /^\d/.test(piece.marker);
        const depth = Math.min(piece.depth, lists.length);
        lists.length = Math.min(lists.length, depth + 1);
        let list: ListBlock | undefined = lists[depth];
        // A number that starts again (footnotes "1)", "2)" after a list that reached 2) is a list of its own: its
        // numbers are the page's, not the first list's going on.
        const number = ordered ? Number.parseInt(piece.marker, 10) : 0;
        const restarts = list !== undefined && ordered && list.ordered && number <= list.start + list.items.length - 1;
        if (list && (list.ordered !== ordered || restarts)) {
          lists.length = depth;
          list = undefined;
        }
        if (!list) {
          list = { type: "list", id: "", source, ordered, start: ordered ? number : 1, items: [] };
          if (depth === 0) out.push(list);
          else lists[depth - 1]!.items.at(-1)!.blocks.push(list);
          lists[depth] = list;
        }
        list.source = { part, start: Math.min(list.source!.start, entry.start), end: Math.max(list.source!.end, entry.end) };
        list.items.push({ id: "", source, blocks: [{ type: "paragraph", id: "", source, inlines: text(piece.text) }] });
        break;
      }
    }
  }
  return out;
};

/**
 * A table going on over a page break repeats its header at the top of the next page. Where that row was not found
 * with the rows below it (something beside it in the margin, a comment, keeps it out of the table), it comes as a
 * line of its own, made a heading or a paragraph, and the table's first row is taken for its header. The line that
 * says the previous table's header words, first on its page, right above a table with as many columns, is put back as
 * that table's header.
 */
export const repeatedHeaders = (blocks: readonly Block[]): Block[] => {
  const out: Block[] = [];
  let header: string[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    const prev = out[out.length - 1];
    const pageTop = prev?.type === "comment" && /^page \d+$/.test(prev.text);
    if (header && pageTop && (block.type === "heading" || block.type === "paragraph") && next?.type === "table" && next.align.length === header.length && plain(block.inlines) === header.join(" ")) {
      const table: TableBlock = {
        ...next,
        source: block.source && next.source ? { ...next.source, start: Math.min(block.source.start, next.source.start), end: Math.max(block.source.end, next.source.end) } : next.source,
        header: [row(header)],
        rows: [...next.header, ...next.rows],
      };
      out.push(table);
      i++;
      continue;
    }
    if (block.type === "table" && block.header[0]) header = block.header[0].cells.map((c) => plain(c.inlines));
    out.push(block);
  }
  // Then a table's part on the next page (its header repeated, or its rows going on) joins the table.
  return continuedTables(out);
};
