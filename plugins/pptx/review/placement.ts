/**
 * Shapes off the slide (`p:sldSz`): what lies beyond the slide's edge is cut off in the show and in every export
 * (hidden shapes are never drawn and are left alone).
 * A shape reaching past an edge by more than 1% of the slide is a warning; a shape entirely outside is another
 * (often parked there on purpose, but never seen). Bounds follow rotation, group transforms and table rows
 * (shapes.ts). `pptx.move_onto_slide` moves a shape that fits on the slide back inside by the least distance,
 * changing only its `a:off`: nothing is resized, and a group moves with its children.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { attr, child } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import type { Deck, Slide } from "./deck.ts";
import { finding, quoted } from "./finding.ts";
import { placeShapes, type PlacedShape, type Rect } from "./shapes.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { attributeEdit } from "./surgery.ts";

export const MOVE_ONTO_SLIDE = "pptx.move_onto_slide";

const TOLERANCE = 0.01;

interface Stray {
  readonly shape: PlacedShape;
  readonly bounds: Rect;
  readonly outside: boolean;
  /** How far to move it (EMU) to bring it inside, or null when no move can. */
  readonly move: { dx: number; dy: number } | null;
}

const shift = (start: number, size: number, limit: number): number => (start < 0 ? -start : start + size > limit ? limit - (start + size) : 0);

const strays = (deck: Deck, slide: Slide): Stray[] => {
  const W = deck.width;
  const H = deck.height;
  const out: Stray[] = [];
  for (const shape of placeShapes(slide.tree, slide.templates)) {
    const b = shape.bounds;
    if (!b || shape.hidden) continue;
    const outside = b.x >= W || b.y >= H || b.x + b.w <= 0 || b.y + b.h <= 0;
    const over = b.x < -W * TOLERANCE || b.y < -H * TOLERANCE || b.x + b.w > W * (1 + TOLERANCE) || b.y + b.h > H * (1 + TOLERANCE);
    if (!outside && !over) continue;
    const movable = !outside && !shape.inherited && child(shape.xfrm, "off") !== undefined && b.w <= W && b.h <= H;
    out.push({ shape, bounds: b, outside, move: movable ? { dx: shift(b.x, b.w, W), dy: shift(b.y, b.h, H) } : null });
  }
  return out;
};

const where = (b: Rect, W: number, H: number): string => {
  const sides = [b.x < 0 && "left", b.x + b.w > W && "right", b.y < 0 && "top", b.y + b.h > H && "bottom"].filter(Boolean);
  return sides.join(" and ");
};

export const checkPlacement = (deck: Deck): Finding[] => {
  const out: Finding[] = [];
  for (const slide of deck.slides) {
    for (const s of strays(deck, slide)) {
      const name = quoted(s.shape.name);
      if (s.outside) {
        out.push(finding("shape.outside_slide", "warning", "layout", `Slide ${slide.number}: ${name} lies entirely outside the slide, so it is never seen in the show.`, [slide.number]));
      } else {
        const why = s.move ? "" : s.shape.inherited ? " Its place comes from the layout, so it is not moved." : " It is larger than the slide, so it is not moved.";
        out.push(finding("shape.off_slide", "warning", "layout", `Slide ${slide.number}: ${name} runs past the ${where(s.bounds, deck.width, deck.height)} edge of the slide and is cut off there.${why}`, [slide.number], s.move ? MOVE_ONTO_SLIDE : undefined));
      }
    }
  }
  return out;
};

export const moveOntoSlide = (pkg: Package, deck: Deck): Map<string, string> => {
  const changes = new Map<string, string>();
  for (const slide of deck.slides) {
    const moves = strays(deck, slide).filter((s) => s.move && (s.move.dx !== 0 || s.move.dy !== 0));
    if (moves.length === 0) continue;
    const xml = pkg.text(slide.part)!;
    const edits: Edit[] = moves.map(({ shape, move }) => {
      const off = child(shape.xfrm, "off")!;
      const x = Math.round((Number(attr(off, "x")) || 0) + move!.dx);
      const y = Math.round((Number(attr(off, "y")) || 0) + move!.dy);
      return attributeEdit(xml, off, { x: String(x), y: String(y) });
    });
    changes.set(slide.part, splice(xml, edits));
  }
  return changes;
};
