/**
 * Word fields that reach outside the file when updated: `DDE`/`DDEAUTO` (dynamic data exchange, which can start a
 * program; DDEAUTO on opening) and the fields that load another file or address (`INCLUDETEXT`, `INCLUDEPICTURE`,
 * `LINK`, `IMPORT`). The field code goes and its last result stays, so the text a reader sees does not change: for
 * a complex field its `w:fldChar` marks and everything its code holds (`w:instrText`, and fields nested in the code
 * with their results) are removed, the result runs left as plain runs; a `w:fldSimple` is unwrapped to its result.
 */
import { attr } from "../../../core/ooxml/xml/query.ts";
import { findAll, type XEl } from "../../../core/ooxml/xml/tree.ts";
import type { PackageEditor } from "../../../core/ooxml/sanitize/editor.ts";
import { outermost, type Edit } from "../../../core/ooxml/splice.ts";

const OUTSIDE = /^\s*(DDE|DDEAUTO|INCLUDETEXT|INCLUDEPICTURE|LINK|IMPORT)\b/i;
const CODE = new Set(["fldChar", "instrText", "delInstrText"]);

const textIn = (text: string, el: XEl): string => text.slice(el.openEnd, el.closeStart);
const shown = (code: string): string => {
  const decoded = code.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const line = decoded.replace(/\s+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
};

/** A field's own instruction, without the codes of fields nested in it (its marks run from its begin on). */
const ownCode = (text: string, marks: readonly XEl[]): string => {
  let depth = 0;
  let code = "";
  for (const m of marks) {
    if (m.local === "fldChar") {
      const type = attr(m, "fldCharType");
      if (type === "begin") depth++;
      else if (type === "end") depth--;
    } else if (depth === 1 && (m.local === "instrText" || m.local === "delInstrText")) code += textIn(text, m);
  }
  return code;
};

/** The edits that remove the codes of outside-reaching fields from one part, and a line per field removed. */
const fieldEdits = (text: string, root: XEl, part: string): { edits: Edit[]; lines: string[] } => {
  const edits: Edit[] = [];
  const lines: string[] = [];
  // Everything a field's code can hold: its marks, its instruction text, and the results of fields nested in it.
  const marks = findAll(root, (e) => CODE.has(e.local) || e.local === "t" || e.local === "delText");
  const open: Array<{ begin: XEl; at: number; separate: XEl | null }> = [];
  for (let i = 0; i < marks.length; i++) {
    const el = marks[i]!;
    if (el.local !== "fldChar") continue;
    const type = attr(el, "fldCharType");
    if (type === "begin") open.push({ begin: el, at: i, separate: null });
    else if (type === "separate" && open.length > 0) open[open.length - 1]!.separate ??= el;
    else if (type === "end" && open.length > 0) {
      const { at, separate } = open.pop()!;
      const codeEnd = (separate ?? el).end;
      const inCode: XEl[] = [];
      for (let k = at; k < marks.length && marks[k]!.start < codeEnd; k++) inCode.push(marks[k]!);
      const code = shown(ownCode(text, inCode));
      const outside = OUTSIDE.exec(code);
      if (!outside) continue;
      for (const m of [...inCode, el]) edits.push({ start: m.start, end: m.end, text: "" });
      lines.push(`${outside[1]!.toUpperCase()} field (${code}) in ${part}`);
    }
  }
  for (const simple of findAll(root, (e) => e.local === "fldSimple")) {
    const code = shown(attr(simple, "instr") ?? "");
    const outside = OUTSIDE.exec(code);
    if (!outside) continue;
    edits.push({ start: simple.start, end: simple.end, text: text.slice(simple.openEnd, simple.closeStart) });
    lines.push(`${outside[1]!.toUpperCase()} field (${code}) in ${part}`);
  }
  return { edits, lines };
};

export const removeOutsideFields = (ed: PackageEditor, removed: string[]): void => {
  for (const part of ed.names()) {
    if (!/^word\/.*\.xml$/i.test(part)) continue;
    const text = ed.text(part);
    if (text === null || !/(instrText|fldSimple)/.test(text) || !/(DDE|INCLUDE|LINK|IMPORT)/i.test(text)) continue;
    const root = ed.tree(part);
    if (!root) continue;
    const { edits, lines } = fieldEdits(text, root, part);
    if (edits.length === 0) continue;
    ed.edit(part, outermost(edits));
    removed.push(...lines);
  }
};
