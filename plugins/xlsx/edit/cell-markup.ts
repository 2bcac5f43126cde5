/**
 * The markup an edit writes into a worksheet: a cell's new `c` element made from its old start tag (its reference,
 * style and any other attribute kept; only the type and the value metadata, which described the old value, go) or
 * from scratch, and a new row made from the row above it. Text is escaped for XML and for OOXML's `_xHHHH_` escapes,
 * so what is written reads back as the very text asked for.
 */
import { isXmlChar } from "../../../core/ooxml/chars.ts";
import { withAttribute, withoutAttribute } from "../../../core/ooxml/xml/markup.ts";

export type CellContent =
  | { readonly kind: "number"; readonly value: string }
  | { readonly kind: "text"; readonly value: string }
  /** Rich text: runs with their run properties (`rPr`) as written. */
  | { readonly kind: "rich"; readonly runs: ReadonlyArray<{ readonly rPr: string; readonly text: string }> }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "formula"; readonly value: string }
  | { readonly kind: "empty" };

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * What a value typed into a cell becomes, as Excel reads typing: a number, `TRUE`/`FALSE`, else text. A number
 * written with leading zeros (`00123`, a code rather than a quantity) stays text, as does anything Excel would
 * have to guess at (dates, percentages, currency).
 */
export const typedContent = (value: string): CellContent => {
  const trimmed = value.trim();
  if (value === "") return { kind: "empty" };
  if (NUMBER.test(trimmed) && !/^[-+]?0\d/.test(trimmed) && Number.isFinite(Number(trimmed))) return { kind: "number", value: String(Number(trimmed)) };
  if (/^(?:true|false)$/i.test(trimmed)) return { kind: "boolean", value: trimmed.toLowerCase() === "true" };
  return { kind: "text", value };
};

export const escapeXml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Text in OOXML's escapes: a literal `_xHHHH_` protected, and characters XML cannot hold (and CR, which XML folds) escaped. */
export const escapeOoxml = (text: string): string => {
  let out = text.replace(/_x([0-9A-Fa-f]{4})_/g, "_x005F_x$1_");
  out = [...out].map((ch) => {
    const cp = ch.codePointAt(0)!;
    return cp === 13 || !isXmlChar(cp) ? `_x${cp.toString(16).toUpperCase().padStart(4, "0")}_` : ch;
  }).join("");
  return escapeXml(out);
};

const textXml = (p: string, text: string): string => `<${p}t${/^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : ""}>${escapeOoxml(text)}</${p}t>`;

const contentXml = (p: string, content: CellContent): string => {
  switch (content.kind) {
    case "number":
      return `<${p}v>${content.value}</${p}v>`;
    case "boolean":
      return `<${p}v>${content.value ? 1 : 0}</${p}v>`;
    case "formula":
      // No cached value: the workbook is marked for a full calculation on load.
      return `<${p}f>${escapeXml(content.value)}</${p}f>`;
    case "text":
      return `<${p}is>${textXml(p, content.value)}</${p}is>`;
    case "rich":
      return `<${p}is>${content.runs.map((r) => `<${p}r>${r.rPr}${textXml(p, r.text)}</${p}r>`).join("")}</${p}is>`;
    case "empty":
      return "";
  }
};

const typeOf = (content: CellContent): string | null => (content.kind === "text" || content.kind === "rich" ? "inlineStr" : content.kind === "boolean" ? "b" : null);

/**
 * A cell's element with new content. `startTag` is the old start tag as written (`<c r="B4" s="3" t="s">`), or
 * null for a new cell at `ref` with style `style`; `rest` is markup of the old cell to keep after the value
 * (its `extLst`).
 */
export const cellXml = (p: string, startTag: string | null, ref: string, style: string | null, content: CellContent, rest = ""): string => {
  let tag = startTag ?? `<${p}c r="${ref}"${style !== null ? ` s="${style}"` : ""}>`;
  for (const name of ["t", "cm", "vm"]) tag = withoutAttribute(tag, name);
  const type = typeOf(content);
  if (type) tag = withAttribute(tag, "t", type);
  const body = contentXml(p, content) + rest;
  const open = tag.replace(/\s*\/>$/, ">");
  return body === "" ? open.replace(/>$/, "/>") : `${open}${body}</${p}c>`;
};

/** The start tag of a new row `number` made from the row above's (height and style kept; hidden, spans and the rest of its state not). */
export const rowStartTag = (p: string, template: string | null, number: number): string => {
  if (template === null) return `<${p}row r="${number}">`;
  let tag = withAttribute(template, "r", String(number));
  for (const name of ["spans", "hidden", "collapsed"]) tag = withoutAttribute(tag, name);
  return tag.replace(/\s*\/>$/, ">");
};

/** A row's `spans` (`"1:3"`, an optimisation hint) widened to take column `col`, or null when it already does. */
export const widenedSpans = (spans: string, col: number): string | null => {
  const ranges = spans.trim().split(/\s+/).map((s) => s.split(":").map(Number));
  if (ranges.some(([a, b]) => a !== undefined && b !== undefined && a <= col && col <= b)) return null;
  const bounds = ranges.flat().filter((n) => Number.isFinite(n));
  if (bounds.length === 0) return null;
  return `${Math.min(col, ...bounds)}:${Math.max(col, ...bounds)}`;
};
