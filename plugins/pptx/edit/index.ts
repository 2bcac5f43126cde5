/**
 * Editing a PowerPoint deck (core/contracts/edit.ts): its slides, shape paragraphs and notes paragraphs as
 * addressable blocks (blocks.ts), and an edit plan applied by splicing only the changed ranges of only the changed
 * parts (apply.ts); slides are added, removed and reordered with every part that names them kept consistent
 * (slides.ts). PowerPoint has no tracked changes or Word-style comments, and a deck has no sheet cells: those ops are
 * rejected with the reason.
 */
import type { EditCapability } from "../../../core/contracts/edit.ts";
import { applyPlan, readDeck } from "./apply.ts";

export const pptxEdit: EditCapability = {
  read: readDeck,
  apply: applyPlan,
};
