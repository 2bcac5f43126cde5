/**
 * Small, defensive readers of PDF objects for the review: names, strings and numbers that may be missing or of the
 * wrong type, dictionaries walked with a bound, and name trees walked without looping on a cycle. A hostile file
 * can make any reference point anywhere, so every walk here carries a `seen` set or a depth limit.
 */
import type * as Mupdf from "mupdf";

type PDFObject = Mupdf.PDFObject;

/** Nodes of a tree (name tree, outline, field tree) visited at most; far above any real document. */
export const MAX_NODES = 100_000;
/** Nesting followed at most (form XObjects inside form XObjects, action chains, field trees). */
export const MAX_DEPTH = 32;

/**
 * `obj[path…]`, or mupdf's null object when a step is missing. mupdf's own `get` walks a path safely, but calling
 * `get` on the null object it returns for a missing key throws.
 */
export const at = (obj: PDFObject, ...path: (string | number)[]): PDFObject => (obj.isNull() ? obj : obj.get(...path));

export const nameOf = (obj: PDFObject): string => (obj.isName() ? obj.asName() : "");

export const textOf = (obj: PDFObject): string => (obj.isString() ? obj.asString() : "");

/** The object number of an indirect reference, 0 for a direct object (which cannot be shared or loop back). */
export const refOf = (obj: PDFObject): number => (obj.isIndirect() ? obj.asIndirect() : 0);

export const dictSize = (dict: PDFObject): number => {
  let n = 0;
  dict.forEach(() => n++);
  return n;
};

/** The values of a name tree (`/Names /JavaScript`, `/Names /EmbeddedFiles`) by key, in tree order. */
export const nameTree = (root: PDFObject): { key: string; value: PDFObject }[] => {
  const out: { key: string; value: PDFObject }[] = [];
  const seen = new Set<number>();
  let visited = 0;
  const walk = (node: PDFObject, depth: number): void => {
    if (!node.isDictionary() || depth > MAX_DEPTH || ++visited > MAX_NODES) return;
    const ref = refOf(node);
    if (ref !== 0) {
      if (seen.has(ref)) return;
      seen.add(ref);
    }
    const names = node.get("Names");
    if (names.isArray()) {
      for (let i = 0; i + 1 < names.length; i += 2) out.push({ key: textOf(names.get(i)), value: names.get(i + 1) });
    }
    const kids = node.get("Kids");
    if (kids.isArray()) for (let i = 0; i < kids.length; i++) walk(kids.get(i), depth + 1);
  };
  walk(root, 0);
  return out;
};

/** A form field's full name (`order.total`): the partial names `/T` up the `/Parent` chain. */
export const fieldName = (field: PDFObject): string => {
  const parts: string[] = [];
  const seen = new Set<number>();
  let node = field;
  for (let depth = 0; node.isDictionary() && depth <= MAX_DEPTH; depth++) {
    const ref = refOf(node);
    if (ref !== 0) {
      if (seen.has(ref)) break;
      seen.add(ref);
    }
    const t = textOf(node.get("T"));
    if (t !== "") parts.unshift(t);
    node = node.get("Parent");
  }
  return parts.join(".");
};

/** Pages as a readable list: `2`, `2 and 5`, `1, 3 and 7`, cut after ten. */
export const pageList = (pages: readonly number[]): string => {
  if (pages.length === 1) return String(pages[0]);
  if (pages.length > 10) return `${pages.slice(0, 10).join(", ")} and ${pages.length - 10} more`;
  return `${pages.slice(0, -1).join(", ")} and ${pages[pages.length - 1]}`;
};

export const pagesWord = (pages: readonly number[]): string => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pageList(pages)}`);
