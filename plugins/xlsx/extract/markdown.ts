/**
 * The Markdown the xlsx and pptx readers write: escaping of text read from a file (so that `*`, `_`, `[` and line
 * starts such as `# ` or `1. ` stay literal), emphasis around runs, and GFM tables (the first row is the header;
 * `|` escaped, line breaks as `<br>`).
 */

/**
 * Escapes what Markdown would read as syntax inside a line, and only that, so the text stays readable: `*` and
 * `` ` `` always, `_` at a word boundary, `]` before `(`, `[` or `:` (a link), `~~`, `<` opening a tag, `&` opening
 * an entity, and `\` before punctuation.
 */
export const escapeText = (text: string): string =>
  text
    .replace(/\\(?=[!-/:-@[-`{-~])/g, "\\\\")
    .replace(/[`*]/g, (c) => `\\${c}`)
    .replace(/\](?=[([:])/g, "\\]")
    .replace(/~(?=~)/g, "\\~")
    // `_` makes emphasis only at a word boundary; inside words it stays as is.
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (m) => m.replace("_", "\\_"))
    .replace(/<(?=[A-Za-z/!?])/g, "\\<")
    .replace(/&(?=#?\w+;)/g, "\\&");

/** Escapes what would start a block at the beginning of a line (`# `, `> `, `- `, `+ `, `1. `, `1) `, `---`). */
export const escapeLineStart = (line: string): string =>
  line.replace(/^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|-(?=(?:\s*-){2,}\s*$)|\d{1,9}(?=[.)]\s|[.)]$))/, (_m, space: string, mark: string) =>
    /^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
  );

/** Wraps a run in emphasis markers, keeping surrounding spaces outside (`** bold**` is not bold in Markdown). */
export const emphasize = (markdown: string, bold: boolean, italic: boolean): string => {
  if (!bold && !italic) return markdown;
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(markdown)!;
  const [, lead, core, trail] = match;
  if (!core) return markdown;
  const mark = bold && italic ? "***" : bold ? "**" : "*";
  return `${lead}${mark}${core}${mark}${trail}`;
};

/** A cell of a GFM table: escaped text, `|` escaped, line breaks as `<br>`. */
export const tableCell = (text: string, escaped = false): string =>
  (escaped ? text : escapeText(text))
    .replace(/\|/g, "\\|")
    .replace(/\r\n|\r|\n/g, "<br>")
    .trim();

/** A GFM table from rows of cell Markdown (already escaped with `tableCell`); the first row is the header. */
export const gfmTable = (rows: readonly (readonly string[])[]): string => {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (cells: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(Array.from({ length: width }, () => "---")), ...body.map(line)].join("\n");
};

/** Prefixes every line of a block (for block quotes and list continuation). */
export const prefixLines = (block: string, first: string, rest: string = first): string =>
  block
    .split("\n")
    .map((line, i) => (i === 0 ? first : line === "" ? rest.trimEnd() : rest) + line)
    .join("\n");

/** A link target safe to write: web and mail addresses only, with spaces and brackets percent-encoded. */
export const safeUrl = (url: string): string | null => (/^(https?|mailto|ftp):/i.test(url.trim()) ? url.trim().replace(/[\s()<>]/g, encodeURIComponent) : null);

/**
 * A picture: `![descr](media/image1.png)`, the path relative to the package's main folder (`ppt/media/…` →
 * `media/…`); a linked picture shows its address when it is a web address.
 */
export const pictureMarkdown = (descr: string, target: string, external = false): string => {
  const alt = escapeText(descr.replace(/\s+/g, " ").trim());
  const where = external ? (safeUrl(target) ?? "") : encodeURI(target.replace(/^(xl|ppt|word)\//, ""));
  return `![${alt}](${where})`;
};
