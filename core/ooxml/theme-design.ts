/**
 * The design of an Office file in a few words (interface, POST /documents rule 2: a source's design copied): its
 * theme's heading and body faces (major and minor latin) and its colour scheme's dark and light text colours and six
 * accents, as `RRGGBB`. Word, PowerPoint and Excel keep the same DrawingML theme; a deck's is its first master's.
 * A system colour counts as the colour it was last shown as.
 */
import type { Package } from "./package.ts";
import { relsOf, relsOfType } from "./rels.ts";
import { attr, child, elements, path, readPart } from "./xml/query.ts";
import type { XEl } from "./xml/tree.ts";

export interface ThemeDesign {
  fonts: { major?: string; minor?: string };
  /** `dk1`, `lt1`, `accent1` … `accent6`, those the scheme defines. */
  colors: Partial<Record<SchemeColor, string>>;
}

const schemeColors = ["dk1", "lt1", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6"] as const;
type SchemeColor = (typeof schemeColors)[number];

/** The theme part of a package: the one its main part (or, in a deck, its first master) points at, else the first there is. */
export const themePart = (pkg: Package, owner?: string): string | undefined => {
  const owners = owner ? [owner] : ["word/document.xml", "xl/workbook.xml"];
  for (const part of owners) {
    const theme = relsOfType(relsOf(pkg, part), "theme").find((r) => !r.external && pkg.has(r.target));
    if (theme) return theme.target;
  }
  return pkg.names.filter((n) => /^(word|xl|ppt)\/theme\/theme\d+\.xml$/.test(n)).sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
};

export function themeDesign(pkg: Package, owner?: string): ThemeDesign {
  const part = themePart(pkg, owner);
  const theme = part ? readPart(pkg, part) : null;
  const elementsOf = path(theme ?? undefined, "themeElements");
  const face = (name: string) => attr(path(elementsOf, "fontScheme", name, "latin"), "typeface")?.trim() || undefined;
  const scheme = child(elementsOf, "clrScheme");
  const colors: ThemeDesign["colors"] = {};
  for (const name of schemeColors) {
    const value = colorOf(child(scheme, name));
    if (value) colors[name] = value;
  }
  const major = face("majorFont");
  const minor = face("minorFont");
  return { fonts: { ...(major ? { major } : {}), ...(minor ? { minor } : {}) }, colors };
}

/** The design as a sentence for a model: the faces and colours to reuse. */
export const designWords = (design: ThemeDesign): string => {
  const faces = [design.fonts.major && `headings in ${design.fonts.major}`, design.fonts.minor && `body text in ${design.fonts.minor}`].filter(Boolean);
  const colors = Object.entries(design.colors).map(([slot, hex]) => `${slot} #${hex}`);
  return [faces.length ? `its theme sets ${faces.join(" and ")}` : "", colors.length ? `its colours are ${colors.join(", ")}` : ""].filter(Boolean).join("; ") || "its theme says nothing of fonts or colours: copy what its pages show";
};

function colorOf(slot: XEl | undefined): string | undefined {
  const color = elements(slot)[0];
  const value = color?.local === "srgbClr" ? attr(color, "val") : color?.local === "sysClr" ? attr(color, "lastClr") : undefined;
  return value && /^[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : undefined;
}
