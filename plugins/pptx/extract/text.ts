/**
 * DrawingML text (`p:txBody`, `a:txBody`) as Markdown: paragraphs with a bullet (their own or inherited, see
 * `placeholders.ts`) become `-` or `1.` list items nested by `a:pPr lvl`; other paragraphs are plain paragraphs.
 * Runs keep bold, italic and web links (`a:hlinkClick` to an external address); a line break (`a:br`) is a hard
 * break. Fields (`a:fld`, slide numbers, dates) show their cached text.
 */
import { emphasize, escapeLineStart, escapeText, safeUrl } from "../../xlsx/extract/markdown.ts";
import type { Rels } from "../../xlsx/extract/rels.ts";
import { attr, child, elements, flag, kids, nameOf, ownText, relAttr, type XmlNode } from "../../xlsx/extract/xml.ts";
import { bulletAt, type Bullet } from "./placeholders.ts";

interface Segment {
  text: string;
  bold: boolean;
  italic: boolean;
  link: string | null;
}

const segmentsOf = (p: XmlNode, rels: Rels | null): Segment[] => {
  const out: Segment[] = [];
  for (const run of elements(p)) {
    const name = nameOf(run);
    if (name === "br") out.push({ text: "\n", bold: false, italic: false, link: null });
    else if (name === "r" || name === "fld") {
      const props = child(run, "rPr");
      const rel = rels?.get(relAttr(child(props, "hlinkClick"), "id") ?? "");
      out.push({
        text: kids(run, "t").map(ownText).join("").replace(/[\v\r]/g, "\n"),
        bold: flag(props, "b"),
        italic: flag(props, "i"),
        link: rel?.external ? safeUrl(rel.target) : null,
      });
    }
  }
  return out;
};

/** A paragraph's text without formatting (line breaks as spaces). */
export const plainText = (p: XmlNode): string =>
  segmentsOf(p, null)
    .map((s) => s.text)
    .join("")
    .replace(/\s+/g, " ")
    .trim();

/** A paragraph as inline Markdown; line breaks stay `\n` for the caller to render. */
export const inlineMarkdown = (p: XmlNode, rels: Rels | null): string => {
  const merged: Segment[] = [];
  for (const s of segmentsOf(p, rels)) {
    const last = merged[merged.length - 1];
    if (last && last.bold === s.bold && last.italic === s.italic && last.link === s.link) last.text += s.text;
    else merged.push({ ...s });
  }
  let out = "";
  for (let i = 0; i < merged.length; ) {
    const link = merged[i]!.link;
    let inner = "";
    for (; i < merged.length && merged[i]!.link === link; i++) {
      const s = merged[i]!;
      inner += s.text
        .split("\n")
        .map((line) => emphasize(escapeText(line), s.bold, s.italic))
        .join("\n");
    }
    out += link && inner.trim() ? `[${inner.replace(/\n/g, " ")}](${link})` : inner;
  }
  return out.trim();
};

interface Paragraph {
  readonly level: number;
  readonly bullet: Bullet;
  readonly markdown: string;
}

export interface TextOptions {
  readonly rels: Rels | null;
  /** The inherited list styles of the shape, nearest first. */
  readonly listStyles: readonly XmlNode[];
}

/** Lines of a block with hard breaks: `\` at the end of each broken line, continuation lines indented. */
const hardBreaks = (markdown: string, indent: string): string =>
  markdown
    .split("\n")
    .map((line, i) => (i === 0 ? "" : indent) + escapeLineStart(line.trim()))
    .join("\\\n");

/** The paragraphs of a text body as Markdown blocks (a list is one block). */
export const textBlocks = (body: XmlNode | undefined, options: TextOptions): string[] => {
  const paragraphs: Paragraph[] = kids(body, "p").map((p) => {
    const pPr = child(p, "pPr");
    const level = Math.min(8, Math.max(0, Number(attr(pPr, "lvl") ?? 0) || 0));
    return { level, bullet: bulletAt(pPr, level, options.listStyles), markdown: inlineMarkdown(p, options.rels) };
  });
  const blocks: string[] = [];
  let list: string[] = [];
  let stack: Array<{ level: number; width: number; count: number; ordered: boolean }> = [];
  const closeList = () => {
    if (list.length) blocks.push(list.join("\n"));
    list = [];
    stack = [];
  };
  for (const p of paragraphs) {
    if (!p.markdown) continue;
    if (p.bullet.kind === "none") {
      closeList();
      blocks.push(hardBreaks(p.markdown, ""));
      continue;
    }
    // Close deeper levels; an item at the same level continues (or, switching between `-` and `1.`, restarts) the
    // numbering. An item more than one level below its parent still nests one step: the indent comes from the parents.
    while (stack.length && stack[stack.length - 1]!.level > p.level) stack.pop();
    const ordered = p.bullet.kind === "number";
    const previous = stack.length && stack[stack.length - 1]!.level === p.level ? stack.pop()! : null;
    const count = previous?.ordered === ordered ? previous.count + 1 : p.bullet.kind === "number" ? p.bullet.start : 1;
    const marker = ordered ? `${count}. ` : "- ";
    const indent = stack.reduce((n, s) => n + s.width, 0);
    stack.push({ level: p.level, width: marker.length, count, ordered });
    list.push(" ".repeat(indent) + marker + hardBreaks(p.markdown, " ".repeat(indent + marker.length)));
  }
  closeList();
  return blocks;
};
