/**
 * IR inlines → Markdown, for the writer (write.ts). Marks open and close around the runs that carry them (`**a *b***`),
 * with a run's edge spaces kept outside the delimiters so they still open and close; code is a code span; a gap is
 * `[DATO]` / `[DATO: label]`; a footnote reference is `[^label]`.
 */
import type { Inline, Mark } from "../ir/types.ts";
import { emphasisToEscape, escapeRun, withoutMath, type EscapeContext } from "./escape.ts";

/** How each mark opens and closes; raised and lowered text has no Markdown syntax, so it is written as HTML. */
const delimiter: Record<Exclude<Mark, "code">, readonly [string, string]> = {
  bold: ["**", "**"],
  italic: ["*", "*"],
  strike: ["~~", "~~"],
  superscript: ["<sup>", "</sup>"],
  subscript: ["<sub>", "</sub>"],
};
const markOrder = ["bold", "italic", "strike", "superscript", "subscript"] as const;

export interface InlineContext {
  /** Footnote id → the label it is written with. */
  readonly footnoteLabels: ReadonlyMap<string, string>;
  /** In a table cell: `|` is escaped. */
  readonly cell?: boolean;
  /** Where a line cannot end (a table cell, a heading), a line break is `<br>`. */
  readonly oneLine?: boolean;
}

/** The text a block's runs show, for deciding what to escape (escape.ts). */
function plain(inlines: Inline[]): string {
  return inlines
    .map((inline) => (inline.type === "text" ? (inline.marks.includes("code") ? "" : inline.text) : inline.type === "link" ? plain(inline.children) : " "))
    .join("");
}

/** A code span around `text`, its fence longer than any run of backticks inside. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^`|`$/.test(text) || (/^ .*[^ ].* $/.test(text) && text.length > 2) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function writeInlines(inlines: Inline[], ctx: InlineContext, label = false): string {
  // Most runs are one plain text without edge spaces (table cells above all): what the loop below would write, without
  // its per-call set-up, which costs more than the text in a sheet of thousands of cells.
  if (inlines.length === 0) return "";
  const only = inlines.length === 1 ? inlines[0]! : undefined;
  if (only?.type === "text" && only.marks.length === 0 && !/^\s|\s$/.test(only.text)) {
    return escapeRun(only.text, { delimiters: emphasisToEscape(withoutMath(only.text)), cell: ctx.cell, label }, "");
  }
  // What formulas hold is TeX: it neither needs escapes nor makes the text around it need any.
  const escape: EscapeContext = { delimiters: emphasisToEscape(withoutMath(plain(inlines))), cell: ctx.cell, label };
  let out = "";
  const open: Array<(typeof markOrder)[number]> = [];
  // Spaces at a run's end wait until the marks that must close before them are closed.
  let pending = "";
  const closeTo = (wanted: readonly Mark[]) => {
    const keep = open.findIndex((m) => !wanted.includes(m));
    if (keep < 0) return;
    for (const mark of open.splice(keep).reverse()) out += delimiter[mark][1];
  };
  const openFor = (marks: readonly Mark[]) => {
    for (const mark of markOrder) {
      if (marks.includes(mark) && !open.includes(mark)) {
        out += delimiter[mark][0];
        open.push(mark);
      }
    }
  };
  inlines.forEach((inline, index) => {
    const marks = inline.type === "text" || inline.type === "gap" ? inline.marks : [];
    closeTo(marks);
    let body: string;
    switch (inline.type) {
      case "text": {
        // A code span keeps its spaces inside; other runs put them outside their delimiters.
        const code = marks.includes("code");
        const [, lead = "", core = "", trail = ""] = code ? ["", "", inline.text, ""] : (/^(\s*)([\s\S]*?)(\s*)$/.exec(inline.text) ?? []);
        out += pending + lead;
        pending = trail;
        if (core === "") return;
        openFor(marks);
        const following = inlines[index + 1];
        const next = trail !== "" ? " " : following === undefined ? "" : following.type === "text" ? (following.text[0] ?? "") : "a";
        // A table cell ends at any `|` not escaped, inside a code span too (GFM).
        const marked = marks.some((m) => m !== "code");
        body = code ? codeSpan(ctx.cell ? core.replace(/\|/g, "\\|") : core) : escapeRun(core, marked ? { ...escape, marked } : escape, next);
        break;
      }
      case "gap":
        out += pending;
        pending = "";
        openFor(marks);
        body = inline.label ? `[DATO: ${inline.label}]` : "[DATO]";
        break;
      case "link":
        out += pending;
        pending = "";
        body = autolink(inline) ?? `[${writeInlines(inline.children, ctx, true)}](${destination(inline.href)})`;
        break;
      case "footnoteRef":
        out += pending;
        pending = "";
        body = `[^${ctx.footnoteLabels.get(inline.footnoteId) ?? inline.footnoteId}]`;
        break;
      case "lineBreak":
        // Spaces before a line break are not text anyone sees.
        pending = "";
        body = ctx.oneLine ? "<br>" : "\\\n";
        break;
    }
    out += body;
  });
  closeTo([]);
  return out + pending;
}

/**
 * A link whose text is its address, written as the address alone where GFM reads it back as this very link (a URL,
 * `www.…`, an e-mail address), else in `<…>`; `null` for a link with words of its own.
 */
function autolink(link: Extract<Inline, { type: "link" }>): string | null {
  const [only, ...rest] = link.children;
  if (!only || rest.length > 0 || only.type !== "text" || only.marks.length > 0) return null;
  const text = only.text;
  // GFM leaves trailing punctuation out of a bare link.
  const bare = /[A-Za-z0-9/]$/.test(text) && !/[\s<>*_~`[\]()]/.test(text);
  if (link.href === text && /^https?:\/\//i.test(text)) return bare ? text : /[\s<>]/.test(text) ? null : `<${text}>`;
  if (link.href === `http://${text}` && /^www\./i.test(text) && bare) return text;
  if (link.href === `mailto:${text}` && /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(text)) return text;
  return null;
}

/** A link or image address: in `<…>` when it holds spaces, brackets or parentheses CommonMark would misread. */
export function destination(href: string): string {
  return /[\s<>()]/.test(href) ? `<${href.replace(/[<>]/g, (c) => encodeURIComponent(c))}>` : href;
}
