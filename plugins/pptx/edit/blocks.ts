/**
 * A deck's addressable blocks, in presentation order (`p:sldIdLst` through the presentation's relationships): per
 * slide a `slide` block `s<n>` (its title; its range the `p:cSld`), then every paragraph of every shape that holds
 * text (`s<n>.sh<k>.p<j>`; a table cell's `s<n>.sh<k>.r<r>.c<c>.p<j>`), then the speaker notes' paragraphs
 * (`s<n>.notes.p<j>`). Shapes are counted in document order (groups flattened) among those that can hold text, and
 * paragraphs among all of their body's `a:p`, so an id stays the same when other text changes; paragraphs with no
 * visible text are not offered. Placeholders are recognised as the extract reader recognises them.
 */
import type { EditBlock } from "../../../core/contracts/edit.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { mainPart, relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import { child, descendants, elements, flag, kids, path, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { isTitle, placeholderOf } from "../extract/placeholders.ts";
import { paragraphText } from "./runs.ts";

export interface SlideEntry {
  readonly id: string;
  readonly number: number;
  readonly part: string;
  /** The slide's `p:sldId` in the presentation part. */
  readonly sldId: XEl;
  readonly relId: string;
}

export interface DeckPresentation {
  readonly part: string;
  readonly root: XEl;
  /** Every listed slide, a missing one included (its part absent from the package). */
  readonly slides: readonly SlideEntry[];
}

export interface ParagraphEntry {
  readonly id: string;
  readonly kind: "shape_paragraph" | "notes_paragraph";
  readonly part: string;
  readonly p: XEl;
  /** The text body holding it (`p:txBody`, `a:txBody`). */
  readonly body: XEl;
  readonly text: string;
  readonly context: string;
}

export interface SlideBlocks {
  readonly slide: SlideEntry;
  readonly cSld: XEl | undefined;
  readonly title: string;
  readonly paragraphs: readonly ParagraphEntry[];
  readonly notesPart: string | null;
}

export const readDeckPresentation = (pkg: Package): DeckPresentation => {
  const part = mainPart(pkg, "ppt/presentation.xml");
  const root = readPart(pkg, part);
  if (!root) throw new Error(`the presentation part (${part}) is missing`);
  const rels = relsOf(pkg, part);
  const slides: SlideEntry[] = [];
  kids(child(root, "sldIdLst"), "sldId").forEach((sldId, i) => {
    const relId = relAttr(sldId, "id") ?? "";
    const rel = rels.get(relId);
    slides.push({ id: `s${i + 1}`, number: i + 1, part: rel && !rel.external ? rel.target : "", sldId, relId });
  });
  return { part, root, slides };
};

const shapeContext = (shape: XEl, k: number): string => {
  const ph = placeholderOf(shape);
  if (!ph) return `shape ${k}`;
  if (isTitle(ph)) return "title";
  if (ph.type === "subTitle") return "subtitle";
  if (ph.type === "body" || ph.type === "obj") return "body";
  return `shape ${k}`;
};

/** The shapes that can hold text, in document order, groups flattened. */
const textHolders = (tree: XEl | undefined, out: XEl[] = []): XEl[] => {
  for (const node of elements(tree)) {
    if (node.local === "grpSp") textHolders(node, out);
    else if (node.local === "sp" && child(node, "txBody")) out.push(node);
    else if (node.local === "graphicFrame" && path(node, "graphic", "graphicData", "tbl")) out.push(node);
  }
  return out;
};

const paragraphsOf = (body: XEl | undefined, idOf: (j: number) => string, part: string, context: string): ParagraphEntry[] =>
  kids(body, "p").map((p, i) => ({ id: idOf(i + 1), kind: "shape_paragraph" as const, part, p, body: body!, text: paragraphText(p), context }));

export const notesPartOf = (pkg: Package, slidePart: string): string | null => relsOfType(relsOf(pkg, slidePart), "notesSlide").find((r) => !r.external && pkg.has(r.target))?.target ?? null;

/** A slide's title, shape paragraphs and notes paragraphs (empty ones included: they keep the numbering). */
export const slideBlocks = (pkg: Package, slide: SlideEntry): SlideBlocks => {
  const root = readPart(pkg, slide.part);
  const cSld = child(root ?? undefined, "cSld");
  const n = slide.number;
  const paragraphs: ParagraphEntry[] = [];
  let title = "";
  textHolders(child(cSld, "spTree")).forEach((shape, i) => {
    const k = i + 1;
    if (shape.local === "sp") {
      const body = child(shape, "txBody");
      const context = shapeContext(shape, k);
      const own = paragraphsOf(body, (j) => `s${n}.sh${k}.p${j}`, slide.part, `slide ${n}, ${context}`);
      if (!title && context === "title") title = own.map((p) => p.text.replace(/\s+/g, " ").trim()).filter(Boolean).join(" ");
      paragraphs.push(...own);
      return;
    }
    kids(path(shape, "graphic", "graphicData", "tbl"), "tr").forEach((tr, r) => {
      kids(tr, "tc").forEach((tc, c) => {
        // A cell a merge covers shows nothing; its text lives in the merge's first cell.
        if (flag(tc, "hMerge") || flag(tc, "vMerge")) return;
        const where = `r${r + 1}.c${c + 1}`;
        paragraphs.push(...paragraphsOf(child(tc, "txBody"), (j) => `s${n}.sh${k}.${where}.p${j}`, slide.part, `slide ${n}, table ${k}, row ${r + 1}, column ${c + 1}`));
      });
    });
  });
  const notesPart = notesPartOf(pkg, slide.part);
  const notesTree = notesPart ? path(readPart(pkg, notesPart) ?? undefined, "cSld", "spTree") : undefined;
  let j = 0;
  for (const sp of descendants(notesTree, "sp")) {
    if (placeholderOf(sp)?.type !== "body") continue;
    const body = child(sp, "txBody");
    for (const p of kids(body, "p")) {
      j++;
      paragraphs.push({ id: `s${n}.notes.p${j}`, kind: "notes_paragraph", part: notesPart!, p, body: body!, text: paragraphText(p), context: `slide ${n}, notes` });
    }
  }
  return { slide, cSld, title, paragraphs, notesPart };
};

/** Whether a paragraph is offered as a block: it shows some text. */
export const offered = (p: ParagraphEntry): boolean => p.text.trim() !== "";

export const deckBlocks = (pkg: Package): { blocks: EditBlock[]; slides: number } => {
  const presentation = readDeckPresentation(pkg);
  const blocks: EditBlock[] = [];
  for (const slide of presentation.slides) {
    if (!slide.part || !pkg.has(slide.part)) continue;
    const read = slideBlocks(pkg, slide);
    const range = read.cSld ?? readPart(pkg, slide.part)!;
    blocks.push({ id: slide.id, kind: "slide", text: read.title, context: `slide ${slide.number}`, part: slide.part, start: range.start, end: range.end });
    for (const p of read.paragraphs) {
      if (offered(p)) blocks.push({ id: p.id, kind: p.kind, text: p.text, context: p.context, part: p.part, start: p.p.start, end: p.p.end });
    }
  }
  return { blocks, slides: presentation.slides.length };
};
