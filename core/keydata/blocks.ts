/**
 * IR → the text blocks key data reads: the document's text units (core/ir/units.ts) as they are written, each with
 * the IR id that report locations point at (the block's, or the row's for tables).
 */
import { textUnits } from "../ir/units.ts";
import type { IRDocument } from "../ir/types.ts";

export interface TextBlock {
  text: string;
  nodeId?: string;
}

export const keyDataBlocks = (ir: IRDocument): TextBlock[] => textUnits(ir).map((unit) => ({ text: unit.text, nodeId: unit.id }));
