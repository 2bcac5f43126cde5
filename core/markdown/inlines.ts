/**
 * mdast phrasing content → IR inlines. Nested emphasis becomes flat text runs with marks (what
 * Word, PowerPoint and Excel runs are), `[DATO]` markers become gap inlines, and raw HTML is
 * reduced to what a document can carry (`<br>` → line break; tags dropped, their text kept).
 *
 * Inlines are built with empty ids; `assignIds` numbers them once the tree is final.
 */
import type { Definition, FootnoteDefinition, PhrasingContent } from "mdast";
import type { Diagnostic } from "../diagnostics.ts";
import type { Inline, Mark } from "../ir/types.ts";

/** What reading one Markdown text shares across blocks. */
export interface ReadContext {
  definitions: Map<string, Definition>;
  footnoteDefinitions: Map<string, FootnoteDefinition>;
  /** mdast footnote identifier → IR footnote id, in order of first reference. */
  footnoteIds: Map<string, string>;
  /** Diagnostics whose node id is read once ids are assigned. */
  pending: Array<{ node: { id: string } | null; diagnostic: Omit<Diagnostic, "nodeId"> }>;
  /** Set while reading a paragraph of short lines (an address, a signature): its line ends are kept. */
  keepLines?: boolean;
}

/** `[DATO]` or `[DATO: what is missing]`; upper case only, as the service writes it. */
const gapPattern = /\[DATO(?::\s*([^\]]*?))?\s*\]/g;
const brTag = /^<br\s*\/?>$/i;
const htmlComment = /^<!--[\s\S]*-->$/;

/**
 * Converts phrasing content. `owner` is the IR node the inlines will belong to, so diagnostics
 * can point at it.
 */
export function readInlines(nodes: PhrasingContent[], ctx: ReadContext, owner: { id: string }): Inline[] {
  return mergeText(convert(nodes, [], ctx, owner));
}

function convert(nodes: PhrasingContent[], marks: Mark[], ctx: ReadContext, owner: { id: string }): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        if (ctx.keepLines) {
          node.value.split(/[ \t]*\r?\n[ \t]*/).forEach((line, i) => {
            if (i > 0) out.push({ type: "lineBreak", id: "" });
            out.push(...splitGaps(line, marks));
          });
        } else out.push(...splitGaps(softBreaks(node.value), marks));
        break;
      case "emphasis":
        out.push(...convert(node.children, withMark(marks, "italic"), ctx, owner));
        break;
      case "strong":
        out.push(...convert(node.children, withMark(marks, "bold"), ctx, owner));
        break;
      case "delete":
        out.push(...convert(node.children, withMark(marks, "strike"), ctx, owner));
        break;
      case "inlineCode":
        // No gap detection inside code: `[DATO]` in code is an example, not a gap.
        out.push({ type: "text", id: "", text: node.value, marks: withMark(marks, "code") });
        break;
      case "break":
        out.push({ type: "lineBreak", id: "" });
        break;
      case "link":
        out.push({ type: "link", id: "", href: node.url, children: mergeText(convert(node.children, marks, ctx, owner)) });
        break;
      case "linkReference": {
        // micromark only makes a reference when a definition exists; the fallback is defensive.
        const definition = ctx.definitions.get(node.identifier);
        const children = mergeText(convert(node.children, marks, ctx, owner));
        if (definition) out.push({ type: "link", id: "", href: definition.url, children });
        else out.push(...children);
        break;
      }
      case "image":
      case "imageReference":
        // Images inside links, emphasis or table cells cannot be blocks; keep their words.
        ctx.pending.push({
          node: owner,
          diagnostic: {
            code: "markdown.image_inline",
            severity: "warning",
            category: "markdown",
            message: "An image inside a link, emphasis or table cell was replaced by its alternative text.",
          },
        });
        if (node.alt) out.push({ type: "text", id: "", text: node.alt, marks: [...marks] });
        break;
      case "footnoteReference":
        out.push({ type: "footnoteRef", id: "", footnoteId: footnoteId(node.identifier, ctx) });
        break;
      case "html":
        out.push(...inlineHtml(node.value, ctx, owner));
        break;
      default:
        // Phrasing kinds from extensions we do not enable; nothing to carry.
        break;
    }
  }
  return out;
}

function footnoteId(identifier: string, ctx: ReadContext): string {
  let id = ctx.footnoteIds.get(identifier);
  if (id === undefined) {
    id = `fn${ctx.footnoteIds.size + 1}`;
    ctx.footnoteIds.set(identifier, id);
  }
  return id;
}

function inlineHtml(value: string, ctx: ReadContext, owner: { id: string }): Inline[] {
  if (brTag.test(value.trim())) return [{ type: "lineBreak", id: "" }];
  if (!htmlComment.test(value.trim())) {
    ctx.pending.push({
      node: owner,
      diagnostic: {
        code: "markdown.html_dropped",
        severity: "info",
        category: "markdown",
        message: `Inline HTML ${JSON.stringify(value)} was left out; the text around it was kept.`,
      },
    });
  }
  return [];
}

/**
 * A soft line break inside a paragraph is a space in every output format, except in a paragraph made only of short
 * lines (see `isLineBlock`), where each line stands on its own as the writer laid it out.
 */
function softBreaks(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*/g, " ");
}

function splitGaps(text: string, marks: Mark[]): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(gapPattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ type: "text", id: "", text: text.slice(last, at), marks: [...marks] });
    const label = match[1]?.trim();
    out.push(label ? { type: "gap", id: "", label, marks: [...marks] } : { type: "gap", id: "", marks: [...marks] });
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ type: "text", id: "", text: text.slice(last), marks: [...marks] });
  return out;
}

const markOrder: readonly Mark[] = ["bold", "italic", "strike", "code", "superscript", "subscript"];

function withMark(marks: Mark[], mark: Mark): Mark[] {
  return markOrder.filter((m) => m === mark || marks.includes(m));
}

/** Joins neighbouring text runs with the same marks and drops empty ones. */
function mergeText(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    if (inline.type === "text" && inline.text === "") continue;
    const prev = out[out.length - 1];
    if (inline.type === "text" && prev?.type === "text" && prev.marks.join() === inline.marks.join()) {
      out[out.length - 1] = { ...prev, text: prev.text + inline.text };
    } else {
      out.push(inline);
    }
  }
  return out;
}

/** Removes whitespace at the start and end of a paragraph's inlines (left by splitting it). */
export function trimInlines(inlines: Inline[]): Inline[] {
  const out = [...inlines];
  const first = out[0];
  if (first?.type === "text") out[0] = { ...first, text: first.text.trimStart() };
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (last?.type === "text") out[lastIndex] = { ...last, text: last.text.trimEnd() };
  return out.filter((inline) => !(inline.type === "text" && inline.text === ""));
}

/**
 * A paragraph of two or more lines, each at most 60 characters: an address, a date and place, a signature
 * block. Its line ends are meant, so they are kept as line breaks instead of being joined into one line.
 */
export function isLineBlock(source: string): boolean {
  const lines = source.split(/\r?\n/).map((l) => l.trim());
  return lines.length >= 2 && lines.every((l) => l.length > 0 && l.length <= 60);
}
