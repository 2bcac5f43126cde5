/**
 * Replace everywhere (`replace_all`) in a deck: every paragraph the edit addresses (blocks.ts: each slide's shapes,
 * groups and tables, and its speaker notes) has each occurrence of the phrase replaced the way `replace_text` replaces
 * one (runs.ts: the first run touched keeps its look and takes the new text, the rest of the range goes). Only a
 * paragraph's content is spliced, never its start tag, so the anchors other plan entries hold stay put.
 */
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { readFragment, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { readDeckPresentation, slideBlocks, type ParagraphEntry } from "./blocks.ts";
import { paragraphText, replaceEdits } from "./runs.ts";
import type { DeckState } from "./state.ts";

export interface DeckHit {
  readonly block: string;
  readonly before: string;
  readonly after: string;
}

const fragment = (markup: string, part: string): XEl => readFragment(markup, part, 0, markup.length).find((e) => e.local === "p")!;

/** The paragraph's markup with every occurrence replaced, left to right, never inside text a replacement wrote. */
const rewrite = (entry: ParagraphEntry, xml: string, find: string, replace: string): { markup: string; count: number; after: string } => {
  let markup = xml.slice(entry.p.start, entry.p.end);
  let cursor = 0;
  let count = 0;
  for (;;) {
    const p = fragment(markup, entry.part);
    const text = paragraphText(p);
    const a = text.indexOf(find, cursor);
    if (a < 0) return { markup, count, after: text };
    markup = splice(markup, replaceEdits(markup, p, a, a + find.length, replace));
    cursor = a + replace.length;
    count++;
  }
};

/** Replaces the phrase in every slide and its notes, one hit per occurrence in presentation order. */
export const replaceInDeck = (state: DeckState, find: string, replace: string): DeckHit[] => {
  const hits: DeckHit[] = [];
  const pkg = state.pkg;
  for (const slide of readDeckPresentation(pkg).slides) {
    if (!slide.part || !pkg.has(slide.part)) continue;
    const byPart = new Map<string, Edit[]>();
    for (const entry of slideBlocks(pkg, slide).paragraphs) {
      if (!entry.text.includes(find)) continue;
      const xml = state.text(entry.part)!;
      const done = rewrite(entry, xml, find, replace);
      if (done.count === 0) continue;
      const open = entry.p.openEnd - entry.p.start;
      const close = entry.p.end - entry.p.closeStart;
      const edits = byPart.get(entry.part) ?? [];
      edits.push({ start: entry.p.openEnd, end: entry.p.closeStart, text: done.markup.slice(open, done.markup.length - close) });
      byPart.set(entry.part, edits);
      for (let i = 0; i < done.count; i++) hits.push({ block: entry.id, before: entry.text, after: done.after });
    }
    for (const [part, edits] of byPart) state.edit(part, edits);
  }
  return hits;
};
