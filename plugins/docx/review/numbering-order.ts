/**
 * List definitions out of order: numbering.xml must give every `w:abstractNum` before the first `w:num` (the
 * schema's order). LibreOffice, which makes the review's PDF, reads the definitions in one pass and numbers a list
 * whose definition comes after its `w:num` with plain "1., 2., 3." whatever its format (roman, letters, bullets):
 * checked with LibreOffice 7. The repair (`docx.numbering_order`) moves the late definitions, unchanged and in their
 * order, to just before the first `w:num`.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, removeNode, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.numbering_order";

const late = (model: Model): { first: XEl; moved: XEl[] } | null => {
  const root = model.numbering?.root;
  const first = root?.children.find((c) => c.local === "num");
  if (!root || !first) return null;
  const moved = root.children.filter((c) => c.local === "abstractNum" && c.start > first.start);
  return moved.length > 0 ? { first, moved } : null;
};

export const checkNumberingOrder = (model: Model): Finding[] => {
  const found = late(model);
  if (!found) return [];
  const n = found.moved.length;
  return [
    finding(
      "docx.numbering_order",
      "warning",
      "structural",
      `${n} list definition${n === 1 ? " comes" : "s come"} after the lists that use ${n === 1 ? "it" : "them"} in numbering.xml; LibreOffice then numbers those lists 1., 2., 3. whatever their format, so the PDF shows the wrong numbers or bullets. The repair moves the definitions first.`,
      FIX,
    ),
  ];
};

export const fixNumberingOrder = (model: Model): Edit[] => {
  const found = late(model);
  const part = model.numbering;
  if (!found || !part) return [];
  const text = found.moved.map((a) => part.xml.slice(a.start, a.end)).join("");
  return [{ part: part.name, start: found.first.start, end: found.first.start, text }, ...found.moved.map((a) => removeNode(part, a))];
};
