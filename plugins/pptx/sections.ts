/**
 * The slide rule: how a document's blocks become slides. Pure; the slides' layout (and any
 * continuation slides for content that does not fit) comes later, in `layout.ts`.
 *
 * 1. Title slide: the document title (`ir.title`, else the document's `name`). When the first
 *    block is a short paragraph (at most 160 characters), it becomes the subtitle and leaves the
 *    content. Without a title or name there is no title slide.
 * 2. Every top-level `#` or `##` heading starts a slide titled with the heading's text.
 * 3. A `#`/`##` heading with no body of its own (the next block is another `#`/`##` heading, a
 *    slide break, or the end) becomes a section divider slide.
 * 4. `###` to `######` headings, and headings inside lists or quotes, are bold lines inside the
 *    current slide.
 * 5. A thematic break (`---`) or a page break (`\pagebreak`) starts a new slide with no title
 *    (a continuation of the section). Breaks that would leave an empty slide are ignored.
 * 6. Content before the first heading (other than the subtitle) goes on an untitled slide after
 *    the title slide.
 * 7. Speaker notes: a block quote whose text starts with `Notes:` (also `Notas:`,
 *    `Speaker notes:`, `Notas del orador:`, any case, bold allowed) is not shown; its text, label
 *    removed, becomes the speaker notes of the slide it is written in. Several such quotes on one
 *    slide are joined. The Markdown reader drops HTML comments, so `<!-- notes: … -->` cannot be
 *    offered until the IR carries comments.
 */
import { plainText } from "../../core/ir/text.ts";
import type { Block, HeadingBlock, Inline, IRDocument, QuoteBlock } from "../../core/ir/types.ts";

export type SlideSource =
  | { kind: "title"; title: string; subtitle?: Inline[]; notes: string[] }
  | { kind: "section"; heading: HeadingBlock; notes: string[] }
  | { kind: "content"; heading?: HeadingBlock; blocks: Block[]; notes: string[]; nodeId: string };

const subtitleMaxChars = 160;

export function slideSources(ir: IRDocument, name?: string): SlideSource[] {
  const out: SlideSource[] = [];
  const title = (ir.title ?? "").trim() || (name ?? "").trim();
  let heading: HeadingBlock | undefined;
  let blocks: Block[] = [];
  let notes: string[] = [];
  let lead = true;
  // Notes written where no slide takes them (before anything else) go to the next slide.
  let orphanNotes: string[] = [];
  const push = (source: SlideSource) => {
    source.notes.unshift(...orphanNotes);
    orphanNotes = [];
    out.push(source);
  };

  const flush = () => {
    if (lead) {
      lead = false;
      if (title !== "") {
        const first = blocks[0];
        let subtitle: Inline[] | undefined;
        if (first?.type === "paragraph" && plainText(first.inlines).trim().length <= subtitleMaxChars) {
          subtitle = first.inlines;
          blocks = blocks.slice(1);
        }
        push({ kind: "title", title, ...(subtitle ? { subtitle } : {}), notes: blocks.length === 0 ? notes : [] });
        if (blocks.length === 0) return;
      }
    }
    if (heading && blocks.length === 0) {
      push({ kind: "section", heading, notes });
    } else if (blocks.length > 0) {
      push({ kind: "content", ...(heading ? { heading } : {}), blocks, notes, nodeId: heading?.id ?? blocks[0]!.id });
    } else if (notes.length > 0) {
      // Notes on an empty untitled slide belong to the slide before it.
      const previous = out[out.length - 1];
      if (previous) previous.notes.push(...notes);
      else orphanNotes.push(...notes);
    }
  };

  for (const block of ir.blocks) {
    const spoken = block.type === "quote" ? notesText(block) : null;
    if (block.type === "heading" && block.level <= 2) {
      flush();
      heading = block;
      blocks = [];
      notes = [];
    } else if (block.type === "thematicBreak" || block.type === "pageBreak") {
      // A break with nothing open before it (at the start, or twice in a row) adds no slide.
      if (blocks.length === 0 && !heading) continue;
      flush();
      heading = undefined;
      blocks = [];
      notes = [];
    } else if (spoken !== null) {
      notes.push(spoken);
    } else {
      blocks.push(block);
    }
  }
  flush();
  return out;
}

const notesLabel = /^\s*(speaker notes|notas del (?:orador|ponente)|notes|notas)\s*:\s*/i;

/** The speaker notes a quote holds (label removed), or `null` when it is an ordinary quote. */
export function notesText(quote: QuoteBlock): string | null {
  const first = quote.blocks[0];
  if (first?.type !== "paragraph") return null;
  const text = plainText(first.inlines);
  const label = notesLabel.exec(text);
  if (!label) return null;
  const lines = [text.slice(label[0].length).trim(), ...quote.blocks.slice(1).flatMap((b) => blockLines(b, ""))];
  return lines.filter((line, i) => line !== "" || i > 0).join("\n").trim();
}

/** Plain-text lines of a block for the notes pane, lists with dashes and numbers. */
function blockLines(block: Block, indent: string): string[] {
  switch (block.type) {
    case "heading":
    case "paragraph":
      return [indent + plainText(block.inlines)];
    case "list":
      return block.items.flatMap((item, i) => {
        const marker = block.ordered ? `${block.start + i}. ` : "- ";
        const lines = item.blocks.flatMap((b) => blockLines(b, indent + "   "));
        return lines.length === 0 ? [indent + marker] : [indent + marker + lines[0]!.trimStart(), ...lines.slice(1)];
      });
    case "quote":
      return block.blocks.flatMap((b) => blockLines(b, indent));
    case "code":
      return block.text.split(/\r?\n/).map((line) => indent + line);
    case "table":
      return [...block.header, ...block.rows].map((row) => indent + row.cells.map((c) => plainText(c.inlines)).join(" | "));
    case "chart":
      return blockLines(block.table, indent);
    case "image":
      return [indent + (block.alt || block.src)];
    case "math":
      return [indent + block.tex];
    case "pageBreak":
    case "thematicBreak":
    case "comment":
      return [];
  }
}
