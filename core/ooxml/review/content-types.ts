/**
 * `[Content_Types].xml` checks and their repair (`package.content_types`). Office refuses a package with a part
 * that has no content type (neither an `Override` for it nor a `Default` for its extension), shows its repair
 * dialog for an `Override` naming a part that is not there, and cannot read a part it needs (a slide, the main
 * document) when only the generic `xml` Default covers it. The repair adds the missing declarations (media by
 * extension as a `Default`, other parts by their role as an `Override`), gives generically typed parts their
 * role's type, and removes `Override`s of missing parts; every other byte of the part stays as it was.
 */
import type { Finding } from "../../contracts/review.ts";
import { DEFAULT_BY_EXTENSION, GENERIC_TYPES, typeByRole } from "./content-type-table.ts";
import type { Graph } from "./graph.ts";
import { extensionOf, finding, partKey, type PackageView } from "./parts.ts";
import { splice, type Edit } from "../splice.ts";
import { encodePart } from "../xml/encoding.ts";
import { escapeAttribute } from "../xml/markup.ts";
import type { XEl } from "../xml/tree.ts";

export const CONTENT_TYPES = "[Content_Types].xml";
export const FIX_CONTENT_TYPES = "package.content_types";

interface Declarations {
  readonly root: XEl;
  readonly defaults: Map<string, string>;
  readonly overrides: Map<string, { partName: string; type: string; el: XEl }>;
}

const readDeclarations = (root: XEl): Declarations => {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, { partName: string; type: string; el: XEl }>();
  for (const el of root.children) {
    const a = el.qualifiedAttrs;
    if (el.local === "Default" && a.has("Extension")) defaults.set(a.get("Extension")!.toLowerCase(), a.get("ContentType") ?? "");
    if (el.local === "Override" && a.has("PartName")) {
      const partName = a.get("PartName")!;
      overrides.set(partKey(partName), { partName, type: a.get("ContentType") ?? "", el });
    }
  }
  return { root, defaults, overrides };
};

/** The change to `[Content_Types].xml` that mends one problem. */
type Mend = { kind: "default"; extension: string; type: string } | { kind: "override"; part: string; type: string } | { kind: "drop"; el: XEl };

/** A problem of one part, and its mend. */
interface Problem {
  readonly finding: Finding;
  readonly mend: Mend;
}

/** The declaration a part without one gets: by role when known, media by extension, other XML as plain XML. */
const declarationFor = (part: string, graph: Graph, declared: Declarations | null): Mend => {
  const role = graph.incoming.get(partKey(part));
  const byRole = role ? typeByRole(part, role.types, role.main) : null;
  const extension = extensionOf(part);
  const byExtension = DEFAULT_BY_EXTENSION[extension];
  if (extension !== "" && byExtension && (byRole === null || byRole === byExtension) && !declared?.defaults.has(extension)) {
    return { kind: "default", extension, type: byExtension };
  }
  if (byRole) return { kind: "override", part, type: byRole };
  if (extension === "xml" && !declared?.defaults.has("xml")) return { kind: "default", extension, type: "application/xml" };
  return { kind: "override", part, type: byExtension ?? (extension === "xml" ? "application/xml" : "application/octet-stream") };
};

const problems = (view: PackageView, graph: Graph): Problem[] | null => {
  const xml = view.xml(CONTENT_TYPES);
  if (xml && !xml.tree) return null;
  const declared = xml?.tree ? readDeclarations(xml.tree) : null;
  const out: Problem[] = [];
  for (const part of view.names) {
    if (part === CONTENT_TYPES) continue;
    const override = declared?.overrides.get(partKey(part));
    const type = override?.type ?? declared?.defaults.get(extensionOf(part));
    if (type === undefined) {
      if (!declared) continue;
      out.push({
        finding: finding("package.content_type_missing", "error", `${part} has no content type in [Content_Types].xml (neither an Override nor a Default for its extension): Office refuses the file.`, FIX_CONTENT_TYPES),
        mend: declarationFor(part, graph, declared),
      });
      continue;
    }
    const role = graph.incoming.get(partKey(part));
    const expected = role ? typeByRole(part, role.types, role.main) : null;
    if (expected && GENERIC_TYPES.has(type.toLowerCase()) && !GENERIC_TYPES.has(expected)) {
      out.push({
        finding: finding("package.content_type_generic", "error", `${part} is declared as ${type} in [Content_Types].xml, not as ${expected}: Office cannot read it as what it is.`, FIX_CONTENT_TYPES),
        mend: { kind: "override", part, type: expected },
      });
    }
  }
  if (declared) {
    for (const { partName, el } of declared.overrides.values()) {
      if (view.find(partName) === null) {
        out.push({
          finding: finding("package.content_type_orphan", "error", `[Content_Types].xml declares ${partName}, which is not in the package: Office shows its repair dialog.`, FIX_CONTENT_TYPES),
          mend: { kind: "drop", el },
        });
      }
    }
  }
  return out;
};

export const checkContentTypes = (view: PackageView, graph: Graph): Finding[] => {
  if (view.find(CONTENT_TYPES) === null) {
    return [finding("package.content_types_missing", "error", "The package has no [Content_Types].xml: Office refuses the file.", FIX_CONTENT_TYPES)];
  }
  return (problems(view, graph) ?? []).map((p) => p.finding);
};

/** The changed `[Content_Types].xml` (created when missing), or null when nothing needs mending. */
export const repairContentTypes = (view: PackageView, graph: Graph): Map<string, Uint8Array> | null => {
  const stored = view.find(CONTENT_TYPES);
  const xml = stored ? view.xml(stored) : null;
  if (stored && (!xml || !xml.tree)) return null;
  const declared = xml?.tree ? readDeclarations(xml.tree) : null;
  const mends = declared
    ? (problems(view, graph) ?? []).map((p) => p.mend)
    : view.names.filter((p) => p !== CONTENT_TYPES).map((part) => declarationFor(part, graph, null));
  if (mends.length === 0) return null;
  const additions: string[] = [];
  const defaults = new Set<string>();
  const drops: Edit[] = [];
  for (const mend of mends) {
    if (mend.kind === "drop") drops.push({ start: mend.el.start, end: mend.el.end, text: "" });
    else if (mend.kind === "default") {
      if (defaults.has(mend.extension)) continue;
      defaults.add(mend.extension);
      additions.push(`<Default Extension="${escapeAttribute(mend.extension)}" ContentType="${escapeAttribute(mend.type)}"/>`);
    } else {
      const existing = declared?.overrides.get(partKey(mend.part));
      if (existing) drops.push({ start: existing.el.start, end: existing.el.end, text: "" });
      additions.push(`<Override PartName="/${escapeAttribute(mend.part)}" ContentType="${escapeAttribute(mend.type)}"/>`);
    }
  }
  if (!declared || !xml) {
    const text = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${additions.join("")}</Types>`;
    return new Map([[CONTENT_TYPES, new TextEncoder().encode(text)]]);
  }
  const root = declared.root;
  const inserted = additions.join("");
  // An empty `<Types/>` gets an end tag so the additions have somewhere to go.
  const insertion: Edit =
    root.closeStart === root.end
      ? { start: root.openEnd - 2, end: root.openEnd, text: `>${inserted}</${root.name}>` }
      : { start: root.closeStart, end: root.closeStart, text: inserted };
  const text = splice(xml.clean, [...drops, insertion]);
  return new Map([[stored!, encodePart(text, xml.encoding, xml.bom)]]);
};

/** The content type `[Content_Types].xml` gives each part (undefined when it gives none or cannot be read). */
export const declaredTypes = (view: PackageView): ((part: string) => string | undefined) => {
  const tree = view.xml(CONTENT_TYPES)?.tree;
  if (!tree) return () => undefined;
  const declared = readDeclarations(tree);
  return (part) => declared.overrides.get(partKey(part))?.type ?? declared.defaults.get(extensionOf(part));
};
