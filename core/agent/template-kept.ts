/**
 * Whether an agent's deck is still on its PowerPoint template (issue 16, "Design copy": the template's masters,
 * layouts and theme are used, not imitated). pptxgenjs cannot open a file, so a program that writes a fresh
 * presentation loses the template without any error: every slide's layout, that layout's master and the master's
 * theme must be parts of the template as they are (the template path copies them unchanged). Pure.
 */
import { openPackage, type Package } from "../ooxml/package.ts";
import { relsOf, relsOfType } from "../ooxml/rels.ts";

const partsUnder = (pkg: Package, folder: string): Set<string> =>
  new Set(pkg.names.filter((n) => new RegExp(`^ppt/${folder}/[^/]+\\.xml$`).test(n)).map((n) => pkg.text(n) ?? ""));

const linked = (pkg: Package, part: string, type: string): string | null => relsOfType(relsOf(pkg, part), type).find((r) => !r.external && pkg.has(r.target))?.target ?? null;

/** Why the deck is not on the template's design, or null when it is (or when the template gives nothing to compare). */
export const offTemplate = (deck: Uint8Array, template: Uint8Array): string | null => {
  let ours: Package;
  let theirs: Package;
  try {
    theirs = openPackage(template);
  } catch {
    return null;
  }
  try {
    ours = openPackage(deck);
  } catch {
    return "the deck could not be read";
  }
  const own = { layouts: partsUnder(theirs, "slideLayouts"), masters: partsUnder(theirs, "slideMasters"), themes: partsUnder(theirs, "theme") };
  if (own.masters.size === 0 || own.layouts.size === 0) return null;
  const slides = ours.names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort((a, b) => Number(/\d+/.exec(a.slice(11))![0]) - Number(/\d+/.exec(b.slice(11))![0]));
  for (const [i, slide] of slides.entries()) {
    const layout = linked(ours, slide, "slideLayout");
    if (!layout || !own.layouts.has(ours.text(layout) ?? "")) return `slide ${i + 1} is not laid out on one of the template's slide layouts`;
    const master = linked(ours, layout, "slideMaster");
    if (!master || !own.masters.has(ours.text(master) ?? "")) return `slide ${i + 1}'s layout is not on the template's slide master`;
    const theme = linked(ours, master, "theme");
    if (own.themes.size > 0 && (!theme || !own.themes.has(ours.text(theme) ?? ""))) return `slide ${i + 1}'s master does not use the template's theme`;
  }
  return null;
};
