/**
 * A made file's authorship (issue 17: the author is the caller's organisation or empty, never a library's name):
 * `dc:creator` and `cp:lastModifiedBy` of `docProps/core.xml` set, every other entry copied as stored. Used for the
 * files an agent's program writes, whose libraries put their own names there.
 */
import { openPackage } from "./package.ts";
import { patchZip } from "./zip-patch.ts";
import { escapeAttribute } from "./xml/markup.ts";

const CORE = "docProps/core.xml";

export const withAuthor = (bytes: Uint8Array, author: string | undefined): Uint8Array => {
  const xml = openPackage(bytes).text(CORE);
  if (xml === null) return bytes;
  const name = escapeAttribute(author ?? "");
  const set = (text: string, tag: string) => {
    const element = new RegExp(`<${tag}(\\s[^>]*)?(/>|>[\\s\\S]*?</${tag}>)`);
    return element.test(text) ? text.replace(element, `<${tag}$1>${name}</${tag}>`) : text;
  };
  const next = set(set(xml, "dc:creator"), "cp:lastModifiedBy");
  return next === xml ? bytes : patchZip(bytes, new Map([[CORE, next]]));
};
