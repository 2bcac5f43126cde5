/**
 * What the review says about the document as a whole, read from its catalog: a form and how many fields it has,
 * an XFA form (which only Adobe's readers draw; others show a placeholder page or an empty form), encryption that
 * restricts what a reader may do without asking for a password, and files attached to it.
 */
import type * as Mupdf from "mupdf";
import { at, MAX_DEPTH, MAX_NODES, nameOf, nameTree, refOf, textOf } from "./objects.ts";

type PDFObject = Mupdf.PDFObject;

export interface DocumentFacts {
  /** Terminal form fields (the ones that hold a value). */
  readonly fields: number;
  readonly xfa: boolean;
  /** mupdf's description of the security handler (`Standard V2 R3 128-bit RC4`), or null when not encrypted. */
  readonly encryption: string | null;
  /** What the encryption forbids, in words (`printing`, `copying text`…). */
  readonly restricted: string[];
  /** Names of embedded files, from the `/EmbeddedFiles` tree and file attachment annotations. */
  readonly attachments: { name: string; page?: number }[];
}

const PERMISSIONS: [Mupdf.DocumentPermission, string][] = [
  ["print", "printing"],
  ["copy", "copying text"],
  ["edit", "changing the document"],
  ["annotate", "adding comments"],
  ["form", "filling in the form"],
  ["assemble", "inserting or removing pages"],
];

const countFields = (fields: PDFObject): number => {
  let count = 0;
  let visited = 0;
  const seen = new Set<number>();
  const walk = (node: PDFObject, depth: number) => {
    if (!node.isDictionary() || depth > MAX_DEPTH || ++visited > MAX_NODES) return;
    const ref = refOf(node);
    if (ref !== 0) {
      if (seen.has(ref)) return;
      seen.add(ref);
    }
    const kids = node.get("Kids");
    // Kids without a name of their own are the field's widgets (one field shown in several places), not fields.
    let childFields = 0;
    if (kids.isArray()) {
      for (let i = 0; i < kids.length; i++) {
        if (!kids.get(i, "T").isNull()) {
          childFields++;
          walk(kids.get(i), depth + 1);
        }
      }
    }
    if (childFields === 0) count++;
  };
  for (let i = 0; i < fields.length; i++) walk(fields.get(i), 0);
  return count;
};

const fileName = (spec: PDFObject): string => {
  if (spec.isString()) return spec.asString();
  return textOf(spec.get("UF")) || textOf(spec.get("F")) || "(unnamed file)";
};

const attempt = <T>(read: () => T, otherwise: T): T => {
  try {
    return read();
  } catch {
    return otherwise;
  }
};

export const documentFacts = (doc: Mupdf.PDFDocument, pageCount: number): DocumentFacts => {
  const catalog = doc.getTrailer().get("Root");
  const acroForm = at(catalog, "AcroForm");
  const fields = attempt(() => (at(acroForm, "Fields").isArray() ? countFields(at(acroForm, "Fields")) : 0), 0);
  const xfa = attempt(() => !at(acroForm, "XFA").isNull(), false);

  const handler = doc.getMetaData("encryption") ?? "None";
  const encryption = handler === "None" ? null : handler;
  const restricted = encryption === null ? [] : PERMISSIONS.filter(([p]) => !doc.hasPermission(p)).map(([, words]) => words);

  const attachments: { name: string; page?: number }[] = attempt(
    () => nameTree(at(catalog, "Names", "EmbeddedFiles")).map(({ key, value }) => ({ name: key || fileName(value) })),
    [],
  );
  for (let index = 0; index < pageCount; index++) {
    attempt(() => {
      const annots = at(doc.findPage(index), "Annots");
      if (!annots.isArray()) return;
      for (let i = 0; i < annots.length; i++) {
        const annot = annots.get(i);
        if (nameOf(annot.get("Subtype")) === "FileAttachment") attachments.push({ name: fileName(annot.get("FS")), page: index + 1 });
      }
    }, undefined);
  }
  return { fields, xfa, encryption, restricted, attachments };
};
