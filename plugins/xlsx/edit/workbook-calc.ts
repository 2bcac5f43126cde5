/**
 * What a workbook needs once its cells change: `fullCalcOnLoad` on its `calcPr`, so Excel and LibreOffice compute
 * every formula when they open it (written formulas have no cached value, and formulas that depend on a changed
 * cell have a stale one), and no calculation chain after a formula is written or removed (the chain is a cache
 * that would list cells that no longer hold a formula, which makes Excel repair the file; Excel rebuilds it).
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { relsOfType } from "../../../core/ooxml/rels.ts";
import { withAttribute } from "../../../core/ooxml/xml/markup.ts";
import { removePart } from "../review/surgery.ts";
import type { Workbook } from "../extract/workbook.ts";

/** The elements CT_Workbook puts after `calcPr`: a new `calcPr` goes before the first of them. */
const AFTER_CALC_PR = ["oleSize", "customWorkbookViews", "pivotCaches", "smartTagPr", "smartTagTypes", "webPublishing", "fileRecoveryPr", "webPublishObjects", "extLst"];

/** The workbook part's text with `fullCalcOnLoad="1"` on its `calcPr`, which is added when missing. */
export const withFullCalcOnLoad = (xml: string): string => {
  const existing = /<(?:[\w.-]+:)?calcPr\b[^>]*?\/?>/.exec(xml);
  if (existing) {
    const tag = withAttribute(existing[0], "fullCalcOnLoad", "1");
    return xml.slice(0, existing.index) + tag + xml.slice(existing.index + existing[0].length);
  }
  const root = /<((?:[\w.-]+:)?)workbook\b/.exec(xml);
  if (!root) return xml;
  const p = root[1]!;
  const element = `<${p}calcPr fullCalcOnLoad="1"/>`;
  let at = -1;
  for (const name of AFTER_CALC_PR) {
    const m = new RegExp(`<${p.replace(/[.\-]/g, "\\$&")}${name}[\\s/>]`).exec(xml.slice(root.index));
    if (m && (at < 0 || root.index + m.index < at)) at = root.index + m.index;
  }
  if (at < 0) at = xml.lastIndexOf(`</${p}workbook>`);
  return at < 0 ? xml : xml.slice(0, at) + element + xml.slice(at);
};

/** The changes that remove the calculation chain (part, relationship, content-type override), none when there is none. */
export const calcChainRemoval = (pkg: Package, workbook: Workbook): Map<string, string | null> => {
  const rel = relsOfType(workbook.rels, "calcChain").find((r) => !r.external);
  return rel && pkg.has(rel.target) ? removePart(pkg, workbook.part, rel.id, rel.target) : new Map();
};
