/**
 * Text overflowing its shape (text-fit.ts measures it): a warning when the text needs clearly more height than its
 * box offers, more than 15% and more than one line over (measured with narrow glyph widths), so that only text a
 * reader sees spilling is reported.
 * Shapes that grow with their text (`a:spAutoFit`) never overflow; shapes that shrink it (`a:normAutofit`) are
 * measured at the scale they state.
 *
 * `pptx.shrink_text` writes the scale that makes the text fit into the shape's own body properties, as
 * `<a:normAutofit fontScale="…" lnSpcReduction="…"/>` ("shrink text on overflow"): PowerPoint draws the text at
 * the stated scale on open (it only recomputes one when the text is edited), and LibreOffice shrinks such text to
 * its box itself. The text and its sizes stay as written. It is offered when the text fits at 50% or more;
 * smaller than that the text would be hard to read, and the finding stays for a person to shorten the text.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { child, elements, path } from "../../../core/ooxml/xml/query.ts";
import type { Finding } from "../../../core/contracts/review.ts";
import { paragraphText } from "./content.ts";
import type { Deck, Slide } from "./deck.ts";
import { finding, inches, quoted } from "./finding.ts";
import { flattenShapes, placeShapes, type PlacedShape } from "./shapes.ts";
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { attributeEdit, locate, prefixOf } from "./surgery.ts";
import { textFrame, textHeight, type TextFrame } from "./text-fit.ts";

export const SHRINK_TEXT = "pptx.shrink_text";

const SLACK = 1.15;
const MIN_OVER = 91_440;
const MIN_SCALE = 0.5;

interface Overflow {
  readonly shape: PlacedShape;
  readonly frame: TextFrame;
  readonly needed: number;
  /** The scale that makes it fit, or null when it would have to go below 50%. */
  readonly fit: { fontScale: number; lineReduction: number } | null;
}

const fitting = (shape: PlacedShape, slide: Slide, frame: TextFrame): Overflow["fit"] => {
  const fits = (fontScale: number, lineReduction: number) => textHeight(shape, slide.templates, frame, "strict", fontScale, lineReduction).height <= frame.height;
  for (const lineReduction of [0.1, 0.2]) if (fits(1, lineReduction)) return { fontScale: 1, lineReduction };
  for (let step = 39; step >= MIN_SCALE * 40; step--) if (fits(step / 40, 0.2)) return { fontScale: step / 40, lineReduction: 0.2 };
  return null;
};

const overflows = (slide: Slide): Overflow[] => {
  const out: Overflow[] = [];
  for (const shape of flattenShapes(placeShapes(slide.tree, slide.templates))) {
    if (shape.kind !== "sp" || shape.hidden) continue;
    const frame = textFrame(shape, slide.templates);
    if (!frame || frame.unmeasured || frame.autofit.kind === "shape") continue;
    if (!frame.paragraphs.some((p) => paragraphText(p).trim() !== "")) continue;
    const { height: needed, line } = textHeight(shape, slide.templates, frame, "lenient");
    const available = Math.max(frame.height, 0);
    // A word more or less on a line moves the estimate by whole lines: only more than a line over is sure.
    if (needed <= available * SLACK || needed - available <= Math.max(line, MIN_OVER)) continue;
    const own = path(shape.node, "txBody", "bodyPr") !== undefined;
    out.push({ shape, frame, needed, fit: own ? fitting(shape, slide, frame) : null });
  }
  return out;
};

export const checkOverflow = (deck: Deck): Finding[] =>
  deck.slides.flatMap((slide) =>
    overflows(slide).map(({ shape, frame, needed, fit }) => {
      const scaled = frame.autofit.kind === "normal" && frame.autofit.fontScale < 1 ? ` even at the ${Math.round(frame.autofit.fontScale * 100)}% it is shrunk to` : "";
      const over = Math.round((needed / Math.max(frame.height, 1) - 1) * 100);
      const size = frame.height > 0 ? `its box offers ${inches(frame.height)} (${over}% over)` : "its box has no room for text";
      const why = fit ? "" : " Shrinking it to fit would take it below half its size.";
      return finding("shape.text_overflow", "warning", "layout", `Slide ${slide.number}: the text of ${quoted(shape.name)} needs about ${inches(needed)} of height${scaled} but ${size}, so it spills out of the shape.${why}`, [slide.number], fit ? SHRINK_TEXT : undefined);
    }),
  );

const thousandths = (fraction: number): string => String(Math.round(fraction * 100_000));

export const shrinkText = (pkg: Package, deck: Deck): Map<string, string> => {
  const changes = new Map<string, string>();
  for (const slide of deck.slides) {
    const fixes = overflows(slide).filter((o) => o.fit);
    if (fixes.length === 0) continue;
    const xml = pkg.text(slide.part)!;
    const edits: Edit[] = [];
    for (const { shape, fit } of fixes) {
      const bodyPr = path(shape.node, "txBody", "bodyPr")!;
      const values = { fontScale: thousandths(fit!.fontScale), lnSpcReduction: thousandths(fit!.lineReduction) };
      const current = elements(bodyPr).find((c) => /^(noAutofit|normAutofit)$/.test(c.local));
      if (current && current.local === "normAutofit") {
        edits.push(attributeEdit(xml, current, values));
        continue;
      }
      const open = locate(bodyPr);
      const prefix = prefixOf(open.qname);
      const element = `<${prefix}normAutofit fontScale="${values.fontScale}" lnSpcReduction="${values.lnSpcReduction}"/>`;
      if (current) {
        edits.push({ start: current.start, end: current.end, text: element });
      } else if (open.selfClosing) {
        const head = xml.slice(open.start, open.end - 2).replace(/\s+$/, "");
        edits.push({ start: open.start, end: open.end, text: `${head}>${element}</${open.qname}>` });
      } else {
        // Autofit comes after a text warp (`a:prstTxWarp`) and before everything else the body properties hold.
        const warp = child(bodyPr, "prstTxWarp");
        const at = warp ? warp.end : open.end;
        edits.push({ start: at, end: at, text: element });
      }
    }
    changes.set(slide.part, splice(xml, edits));
  }
  return changes;
};
