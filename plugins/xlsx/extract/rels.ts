/**
 * Package relationships (OPC): `dir/_rels/name.rels` of a part, targets resolved to package paths. Relationship
 * types are matched by their last segment (`slide`, `chart`, `worksheet`…) so Transitional and Strict OOXML both
 * resolve.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { attr, kids, readPart } from "./xml.ts";

export interface Rel {
  readonly id: string;
  /** The last segment of the relationship type: `slide`, `notesSlide`, `chart`, `image`, `hyperlink`… */
  readonly type: string;
  /** A package path (no leading slash) for internal targets; the target as written for external ones. */
  readonly target: string;
  readonly external: boolean;
}

export type Rels = ReadonlyMap<string, Rel>;

const relsPartOf = (part: string): string => {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

/** Resolves `target` against the folder of `part` (`ppt/slides/slide1.xml` + `../media/a.png` → `ppt/media/a.png`). */
export const resolveTarget = (part: string, target: string): string => {
  const clean = target.split("#")[0]!;
  const base = clean.startsWith("/") ? [] : part.split("/").slice(0, -1);
  for (const segment of clean.replace(/^\//, "").split("/")) {
    if (segment === "..") base.pop();
    else if (segment !== "." && segment !== "") base.push(decodeURIComponentSafe(segment));
  }
  return base.join("/");
};

const decodeURIComponentSafe = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The relationships of `part` (`""` for the package's own `_rels/.rels`); empty when there are none. */
export const relsOf = (pkg: Package, part: string): Rels => {
  const name = part === "" ? "_rels/.rels" : relsPartOf(part);
  const root = readPart(pkg, name);
  const map = new Map<string, Rel>();
  if (!root) return map;
  for (const rel of kids(root, "Relationship")) {
    const id = attr(rel, "Id");
    const type = attr(rel, "Type") ?? "";
    const target = attr(rel, "Target") ?? "";
    if (!id) continue;
    const external = attr(rel, "TargetMode") === "External";
    map.set(id, { id, type: type.slice(type.lastIndexOf("/") + 1), target: external ? target : resolveTarget(part, target), external });
  }
  return map;
};

export const relsOfType = (rels: Rels, type: string): Rel[] => [...rels.values()].filter((r) => r.type === type);

/** The main part of the package (the `officeDocument` relationship), or `fallback` when the package does not say. */
export const mainPart = (pkg: Package, fallback: string): string => {
  const rel = relsOfType(relsOf(pkg, ""), "officeDocument").find((r) => !r.external && pkg.has(r.target));
  return rel?.target ?? fallback;
};

/** Whether the package holds `part` (zip names are matched without regard to case, as `Package.bytes` does). */
export const holdsPart = (pkg: Package, part: string): boolean => pkg.has(part) || pkg.names.some((n) => n.toLowerCase() === part.toLowerCase());
