/**
 * The presentation part: the slides in presentation order (`p:sldIdLst` through the part's relationships), which
 * of them are hidden (`p:sld show="0"` is read with the slide), and the slide height (for reading order).
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { mainPart, relsOf } from "../../../core/ooxml/rels.ts";
import { attr, child, kids, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";

export interface Presentation {
  readonly part: string;
  /** Slide parts in presentation order; null where a listed slide's relationship is missing. */
  readonly slides: readonly (string | null)[];
  /** Slide height in EMU (7.5 in when the part does not say). */
  readonly height: number;
}

export const readPresentation = (pkg: Package): Presentation => {
  const part = mainPart(pkg, "ppt/presentation.xml");
  const root = readPart(pkg, part);
  if (!root) throw new ExtractRefused(`The file is not a complete PowerPoint presentation: its presentation part (${part}) is missing.`, "unreadable");
  const rels = relsOf(pkg, part);
  const slides = kids(child(root, "sldIdLst"), "sldId").map((s) => {
    const rel = rels.get(relAttr(s, "id") ?? "");
    return rel && !rel.external ? rel.target : null;
  });
  const height = Number(attr(child(root, "sldSz"), "cy")) || 6_858_000;
  return { part, slides, height };
};
