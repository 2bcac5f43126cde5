/**
 * A streaming walk over a part for the large parts of a workbook (worksheets, shared strings, styles, calcChain):
 * the review reads every cell, and keeping a tree of a 50 MB sheet costs memory the walk does not need. It is the
 * one tokenizer (tokenizer.ts) with events instead of a tree, so it refuses what every reader refuses; a part that
 * is not well-formed throws `PackageRefused` ("xml_invalid"), as `readTree` does, so a damaged part is reported,
 * not half-read. Events carry offsets into the text, which the repairs use to cut exact substrings.
 */
import { decodeXmlText } from "../package.ts";
import { refusedAsInvalid, tokenize } from "./tokenizer.ts";
import { localName } from "./tree.ts";

export interface WalkHandler {
  /** A start tag (`selfClosing` for `<x/>`): its local name, raw attribute text, and its span `[start, end)`. */
  open?(name: string, attrs: string, start: number, end: number, selfClosing: boolean): void;
  close?(name: string, start: number, end: number): void;
  /** Character data inside the root, entity-decoded (CDATA sections included as they are). */
  text?(text: string): void;
}

/** Walks `xml`, calling `handler` in document order. Throws `PackageRefused` for a DTD or XML that is not well-formed. */
export const walkXml = (xml: string, part: string, handler: WalkHandler): void => {
  const open: string[] = [];
  try {
    tokenize(xml, part, {
      open(name, start, attrEnd, openEnd, empty) {
        const local = localName(name);
        handler.open?.(local, xml.slice(start + 1 + name.length, attrEnd), start, openEnd, empty);
        if (empty) handler.close?.(local, openEnd, openEnd);
        else open.push(local);
      },
      close(start, end) {
        handler.close?.(open.pop()!, start, end);
      },
      text(from, to) {
        if (!handler.text) return;
        const raw = xml.slice(from, to);
        handler.text(raw.includes("&") ? decodeXmlText(raw) : raw);
      },
      cdata(from, to) {
        handler.text?.(xml.slice(from, to));
      },
    });
  } catch (error) {
    throw refusedAsInvalid(error, part);
  }
};

const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of a start tag's raw text by local name, entity-decoded. */
export const attributes = (raw: string): Map<string, string> => {
  const out = new Map<string, string>();
  if (raw === "") return out;
  for (const m of raw.matchAll(ATTR)) {
    const value = m[2] ?? m[3] ?? "";
    out.set(localName(m[1]!), value.includes("&") ? decodeXmlText(value) : value);
  }
  return out;
};
