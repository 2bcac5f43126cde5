/**
 * Every XML part, whatever it is: characters XML 1.0 does not allow (raw C0 controls but tab, CR and LF, U+FFFE,
 * U+FFFF, or character references to them, `&#x1;`, `&#xB;`) make Office refuse the whole file; the repair
 * `package.strip_invalid_xml_chars` removes them and nothing else (readers never show them). A part that is not
 * well-formed XML is an error no repair can safely guess at. VML is read by Office's lenient legacy parser, so it is
 * checked for characters only. A DTD is refused while reading (`PackageRefused`), never reported.
 */
import type { Finding } from "../../contracts/review.ts";
import { declaredTypes } from "./content-types.ts";
import { extensionOf, finding, isVml, XML_EXTENSIONS, type PackageView } from "./parts.ts";
import { countInvalidChars, stripInvalidChars } from "../chars.ts";
import { encodePart } from "../xml/encoding.ts";

export const FIX_STRIP_CHARS = "package.strip_invalid_xml_chars";

/** The XML parts of the package: by extension, or by a declared XML content type. */
const xmlParts = (view: PackageView): string[] => {
  const typeOf = declaredTypes(view);
  return view.names.filter((name) => {
    if (XML_EXTENSIONS.has(extensionOf(name))) return true;
    const type = typeOf(name)?.toLowerCase();
    return type !== undefined && (type.endsWith("+xml") || type === "application/xml" || type === "text/xml");
  });
};

export const checkXmlParts = (view: PackageView): Finding[] => {
  const out: Finding[] = [];
  for (const name of xmlParts(view)) {
    const xml = view.xml(name);
    if (!xml) continue;
    const invalid = countInvalidChars(xml.text);
    if (invalid > 0) {
      out.push(finding("package.xml_invalid_chars", "error", `${name} holds ${invalid} character${invalid === 1 ? "" : "s"} XML does not allow (control characters such as U+0001 or U+000B, raw or as &#x…; references): Office refuses the file.`, FIX_STRIP_CHARS));
    }
    if (xml.damage && !isVml(name)) out.push(finding("package.xml_malformed", "error", `${name} is not well-formed XML (${xml.damage}): Office refuses the file, and what the part held cannot be recovered safely.`));
  }
  return out;
};

export const repairXmlChars = (view: PackageView): Map<string, Uint8Array> | null => {
  const changes = new Map<string, Uint8Array>();
  for (const name of xmlParts(view)) {
    const xml = view.xml(name);
    if (!xml || countInvalidChars(xml.text) === 0) continue;
    changes.set(name, encodePart(stripInvalidChars(xml.text), xml.encoding, xml.bom));
  }
  return changes.size > 0 ? changes : null;
};
