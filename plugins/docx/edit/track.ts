/**
 * Tracked changes as Word writes them: `w:ins`/`w:del` with an id, author and date; a paragraph mark inserted or
 * deleted (`w:pPr/w:rPr/w:ins|del`); a row inserted (`w:trPr/w:ins`). Ids share one space with comments and
 * bookmarks in practice, so they start above every `w:id` the document, comments and notes already use.
 */
import type { Edit } from "../../../core/ooxml/splice.ts";
import { escapeAttribute } from "../../../core/ooxml/xml/markup.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { prefixOf, renamed } from "./runs.ts";

const ID = /[\s:]id\s*=\s*(?:"(-?\d+)"|'(-?\d+)')/g;

/** Hands out ids above every numeric `id` attribute of the given parts' text. */
export class Ids {
  private next: number;
  constructor(texts: ReadonlyArray<string | null>) {
    let max = 0;
    for (const text of texts) if (text) for (const m of text.matchAll(ID)) max = Math.max(max, Number(m[1] ?? m[2]));
    this.next = max + 1;
  }
  take(): number {
    return this.next++;
  }
}

/** Word writes dates without fractions of a second. */
export const wordDate = (iso: string): string => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
};

export class Revisions {
  constructor(
    readonly ids: Ids,
    private readonly author: string,
    private readonly date: string,
  ) {}

  /** ` w:id="…" w:author="…" w:date="…"`, a fresh id each time. */
  attrs(prefix: string): string {
    return ` ${prefix}id="${this.ids.take()}" ${prefix}author="${escapeAttribute(this.author)}" ${prefix}date="${escapeAttribute(wordDate(this.date))}"`;
  }

  ins(prefix: string, content: string): string {
    return `<${prefix}ins${this.attrs(prefix)}>${content}</${prefix}ins>`;
  }

  /** A run deleted: wrapped in `w:del`, its text and field instructions turned into their deleted forms. */
  deletedRun(xml: string, run: XEl): string {
    const prefix = prefixOf(run);
    const inner: Edit[] = [];
    const visit = (el: XEl) => {
      for (const c of el.children) {
        if (c.local === "t") inner.push({ start: c.start, end: c.end, text: renamed(xml, c, "delText") });
        else if (c.local === "instrText") inner.push({ start: c.start, end: c.end, text: renamed(xml, c, "delInstrText") });
      }
    };
    visit(run);
    let text = "";
    let at = run.start;
    for (const e of inner) {
      text += xml.slice(at, e.start) + e.text;
      at = e.end;
    }
    text += xml.slice(at, run.end);
    return `<${prefix}del${this.attrs(prefix)}>${text}</${prefix}del>`;
  }
}

/** The markup of an element with `content` added where `before` names the first child it must precede, else at its end. */
export const addChild = (xml: string, el: XEl, content: string, before: readonly string[] = []): Edit => {
  if (el.openEnd === el.end) {
    const open = xml.slice(el.start, el.end).replace(/\s*\/>$/, ">");
    return { start: el.start, end: el.end, text: `${open}${content}</${el.name}>` };
  }
  const next = el.children.find((c) => before.includes(c.local));
  const at = next ? next.start : el.closeStart;
  return { start: at, end: at, text: content };
};

/** The edit that marks a paragraph's mark inserted or deleted (`w:pPr/w:rPr/w:ins|del`), creating what is missing. */
export const markParagraph = (xml: string, p: XEl, mark: string): Edit => {
  const prefix = prefixOf(p);
  const pPr = p.children.find((c) => c.local === "pPr");
  if (!pPr) {
    const content = `<${prefix}pPr><${prefix}rPr>${mark}</${prefix}rPr></${prefix}pPr>`;
    return p.openEnd === p.end ? addChild(xml, p, content) : { start: p.openEnd, end: p.openEnd, text: content };
  }
  const rPr = pPr.children.find((c) => c.local === "rPr");
  if (!rPr) return addChild(xml, pPr, `<${prefix}rPr>${mark}</${prefix}rPr>`, ["sectPr", "pPrChange"]);
  // Revision marks come first in the paragraph mark's properties.
  if (rPr.openEnd === rPr.end) return addChild(xml, rPr, mark);
  return { start: rPr.openEnd, end: rPr.openEnd, text: mark };
};
