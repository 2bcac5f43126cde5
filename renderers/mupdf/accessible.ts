/**
 * The last touch of a tagged PDF that LibreOffice made, for what its export leaves out (PDF/UA, ISO 14289-1):
 *
 * - `/Lang` on the catalog is the document's language. Writer takes it from the Word file's own, but Impress and
 *   Calc write their installation's default (en-US) whatever the deck or workbook says.
 * - One `Document` element under the structure tree's root. Impress and Calc put every element at the root, which
 *   readers such as poppler take for a broken tree.
 * - A figure without alternative text becomes an artifact, as `alt=""` makes a picture decorative on the web: a
 *   deck's accent bands and rules, a picture whose Markdown has no image text (the create reports it as
 *   `image.no_alt_text`). A screen reader then skips it instead of announcing "graphic" with nothing to say, and
 *   PDF/UA's rule that every figure has an /Alt holds. Its marked content in the page turns from `/Figure <<MCID n>>
 *   BDC` into `/Artifact BMC`, and its entry leaves the parent tree.
 *
 * A PDF without a structure tree gets only its language. Saved incrementally: the bytes LibreOffice wrote stay as
 * they were and the changes are appended.
 */
import type * as Mupdf from "mupdf";
import { loadMupdf } from "./pages.ts";

type PDFObject = Mupdf.PDFObject;
type PDFDocument = Mupdf.PDFDocument;

const name = (obj: PDFObject): string | undefined => (obj.isName() ? obj.asName() : undefined);
const kids = (obj: PDFObject): PDFObject[] => {
  const k = obj.get("K");
  if (k.isNull()) return [];
  if (!k.isArray()) return [k];
  return Array.from({ length: k.length }, (_, i) => k.get(i));
};
const isElement = (obj: PDFObject) => obj.isDictionary() && !obj.get("S").isNull();

/** A figure with nothing to say: no /Alt (or an empty one), no /ActualText, only marked content of its own. */
const silentFigure = (elem: PDFObject, roles: PDFObject): boolean => {
  const s = name(elem.get("S"));
  const role = s && !roles.isNull() ? name(roles.get(s)) : undefined;
  if (s !== "Figure" && role !== "Figure") return false;
  const alt = elem.get("Alt");
  if (!alt.isNull() && alt.asString().trim() !== "") return false;
  if (!elem.get("ActualText").isNull()) return false;
  return kids(elem).every((k) => k.isInteger() || (k.isDictionary() && name(k.get("Type")) === "MCR"));
};

/** The (page, MCID) pairs an element's marked content sits at. */
const markedContent = (elem: PDFObject): Array<{ page: PDFObject; mcid: number }> =>
  kids(elem).flatMap((k) => {
    if (k.isInteger()) return [{ page: elem.get("Pg"), mcid: k.asNumber() }];
    const page = k.get("Pg").isNull() ? elem.get("Pg") : k.get("Pg");
    return [{ page, mcid: k.get("MCID").asNumber() }];
  });

/** Removes silent figures under `parent`, depth first; returns the marked content they held. */
const dropSilentFigures = (parent: PDFObject, roles: PDFObject): Array<{ page: PDFObject; mcid: number }> => {
  const k = parent.get("K");
  if (k.isNull()) return [];
  const list = k.isArray() ? k : null;
  const items = kids(parent);
  const dropped: Array<{ page: PDFObject; mcid: number }> = [];
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (!isElement(item)) continue;
    const silent = silentFigure(item, roles);
    const content = silent ? markedContent(item) : [];
    // Writer draws a picture as an artifact already and leaves its Figure empty: that one simply goes.
    if (silent && content.every((c) => c.page.isIndirect())) {
      dropped.push(...content);
      if (list) list.delete(i);
      else parent.delete("K");
    } else dropped.push(...dropSilentFigures(item, roles));
  }
  return dropped;
};

/** Each dropped MCID's marked-content sequence on its page becomes an artifact; its parent-tree slot is emptied. */
const toArtifacts = (doc: PDFDocument, tree: PDFObject, dropped: Array<{ page: PDFObject; mcid: number }>) => {
  const byPage = new Map<number, { page: PDFObject; mcids: Set<number> }>();
  for (const { page, mcid } of dropped) {
    if (!page.isIndirect()) continue;
    const entry = byPage.get(page.asIndirect()) ?? { page, mcids: new Set<number>() };
    entry.mcids.add(mcid);
    byPage.set(page.asIndirect(), entry);
  }
  const parentTree = tree.get("ParentTree");
  for (const { page, mcids } of byPage.values()) {
    const contents = page.get("Contents");
    const streams = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
    for (const stream of streams) {
      if (!stream.isIndirect()) continue;
      // Latin-1 keeps every byte of the stream as one character, strings and inline images included.
      const text = Buffer.from(stream.readStream().asUint8Array()).toString("latin1");
      const changed = text.replace(/\/([A-Za-z]+)\s*<<\s*\/MCID\s+(\d+)\s*>>\s*BDC/g, (whole, _tag: string, n: string) =>
        mcids.has(Number(n)) ? "/Artifact BMC" : whole,
      );
      if (changed !== text) stream.writeStream(Buffer.from(changed, "latin1"));
    }
    const slot = page.get("StructParents");
    if (!slot.isInteger() || parentTree.isNull()) continue;
    const entry = numberTreeLookup(parentTree, slot.asNumber());
    if (entry && entry.isArray()) for (const mcid of mcids) if (mcid < entry.length) entry.put(mcid, doc.newNull());
  }
};

/** A value of a number tree (the parent tree), through its /Kids when it has them. */
const numberTreeLookup = (node: PDFObject, key: number): PDFObject | undefined => {
  const nums = node.get("Nums");
  if (nums.isArray()) for (let i = 0; i + 1 < nums.length; i += 2) if (nums.get(i).asNumber() === key) return nums.get(i + 1).resolve();
  const children = node.get("Kids");
  if (!children.isArray()) return undefined;
  for (let i = 0; i < children.length; i++) {
    const child = children.get(i);
    const limits = child.get("Limits");
    if (limits.isArray() && (key < limits.get(0).asNumber() || key > limits.get(1).asNumber())) continue;
    const found = numberTreeLookup(child, key);
    if (found) return found;
  }
  return undefined;
};

/** Every element at the root goes under one Document element. */
const oneDocumentRoot = (doc: PDFDocument, treeRef: PDFObject) => {
  const top = kids(treeRef).filter(isElement);
  if (top.length === 1 && name(top[0]!.get("S")) === "Document") return;
  const k = doc.newArray();
  for (const kid of kids(treeRef)) k.push(kid);
  const element = doc.newDictionary();
  element.put("Type", doc.newName("StructElem"));
  element.put("S", doc.newName("Document"));
  element.put("P", treeRef);
  element.put("K", k);
  const ref = doc.addObject(element);
  for (const kid of top) kid.put("P", ref);
  treeRef.put("K", ref);
};

export const finishTags = async (pdf: Uint8Array, options: { language?: string }): Promise<Uint8Array> => {
  const mupdf = await loadMupdf();
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const root = doc.getTrailer().get("Root");
    if (options.language && (root.get("Lang").isNull() || root.get("Lang").asString() !== options.language)) root.put("Lang", doc.newString(options.language));
    const tree = root.get("StructTreeRoot");
    if (tree.isIndirect()) {
      const dropped = dropSilentFigures(tree, tree.get("RoleMap"));
      if (dropped.length > 0) toArtifacts(doc, tree, dropped);
      if (!tree.get("K").isNull()) oneDocumentRoot(doc, tree);
    }
    if (!doc.hasUnsavedChanges()) return pdf;
    // A copy: asUint8Array is a view into mupdf's heap, which the next call of the thread may reuse once the buffer is collected.
    return doc.saveToBuffer("incremental").asUint8Array().slice();
  } finally {
    doc.destroy();
  }
};
