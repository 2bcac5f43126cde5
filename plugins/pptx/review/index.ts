/**
 * Review of PowerPoint decks (core/contracts/review.ts): `inspectPptx` reads the deck once (deck.ts) and runs the checks
 * below, returning their findings and the deck's `content` (content.ts); `repairPptx` applies one named fix, as
 * surgical edits of the parts it concerns, everything else copied as it was. Package-level matters (the zip,
 * content types, relationships, missing or malformed parts, characters XML forbids, sanitizing) are checked
 * elsewhere (core/ooxml/review); a part that cannot be parsed is simply not read here.
 *
 * Checks and fixes: the slide list (slides.ts), presentation ids (`pptx.renumber_slide_ids`,
 * `pptx.renumber_master_ids`), shape ids (`pptx.renumber_shape_ids`), markup PowerPoint refuses
 * (`pptx.add_empty_paragraph`), shapes off the slide (`pptx.move_onto_slide`), text overflowing its shape
 * (`pptx.shrink_text`), pictures without alternative text, empty and untitled slides.
 */
import { openPackage, PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { writePackage } from "../../../core/ooxml/write.ts";
import type { Finding, Inspect, RepairFix } from "../../../core/contracts/review.ts";
import { deckContent } from "./content.ts";
import { readDeck, type Deck } from "./deck.ts";
import { finding } from "./finding.ts";
import { checkOverflow, SHRINK_TEXT, shrinkText } from "./overflow.ts";
import { checkAltText } from "./pictures.ts";
import { checkPlacement, MOVE_ONTO_SLIDE, moveOntoSlide } from "./placement.ts";
import { checkPresentationIds, RENUMBER_MASTER_IDS, RENUMBER_SLIDE_IDS, renumberMasterIds, renumberSlideIds } from "./presentation-ids.ts";
import { checkShapeIds, RENUMBER_SHAPE_IDS, renumberShapeIds } from "./shape-ids.ts";
import { checkSlideList, checkSlideTitles } from "./slides.ts";
import { ADD_EMPTY_PARAGRAPH, addEmptyParagraphs, checkValidity } from "./validity.ts";

type Check = (deck: Deck) => Finding[];

const CHECKS: ReadonlyArray<[string, Check]> = [
  ["slide list", checkSlideList],
  ["presentation ids", checkPresentationIds],
  ["shape ids", checkShapeIds],
  ["markup", checkValidity],
  ["placement", checkPlacement],
  ["text overflow", checkOverflow],
  ["alternative text", checkAltText],
  ["slide titles", checkSlideTitles],
];

const FIXES: Readonly<Record<string, (pkg: Package, deck: Deck) => Map<string, string>>> = {
  [RENUMBER_SHAPE_IDS]: renumberShapeIds,
  [RENUMBER_SLIDE_IDS]: renumberSlideIds,
  [RENUMBER_MASTER_IDS]: renumberMasterIds,
  [ADD_EMPTY_PARAGRAPH]: addEmptyParagraphs,
  [MOVE_ONTO_SLIDE]: moveOntoSlide,
  [SHRINK_TEXT]: shrinkText,
};

/** The names of the fixes `repairPptx` knows. */
export const PPTX_FIXES: readonly string[] = Object.keys(FIXES);

/** A check that fails on something unforeseen costs its own findings, not the review. */
const run = (name: string, check: Check, deck: Deck, signal?: AbortSignal): Finding[] => {
  signal?.throwIfAborted();
  try {
    return check(deck);
  } catch (error) {
    if (error instanceof PackageRefused || signal?.aborted) throw error;
    return [finding("presentation.check_failed", "warning", "structural", `The ${name} check could not finish on this deck: ${(error as Error).message}`)];
  }
};

export const inspectPptx: Inspect = async (bytes, ctx) => {
  const deck = readDeck(openPackage(bytes), ctx.signal);
  const findings = CHECKS.flatMap(([name, check]) => run(name, check, deck, ctx.signal));
  return { findings, content: deckContent(deck) };
};

export const repairPptx: RepairFix = async (bytes, fix, ctx) => {
  const apply = FIXES[fix];
  if (!apply) throw new Error(`repairPptx: unknown fix "${fix}"`);
  const pkg = openPackage(bytes);
  const changes = apply(pkg, readDeck(pkg, ctx.signal));
  if (changes.size === 0) return bytes;
  // Parts are named as the zip names them, so a changed part replaces its original rather than joining it.
  const named = new Map([...changes].map(([part, xml]) => [pkg.names.find((n) => n.toLowerCase() === part.toLowerCase()) ?? part, xml]));
  return writePackage(pkg, named);
};
