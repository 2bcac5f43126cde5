/**
 * Word edit (core/contracts/edit.ts): the document as addressable paragraphs and table cells (read.ts), and an edit
 * plan applied by splicing only the changed ranges of only the changed parts (apply.ts).
 */
import type { EditCapability } from "../../../core/contracts/edit.ts";
import { applyDocx } from "./apply.ts";
import { readDocx } from "./read.ts";

export const docxEdit: EditCapability = { read: readDocx, apply: applyDocx };
