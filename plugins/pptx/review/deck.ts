/**
 * The deck as the review checks see it, read once: the presentation part (slide size, the slide list in
 * presentation order through `p:sldIdLst` and the part's relationships, master ids), each slide with its layout,
 * master and notes, and the theme's heading and body fonts. Checks and repairs work from this one reading.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { relsOfType } from "../../../core/ooxml/rels.ts";
import { attr, child, kids, path, relAttr } from "../../../core/ooxml/xml/query.ts";
import { Parts } from "./parts.ts";
import { Templates, type SlideTemplates } from "./templates.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface ListedSlide {
  /** 1-based position in `p:sldIdLst`: the slide number a reader sees. */
  readonly number: number;
  readonly sldId: XEl;
  readonly id: string | undefined;
  readonly rid: string | undefined;
  /** The slide part, or null when the relationship is missing, external or not a slide. */
  readonly part: string | null;
}

export interface Slide {
  readonly number: number;
  readonly part: string;
  readonly root: XEl;
  /** `p:cSld/p:spTree`. */
  readonly tree: XEl | undefined;
  readonly templates: SlideTemplates;
  readonly notesPart: string | undefined;
  readonly notes: XEl | null;
}

export interface Deck {
  readonly parts: Parts;
  readonly presentationPart: string;
  readonly presentation: XEl | null;
  /** Slide size in EMU (10 × 7.5 in when the part does not say). */
  readonly width: number;
  readonly height: number;
  readonly listed: readonly ListedSlide[];
  /** Slides that could be read, in presentation order. */
  readonly slides: readonly Slide[];
  readonly masters: readonly string[];
}

const mainPart = (parts: Parts): string => {
  const rel = relsOfType(parts.rels(""), "officeDocument").find((r) => !r.external && parts.has(r.target));
  return rel?.target ?? "ppt/presentation.xml";
};

export const readDeck = (pkg: Package, signal?: AbortSignal): Deck => {
  const parts = new Parts(pkg);
  const presentationPart = mainPart(parts);
  const presentation = parts.root(presentationPart);
  const rels = parts.rels(presentationPart);
  const size = child(presentation ?? undefined, "sldSz");
  const width = Number(attr(size, "cx")) || 9_144_000;
  const height = Number(attr(size, "cy")) || 6_858_000;
  const listed = kids(child(presentation ?? undefined, "sldIdLst"), "sldId").map((sldId, i): ListedSlide => {
    const rid = relAttr(sldId, "id");
    const rel = rels.get(rid ?? "");
    const part = rel && !rel.external && rel.type === "slide" ? rel.target : null;
    return { number: i + 1, sldId, id: attr(sldId, "id"), rid, part };
  });
  const masters = kids(child(presentation ?? undefined, "sldMasterIdLst"), "sldMasterId")
    .map((m) => rels.get(relAttr(m, "id") ?? ""))
    .flatMap((rel) => (rel && !rel.external ? [rel.target] : []));
  const templates = new Templates(parts, presentation);
  const slides: Slide[] = [];
  for (const entry of listed) {
    signal?.throwIfAborted();
    if (!entry.part || !parts.has(entry.part)) continue;
    const root = parts.root(entry.part);
    if (!root) continue;
    const notesPart = parts.related(entry.part, "notesSlide");
    slides.push({
      number: entry.number,
      part: entry.part,
      root,
      tree: path(root, "cSld", "spTree"),
      templates: templates.forSlide(entry.part),
      notesPart,
      notes: notesPart ? parts.root(notesPart) : null,
    });
  }
  return { parts, presentationPart, presentation, width, height, listed, slides, masters };
};
