/**
 * Package relationships (OPC), the one place their paths are worked out: where a part's `.rels` lives, which part a
 * `.rels` belongs to, and where a target points (relative to the folder of its source part, absolute from the
 * package root with `/…`, `../` climbing, the `#fragment` dropped, an absolute URI naming no part). Relationship
 * types are matched by their last segment (`slide`, `chart`, `worksheet`…) so Transitional and Strict OOXML both
 * resolve. The checks and repairs read a `.rels` with the offsets of each element (core/ooxml/review/rels.ts); the
 * readers use `relsOf` here.
 */
import type { Package } from "./package.ts";
import { attr, kids, readPart } from "./xml/query.ts";
import type { XEl } from "./xml/tree.ts";

export interface Rel {
  readonly id: string;
  /** The last segment of the relationship type: `slide`, `notesSlide`, `chart`, `image`, `hyperlink`… */
  readonly type: string;
  /** A package path (no leading slash) for internal targets; the target as written for external ones. */
  readonly target: string;
  readonly external: boolean;
}

export type Rels = ReadonlyMap<string, Rel>;

/** The `.rels` part of a part (`word/document.xml` → `word/_rels/document.xml.rels`; `""` → `_rels/.rels`). */
export const relsPartOf = (part: string): string => {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
};

/** The part a `.rels` part belongs to (`""` for the package), or null when the name is not a relationships part. */
export const sourceOfRels = (relsPart: string): string | null => {
  const m = /^((?:.*\/)?)_rels\/([^/]*)\.rels$/i.exec(relsPart);
  return m ? `${m[1]}${m[2]}` : null;
};

/**
 * The package path an internal target names as it is spelled in the zip (percent escapes kept), resolved against
 * the folder of its source part (absolute targets from the package root; `\` read as `/`). Null when it names no
 * part (`#bookmark`, empty, an absolute URI such as `http://…` written without TargetMode="External").
 */
export const resolveTarget = (source: string, target: string): string | null => {
  const path = target.split("#")[0]!.replace(/\\/g, "/");
  if (path === "" || /^[A-Za-z][A-Za-z0-9+.\-]*:/.test(path)) return null;
  const segments = path.startsWith("/") ? [] : source.split("/").slice(0, -1);
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") segments.pop();
    else segments.push(seg);
  }
  return segments.length === 0 ? null : segments.join("/");
};

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape stays as written.
    return segment;
  }
};

/** `resolveTarget` with percent escapes decoded (`my%20picture.png` → `my picture.png`), as readers look parts up; "" when it names no part. */
export const targetPart = (source: string, target: string): string => {
  const resolved = resolveTarget(source, target);
  return resolved === null ? "" : resolved.includes("%") ? resolved.split("/").map(decodeSegment).join("/") : resolved;
};

/** The relationships of `part` (`""` for the package's own `_rels/.rels`); empty when there are none. */
export const relsOf = (pkg: Package, part: string): Rels => relsFrom(readPart(pkg, relsPartOf(part)), part);

/**
 * The relationships a parsed `.rels` root lists for `part`, internal targets resolved to package paths. One without
 * an Id or a Target names nothing and is left out; `TargetMode` is read without regard to case, as Office does.
 */
export const relsFrom = (root: XEl | null | undefined, part: string): Rels => {
  const map = new Map<string, Rel>();
  if (!root) return map;
  for (const rel of kids(root, "Relationship")) {
    const id = attr(rel, "Id");
    const type = attr(rel, "Type") ?? "";
    const target = attr(rel, "Target");
    if (!id || target === undefined) continue;
    const external = attr(rel, "TargetMode")?.toLowerCase() === "external";
    map.set(id, { id, type: type.slice(type.lastIndexOf("/") + 1), target: external ? target : targetPart(part, target), external });
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
