/**
 * An edit plan applied to a deck, entry by entry in plan order on the evolving parts: each entry finds its block
 * again through the anchor its id was pinned to (state.ts), splices only what it changes, and gets one outcome. An
 * entry that fails leaves the deck as it was before it, and the others still run.
 */
import type { AppliedEdit, BlockEditOp, EditableDocument, EditOp, EditOptions, EditResult } from "../../../core/contracts/edit.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { kids } from "../../../core/ooxml/xml/query.ts";
import { deckBlocks, notesPartOf, readDeckPresentation, slideBlocks, type DeckPresentation, type ParagraphEntry, type SlideBlocks, type SlideEntry } from "./blocks.ts";
import { emptiedParagraph, paragraphLike, rawOf, replaceEdits } from "./runs.ts";
import { replaceInDeck } from "./replace-all.ts";
import { addSlide, deleteSlide, moveSlide } from "./slides.ts";
import { DeckState } from "./state.ts";

type Found =
  | { readonly kind: "slide"; readonly presentation: DeckPresentation; readonly slide: SlideEntry; readonly read: SlideBlocks }
  | { readonly kind: "paragraph"; readonly entry: ParagraphEntry; readonly xml: string }
  | { readonly kind: "missing"; readonly reason: string };

const find = (state: DeckState, id: string): Found => {
  const anchor = state.anchor(id);
  if (anchor === undefined) return { kind: "missing", reason: `the deck has no block ${id}` };
  if (anchor === null) return { kind: "missing", reason: `block ${id} was removed by an earlier edit of the plan` };
  const pkg = state.pkg;
  const presentation = readDeckPresentation(pkg);
  if (anchor.kind === "slide") {
    const slide = presentation.slides.find((s) => s.part === anchor.part);
    return slide ? { kind: "slide", presentation, slide, read: slideBlocks(pkg, slide) } : { kind: "missing", reason: `slide ${id} is no longer in the deck` };
  }
  for (const slide of presentation.slides) {
    if (!slide.part || !pkg.has(slide.part)) continue;
    if (slide.part !== anchor.part && notesPartOf(pkg, slide.part) !== anchor.part) continue;
    const entry = slideBlocks(pkg, slide).paragraphs.find((p) => p.part === anchor.part && p.p.start === anchor.start);
    if (entry) return { kind: "paragraph", entry, xml: state.text(anchor.part)! };
  }
  return { kind: "missing", reason: `block ${id} is no longer in the deck` };
};

const REJECTED: Partial<Record<EditOp["op"], string>> = {
  set_cell: "a deck has no sheet cells: change a table cell's text with replace_text on its paragraph",
  insert_row: "rows cannot be added to a slide's table here: only its paragraphs' text can change",
  comment: "PowerPoint comments are not written by this edit: only the text, paragraphs and slides change",
};

/** Counts where `find` occurs in `text`, overlapping occurrences included, and the first. */
const occurrences = (text: string, find: string): { count: number; first: number } => {
  let count = 0;
  const first = text.indexOf(find);
  for (let at = first; at >= 0; at = text.indexOf(find, at + 1)) count++;
  return { count, first };
};

const applyOne = (state: DeckState, op: BlockEditOp, index: number): AppliedEdit => {
  const base = { index, op: op.op, block: op.block, target: null as string | null, before: null as string | null, after: null as string | null, reason: null as string | null };
  const done = (outcome: AppliedEdit["outcome"], fields: Partial<typeof base> = {}): AppliedEdit => ({ ...base, ...fields, outcome });
  const rejected = REJECTED[op.op];
  if (rejected) return done("rejected", { reason: rejected });
  const found = find(state, op.block);
  if (found.kind === "missing") return done("not_found", { reason: found.reason });
  const textOf = (f: Found) => (f.kind === "slide" ? f.read.title : f.kind === "paragraph" ? f.entry.text : null);
  const before = textOf(found);
  const again = () => textOf(find(state, op.block));

  switch (op.op) {
    case "replace_text": {
      if (found.kind !== "paragraph") return done("rejected", { target: op.find, before, reason: "a slide's text is in its paragraphs: name one (its title is the title shape's paragraph)" });
      if (op.find === "") return done("rejected", { target: op.find, before, reason: "nothing to find: `find` is empty" });
      const { count, first } = occurrences(found.entry.text, op.find);
      if (count === 0) return done("not_found", { target: op.find, before, reason: `"${op.find}" is not in ${op.block}` });
      if (count > 1) return done("ambiguous", { target: op.find, before, reason: `"${op.find}" occurs ${count} times in ${op.block}` });
      state.edit(found.entry.part, replaceEdits(found.xml, found.entry.p, first, first + op.find.length, op.replace));
      return done("applied", { target: op.find, before, after: again() });
    }
    case "insert_after":
    case "insert_before": {
      if (found.kind !== "paragraph") return done("rejected", { before, reason: "a new slide is add_slide; to add text, name a paragraph of the slide" });
      const { entry, xml } = found;
      const at = op.op === "insert_after" ? entry.p.end : entry.p.start;
      state.edit(entry.part, [{ start: at, end: at, text: paragraphLike(xml, entry.p, op.text) }]);
      return done("applied", { after: op.text });
    }
    case "delete": {
      if (found.kind === "slide") {
        deleteSlide(state, found.presentation, found.slide);
        return done("applied", { target: found.slide.part, before, after: null });
      }
      if (found.kind !== "paragraph") return done("not_found");
      const { entry, xml } = found;
      // A text body holds at least one paragraph: the last one is emptied instead.
      const last = kids(entry.body, "p").length === 1;
      state.edit(entry.part, [{ start: entry.p.start, end: entry.p.end, text: last ? emptiedParagraph(xml, entry.p) : "" }]);
      return done("applied", { before, after: last ? "" : null });
    }
    case "move": {
      const after = find(state, op.after);
      if (after.kind === "missing") return done("not_found", { target: op.after, before, reason: after.reason });
      if (found.kind === "slide") {
        if (after.kind !== "slide") return done("rejected", { target: op.after, before, reason: "a slide moves after another slide" });
        if (after.slide.part === found.slide.part) return done("rejected", { target: op.after, before, reason: "a slide cannot move after itself" });
        moveSlide(state, found.presentation, found.slide, after.slide);
        return done("applied", { target: op.after, before, after: before });
      }
      if (found.kind !== "paragraph" || after.kind !== "paragraph" || after.entry.part !== found.entry.part || after.entry.body.start !== found.entry.body.start) {
        return done("rejected", { target: op.after, before, reason: "a paragraph moves only after another paragraph of the same shape" });
      }
      const { entry, xml } = found;
      if (after.entry.p.start === entry.p.start) return done("rejected", { target: op.after, before, reason: "a paragraph cannot move after itself" });
      if (entry.p.start !== after.entry.p.end) {
        const raw = rawOf(xml, entry.p);
        state.edit(entry.part, [
          { start: entry.p.start, end: entry.p.end, text: "" },
          { start: after.entry.p.end, end: after.entry.p.end, text: raw },
        ]);
        const start = entry.p.start < after.entry.p.end ? after.entry.p.end - raw.length : after.entry.p.end;
        state.repin(op.block, { kind: "paragraph", part: entry.part, start });
      }
      return done("applied", { target: op.after, before, after: again() });
    }
    case "add_slide": {
      if (found.kind !== "slide") return done("rejected", { target: op.like, reason: "add_slide names the slide after which the new one goes" });
      const like = find(state, op.like);
      if (like.kind === "missing") return done("not_found", { target: op.like, reason: like.reason });
      if (like.kind !== "slide") return done("rejected", { target: op.like, reason: "`like` names a slide whose layout the new one takes" });
      const added = addSlide(state, found.presentation, found.slide, like.slide, op.title, op.body);
      if (typeof added === "string") return done("rejected", { target: op.like, reason: added });
      return done("applied", { target: op.like, after: op.title });
    }
    default:
      return done("rejected", { reason: `${(op as BlockEditOp).op} is not an edit of a deck` });
  }
};

/** `replace_all`: one edit per occurrence, or one `not_found`. */
const replaceAll = (state: DeckState, find: string, replace: string, index: number): AppliedEdit[] => {
  const base = { index, op: "replace_all" as const, target: find, reason: null };
  if (find === "") return [{ ...base, outcome: "rejected", block: null, before: null, after: null, reason: "nothing to find: `find` is empty" }];
  const hits = replaceInDeck(state, find, replace);
  if (hits.length === 0) return [{ ...base, outcome: "not_found", block: null, before: null, after: null, reason: `"${find}" is not in the deck's slides or notes` }];
  return hits.map((h) => ({ ...base, outcome: "applied", block: h.block, before: h.before, after: h.after }));
};

/** Pins every block id of the original read, so the plan's ids keep naming the same blocks as the deck changes. */
const pinAll = (state: DeckState): void => {
  const pkg = state.pkg;
  for (const slide of readDeckPresentation(pkg).slides) {
    if (!slide.part || !pkg.has(slide.part)) continue;
    state.pin(slide.id, { kind: "slide", part: slide.part });
    for (const p of slideBlocks(pkg, slide).paragraphs) state.pin(p.id, { kind: "paragraph", part: p.part, start: p.p.start });
  }
};

export const applyPlan = (bytes: Uint8Array, plan: ReadonlyArray<EditOp>, options: EditOptions): EditResult => {
  const state = new DeckState(openPackage(bytes));
  pinAll(state);
  const edits = plan.flatMap((op, index): AppliedEdit[] => {
    const restore = state.snapshot();
    try {
      const applied = op.op === "replace_all" ? replaceAll(state, op.find, op.replace, index) : [applyOne(state, op, index)];
      return applied.map((e) => (e.outcome === "applied" && options.track && e.reason === null ? { ...e, reason: "PowerPoint has no tracked changes: applied directly" } : e));
    } catch (error) {
      restore();
      return [{ index, op: op.op, outcome: "rejected", block: "block" in op ? op.block : null, target: null, before: null, after: null, reason: `could not be applied: ${(error as Error).message}` }];
    }
  });
  return { parts: state.result(), edits };
};

export const readDeck = (bytes: Uint8Array): EditableDocument => {
  const { blocks, slides } = deckBlocks(openPackage(bytes));
  return { blocks, pages: slides, pagesKnown: true };
};


