/**
 * A made file's authorship (issue 17: the author is the caller's organisation or empty, never a library's name):
 * `dc:creator` and `cp:lastModifiedBy` of `docProps/core.xml` set, and so the author of every comment and tracked
 * change (issue 29), whatever name the agent's program gave them; every other entry is copied as stored. Used for the
 * files an agent's program writes, whose libraries put their own names there.
 */
import { openPackage } from "./package.ts";
import { patchZip } from "./zip-patch.ts";
import { escapeAttribute } from "./xml/markup.ts";

const CORE = "docProps/core.xml";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("")
    .slice(0, 8);

/** Word's comments and revisions (`w:author`, `w:initials`), wherever a part can hold them. */
const WORD_PART = /^word\/(?:document|comments|commentsExtended|people|footnotes|endnotes|header\d*|footer\d*)\.xml$/;
/** PowerPoint's comment authors (legacy and modern), Excel's comment authors. */
const DECK_AUTHORS = /^ppt\/(?:commentAuthors|authors)\.xml$/;
const SHEET_COMMENTS = /^xl\/comments\d*\.xml$/;

const renamed = (entry: string, xml: string, name: string): string => {
  const attr = escapeAttribute(name);
  const initials = escapeAttribute(initialsOf(name));
  if (WORD_PART.test(entry)) return xml.replace(/(\s(?:\w+:)?author=)"[^"]*"/g, `$1"${attr}"`).replace(/(\s(?:\w+:)?initials=)"[^"]*"/g, `$1"${initials}"`);
  if (DECK_AUTHORS.test(entry)) return xml.replace(/(<(?:\w+:)?(?:cmAuthor|author)\b[^>]*?\sname=)"[^"]*"/g, `$1"${attr}"`).replace(/(<(?:\w+:)?(?:cmAuthor|author)\b[^>]*?\sinitials=)"[^"]*"/g, `$1"${initials}"`);
  if (SHEET_COMMENTS.test(entry)) return xml.replace(/(<(?:\w+:)?author>)[^<]*(<\/(?:\w+:)?author>)/g, `$1${escapeAttribute(name)}$2`);
  return xml;
};

export const withAuthor = (bytes: Uint8Array, author: string | undefined): Uint8Array => {
  const pkg = openPackage(bytes);
  const changed = new Map<string, string>();
  const xml = pkg.text(CORE);
  if (xml !== null) {
    const name = escapeAttribute(author ?? "");
    const set = (text: string, tag: string) => {
      const element = new RegExp(`<${tag}(\\s[^>]*)?(/>|>[\\s\\S]*?</${tag}>)`);
      return element.test(text) ? text.replace(element, `<${tag}$1>${name}</${tag}>`) : text;
    };
    const next = set(set(xml, "dc:creator"), "cp:lastModifiedBy");
    if (next !== xml) changed.set(CORE, next);
  }
  // A comment or a revision must name someone; without a name they keep the one they were written with.
  if (author) {
    for (const entry of pkg.names) {
      if (!WORD_PART.test(entry) && !DECK_AUTHORS.test(entry) && !SHEET_COMMENTS.test(entry)) continue;
      const text = pkg.text(entry);
      if (text === null) continue;
      const next = renamed(entry, text, author);
      if (next !== text) changed.set(entry, next);
    }
  }
  return changed.size ? patchZip(bytes, changed) : bytes;
};
