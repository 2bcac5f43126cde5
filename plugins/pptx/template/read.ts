/**
 * Reading a PowerPoint file as a template: its slide size, its masters and their layouts in presentation order,
 * each layout's placeholders with the box they inherit (a layout placeholder without `a:xfrm` takes its master's),
 * the text sizes the master gives titles and body text, and the theme's body face (for measuring). Opened with
 * the package reader, so a bomb, a DTD or an encrypted file is refused as any upload is.
 *
 * A template we cannot make a deck on is a `TemplateRefused`: no presentation part, no master, or an embedded
 * object or control in a master or layout (they are not carried over, and removing them would change the design).
 */
import { openPackage, type Package } from "../../../core/ooxml/package.ts";
import { mainPart, relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import { attr, child, elements, kids, path, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { placeholderOf } from "../extract/placeholders.ts";

export class TemplateRefused extends Error {}

/** A box in EMU from the slide's top left corner. */
export interface EmuBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Insets {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface TemplatePlaceholder {
  /** `title`, `ctrTitle`, `subTitle`, `body`, `obj` (no type written), `pic`, `tbl`, `dt`, `ftr`, `sldNum`… */
  readonly type: string;
  /** As written; absent when the placeholder has no `idx` (a title). */
  readonly idx?: string;
  /** Its box, its own or its master's; null when neither says. */
  readonly box: EmuBox | null;
  readonly insets: Insets;
  /** Size of its first level's text in points, from its own list style, its master's or the master's text styles. */
  readonly size: number;
  /** Text set vertically (`orient="vert"`): no place for a slide's title or content. */
  readonly vertical?: true;
}

export interface TemplateLayout {
  readonly part: string;
  readonly master: string;
  /** The `type` attribute (`title`, `obj`, `titleOnly`, `blank`…), `cust` when absent as the schema says. */
  readonly type: string;
  readonly placeholders: readonly TemplatePlaceholder[];
}

export interface TemplateMaster {
  readonly part: string;
  readonly placeholders: readonly TemplatePlaceholder[];
}

export interface Template {
  readonly pkg: Package;
  readonly presentation: string;
  /** Slide size in EMU. */
  readonly size: { cx: number; cy: number };
  readonly masters: readonly TemplateMaster[];
  /** Every layout, master by master in presentation order, each master's in its own order. */
  readonly layouts: readonly TemplateLayout[];
  readonly notesMaster: string | null;
  /** The table style new tables take: the template's default (`tableStyles.xml`), else PowerPoint's own default. */
  readonly tableStyle: string;
  /** The theme's body (minor) latin face of the first master, for measuring text. */
  readonly bodyFace: string;
}

/** PowerPoint's default table style, "Medium Style 2 - Accent 1", which takes its colours from the theme. */
const defaultTableStyle = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}";
const defaultInsets: Insets = { left: 91_440, top: 45_720, right: 91_440, bottom: 45_720 };

const masterKind = (type: string): string => (type === "ctrTitle" ? "title" : /^(dt|ftr|sldNum|hdr|title)$/.test(type) ? type : "body");

/** The presentation part of a package and its slide masters in presentation order. */
export function presentationOf(pkg: Package): { presentation: string; root: XEl; masterParts: string[] } {
  const presentation = mainPart(pkg, "ppt/presentation.xml");
  const root = readPart(pkg, presentation);
  if (!root || root.local !== "presentation") throw new TemplateRefused("the file has no PowerPoint presentation part");
  const rels = relsOf(pkg, presentation);
  const masterParts = kids(child(root, "sldMasterIdLst"), "sldMasterId")
    .map((m) => rels.get(relAttr(m, "id") ?? ""))
    .flatMap((rel) => (rel && !rel.external && pkg.has(rel.target) ? [rel.target] : []));
  if (masterParts.length === 0) throw new TemplateRefused("the presentation has no slide master");
  return { presentation, root, masterParts };
}

/** The theme part of a master, parsed; null when it has none. */
export function themeOf(pkg: Package, master: string): XEl | null {
  const theme = relsOfType(relsOf(pkg, master), "theme").find((r) => !r.external && pkg.has(r.target));
  return theme ? readPart(pkg, theme.target) : null;
}

export function readTemplate(bytes: Uint8Array): Template {
  const pkg = openPackage(bytes);
  const { presentation, root, masterParts } = presentationOf(pkg);
  const rels = relsOf(pkg, presentation);
  const size = child(root, "sldSz");
  const masters: TemplateMaster[] = [];
  const layouts: TemplateLayout[] = [];
  for (const part of masterParts) {
    const masterRoot = readPart(pkg, part)!;
    refuseObjects(pkg, part);
    const styles = child(masterRoot, "txStyles");
    const masterPlaceholders = placeholdersOf(masterRoot, [], styles);
    masters.push({ part, placeholders: masterPlaceholders });
    const masterRels = relsOf(pkg, part);
    for (const id of kids(child(masterRoot, "sldLayoutIdLst"), "sldLayoutId")) {
      const rel = masterRels.get(relAttr(id, "id") ?? "");
      if (!rel || rel.external || !pkg.has(rel.target)) continue;
      const layoutRoot = readPart(pkg, rel.target)!;
      refuseObjects(pkg, rel.target);
      layouts.push({
        part: rel.target,
        master: part,
        type: attr(layoutRoot, "type") ?? "cust",
        placeholders: placeholdersOf(layoutRoot, masterPlaceholders, styles),
      });
    }
  }
  if (layouts.length === 0) throw new TemplateRefused("the template's masters have no layout");
  const notesMaster = relsOfType(rels, "notesMaster").find((r) => !r.external && pkg.has(r.target))?.target ?? null;
  const styleList = relsOfType(rels, "tableStyles").find((r) => !r.external && pkg.has(r.target));
  const tableStyle = (styleList && attr(readPart(pkg, styleList.target) ?? undefined, "def")) || defaultTableStyle;
  return {
    pkg,
    presentation,
    size: { cx: Number(attr(size, "cx")) || 12_192_000, cy: Number(attr(size, "cy")) || 6_858_000 },
    masters,
    layouts,
    notesMaster,
    tableStyle,
    bodyFace: themeFace(pkg, masterParts[0]!),
  };
}

/** Embedded objects and controls are not carried into our deck; one in a master or layout refuses the template. */
function refuseObjects(pkg: Package, part: string): void {
  const object = [...relsOf(pkg, part).values()].find((r) => /^(oleObject|package|control|activeXControlBinary)$/.test(r.type));
  if (object) throw new TemplateRefused(`${part} holds an embedded object (${object.type}), which is not carried over`);
}

function placeholdersOf(root: XEl, inherited: readonly TemplatePlaceholder[], styles: XEl | undefined): TemplatePlaceholder[] {
  const tree = path(root, "cSld", "spTree");
  return elements(tree).flatMap((shape) => {
    const ph = placeholderOf(shape);
    if (!ph || shape.local !== "sp") return [];
    const phEl = path(elements(shape)[0], "nvPr", "ph");
    const idx = attr(phEl, "idx");
    const parent = inherited.find((m) => masterKind(m.type) === masterKind(ph.type));
    const bodyPr = path(shape, "txBody", "bodyPr");
    const inset = (name: string, fallback: number) => {
      const value = attr(bodyPr, name);
      return value !== undefined && Number.isFinite(Number(value)) ? Number(value) : fallback;
    };
    const base = parent?.insets ?? defaultInsets;
    const ownSize = Number(attr(path(shape, "txBody", "lstStyle", "lvl1pPr", "defRPr"), "sz"));
    const styleSize = Number(attr(path(styles, masterKind(ph.type) === "title" ? "titleStyle" : "bodyStyle", "lvl1pPr", "defRPr"), "sz"));
    return [
      {
        type: ph.type,
        ...(idx !== undefined ? { idx } : {}),
        box: boxOf(shape) ?? parent?.box ?? null,
        insets: { left: inset("lIns", base.left), top: inset("tIns", base.top), right: inset("rIns", base.right), bottom: inset("bIns", base.bottom) },
        size: ownSize ? ownSize / 100 : (parent?.size ?? (styleSize ? styleSize / 100 : masterKind(ph.type) === "title" ? 44 : 32)),
        ...(attr(phEl, "orient") === "vert" ? { vertical: true as const } : {}),
      },
    ];
  });
}

function boxOf(shape: XEl): EmuBox | null {
  const xfrm = path(shape, "spPr", "xfrm");
  const off = child(xfrm, "off");
  const ext = child(xfrm, "ext");
  if (!off || !ext) return null;
  const w = Number(attr(ext, "cx"));
  const h = Number(attr(ext, "cy"));
  if (!(w > 0 && h > 0)) return null;
  return { x: Number(attr(off, "x")) || 0, y: Number(attr(off, "y")) || 0, w, h };
}

function themeFace(pkg: Package, master: string): string {
  const face = attr(path(themeOf(pkg, master) ?? undefined, "themeElements", "fontScheme", "minorFont", "latin"), "typeface");
  return face?.trim() || "Calibri";
}
