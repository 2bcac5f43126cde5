/**
 * Editing a workbook (interface, "edit"): its cells as addressable blocks (blocks.ts) and an edit plan applied by
 * splicing only the cells it changes (apply.ts). The model sees values and formulas, never XML.
 */
import type { EditCapability } from "../../../core/contracts/edit.ts";
import { applyPlan } from "./apply.ts";
import { readBlocks } from "./blocks.ts";

export { MAX_CELLS } from "./blocks.ts";

export const xlsxEdit: EditCapability = {
  read: readBlocks,
  apply: (bytes, plan) => applyPlan(bytes, plan),
};
