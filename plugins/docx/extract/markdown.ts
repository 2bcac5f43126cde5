/**
 * Writing the blocks as GitHub-flavoured Markdown. Text is escaped where Markdown would read it as syntax
 * (emphasis, code, links, HTML, and block starts such as `#`, `>`, `-`, `1.` at the start of a line). Marks are
 * nested so that `**`/`*`/`~~` always pair up, and whitespace is kept outside them (`** x**` is not bold in
 * Markdown). Lists indent children under their parent's text (2 spaces after `-`, 3 after `1.`). Tables are GFM
 * with the first row as header, every row with the same number of cells; line breaks inside a cell are `<br>`.
 */
import type { Block, Para, Piece, Table } from "./model.ts";
import { BOLD, CODE, ITALIC, STRIKE, SUB, SUP } from "./styles.ts";
import { linkDestination } from "./reader.ts";

type Mode = "block" | "cell" | "heading";

const MARKS: readonly (readonly [number, string, string])[] = [
  [BOLD, "**", "**"],
  [ITALIC, "*", "*"],
  [STRIKE, "~~", "~~"],
  [SUP, "<sup>", "</sup>"],
  [SUB, "<sub>", "</sub>"],
];

/**
 * Markdown being written, as chunks: marks are closed before trailing whitespace, which a plain string would have
 * to slice and copy each time (quadratic in a long paragraph of many runs).
 */
class Out {
  private readonly chunks: string[] = [];

  add(s: string): void {
    if (s !== "") this.chunks.push(s);
  }

  /** Takes the whitespace (of `chars`) off the end and returns it. */
  takeTrailing(chars = " \t\n\r"): string {
    let ws = "";
    while (this.chunks.length > 0) {
      const last = this.chunks[this.chunks.length - 1]!;
      let i = last.length;
      while (i > 0 && chars.includes(last[i - 1]!)) i--;
      if (i === 0) {
        ws = last + ws;
        this.chunks.pop();
        continue;
      }
      if (i < last.length) {
        ws = last.slice(i) + ws;
        this.chunks[this.chunks.length - 1] = last.slice(0, i);
      }
      break;
    }
    return ws;
  }

  endsWithSpace(): boolean {
    const last = this.chunks[this.chunks.length - 1];
    return last !== undefined && /\s/.test(last[last.length - 1]!);
  }

  toString(): string {
    return this.chunks.join("");
  }
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Escapes inline Markdown syntax in text. Line starts are handled separately (`escapeLineStart`). */
export const escapeText = (text: string): string => {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    switch (c) {
      case "\\":
      case "*":
      case "`":
      case "[":
      case "]":
      case "~":
      case "|":
        out += `\\${c}`;
        break;
      case "_":
        out += isWordChar(text[i - 1]) && isWordChar(text[i + 1]) ? c : "\\_";
        break;
      case "<":
        out += /[A-Za-z/!?]/.test(text[i + 1] ?? "") ? "\\<" : c;
        break;
      case "&":
        out += /^&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(text.slice(i, i + 12)) ? "\\&" : c;
        break;
      default:
        out += c;
    }
  }
  return out;
};

/** Escapes what would start a block at the start of a line of a paragraph. */
export const escapeLineStart = (line: string): string => {
  let m = /^(#{1,6})(?=\s|$)/.exec(line);
  if (m) return `\\${line}`;
  if (/^[>+-](?=\s|$)/.test(line) || /^>/.test(line)) return `\\${line}`;
  m = /^(\d{1,9})([.)])(?=\s|$)/.exec(line);
  if (m) return `${m[1]}\\${line.slice(m[1]!.length)}`;
  if (/^(=+|-+)\s*$/.test(line)) return `\\${line}`;
  return line;
};

const codeSpan = (text: string): string => {
  const runs = text.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || (text.startsWith(" ") && text.endsWith(" ") && text.trim() !== "") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
};

/** `attach`: a note reference, written against the preceding word rather than after a space. */
type Token = { kind: "text"; text: string; m: number } | { kind: "neutral"; md: string; attach?: boolean };

/** Writes pieces that share one link target, with nested marks. */
const writeMarks = (tokens: readonly Token[], mode: Mode): string => {
  const out = new Out();
  const stack: number[] = [];
  const close = (count: number) => {
    const ws = out.takeTrailing();
    for (let i = 0; i < count; i++) {
      const bit = stack.pop()!;
      out.add(MARKS.find((m) => m[0] === bit)![2]);
    }
    out.add(ws);
  };
  const reach = (from: number, bit: number) => {
    let n = 0;
    for (let j = from; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.kind === "neutral" || t.text.trim() === "") continue;
      if (!(t.m & bit)) break;
      n++;
    }
    return n;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === "neutral") {
      if (token.attach) {
        const ws = out.takeTrailing(" \t");
        out.add(token.md);
        out.add(ws);
      } else out.add(token.md);
      continue;
    }
    const code = (token.m & CODE) !== 0;
    let text = code ? token.text : token.text.replace(/[ \t\r\n]+/g, " ");
    if (!code && text.startsWith(" ") && out.endsWithSpace()) text = text.slice(1);
    if (text.trim() === "") {
      out.add(text);
      continue;
    }
    const want = token.m & (mode === "heading" ? ITALIC | STRIKE | SUP | SUB : BOLD | ITALIC | STRIKE | SUP | SUB);
    const keep = stack.findIndex((bit) => !(want & bit));
    if (keep >= 0) close(stack.length - keep);
    const missing = MARKS.map((m) => m[0]).filter((bit) => want & bit && !stack.includes(bit));
    missing.sort((a, b) => reach(i, b) - reach(i, a));
    const lead = code ? "" : (/^\s+/.exec(text)?.[0] ?? "");
    out.add(lead);
    for (const bit of missing) {
      out.add(MARKS.find((m) => m[0] === bit)![1]);
      stack.push(bit);
    }
    if (code) out.add(mode === "cell" ? codeSpan(text).replace(/\|/g, "\\|") : codeSpan(text));
    else out.add(escapeText(text.slice(lead.length)));
  }
  close(stack.length);
  return out.toString();
};

/** A paragraph's pieces as one Markdown string; line breaks are `\n` (block), `<br>` (cell) or a space (heading). */
export const writePieces = (pieces: readonly Piece[], mode: Mode): string => {
  let out = "";
  let i = 0;
  while (i < pieces.length) {
    const first = pieces[i]!;
    if (first.k === "cs" || first.k === "ce") {
      i++;
      continue;
    }
    const link = first.link;
    const tokens: Token[] = [];
    for (; i < pieces.length; i++) {
      const p = pieces[i]!;
      if (p.k === "cs" || p.k === "ce") continue;
      if (p.link !== link) break;
      if (p.k === "t") {
        const last = tokens[tokens.length - 1];
        if (last && last.kind === "text" && last.m === p.m) last.text += p.text;
        else tokens.push({ kind: "text", text: p.text, m: p.m });
      } else if (p.k === "br") tokens.push({ kind: "neutral", md: mode === "block" ? "\n" : mode === "cell" ? "<br>" : " " });
      else tokens.push(p.attach ? { kind: "neutral", md: p.md, attach: true } : { kind: "neutral", md: p.md });
    }
    const inner = writeMarks(tokens, mode);
    if (link === undefined || inner.trim() === "") out += inner;
    else {
      const lead = /^\s*/.exec(inner)![0];
      const trail = /\s*$/.exec(inner)![0];
      out += `${lead}[${inner.trim()}](${linkDestination(link)})${trail}`;
    }
  }
  return out;
};

/** Plain text of pieces (quoting commented text). */
export const plainOf = (pieces: readonly Piece[]): string => {
  let s = "";
  for (const p of pieces) s += p.k === "t" ? p.text : p.k === "br" ? " " : p.k === "md" ? p.plain : "";
  return s;
};

interface ListLevel {
  ilvl: number;
  indent: number;
  width: number;
}

const paragraphLines = (p: Para): string[] =>
  writePieces(p.pieces, "block")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");

const codeText = (p: Para): string => {
  let s = "";
  for (const piece of p.pieces) s += piece.k === "t" ? piece.text : piece.k === "br" ? "\n" : piece.k === "md" ? piece.plain : "";
  return s;
};

const fenced = (text: string): string => {
  const runs = text.match(/^`{3,}/gm) ?? [];
  const fence = "`".repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
  return `${fence}\n${text}\n${fence}`;
};

/** A cell's blocks on one line: paragraphs joined by `<br>`, nested tables flattened row by row. */
const writeCell = (blocks: readonly Block[]): string => {
  const parts: string[] = [];
  for (const b of blocks) {
    if (b.k === "p") {
      let text = (b.kind === "code" ? codeSpan(codeText(b).replace(/\n/g, " ")).replace(/\|/g, "\\|") : writePieces(b.pieces, "cell")).trim();
      if (text === "") continue;
      if (b.list) text = `${"\u00a0\u00a0".repeat(b.list.level)}${b.list.ordered ? `${b.list.number}.` : "-"} ${b.list.task ? `[${b.list.task}] ` : ""}${text}`;
      parts.push(text);
    } else if (b.k === "table") {
      for (const row of b.rows) {
        const cells = row.map(writeCell).filter((c) => c !== "");
        if (cells.length > 0) parts.push(cells.join("; "));
      }
    } else if (b.md.trim() !== "") parts.push(b.md.trim().replace(/\n/g, "<br>"));
  }
  return parts.join("<br>").replace(/(?<!\\)\|/g, "\\|");
};

export const writeTable = (t: Table): string => {
  if (t.rows.length === 0) return "";
  const cols = Math.max(1, t.cols, ...t.rows.map((r) => r.length));
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const rows = t.rows.map((r) => {
    const cells = r.map(writeCell);
    while (cells.length < cols) cells.push("");
    return line(cells);
  });
  if (rows.every((r) => /^\|( *\|)+$/.test(r.replace(/ {2,}/g, " ")))) return "";
  return [rows[0]!, line(Array.from({ length: cols }, () => "---")), ...rows.slice(1)].join("\n");
};

/** Blocks as Markdown: blocks separated by a blank line, list items of one list by a single newline. */
export const writeBlocks = (blocks: readonly Block[]): string => {
  const out: string[] = [];
  let previousWasItem = false;
  let levels: ListLevel[] = [];
  const push = (md: string, item: boolean) => {
    if (md === "") return;
    if (out.length > 0) out.push(item && previousWasItem ? "\n" : "\n\n");
    out.push(md);
    previousWasItem = item;
    if (!item) levels = [];
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.k === "table") {
      push(writeTable(b), false);
      continue;
    }
    if (b.k === "md") {
      push(b.md.trim(), false);
      continue;
    }
    if (b.kind === "code" && b.heading === 0) {
      const lines = [codeText(b)];
      while (i + 1 < blocks.length) {
        const next = blocks[i + 1]!;
        if (next.k !== "p" || next.kind !== "code" || next.heading !== 0) break;
        lines.push(codeText(next));
        i++;
      }
      const text = lines.join("\n").replace(/^\n+|\s+$/g, "");
      if (text !== "") push(fenced(text), false);
      continue;
    }
    if (b.heading > 0) {
      const text = writePieces(b.pieces, "heading").replace(/\s+/g, " ").trim().replace(/#+$/, (h) => `\\${h}`);
      if (text !== "") push(`${"#".repeat(Math.min(6, b.heading))} ${text}`, false);
      continue;
    }
    const lines = paragraphLines(b).map(escapeLineStart);
    if (lines.length === 0) continue;
    if (b.list) {
      const item = b.list;
      while (levels.length > 0 && levels[levels.length - 1]!.ilvl > item.level) levels.pop();
      let indent = 0;
      const top = levels[levels.length - 1];
      if (top && top.ilvl === item.level) {
        indent = top.indent;
        levels.pop();
      } else if (top) indent = top.indent + top.width;
      const marker = item.ordered ? `${Math.max(0, Math.min(item.number, 999_999_999))}.` : "-";
      const width = marker.length + 1;
      levels.push({ ilvl: item.level, indent, width });
      const pad = " ".repeat(indent + width);
      const first = `${" ".repeat(indent)}${marker} ${item.task ? `[${item.task}] ` : ""}${lines[0]}`;
      push([first, ...lines.slice(1).map((l) => pad + l)].join("\\\n"), true);
      continue;
    }
    push(b.kind === "quote" ? lines.map((l) => `> ${l}`).join("\\\n") : lines.join("\\\n"), false);
  }
  return out.join("");
};
