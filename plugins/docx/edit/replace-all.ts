/**
 * Replace everywhere (`replace_all`) in one Word story part: every paragraph of the part, text boxes' included, has
 * each occurrence of the phrase replaced the way `replace_text` replaces one (runs.ts: only the runs it touches are
 * rewritten, each keeping its formatting; with tracking the old text in `w:del` and the new in `w:ins`). Occurrences
 * are found in a paragraph's visible text, so one split across runs of different formatting is found too; one that
 * runs across paragraphs is not (neither Word's Replace All nor `replace_text` joins paragraphs).
 */
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { readFragment, readTree, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { paragraphText, rewriteRange, textMarkup } from "./runs.ts";
import type { Revisions } from "./track.ts";

/** One paragraph where the phrase was replaced, `count` times. */
export interface Replaced {
  /** The outermost paragraph holding it in the part (a text box's paragraph is inside one), and its number there from 1. */
  readonly outer: XEl;
  readonly number: number;
  readonly count: number;
  /** The text of the paragraph the occurrences are in, before and after. */
  readonly before: string;
  readonly after: string;
}

export interface PartReplaced {
  readonly xml: string;
  /** The same change as splices of the part's text (one per paragraph changed). */
  readonly edits: readonly Edit[];
  readonly replaced: readonly Replaced[];
}

export interface Phrase {
  readonly find: string;
  readonly replace: string;
  /** Tracked changes when given. */
  readonly rev: Revisions | null;
}

const prefixOf = (el: XEl) => el.name.slice(0, el.name.length - el.local.length);

/** The paragraphs (`<prefix>p`) under `el`, not looking inside one: a text box's paragraphs are found in their own pass. */
const paragraphsUnder = (el: XEl, name: string): XEl[] => {
  const out: XEl[] = [];
  const stack = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.name === name) out.push(n);
    else for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
};

const inFallback = (el: XEl, root: XEl): boolean => {
  for (let e = el.parent; e && e !== root; e = e.parent) if (e.local === "Fallback") return true;
  return false;
};

interface Rewritten {
  readonly markup: string;
  /** Occurrences in the paragraph's own text and in those of its text boxes, each with that paragraph's text. */
  readonly hits: ReadonlyArray<{ readonly count: number; readonly before: string; readonly after: string }>;
}

const fragment = (markup: string, part: string): XEl => readFragment(markup, part, 0, markup.length).find((e) => e.local === "p")!;

/**
 * A paragraph's markup with every occurrence replaced, left to right and never inside text a replacement wrote; then
 * its text boxes'. A text box written twice (`mc:Choice` and the `mc:Fallback` older readers show) is replaced in
 * both, and counted once.
 */
const rewriteParagraph = (markup: string, part: string, phrase: Phrase): Rewritten => {
  const { find, replace, rev } = phrase;
  let xml = markup;
  let cursor = 0;
  let count = 0;
  let before: string | null = null;
  let text = "";
  for (;;) {
    const para = paragraphText(fragment(xml, part));
    before ??= para.text;
    text = para.text;
    const a = para.text.indexOf(find, cursor);
    if (a < 0) break;
    const edits = rewriteRange(xml, para.segments, {
      a,
      b: a + find.length,
      mode: rev ? "track" : "remove",
      revision: () => rev!.attrs(prefixOf(para.el)),
      ...(replace !== ""
        ? {
            replacement: (rPr: string, p: string) => {
              const run = `<${p}r>${rPr}${textMarkup(p, replace)}</${p}r>`;
              return rev ? rev.ins(p, run) : run;
            },
          }
        : {}),
    });
    xml = splice(xml, edits);
    cursor = a + replace.length;
    count++;
  }
  const hits: Array<Rewritten["hits"][number]> = count > 0 ? [{ count, before: before ?? "", after: text }] : [];
  const root = fragment(xml, part);
  const edits: Edit[] = [];
  for (const inner of paragraphsUnder(root, root.name)) {
    const was = xml.slice(inner.start, inner.end);
    const done = rewriteParagraph(was, part, phrase);
    if (done.markup === was) continue;
    edits.push({ start: inner.start, end: inner.end, text: done.markup });
    if (!inFallback(inner, root)) hits.push(...done.hits);
  }
  return { markup: splice(xml, edits), hits };
};

/** The part with the phrase replaced in every paragraph, and where. */
export const replaceInPart = (xml: string, part: string, phrase: Phrase): PartReplaced => {
  const root = readTree(xml, part);
  const edits: Edit[] = [];
  const replaced: Replaced[] = [];
  paragraphsUnder(root, `${prefixOf(root)}p`).forEach((outer, i) => {
    const was = xml.slice(outer.start, outer.end);
    const done = rewriteParagraph(was, part, phrase);
    if (done.markup === was) return;
    edits.push({ start: outer.start, end: outer.end, text: done.markup });
    for (const hit of done.hits) replaced.push({ outer, number: i + 1, ...hit });
  });
  return { xml: splice(xml, edits), edits, replaced };
};
