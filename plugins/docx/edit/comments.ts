/**
 * Comments: the comment itself in the comments part (created when the document has none, with its relationship and
 * content type, each spliced into the part that lists it), and the marks in the document that anchor it.
 */
import { relsFrom, relsPartOf } from "../../../core/ooxml/rels.ts";
import { escapeAttribute } from "../../../core/ooxml/xml/markup.ts";
import { readTree } from "../../../core/ooxml/xml/tree.ts";
import { textMarkup } from "./runs.ts";
import { wordDate } from "./track.ts";

/** The parts as they stand during a plan: the changed ones' new text, else the package's. */
export interface Store {
  get(name: string): string | null;
  set(name: string, text: string): void;
}

const COMMENTS_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml";
const RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types";

const folderOf = (part: string) => part.slice(0, part.lastIndexOf("/") + 1);

/** The comments part of `main`, created (with its relationship and content type) when there is none. */
const commentsPart = (store: Store, main: string, namespace: string): string => {
  const relsPart = relsPartOf(main);
  const relsXml = store.get(relsPart);
  const rels = relsXml ? relsFrom(readTree(relsXml, relsPart), main) : new Map();
  const existing = [...rels.values()].find((r) => r.type === "comments" && !r.external);
  if (existing && store.get(existing.target) !== null) return existing.target;

  let name = "comments.xml";
  for (let n = 1; store.get(folderOf(main) + name) !== null; n++) name = `comments${n}.xml`;
  const part = folderOf(main) + name;
  store.set(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments xmlns:w="${escapeAttribute(namespace)}"></w:comments>`);

  // The relationship type in the namespace family the document's other relationships use (Transitional or Strict).
  const sample = relsXml ? /Type\s*=\s*"([^"]*\/officeDocument\/(?:\d{4}\/)?relationships\/)[^"/]*"/.exec(relsXml)?.[1] : undefined;
  const type = `${sample ?? "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"}comments`;
  let id = 1;
  while (rels.has(`rId${id}`)) id++;
  const rel = `<Relationship Id="rId${id}" Type="${escapeAttribute(type)}" Target="${escapeAttribute(name)}"/>`;
  if (relsXml) {
    const root = readTree(relsXml, relsPart);
    store.set(relsPart, root.openEnd === root.end ? relsXml.slice(0, root.start) + `<Relationships xmlns="${RELS_NS}">${rel}</Relationships>` + relsXml.slice(root.end) : relsXml.slice(0, root.closeStart) + rel + relsXml.slice(root.closeStart));
  } else {
    store.set(relsPart, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS_NS}">${rel}</Relationships>`);
  }

  const typesXml = store.get("[Content_Types].xml");
  const override = `<Override PartName="/${escapeAttribute(part)}" ContentType="${COMMENTS_TYPE}"/>`;
  if (typesXml) {
    const root = readTree(typesXml, "[Content_Types].xml");
    store.set("[Content_Types].xml", root.openEnd === root.end ? typesXml.slice(0, root.start) + `<Types xmlns="${TYPES_NS}">${override}</Types>` + typesXml.slice(root.end) : typesXml.slice(0, root.closeStart) + override + typesXml.slice(root.closeStart));
  }
  return part;
};

export interface NewComment {
  readonly id: number;
  readonly author: string;
  readonly date: string;
  readonly text: string;
}

/** Adds the comment to the comments part (created when missing); the document's marks are the caller's. */
export const addComment = (store: Store, main: string, namespace: string, comment: NewComment): void => {
  const part = commentsPart(store, main, namespace);
  const xml = store.get(part)!;
  const root = readTree(xml, part);
  const p = root.name.slice(0, root.name.length - root.local.length);
  const initials = comment.author.split(/\s+/).filter(Boolean).map((w) => w[0]!.toUpperCase()).join("").slice(0, 8);
  const paragraphs = comment.text.split(/\r?\n/).map((line, i) => `<${p}p>${i === 0 ? `<${p}r><${p}annotationRef/></${p}r>` : ""}${line === "" ? "" : `<${p}r>${textMarkup(p, line)}</${p}r>`}</${p}p>`);
  const markup =
    `<${p}comment ${p}id="${comment.id}" ${p}author="${escapeAttribute(comment.author)}" ${p}date="${escapeAttribute(wordDate(comment.date))}"` +
    `${initials ? ` ${p}initials="${escapeAttribute(initials)}"` : ""}>${paragraphs.join("")}</${p}comment>`;
  store.set(part, root.openEnd === root.end ? xml.slice(0, root.end - 2).replace(/\s*$/, "") + `>${markup}</${root.name}>` + xml.slice(root.end) : xml.slice(0, root.closeStart) + markup + xml.slice(root.closeStart));
};

/** The marks around the anchored text and the reference run after it (`prefix` of the document, with its colon). */
export const commentMarks = (prefix: string, id: number): { start: string; end: string } => ({
  start: `<${prefix}commentRangeStart ${prefix}id="${id}"/>`,
  end: `<${prefix}commentRangeEnd ${prefix}id="${id}"/><${prefix}r><${prefix}commentReference ${prefix}id="${id}"/></${prefix}r>`,
});

