/**
 * An edit plan applied to a Word document by splicing: each op turns into edits of the main part's current text
 * (and, for comments, of the comments part, its relationship and content type), the text is spliced, and the
 * document is read again before the next op, so every op sees what the ones before it made. Blocks are followed
 * through the plan by the offset of their element, carried across each splice; an op that fails leaves the text as
 * it was and the plan goes on.
 */
import type { AppliedEdit, BlockEditOp, EditOp, EditOptions, EditResult } from "../../../core/contracts/edit.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { relsOf } from "../../../core/ooxml/rels.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { ancestor, kids, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { addComment, commentMarks, type Store } from "./comments.ts";
import { fieldsClosed, leftBehind, movable, newParagraph, paragraphCopy } from "./paragraphs.ts";
import { partsNamed, scan, settingOf, type Located, type Scanned, type Setting } from "./read.ts";
import { replaceInPart, type Replaced } from "./replace-all.ts";
import { rewriteRange, textMarkup, type Segment } from "./runs.ts";
import { addChild, Ids, markParagraph, Revisions } from "./track.ts";

/** Why an op could not be applied; the outcome says how. */
class Outcome extends Error {
  constructor(
    readonly outcome: "not_found" | "ambiguous" | "rejected",
    message: string,
  ) {
    super(message);
  }
}

interface Change {
  readonly edits: readonly Edit[];
  /** Blocks the op removed. */
  readonly gone?: readonly string[];
  /** A block the op moved: its element now starts where `at` (an insertion point of the old text) lands. */
  readonly moved?: { readonly id: string; readonly at: number };
  readonly target?: string | null;
  readonly before?: string | null;
  /** The text to report after the op; by default the block's text read again. */
  readonly after?: string | null;
  /** Changes to other parts, made once the document's own edits hold. */
  readonly then?: (store: Store) => void;
}

/** Where offset `p` of the old text lands after the edits; null when an edit replaced it. */
const mapPos = (p: number, edits: readonly Edit[], strict: boolean): number | null => {
  let delta = 0;
  for (const e of edits) {
    if (e.start === e.end) {
      if (e.start < p || (e.start === p && !strict)) delta += e.text.length;
    } else if (e.end <= p) delta += e.text.length - (e.end - e.start);
    else if (e.start < p) return null;
    // An edit starting at the element rewrites it in place (a self-closing paragraph opened up).
  }
  return p + delta;
};

const count = (text: string, find: string): number[] => {
  const at: number[] = [];
  for (let i = text.indexOf(find); i >= 0; i = text.indexOf(find, i + 1)) at.push(i);
  return at;
};

/** A cell's or paragraph's segments in the block's text (paragraphs joined by a newline), with each paragraph's span. */
const blockSegments = (block: Located): { segments: Segment[]; spans: Array<{ from: number; to: number }> } => {
  const segments: Segment[] = [];
  const spans: Array<{ from: number; to: number }> = [];
  let offset = 0;
  for (const para of block.paras) {
    for (const s of para.segments) segments.push({ ...s, from: s.from + offset, to: s.to + offset });
    spans.push({ from: offset, to: offset + para.text.length });
    offset += para.text.length + 1;
  }
  return { segments, spans };
};

/** The paragraphs directly in a cell (not those of nested tables). */
const directParagraphs = (tc: XEl): XEl[] => partsNamed(kids(tc), "p");

class Session {
  private readonly texts = new Map<string, string>();
  private ids: Ids | undefined;
  doc: Scanned;
  private readonly anchors: Map<string, number | null>;

  constructor(
    private readonly setting: Setting,
    private readonly options: EditOptions,
  ) {
    this.doc = scan(setting.pkg.text(setting.part) ?? "", setting);
    this.anchors = new Map(this.doc.blocks.map((b) => [b.id, b.el.start]));
  }

  readonly store: Store = {
    get: (name) => this.texts.get(name) ?? this.setting.pkg.text(name),
    set: (name, text) => void this.texts.set(name, text),
  };

  changed(): Map<string, string> {
    return this.texts;
  }

  /** The id counter, made on first use: above every id of the document, its comments and notes as they stand. */
  private idCounter(): Ids {
    if (!this.ids) {
      const related = relsOf(this.setting.pkg, this.setting.part);
      const notes = [...related.values()].filter((r) => !r.external && (r.type === "comments" || STORIES.includes(r.type)));
      this.ids = new Ids([this.doc.xml, ...notes.map((r) => this.store.get(r.target))]);
    }
    return this.ids;
  }

  private revisions(): Revisions {
    return new Revisions(this.idCounter(), this.options.author, this.options.date);
  }

  block(id: string): Located {
    const at = this.anchors.get(id);
    if (at === undefined) throw new Outcome("not_found", `the document has no block ${id}`);
    if (at === null) throw new Outcome("not_found", `block ${id} was removed by an earlier edit`);
    const block = this.doc.blocks.find((b) => b.el.start === at);
    if (!block) throw new Outcome("not_found", `block ${id} was removed by an earlier edit`);
    return block;
  }

  /** The header, footer and note parts of the document, in that order, each once. */
  private storyParts(): string[] {
    const related = [...relsOf(this.setting.pkg, this.setting.part).values()].filter((r) => !r.external && STORIES.includes(r.type) && this.store.get(r.target) !== null);
    related.sort((x, y) => STORIES.indexOf(x.type) - STORIES.indexOf(y.type) || x.target.localeCompare(y.target, "en", { numeric: true }));
    return [...new Set(related.map((r) => r.target))];
  }

  /** The block a body paragraph belongs to: its own, or its table cell's; else its number in the part. */
  private bodyPlace(hit: Replaced): string {
    const { outer } = hit;
    const block = this.doc.blocks.find((b) => b.el.start === outer.start || (b.kind === "table_cell" && b.el.start <= outer.start && outer.end <= b.el.end));
    return block?.id ?? `document.p${hit.number}`;
  }

  /**
   * `replace_all`: the phrase replaced in the body and in every header, footer and note part as one change (all or
   * nothing), reported once per occurrence.
   */
  replaceAll(find: string, replace: string, index: number): AppliedEdit[] {
    const base = { index, op: "replace_all" as const, target: find };
    if (find === "") return [{ ...base, outcome: "rejected", block: null, before: null, after: null, reason: "the text to find is empty" }];
    try {
      const phrase = { find, replace, rev: this.options.track ? this.revisions() : null };
      const main = replaceInPart(this.doc.xml, this.setting.part, phrase);
      const places = main.replaced.map((hit) => ({ hit, block: this.bodyPlace(hit) }));
      const stories = this.storyParts().map((part) => ({ part, ...replaceInPart(this.store.get(part)!, part, phrase) }));
      for (const story of stories) for (const hit of story.replaced) places.push({ hit, block: storyPlace(story.part, hit) });
      if (places.length === 0) return [{ ...base, outcome: "not_found", block: null, before: null, after: null, reason: `"${find}" is not in the document (body, tables, headers, footers or notes)` }];
      this.commit({
        edits: main.edits,
        then: (store) => {
          for (const story of stories) if (story.edits.length > 0) store.set(story.part, story.xml);
        },
      });
      return places.flatMap(({ hit, block }) => Array.from({ length: hit.count }, (): AppliedEdit => ({ ...base, outcome: "applied", block, before: hit.before, after: hit.after, reason: null })));
    } catch (error) {
      return [{ ...base, outcome: "rejected", block: null, before: null, after: null, reason: `the edit could not be applied: ${(error as Error).message}` }];
    }
  }

  run(op: BlockEditOp, index: number): AppliedEdit {
    const base = { index, op: op.op, block: op.block ?? null };
    let before: string | null = null;
    try {
      const block = op.op === "set_cell" || op.op === "add_slide" ? null : this.block(op.block);
      before = block?.text ?? null;
      const change = this.change(op, block!);
      this.commit(change);
      let after = change.after;
      if (after === undefined) {
        const at = this.anchors.get(op.block);
        after = at === null || at === undefined ? "" : (this.doc.blocks.find((b) => b.el.start === at)?.text ?? "");
      }
      return { ...base, outcome: "applied", target: change.target ?? null, before: change.before === undefined ? before : change.before, after, reason: null };
    } catch (error) {
      if (error instanceof Outcome) return { ...base, outcome: error.outcome, target: targetOf(op), before, after: null, reason: error.message };
      return { ...base, outcome: "rejected", target: targetOf(op), before, after: null, reason: `the edit could not be applied: ${(error as Error).message}` };
    }
  }

  private commit(change: Change): void {
    const xml = splice(this.doc.xml, change.edits);
    // Read again first: an op that would leave the part unreadable is refused and nothing changes.
    const next = scan(xml, this.setting);
    // Other parts are staged first too, so an op that fails there changes nothing anywhere.
    const staged = new Map<string, string>();
    change.then?.({ get: (name) => staged.get(name) ?? this.store.get(name), set: (name, text) => void staged.set(name, text) });
    for (const [id, at] of this.anchors) {
      if (at === null) continue;
      this.anchors.set(id, change.gone?.includes(id) ? null : mapPos(at, change.edits, false));
    }
    if (change.moved) this.anchors.set(change.moved.id, mapPos(change.moved.at, change.edits, true));
    this.doc = next;
    this.texts.set(this.setting.part, xml);
    for (const [name, text] of staged) this.texts.set(name, text);
  }

  private change(op: BlockEditOp, block: Located): Change {
    switch (op.op) {
      case "set_cell":
        throw new Outcome("rejected", "a Word document has no sheet cells: replace the text of a table cell with replace_text");
      case "add_slide":
        throw new Outcome("rejected", "a Word document has no slides");
      case "replace_text":
        return this.replace(block, op.find, op.replace);
      case "insert_after":
      case "insert_before":
        return this.insert(block, op.text, op.op === "insert_after");
      case "delete":
        return this.remove(block);
      case "insert_row":
        return this.insertRow(block, op.values);
      case "move":
        return this.move(block, op.after);
      case "comment":
        return this.comment(block, op.find, op.text);
      default:
        throw new Outcome("rejected", `unknown edit ${(op as { op: string }).op}`);
    }
  }

  private find(block: Located, find: string): { a: number; b: number } {
    if (find === "") throw new Outcome("rejected", "the text to find is empty");
    const hits = count(block.text, find);
    if (hits.length === 0) throw new Outcome("not_found", `"${find}" is not in ${block.id}`);
    if (hits.length > 1) throw new Outcome("ambiguous", `"${find}" occurs ${hits.length} times in ${block.id}`);
    return { a: hits[0]!, b: hits[0]! + find.length };
  }

  private replace(block: Located, find: string, replace: string): Change {
    const { a, b } = this.find(block, find);
    const { segments, spans } = blockSegments(block);
    if (!spans.some((s) => s.from <= a && b <= s.to)) throw new Outcome("rejected", `"${find}" runs across paragraphs of ${block.id}; replace it one paragraph at a time`);
    const track = this.options.track;
    const rev = this.revisions();
    const edits = rewriteRange(this.doc.xml, segments, {
      a,
      b,
      mode: track ? "track" : "remove",
      revision: () => rev.attrs(this.doc.prefix),
      ...(replace !== ""
        ? {
            replacement: (rPr: string, p: string) => {
              const run = `<${p}r>${rPr}${textMarkup(p, replace)}</${p}r>`;
              return track ? rev.ins(p, run) : run;
            },
          }
        : {}),
    });
    return { edits, target: find };
  }

  private insert(block: Located, text: string, after: boolean): Change {
    let neighbour = block.el;
    if (block.kind === "table_cell") {
      const paras = directParagraphs(block.el);
      const p = after ? paras[paras.length - 1] : paras[0];
      if (!p) throw new Outcome("rejected", `${block.id} holds no paragraph to place the new one by`);
      neighbour = p;
    }
    const markup = newParagraph(this.doc.xml, neighbour, text, this.options.track ? this.revisions() : null);
    return { edits: [{ start: after ? neighbour.end : neighbour.start, end: after ? neighbour.end : neighbour.start, text: markup }], before: null, after: text };
  }

  private remove(block: Located): Change {
    const xml = this.doc.xml;
    const track = this.options.track;
    if (block.kind === "table_cell") {
      const rev = this.revisions();
      const direct = directParagraphs(block.el);
      const nested = block.paras.length !== direct.length;
      const edits: Edit[] = [];
      if (track) {
        for (const para of block.paras) for (const run of para.runs) edits.push({ start: run.start, end: run.end, text: rev.deletedRun(xml, run) });
        // The marks of all but the last paragraph deleted too, so accepting leaves one empty paragraph.
        if (!nested) for (const p of direct.slice(0, -1)) edits.push(markParagraph(xml, p, `<${this.doc.prefix}del${rev.attrs(this.doc.prefix)}/>`));
      } else {
        for (const para of block.paras) {
          if (!nested && para.el !== direct[0] && fieldsClosed(para.el)) {
            edits.push({ start: para.el.start, end: para.el.end, text: leftBehind(xml, para.el, true) });
            continue;
          }
          edits.push(...rewriteRange(xml, para.segments, { a: 0, b: para.text.length, mode: "remove", revision: () => "" }));
        }
      }
      return { edits, after: "" };
    }
    const p = block.el;
    if (!track) {
      if (p.children.find((c) => c.local === "pPr")?.children.some((c) => c.local === "sectPr")) {
        throw new Outcome("rejected", `${block.id} ends a section (it carries the section's page settings); deleting it would change the layout`);
      }
      if (this.doc.blocks.filter((b) => b.kind !== "table_cell").length <= 1) throw new Outcome("rejected", "a document keeps at least one paragraph");
      if (!fieldsClosed(p)) throw new Outcome("rejected", `${block.id} holds part of a field that runs over several paragraphs (a table of contents?); delete it with tracking, or edit its text`);
      return { edits: [{ start: p.start, end: p.end, text: leftBehind(xml, p, true) }], gone: [block.id], after: "" };
    }
    const rev = this.revisions();
    const edits: Edit[] = block.paras[0]!.runs.map((run) => ({ start: run.start, end: run.end, text: rev.deletedRun(xml, run) }));
    edits.push(markParagraph(xml, p, `<${this.doc.prefix}del${rev.attrs(this.doc.prefix)}/>`));
    return { edits, after: "" };
  }

  private insertRow(block: Located, values: readonly string[]): Change {
    if (block.kind !== "table_cell" || !block.row) throw new Outcome("rejected", "insert_row needs a table cell block (a row is added after the cell's row)");
    const xml = this.doc.xml;
    const tr = block.row;
    const pre = this.doc.prefix;
    const rev = this.options.track ? this.revisions() : null;
    const edits: Edit[] = [{ start: tr.start, end: tr.openEnd, text: withoutParaIds(xml.slice(tr.start, tr.openEnd)) }];
    for (const c of tr.children) if (RANGE_MARKS.has(c.local)) edits.push({ start: c.start, end: c.end, text: "" });
    partsNamed(kids(tr), "tc").forEach((tc, i) => {
      const tcPr = tc.children.find((c) => c.local === "tcPr");
      const model = directParagraphs(tc)[0];
      const paragraph = model ? newParagraph(xml, model, values[i] ?? "", rev) : `<${pre}p/>`;
      edits.push({ start: tc.start, end: tc.end, text: `${withoutParaIds(xml.slice(tc.start, tc.openEnd)).replace(/\s*\/>$/, ">")}${tcPr ? xml.slice(tcPr.start, tcPr.end) : ""}${paragraph}</${tc.name}>` });
    });
    if (rev) {
      const mark = `<${pre}ins${rev.attrs(pre)}/>`;
      const trPr = tr.children.find((c) => c.local === "trPr");
      if (trPr) edits.push(addChild(xml, trPr, mark, ["trPrChange"]));
      else {
        const exceptions = tr.children.find((c) => c.local === "tblPrEx");
        const at = exceptions ? exceptions.end : tr.openEnd;
        edits.push({ start: at, end: at, text: `<${pre}trPr>${mark}</${pre}trPr>` });
      }
    }
    const row = splice(xml.slice(0, tr.end), edits).slice(tr.start);
    return { edits: [{ start: tr.end, end: tr.end, text: row }], before: null, after: values.join("\t"), target: `row ${/\.r(\d+)\./.exec(block.id)?.[1] ?? "?"}` };
  }

  private move(block: Located, afterId: string): Change {
    const after = this.block(afterId);
    if (block.kind === "table_cell" || after.kind === "table_cell") throw new Outcome("rejected", "move places a body paragraph after another body paragraph; table cells do not move");
    if (after.el === block.el) throw new Outcome("rejected", "a paragraph cannot move after itself");
    const xml = this.doc.xml;
    const p = block.el;
    const at = after.el.end;
    if (!fieldsClosed(p)) throw new Outcome("rejected", `${block.id} holds part of a field that runs over several paragraphs (a table of contents?); it cannot move alone`);
    if (!this.options.track) {
      if (p.children.find((c) => c.local === "pPr")?.children.some((c) => c.local === "sectPr")) {
        throw new Outcome("rejected", `${block.id} ends a section (it carries the section's page settings); moving it would change the layout`);
      }
      return { edits: [{ start: p.start, end: p.end, text: leftBehind(xml, p, false) }, { start: at, end: at, text: movable(xml, p) }], moved: { id: block.id, at }, target: afterId };
    }
    // Tracked: deleted where it was, inserted where it goes (not a tracked move, which Word pairs by name).
    const rev = this.revisions();
    const edits: Edit[] = block.paras[0]!.runs.map((run) => ({ start: run.start, end: run.end, text: rev.deletedRun(xml, run) }));
    edits.push(markParagraph(xml, p, `<${this.doc.prefix}del${rev.attrs(this.doc.prefix)}/>`));
    edits.push({ start: at, end: at, text: paragraphCopy(xml, block.paras[0]!, rev) });
    return { edits, moved: { id: block.id, at }, target: afterId };
  }

  private comment(block: Located, find: string, text: string): Change {
    const { segments } = blockSegments(block);
    const { a, b } = find === "" ? { a: 0, b: block.text.length } : this.find(block, find);
    const id = this.idCounter().take();
    const marks = commentMarks(this.doc.prefix, id);
    let edits: Edit[];
    if (a === b || segments.length === 0) {
      // Nothing to anchor on: the marks sit together at the start of the block's first paragraph.
      const p = block.paras[0]?.el;
      if (!p) throw new Outcome("rejected", `${block.id} holds no paragraph to anchor a comment in`);
      const pPr = p.children.find((c) => c.local === "pPr");
      const both = marks.start + marks.end;
      const at = pPr ? pPr.end : p.openEnd;
      edits = [p.openEnd === p.end ? addChild(this.doc.xml, p, both) : { start: at, end: at, text: both }];
    } else {
      edits = rewriteRange(this.doc.xml, segments, { a, b, mode: "keep", startMark: marks.start, endMark: marks.end, revision: () => "" });
    }
    const namespace = this.doc.namespace;
    return { edits, target: find === "" ? null : find, then: (store) => addComment(store, this.setting.part, namespace, { id, author: this.options.author, date: this.options.date, text }) };
  }
}

const RANGE_MARKS = new Set(["bookmarkStart", "bookmarkEnd", "commentRangeStart", "commentRangeEnd", "permStart", "permEnd"]);

/** The parts besides the body whose text the reader sees as the document's (comments are reviewers', not its text). */
const STORIES = ["header", "footer", "footnotes", "endnotes"];

/** Where a header's, footer's or note's paragraph is: `header1.p2`, `footnote3` (a note by its id). */
const storyPlace = (part: string, hit: Replaced): string => {
  const note = ancestor(hit.outer, "footnote") ?? ancestor(hit.outer, "endnote");
  if (note) return `${note.local}${note.attrs["id"] ?? ""}`;
  return `${part.replace(/^.*\//, "").replace(/\.xml$/i, "")}.p${hit.number}`;
};

/** A start tag without Word's paragraph ids, which must stay unique. */
const withoutParaIds = (tag: string): string => tag.replace(/\s+[\w.-]+:(?:paraId|textId)\s*=\s*(?:"[^"]*"|'[^']*')/g, "");

const targetOf = (op: BlockEditOp): string | null => {
  switch (op.op) {
    case "replace_text":
      return op.find;
    case "comment":
      return op.find === "" ? null : op.find;
    case "move":
      return op.after;
    default:
      return null;
  }
};

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

export const applyDocx = (bytes: Uint8Array, plan: ReadonlyArray<EditOp>, options: EditOptions): EditResult => {
  const pkg = openPackage(bytes);
  const session = new Session(settingOf(pkg), options);
  const edits = plan.flatMap((op, index) => (op.op === "replace_all" ? session.replaceAll(op.find, op.replace, index) : [session.run(op, index)]));
  const parts = new Map<string, Uint8Array | string>();
  for (const [name, text] of session.changed()) {
    const original = pkg.bytes(name);
    if (original !== null && pkg.text(name) === text) continue;
    // A part that began with a byte-order mark keeps it: only the edited ranges change.
    if (original && original[0] === 0xef && original[1] === 0xbb && original[2] === 0xbf) {
      const body = new TextEncoder().encode(text);
      const out = new Uint8Array(body.length + 3);
      out.set(BOM);
      out.set(body, 3);
      parts.set(name, out);
    } else parts.set(name, text);
  }
  return { parts, edits };
};
