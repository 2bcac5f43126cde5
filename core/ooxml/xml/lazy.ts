/**
 * The elements `name` of a flat part (styles, numbering definitions), keyed by the attribute `idAttr`, each parsed
 * only when asked for: a template's styles part can hold thousands of styles (450 KB seen) while a document uses a
 * handful. Each element is parsed in place by the one tokenizer (offsets are those of the whole part), so the part
 * is refused for a DTD exactly as a whole parse would be, and an element that is not well-formed reads as absent.
 */
import { decodeXmlText, refuseDtd } from "../package.ts";
import { parseTree, XmlDamaged, type XEl } from "./tree.ts";

export const lazyElements = (
  xml: string,
  part: string,
  name: string,
  idAttr: string,
  /** Told about an element that is not well-formed; the element then reads as absent. */
  malformed: (error: unknown) => void,
): Map<string, () => XEl | null> => {
  refuseDtd(xml, part);
  const out = new Map<string, () => XEl | null>();
  const element = new RegExp(`<((?:[\\w.-]+:)?)${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*?)(?:/>|>[\\s\\S]*?</\\1${name}\\s*>)`, "g");
  const id = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${idAttr}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  for (const m of xml.matchAll(element)) {
    const found = id.exec(m[2]!);
    if (!found) continue;
    const key = decodeXmlText(found[1] ?? found[2] ?? "");
    if (out.has(key)) continue;
    const start = m.index;
    const end = start + m[0].length;
    let parsed: XEl | null | undefined;
    out.set(key, () => {
      if (parsed !== undefined) return parsed;
      try {
        parsed = parseTree(xml, part, { from: start, to: end });
      } catch (error) {
        if (!(error instanceof XmlDamaged)) throw error;
        malformed(error);
        parsed = null;
      }
      return parsed;
    });
  }
  return out;
};
