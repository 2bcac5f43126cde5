/**
 * Where a PDF keeps actions that run something: JavaScript, `/Launch` (starts a program or opens a file),
 * `/SubmitForm` (sends the form's data to an address) and `/ImportData` (reads data from a file into the form).
 * Sanitizing removes each of them; inspecting looks for any left.
 *
 * Actions hang off the catalog (`/OpenAction`, `/AA`, the `/Names /JavaScript` tree of document scripts), pages
 * (`/AA` on open and close), annotations and form fields (`/A`, `/AA` for each trigger), and bookmarks (`/A`).
 * Each action may chain further ones through `/Next`. A safe action (a URI link, a jump to a page) stays, and only
 * the harmful actions chained after it are cut; a URI with a `javascript:` scheme counts as JavaScript.
 */
import type * as Mupdf from "mupdf";
import { at, dictSize, fieldName, MAX_DEPTH, MAX_NODES, nameOf, nameTree, refOf, textOf } from "./objects.ts";

type PDFObject = Mupdf.PDFObject;

export type ActiveKind = "JavaScript" | "Launch" | "SubmitForm" | "ImportData";

export interface ActiveSite {
  /** The kinds of harmful action found here, each once, in chain order. */
  readonly kinds: ActiveKind[];
  /** Where, worded to follow the kind: `run when the document opens`, `on page 2 link`, `on form field Total`. */
  readonly where: string;
  readonly remove: () => void;
}

const LABEL: Record<ActiveKind, string> = {
  JavaScript: "JavaScript",
  Launch: "Launch action",
  SubmitForm: "form submission (SubmitForm)",
  ImportData: "form data import (ImportData)",
};

/** One line of the report's `sanitized.removed` per kind of action removed at a site. */
export const describeSite = (site: ActiveSite): string[] => site.kinds.map((kind) => `${LABEL[kind]} ${site.where}`);

const DOCUMENT_TRIGGERS: Record<string, string> = {
  WC: "run before the document closes",
  WS: "run before the document is saved",
  DS: "run after the document is saved",
  WP: "run before the document is printed",
  DP: "run after the document is printed",
};

const TRIGGERS: Record<string, string> = {
  E: "pointer enters",
  X: "pointer leaves",
  D: "mouse down",
  U: "mouse up",
  Fo: "focus",
  Bl: "blur",
  PO: "page opens",
  PC: "page closes",
  PV: "page shown",
  PI: "page hidden",
  K: "keystroke",
  F: "format",
  V: "validate",
  C: "calculate",
};

const kindOf = (action: PDFObject): ActiveKind | null => {
  if (!action.isDictionary()) return null;
  const type = nameOf(action.get("S"));
  // A rendition action may carry a script of its own in /JS.
  if (type === "JavaScript" || !action.get("JS").isNull()) return "JavaScript";
  if (type === "Launch" || type === "SubmitForm" || type === "ImportData") return type;
  if (type === "URI" && /^\s*javascript:/i.test(textOf(action.get("URI")))) return "JavaScript";
  return null;
};

/** The harmful kinds in an action and the chain after it, each once. */
const chainKinds = (action: PDFObject): ActiveKind[] => {
  const kinds = new Set<ActiveKind>();
  const seen = new Set<number>();
  const walk = (a: PDFObject, depth: number): void => {
    if (!a.isDictionary() || depth > MAX_DEPTH) return;
    const ref = refOf(a);
    if (ref !== 0) {
      if (seen.has(ref)) return;
      seen.add(ref);
    }
    const kind = kindOf(a);
    if (kind) kinds.add(kind);
    const next = a.get("Next");
    if (next.isArray()) for (let i = 0; i < next.length; i++) walk(next.get(i), depth + 1);
    else walk(next, depth + 1);
  };
  walk(action, 0);
  return [...kinds];
};

/** Cuts the harmful actions out of the chain after a safe `action` (a harmful one takes its own chain with it). */
const pruneChain = (action: PDFObject, seen: Set<number>, depth: number): void => {
  const ref = refOf(action);
  if (depth > MAX_DEPTH || (ref !== 0 && seen.has(ref))) return;
  if (ref !== 0) seen.add(ref);
  const next = action.get("Next");
  if (next.isArray()) {
    for (let i = next.length - 1; i >= 0; i--) {
      const item = next.get(i);
      if (kindOf(item)) next.delete(i);
      else pruneChain(item, seen, depth + 1);
    }
    if (next.length === 0) action.delete("Next");
  } else if (next.isDictionary()) {
    if (kindOf(next)) action.delete("Next");
    else pruneChain(next, seen, depth + 1);
  }
};

/** Removes the action under `holder[key]`, or only the harmful part of its chain when it is itself safe. */
const removeAction = (holder: PDFObject, key: string): void => {
  const action = holder.get(key);
  if (kindOf(action)) holder.delete(key);
  else pruneChain(action, new Set(), 0);
};

/** Runs one part of the search; a part mupdf cannot read (a broken object) does not stop the others. */
const attempt = (part: () => void): void => {
  try {
    part();
  } catch {
    // Nothing a reader could run is found in an object no reader can read either.
  }
};

export const findActiveSites = (doc: Mupdf.PDFDocument): ActiveSite[] => {
  const sites: ActiveSite[] = [];
  const catalog = doc.getTrailer().get("Root");
  if (!catalog.isDictionary()) return sites;

  const add = (holder: PDFObject, key: string, where: string, afterRemove?: () => void) => {
    const action = holder.get(key);
    if (!action.isDictionary()) return;
    const kinds = chainKinds(action);
    if (kinds.length === 0) return;
    sites.push({
      kinds,
      where,
      remove: () => {
        removeAction(holder, key);
        afterRemove?.();
      },
    });
  };
  /** Each trigger of an `/AA` dictionary; the dictionary goes once nothing is left in it. */
  const addTriggers = (owner: PDFObject, describe: (trigger: string) => string | undefined) => {
    const aa = owner.get("AA");
    if (!aa.isDictionary()) return;
    const triggers: string[] = [];
    aa.forEach((_value, key) => triggers.push(String(key)));
    for (const trigger of triggers) {
      const where = describe(trigger);
      if (where !== undefined) add(aa, trigger, where, () => dictSize(aa) === 0 && owner.delete("AA"));
    }
  };

  // A destination array in /OpenAction only opens a page; a dictionary is an action.
  attempt(() => add(catalog, "OpenAction", "run when the document opens"));
  attempt(() => addTriggers(catalog, (t) => DOCUMENT_TRIGGERS[t] ?? `run on document event ${t}`));

  attempt(() => {
    const names = catalog.get("Names");
    const scripts = at(names, "JavaScript");
    if (!scripts.isDictionary()) return;
    const entries = nameTree(scripts);
    const removeTree = () => names.delete("JavaScript");
    if (entries.length === 0) {
      sites.push({ kinds: ["JavaScript"], where: "run when the document opens (an empty script list)", remove: removeTree });
    }
    for (const { key } of entries) {
      sites.push({ kinds: ["JavaScript"], where: `run when the document opens (script "${key}")`, remove: removeTree });
    }
  });

  // Widgets are both annotations of a page and nodes of the field tree: each object is looked at once.
  const done = new Set<number>();
  const firstTime = (obj: PDFObject): boolean => {
    const ref = refOf(obj);
    if (ref === 0) return true;
    if (done.has(ref)) return false;
    done.add(ref);
    return true;
  };
  const addAnnotation = (annot: PDFObject, page: number) => {
    const subtype = nameOf(annot.get("Subtype"));
    const field = fieldName(annot);
    const base =
      subtype === "Widget" || (subtype === "" && field !== "")
        ? `on form field ${field === "" ? "(unnamed)" : field}`
        : subtype === "Link"
          ? `on page ${page} link`
          : `on page ${page} ${subtype === "" ? "annotation" : `${subtype} annotation`}`;
    add(annot, "A", base);
    addTriggers(annot, (t) => `${base} (${TRIGGERS[t] ?? t})`);
  };

  let count = 0;
  attempt(() => (count = doc.countPages()));
  for (let index = 0; index < count; index++) {
    let page: PDFObject;
    try {
      page = doc.findPage(index);
    } catch {
      continue;
    }
    attempt(() => addTriggers(page, (t) => (t === "O" ? `run when page ${index + 1} opens` : t === "C" ? `run when page ${index + 1} closes` : `run on page ${index + 1} event ${t}`)));
    const annots = at(page, "Annots");
    if (!annots.isArray()) continue;
    for (let i = 0; i < annots.length; i++) {
      attempt(() => {
        const annot = annots.get(i);
        if (annot.isDictionary() && firstTime(annot)) addAnnotation(annot, index + 1);
      });
    }
  }

  attempt(() => {
    const fields = catalog.get("AcroForm", "Fields");
    if (!fields.isArray()) return;
    let visited = 0;
    const walk = (node: PDFObject, depth: number) => {
      if (!node.isDictionary() || depth > MAX_DEPTH || ++visited > MAX_NODES) return;
      if (firstTime(node)) addAnnotation(node, 0);
      const kids = node.get("Kids");
      if (kids.isArray()) for (let i = 0; i < kids.length; i++) walk(kids.get(i), depth + 1);
    };
    for (let i = 0; i < fields.length; i++) walk(fields.get(i), 0);
  });

  attempt(() => {
    const outlines = catalog.get("Outlines");
    if (!outlines.isDictionary()) return;
    const seen = new Set<number>();
    let visited = 0;
    const walk = (first: PDFObject, depth: number) => {
      for (let item = first; item.isDictionary() && depth <= MAX_DEPTH && ++visited <= MAX_NODES; item = item.get("Next")) {
        const ref = refOf(item);
        if (ref !== 0) {
          if (seen.has(ref)) return;
          seen.add(ref);
        }
        add(item, "A", `in bookmark "${textOf(item.get("Title"))}"`);
        walk(item.get("First"), depth + 1);
      }
    };
    walk(outlines.get("First"), 0);
  });
  return sites;
};
