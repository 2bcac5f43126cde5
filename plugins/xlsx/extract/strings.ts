/**
 * Cell strings: the shared string table (`sst`, plain or rich `si`), inline strings (`is`), and the `_xHHHH_`
 * escapes OOXML uses for characters XML cannot hold. Phonetic guides (`rPh`) are not text of the cell.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { child, elements, kids, ownText, readOptional } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

/** Decodes `_x000D_`-style escapes (`_x005F_` escapes a literal underscore sequence). */
export const unescapeOoxml = (text: string): string => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The text of an `si` or `is` element: its `t`, or the `t` of its runs. */
export const richText = (node: XEl | undefined): string => {
  if (!node) return "";
  const parts: string[] = [];
  for (const c of elements(node)) {
    const name = c.local;
    if (name === "t") parts.push(ownText(c));
    else if (name === "r") parts.push(kids(c, "t").map(ownText).join(""));
  }
  return unescapeOoxml(parts.join(""));
};

export const readSharedStrings = (pkg: Package, part: string | null, diagnostics: Diagnostic[]): string[] | null => {
  const root = part ? readOptional(pkg, part, "shared strings", diagnostics) : null;
  return root ? kids(root, "si").map(richText) : null;
};

export const inlineString = (cell: XEl): string => richText(child(cell, "is"));
