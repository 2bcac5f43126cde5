/**
 * The reader's blocks (model.ts) → IR blocks. Word numbers paragraphs, not lists: list paragraphs become nested IR
 * lists here (a paragraph one level deeper nests under the item before it; another kind of list at the same level,
 * or an item whose number is not the next one, starts a new list; any other block ends the lists). An item whose
 * label says more than a list marker (`1.2`) is a paragraph starting with that label. A numbered heading starts with
 * the number Word prints before it (`## 2.3 Method`); in a document with a Title and a Heading 1, the Title is `#`
 * and Heading N is N + 1 (at most 6). Consecutive code paragraphs are one code block; a paragraph holding only a
 * display formula is a math block. Table rows are padded to the widest row and the first row is the header; a cell
 * holds its paragraphs on lines of their own, list items with their marker, a nested table row by row. Paragraphs
 * that show nothing are left out, and so are tables.
 */
import type { Block as IrBlock, HeadingLevel, Inline, ListBlock, ListItem as IrListItem, SourceRange, TableBlock, TableCell, TableRow } from "../../../core/ir/types.ts";
import { joined, segments, text, type Segment } from "./inlines.ts";
import type { Block, Cell, Para, Table } from "./model.ts";
import type { ListItem } from "./numbering.ts";

const withSource = <T extends { source?: SourceRange }>(node: T, source: SourceRange | undefined): T => {
  if (source) node.source = source;
  return node;
};

/** The range from `a`'s start to `b`'s end, when both are in one part. */
const span = (a: SourceRange | undefined, b: SourceRange | undefined): SourceRange | undefined =>
  a && b && a.part === b.part ? { part: a.part, start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) } : (a ?? b);

const codeText = (p: Para): string => {
  let s = "";
  for (const piece of p.pieces) s += piece.k === "t" ? piece.text : piece.k === "br" ? "\n" : piece.k === "img" ? piece.alt : piece.k === "math" ? piece.plain : "";
  return s;
};

const segmentBlocks = (segs: readonly Segment[], source: SourceRange | undefined): IrBlock[] =>
  segs.map((s): IrBlock =>
    s.kind === "inlines"
      ? withSource<IrBlock>({ type: "paragraph", id: "", inlines: s.inlines }, source)
      : s.kind === "math"
        ? withSource<IrBlock>({ type: "math", id: "", tex: s.tex }, source)
        : { type: "image", id: "", src: s.image.src, alt: s.image.alt, source: s.image.source },
  );

/** A paragraph that is one display formula. */
const displayMath = (p: Para): IrBlock | undefined => {
  const shown = p.pieces.filter((x) => x.k !== "cs" && x.k !== "ce" && !(x.k === "t" && x.text.trim() === ""));
  const only = shown[0];
  return shown.length === 1 && only?.k === "math" && only.display ? withSource<IrBlock>({ type: "math", id: "", tex: only.tex }, p.source) : undefined;
};

/**
 * An item whose printed label a Markdown marker cannot say (`1.2`, `Article 3`): its blocks as paragraphs, the label
 * as text at the start of the first, so the number a reader sees in Word survives.
 */
const labelled = (label: string, blocks: IrBlock[], source: SourceRange | undefined): IrBlock[] => {
  const first = blocks[0];
  if (first?.type === "paragraph") {
    first.inlines.unshift(text(`${label} `));
    return blocks;
  }
  return [withSource<IrBlock>({ type: "paragraph", id: "", inlines: [text(label)] }, source), ...blocks];
};

/** Open lists, innermost last, by Word's list level. */
class Lists {
  private open: { level: number; list: ListBlock }[] = [];

  constructor(private readonly out: IrBlock[]) {}

  close(): void {
    this.open = [];
  }

  add(item: ListItem, blocks: IrBlock[], source: SourceRange | undefined): void {
    const node = withSource<IrListItem>({ id: "", blocks, ...(item.task ? { checked: item.task === "x" } : {}) }, source);
    while (this.open.length > 0 && this.open[this.open.length - 1]!.level > item.level) this.open.pop();
    let top = this.open[this.open.length - 1];
    if (top?.level === item.level) {
      // An item Word numbers other than next (a restart, another list) starts a list of its own.
      if (top.list.ordered === item.ordered && (!item.ordered || item.number === top.list.start + top.list.items.length)) {
        top.list.items.push(node);
        top.list.source = span(top.list.source, source);
        return;
      }
      this.open.pop();
      top = this.open[this.open.length - 1];
    }
    const list = withSource<ListBlock>({ type: "list", id: "", ordered: item.ordered, start: item.ordered ? Math.max(0, Math.min(item.number, 999_999_999)) : 1, items: [node] }, source);
    (top ? top.list.items[top.list.items.length - 1]!.blocks : this.out).push(list);
    this.open.push({ level: item.level, list });
  }
}

/** A paragraph with words in it: an empty one in the Title style is no title (a review's repair clears such). */
const said = (b: Block): boolean => b.k === "p" && b.pieces.some((piece) => piece.k === "t" && piece.text.trim() !== "");

/**
 * True when the blocks hold a paragraph in the Title style that says something, and a Heading 1: Title is then `#`,
 * Heading 1 `##` and so on. A Title above Heading 2 and below (as Quire writes its own files) is above them already.
 */
export const hasTitle = (blocks: readonly Block[]): boolean =>
  blocks.some((b) => b.k === "p" && b.title === true && said(b)) && blocks.some((b) => b.k === "p" && b.heading === 1 && b.title !== true);

/** `titled`: the document has a Title (`hasTitle`), so headings go one level down to make room above them. */
export const irBlocks = (blocks: readonly Block[], titled = false): IrBlock[] => {
  const out: IrBlock[] = [];
  const lists = new Lists(out);
  const push = (...made: IrBlock[]) => {
    if (made.length === 0) return;
    lists.close();
    out.push(...made);
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.k === "table") {
      const table = tableBlock(b);
      if (table) push(table);
      continue;
    }
    if (b.k === "ir") {
      push(...b.blocks);
      continue;
    }
    if (b.kind === "code" && b.heading === 0) {
      const lines = [codeText(b)];
      let source = b.source;
      for (let next = blocks[i + 1]; next?.k === "p" && next.kind === "code" && next.heading === 0; next = blocks[i + 1]) {
        lines.push(codeText(next));
        source = span(source, next.source);
        i++;
      }
      const code = lines.join("\n").replace(/^\n+|\s+$/g, "");
      if (code !== "") push(withSource<IrBlock>({ type: "code", id: "", text: code }, source));
      continue;
    }
    if (b.heading > 0) {
      const segs = segments(b.pieces, "heading");
      const inlines = joined(segs);
      if (b.number && inlines.length > 0) inlines.unshift(text(`${b.number} `));
      const level = (b.title ? 1 : Math.min(6, b.heading + (titled ? 1 : 0))) as HeadingLevel;
      const heading: IrBlock[] = inlines.length > 0 ? [withSource<IrBlock>({ type: "heading", id: "", level, inlines }, b.source)] : [];
      push(...heading, ...segmentBlocks(segs.filter((s) => s.kind === "image"), b.source));
      continue;
    }
    const math = displayMath(b);
    const segs = math ? [] : segments(b.pieces, "block");
    if (!math && segs.length === 0) continue;
    const made = math ? [math] : segmentBlocks(segs, b.source);
    if (b.list?.printed) push(...labelled(b.list.label, made, b.source));
    else if (b.list?.lettered) lists.add({ ...b.list, ordered: false }, labelled(b.list.label, made, b.source), b.source);
    else if (b.list) lists.add(b.list, made, b.source);
    else if (b.kind === "quote") push(withSource<IrBlock>({ type: "quote", id: "", blocks: made }, b.source));
    else push(...made);
  }
  return out;
};

/** A cell's blocks as one run of inlines: each paragraph on a line of its own. */
const cellInlines = (blocks: readonly Block[]): Inline[] => {
  const lines: Inline[][] = [];
  for (const b of blocks) {
    if (b.k === "p") {
      if (b.kind === "code") {
        const code = codeText(b).replace(/\n/g, " ");
        if (code.trim() !== "") lines.push([text(code, ["code"])]);
        continue;
      }
      const inlines = joined(segments(b.pieces, "cell"));
      if (inlines.length === 0) continue;
      const item = b.list;
      const marker = item?.printed || item?.lettered ? item.label : item?.ordered ? `${item.number}.` : "-";
      if (item) inlines.unshift(text(`${"\u00a0\u00a0".repeat(item.level)}${marker} ${item.task ? `[${item.task}] ` : ""}`));
      lines.push(inlines);
    } else if (b.k === "table") {
      for (const row of b.rows) {
        const cells = row.map((c) => cellInlines(c.blocks)).filter((c) => c.length > 0);
        if (cells.length > 0) lines.push(cells.flatMap((c, k) => (k === 0 ? c : [text("; "), ...c])));
      }
    } else {
      for (const made of b.blocks) {
        if (made.type === "paragraph" || made.type === "heading") lines.push(made.inlines);
        else if (made.type === "comment") lines.push([text(`(${made.text})`)]);
      }
    }
  }
  return lines.flatMap((line, k): Inline[] => (k === 0 ? line : [{ type: "lineBreak", id: "" }, ...line]));
};

const tableBlock = (t: Table): TableBlock | undefined => {
  if (t.rows.length === 0) return undefined;
  const cols = Math.max(1, t.cols, ...t.rows.map((r) => r.length));
  const cell = (c: Cell): TableCell => withSource<TableCell>({ id: "", inlines: cellInlines(c.blocks) }, c.source);
  const rows = t.rows.map((r): TableRow => {
    const cells = r.map(cell);
    while (cells.length < cols) cells.push({ id: "", inlines: [] });
    return { id: "", cells };
  });
  if (rows.every((r) => r.cells.every((c) => c.inlines.length === 0))) return undefined;
  return withSource<TableBlock>({ type: "table", id: "", align: rows[0]!.cells.map(() => null), header: rows.slice(0, 1), rows: rows.slice(1) }, t.source);
};
