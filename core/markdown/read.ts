/**
 * Markdown → IR: the reader behind `content.markdown` (service-interface.md, "POST /documents":
 * headings, paragraphs, lists, tables, bold/italic, links, page breaks, images). CommonMark plus
 * GFM (tables, task lists, strikethrough, footnotes, autolinks) through unified + remark.
 *
 * Decisions:
 * - Title: when the first block is a level-1 heading, its plain text becomes `ir.title` and the
 *   heading leaves `blocks` (renderers draw it with the Title style). Later `#` headings stay
 *   level-1 headings.
 * - Page break: a line holding only `\pagebreak` (or `\newpage`, as LaTeX and pandoc users write),
 *   or an HTML comment `<!-- pagebreak -->` (any case, spaces optional). Inside code it is text.
 * - Images: an image standing in a paragraph becomes an image block there, splitting the
 *   paragraph around it; an image inside a link, emphasis or table cell keeps only its alt text.
 * - Gaps: `[DATO]` / `[DATO: label]` become gap inlines (see `inlines.ts`).
 * - Footnotes are numbered by first reference; definitions never referenced are dropped (info). A heading that
 *   had only footnote definitions under it is dropped with them: its notes are at the page feet.
 * - Raw HTML is not rendered: `<br>` becomes a line break, comments vanish, other HTML is left
 *   out with a diagnostic.
 * - Tables are made rectangular as GFM says: short rows padded with empty cells, long rows cut.
 */
import type { Definition, FootnoteDefinition, Nodes, Paragraph, PhrasingContent, Root, RootContent, Table } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { Diagnostic } from "../diagnostics.ts";
import { diagnostic } from "../diagnostics.ts";
import { isEmpty } from "../ir/empty.ts";
import { assignIds } from "../ir/ids.ts";
import { plainText } from "../ir/text.ts";
import type { Block, ColumnAlign, Footnote, HeadingLevel, IRDocument, TableRow } from "../ir/types.ts";
import type { ReadContext } from "./inlines.ts";
import { isLineBlock, readInlines, trimInlines } from "./inlines.ts";
import { markdownTooComplex } from "./limits.ts";
import { ProcessingFailure } from "../errors.ts";

/**
 * `web:<search text>` addresses carry spaces, which CommonMark does not allow in a link destination; they are
 * wrapped in `<…>` (the form that does) so `![a sunset](web:sunset over the sea)` is read as the picture it means.
 */
const webImage = /(!\[[^\]\n]*\]\()(web:[^()<>\n]*?)\)/g;

export function readMarkdown(markdown: string): { ir: IRDocument; diagnostics: Diagnostic[] } {
  const refused = markdownTooComplex(markdown);
  if (refused) throw new ProcessingFailure({ code: "processing_failed", message: `The Markdown was not read: ${refused}.` });
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown.replace(webImage, "$1<$2>)")) as Root;
  const ctx: ReadContext = {
    definitions: new Map(),
    footnoteDefinitions: new Map(),
    footnoteIds: new Map(),
    pending: [],
  };
  collectDefinitions(tree, ctx);

  let body = tree.children;
  let title = "";
  const first = body[0];
  if (first?.type === "heading" && first.depth === 1 && !contains(first, "footnoteReference")) {
    title = plainText(readInlines(first.children, ctx, { id: "doc" })).trim();
    body = body.slice(1);
  }
  const blocks = readBlocks(withoutEmptiedHeadings(body), ctx);
  const footnotes = readFootnotes(ctx);
  const ir: IRDocument = title === "" ? { id: "doc", blocks, footnotes } : { id: "doc", title, blocks, footnotes };
  assignIds(ir);

  const diagnostics: Diagnostic[] = ctx.pending.map(({ node, diagnostic: d }) =>
    diagnostic(d.code, d.severity, d.category, d.message, node?.id || undefined),
  );
  for (const [identifier, definition] of ctx.footnoteDefinitions) {
    if (!ctx.footnoteIds.has(identifier)) {
      diagnostics.push(
        diagnostic(
          "markdown.footnote_unused",
          "info",
          "markdown",
          `Footnote [^${definition.label ?? identifier}] is never referenced and was left out.`,
        ),
      );
    }
  }
  if (isEmpty(ir)) {
    diagnostics.push(
      diagnostic("content_empty", "error", "content", "The Markdown has no headings, text, lists or tables to show."),
    );
  }
  return { ir, diagnostics };
}

function collectDefinitions(node: Nodes, ctx: ReadContext): void {
  if (node.type === "definition") ctx.definitions.set(node.identifier, node as Definition);
  if (node.type === "footnoteDefinition") ctx.footnoteDefinitions.set(node.identifier, node as FootnoteDefinition);
  if ("children" in node) for (const child of node.children) collectDefinitions(child as Nodes, ctx);
}

function contains(node: Nodes, type: string): boolean {
  if (node.type === type) return true;
  return "children" in node && node.children.some((child) => contains(child as Nodes, type));
}

/**
 * A heading whose section held only footnote definitions ("## References" over the `[^1]: …` lines) has nothing
 * under it once they move to the page feet, so it goes too. A section with a subsection, or any text, keeps it.
 */
function withoutEmptiedHeadings(nodes: RootContent[]): RootContent[] {
  const isDefinition = (node: RootContent) =>
    node.type === "footnoteDefinition" || node.type === "definition" || (node.type === "html" && htmlComment.test(node.value.trim()) && !pageBreakComment.test(node.value.trim()));
  const kept = nodes.filter((node, i) => {
    if (node.type !== "heading") return true;
    let end = i + 1;
    while (end < nodes.length && nodes[end]!.type !== "heading") end++;
    const section = nodes.slice(i + 1, end);
    const next = nodes[end];
    const subsection = next?.type === "heading" && next.depth > node.depth;
    return subsection || !section.some((n) => n.type === "footnoteDefinition") || !section.every(isDefinition);
  });
  // "## Notes" over "### Sources" over definitions only: once the subsection goes, its parent is empty too.
  return kept.length === nodes.length ? kept : withoutEmptiedHeadings(kept);
}

const pageBreakComment = /^<!--\s*page-?break\s*-->$/i;
const htmlComment = /^<!--[\s\S]*-->$/;

function readBlocks(nodes: RootContent[], ctx: ReadContext): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "heading": {
        const block: Block = { type: "heading", id: "", level: node.depth as HeadingLevel, inlines: [] };
        block.inlines = readInlines(node.children, ctx, block);
        out.push(block);
        break;
      }
      case "paragraph":
        out.push(...readParagraph(node, ctx));
        break;
      case "list":
        out.push({
          type: "list",
          id: "",
          ordered: node.ordered === true,
          start: node.ordered ? (node.start ?? 1) : 1,
          items: node.children.map((item) => {
            const blocks = readBlocks(item.children, ctx);
            return typeof item.checked === "boolean" ? { id: "", blocks, checked: item.checked } : { id: "", blocks };
          }),
        });
        break;
      case "table":
        out.push(readTable(node, ctx));
        break;
      case "blockquote":
        out.push({ type: "quote", id: "", blocks: readBlocks(node.children, ctx) });
        break;
      case "code":
        out.push({ type: "code", id: "", ...(node.lang ? { lang: node.lang } : {}), ...(node.meta ? { meta: node.meta } : {}), text: node.value });
        break;
      case "thematicBreak":
        out.push({ type: "thematicBreak", id: "" });
        break;
      case "html": {
        const value = node.value.trim();
        if (pageBreakComment.test(value)) out.push({ type: "pageBreak", id: "" });
        else if (!htmlComment.test(value)) {
          ctx.pending.push({
            node: null,
            diagnostic: {
              code: "markdown.html_dropped",
              severity: "warning",
              category: "markdown",
              message: `A block of raw HTML was left out: ${JSON.stringify(value.slice(0, 80))}.`,
            },
          });
        }
        break;
      }
      case "definition":
      case "footnoteDefinition":
        // Collected up front; they are targets, not content in place.
        break;
      default:
        ctx.pending.push({
          node: null,
          diagnostic: {
            code: "markdown.unsupported",
            severity: "warning",
            category: "markdown",
            message: `Markdown element "${node.type}" is not supported and was left out.`,
          },
        });
    }
  }
  return out;
}

// --- paragraphs: split around page-break lines and standalone images --------------------------

type Segment = { kind: "inlines"; nodes: PhrasingContent[] } | { kind: "pageBreak" } | { kind: "image"; src: string; alt: string; title?: string };

const pageBreakLine = /(^|\n)[ \t]*\\(?:pagebreak|newpage)[ \t]*(?=\n|$)/g;

function readParagraph(node: Paragraph, ctx: ReadContext): Block[] {
  const out: Block[] = [];
  for (const segment of segments(node.children, ctx)) {
    if (segment.kind === "pageBreak") out.push({ type: "pageBreak", id: "" });
    else if (segment.kind === "image") {
      const image: Block = { type: "image", id: "", src: segment.src, alt: segment.alt };
      if (segment.title) image.title = segment.title;
      out.push(image);
    } else {
      const block: Block = { type: "paragraph", id: "", inlines: [] };
      ctx.keepLines = isLineBlock(segment.nodes.map((n) => ("value" in n ? n.value : "children" in n ? "x" : "")).join(""));
      block.inlines = trimInlines(readInlines(segment.nodes, ctx, block));
      ctx.keepLines = false;
      if (block.inlines.length > 0) out.push(block);
    }
  }
  return out;
}

function segments(children: PhrasingContent[], ctx: ReadContext): Segment[] {
  const out: Segment[] = [];
  let current: PhrasingContent[] = [];
  const flush = () => {
    if (current.length > 0) out.push({ kind: "inlines", nodes: current });
    current = [];
  };
  children.forEach((child, index) => {
    if (child.type === "image" || (child.type === "imageReference" && ctx.definitions.has(child.identifier))) {
      flush();
      const src = child.type === "image" ? child.url : (ctx.definitions.get(child.identifier)?.url ?? "");
      const title = child.type === "image" ? child.title : ctx.definitions.get(child.identifier)?.title;
      out.push(title ? { kind: "image", src, alt: child.alt ?? "", title } : { kind: "image", src, alt: child.alt ?? "" });
      return;
    }
    if (child.type !== "text") {
      current.push(child);
      return;
    }
    // A marker counts only alone on its line: at the paragraph's edge, next to a newline in this
    // text, or next to a hard break. Text beside emphasis on the same line is not a marker.
    const startsLine = index === 0 || children[index - 1]?.type === "break";
    const endsLine = index === children.length - 1 || children[index + 1]?.type === "break";
    let last = 0;
    for (const match of child.value.matchAll(pageBreakLine)) {
      const at = match.index ?? 0;
      const end = at + match[0].length;
      if (at === 0 && match[1] === "" && !startsLine) continue;
      if (end === child.value.length && !endsLine) continue;
      if (at > last) current.push({ type: "text", value: child.value.slice(last, at) });
      flush();
      out.push({ kind: "pageBreak" });
      last = end;
    }
    if (last < child.value.length) current.push({ type: "text", value: child.value.slice(last) });
  });
  flush();
  return out;
}

// --- tables ------------------------------------------------------------------------------------

function readTable(node: Table, ctx: ReadContext): Block {
  const align: ColumnAlign[] = (node.align ?? []).map((a) => a ?? null);
  const width = align.length > 0 ? align.length : (node.children[0]?.children.length ?? 0);
  while (align.length < width) align.push(null);
  const rows: TableRow[] = node.children.map((row) => {
    const cells = row.children.slice(0, width).map((cell) => {
      const out = { id: "", inlines: [] as ReturnType<typeof readInlines> };
      out.inlines = trimInlines(readInlines(cell.children, ctx, out));
      return out;
    });
    while (cells.length < width) cells.push({ id: "", inlines: [] });
    return { id: "", cells };
  });
  // GFM tables have exactly one header row: the first.
  return { type: "table", id: "", align, header: rows.slice(0, 1), rows: rows.slice(1) };
}

// --- footnotes -----------------------------------------------------------------------------------

function readFootnotes(ctx: ReadContext): Footnote[] {
  const out: Footnote[] = [];
  // Reading a footnote can reference a new one, which joins the end of `footnoteIds`; walking
  // by index picks those up too, in reference order.
  for (let i = 0; i < ctx.footnoteIds.size; i++) {
    const [identifier, id] = [...ctx.footnoteIds][i]!;
    const definition = ctx.footnoteDefinitions.get(identifier);
    out.push({
      id,
      label: definition?.label ?? identifier,
      blocks: definition ? readBlocks(definition.children, ctx) : [],
    });
  }
  return out;
}
