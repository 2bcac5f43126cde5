/**
 * Escaping text for the Markdown writer (write.ts). Text is escaped only where CommonMark + GFM would read it as
 * something else, so extracted text stays as readable as it was printed: `a * b`, `snake_case`, `[1]` and `C:\Users`
 * are written as they are, while `*word*`, `](`, `<b>` and a line starting with `# ` are escaped. Inline formulas
 * (`$y^2$`) are left as they are: they are TeX, not Markdown.
 */

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

const isSpace = (c: string) => c === "" || WHITESPACE.test(c);
const isPunct = (c: string) => c !== "" && (ASCII_PUNCTUATION.test(c) || PUNCTUATION.test(c));

/**
 * The delimiter characters (`*`, `_`, `~`) that must be escaped in a block's text: those with both a run that may
 * open emphasis and a run that may close it (CommonMark's flanking rules; `_` never inside a word). `text` is the
 * block's text runs joined; the block's edges count as spaces.
 */
export function emphasisToEscape(text: string): Set<string> {
  const out = new Set<string>();
  for (const char of ["*", "_", "~"]) {
    if (!text.includes(char)) continue;
    let opens = false;
    let closes = false;
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== char) continue;
      let j = i;
      while (text[j + 1] === char) j++;
      const before = text[i - 1] ?? "";
      const after = text[j + 1] ?? "";
      const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
      const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
      opens ||= char === "_" ? left && (!right || isPunct(before)) : left;
      closes ||= char === "_" ? right && (!left || isPunct(after)) : right;
      i = j;
    }
    if (opens && closes) out.add(char);
  }
  if ((text.match(/`/g)?.length ?? 0) >= 2) out.add("`");
  return out;
}

/**
 * What `<` starts that CommonMark reads as markup: an HTML tag, a processing instruction or declaration, an autolink.
 * Tag names with `:`, `.` or `_` (`<m:sSup>`, `<w:t>`) are not tags to CommonMark, but HTML renderers and sanitizers
 * drop them as unknown elements, so text that shows one is escaped too.
 */
const markup = /^<(?:\/?[A-Za-z][A-Za-z0-9_.:-]*(?:\s[^<>]*)?\/?>|[?!][A-Za-z[]|[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|[^\s<>@]+@[^\s<>]+>)/;

export interface EscapeContext {
  /** Characters found by `emphasisToEscape` for the block. */
  readonly delimiters: Set<string>;
  /** In a table cell: `|` and every backslash are escaped (a cell cannot hold `|`). */
  readonly cell?: boolean;
  /** In a link's or image's text: `]` is escaped. */
  readonly label?: boolean;
  /**
   * The run is written between emphasis delimiters: every `*`, `_` and `~` in it is escaped, since next to or between
   * the delimiters (`**` in bold, `a**b` in bold) they would join them and end or break the emphasis.
   */
  readonly marked?: boolean;
}

const special = /[\\*_~`[\]<&|]/;

/**
 * The inline formulas of a text: `$…$` spans as pandoc's `tex_math_dollars` (and GitHub, KaTeX) read them — the
 * opening `$` followed by a non-space, the closing one after a non-space, not escaped, and not followed by a digit, so
 * `$5 and $6` is no formula. `[start, end)` of each, dollars included.
 */
export function mathSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (!text.includes("$")) return out;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "$" || text[i - 1] === "\\" || text[i + 1] === "$" || text[i + 1] === undefined || /\s/.test(text[i + 1]!)) continue;
    for (let j = i + 2; j < text.length; j++) {
      if (text[j] === "\\") {
        j++;
        continue;
      }
      if (text[j] !== "$") continue;
      if (/\s/.test(text[j - 1]!) || /\d/.test(text[j + 1] ?? "")) break;
      out.push([i, j + 1]);
      i = j;
      break;
    }
  }
  return out;
}

/** The text without its formulas, for deciding what to escape around them. */
export const withoutMath = (text: string): string => {
  let out = "";
  let at = 0;
  for (const [start, end] of mathSpans(text)) {
    out += `${text.slice(at, start)}x`;
    at = end;
  }
  return out + text.slice(at);
};

/**
 * One text run, escaped; `next` is the character written after it ("" at the end of the block). Formulas in it are
 * written as they are: a backslash there would change the TeX (`y\^2`), not protect the Markdown around it; in a table
 * cell only `|` is escaped in them, as GFM splits cells before it reads anything else.
 */
export function escapeRun(text: string, ctx: EscapeContext, next: string): string {
  const spans = mathSpans(text);
  if (spans.length > 0) {
    let out = "";
    let at = 0;
    for (const [start, end] of spans) {
      out += escapePlain(text.slice(at, start), ctx, "$") + (ctx.cell ? text.slice(start, end).replace(/\|/g, "\\|") : text.slice(start, end));
      at = end;
    }
    return out + escapePlain(text.slice(at), ctx, next);
  }
  return escapePlain(text, ctx, next);
}

function escapePlain(text: string, ctx: EscapeContext, next: string): string {
  if (!special.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const after = i + 1 < text.length ? text[i + 1]! : next;
    switch (c) {
      case "\\":
        out += ctx.cell || after === "" || ASCII_PUNCTUATION.test(after) ? "\\\\" : c;
        break;
      case "*":
      case "_":
      case "~":
      case "`":
        out += ctx.delimiters.has(c) || (ctx.marked && c !== "`") ? `\\${c}` : c;
        break;
      case "[":
        out += after === "^" ? "\\[" : c;
        break;
      case "]":
        out += ctx.label || after === "(" ? "\\]" : c;
        break;
      case "<":
        if (text.startsWith("<!--", i)) out += "&lt;";
        else out += markup.test(text.slice(i)) ? "\\<" : c;
        break;
      case "&":
        out += /^&#?[A-Za-z0-9]+;/.test(text.slice(i)) ? "\\&" : c;
        break;
      case "|":
        out += ctx.cell ? "\\|" : c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

/**
 * A line of a paragraph made safe from being read as a block it is not: a heading, a quote, a list item, a fence,
 * a table row or a setext underline.
 */
export function escapeLineStart(line: string): string {
  // `1984. A year` would start a list: the backslash goes before the dot (a backslash before a digit is kept as is).
  const numbered = /^(\d{1,9})([.)])(\s|$)/.exec(line);
  if (numbered) return `${numbered[1]}\\${line.slice(numbered[1]!.length)}`;
  return /^(#{1,6}(\s|$)|>|[-+*](\s|$)|```|~~~|\||=+\s*$|-{3,}\s*$)/.test(line) ? `\\${line}` : line;
}
