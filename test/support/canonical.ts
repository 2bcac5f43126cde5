/**
 * Content comparison of outputs for golden fixtures (DESIGN.md, convention 3): OOXML as its list of parts and each
 * part's canonical XML (volatile ids, revision marks and timestamps replaced, attributes sorted), PDFs as page count
 * and text per page. Never raw bytes: the libraries stamp times and random ids into them.
 */
import { strFromU8, unzipSync } from "fflate";

const VOLATILE_ATTRIBUTES = /^(w:rsid\w*|w14:paraId|w14:textId|w:rsidR|wp14:\w+|w:id)$/;
const ID_ATTRIBUTES = /^(r:id|r:embed|r:link|Id|r:pict|id)$/;

/** Attributes sorted, volatile ones dropped, relationship ids numbered by first appearance. */
export const canonicalXml = (xml: string): string => {
  const ids = new Map<string, string>();
  const idOf = (value: string) => {
    if (!ids.has(value)) ids.set(value, `#${ids.size + 1}`);
    return ids.get(value)!;
  };
  return xml
    .replace(/<\?xml[^>]*\?>/, "")
    .replace(/<([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g, (_m, name: string, attrs: string, selfClose: string) => {
      const list = [...attrs.matchAll(/([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')/g)]
        .map(([, key, raw]) => [key!, raw!.slice(1, -1)] as const)
        .filter(([key]) => !VOLATILE_ATTRIBUTES.test(key))
        .map(([key, value]) => [key, ID_ATTRIBUTES.test(key) && /^(rId|R)?[\w-]{1,40}$/.test(value) ? idOf(value) : value] as const)
        .sort(([a], [b]) => a.localeCompare(b));
      return `<${name}${list.map(([k, v]) => ` ${k}="${v}"`).join("")}${selfClose ? "/" : ""}>`;
    })
    .replace(/>\s+</g, "><")
    .trim();
};

/** Every part of an OOXML package but its document properties (dates, application versions). */
export const ooxmlParts = (bytes: Uint8Array): Record<string, string> => {
  const files = unzipSync(bytes);
  const parts: Record<string, string> = {};
  for (const name of Object.keys(files).sort()) {
    if (name.startsWith("docProps/")) continue;
    if (!/\.(xml|rels)$/.test(name)) {
      parts[name] = `<binary ${files[name]!.byteLength} bytes>`;
      continue;
    }
    parts[name] = canonicalXml(strFromU8(files[name]!));
  }
  return parts;
};

/** The file's author as its document properties hold it (`dc:creator`); null when it names none. */
export const ooxmlAuthor = (bytes: Uint8Array): string | null => {
  const core = unzipSync(bytes)["docProps/core.xml"];
  const creator = core ? /<dc:creator>([^<]*)<\/dc:creator>/.exec(strFromU8(core)) : null;
  return creator?.[1] ?? null;
};

export const pdfDigest = (pages: number, text: ReadonlyArray<{ page: number; text: string }>) => ({
  pages,
  text: text.map((t) => t.text.replace(/\s+/g, " ").trim()),
});
