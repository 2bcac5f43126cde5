/**
 * Small questions and changes about markup done on a part's text rather than its tree: which prefixes it binds to a
 * namespace, and a start tag with one of its attributes set or removed (what repairs and sanitisers splice in).
 */

/** The prefixes a part binds to `uri` anywhere in it (`xmlns:r="…relationships"` → `r`). */
export const prefixesFor = (xml: string, uris: readonly string[]): Set<string> => {
  const out = new Set<string>();
  for (const m of xml.matchAll(/\sxmlns:([\w.\-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (uris.includes(m[2] ?? m[3] ?? "")) out.add(m[1]!);
  }
  return out;
};

/** A start tag (`<a:blip r:embed="rId1" r:link="rId2"/>`) without one of its attributes (by qualified name). */
export const withoutAttribute = (tag: string, qname: string): string => {
  const escaped = qname.replace(/[.\-]/g, "\\$&");
  return tag.replace(new RegExp(`\\s+${escaped}\\s*=\\s*(?:"[^"]*"|'[^']*')`), "");
};

/** A value escaped for an attribute written in double quotes. */
export const escapeAttribute = (value: string): string => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** A start tag with attribute `qname` (as written) set to `value`: its value replaced in place, else added before the tag's end. */
export const withAttribute = (tag: string, qname: string, value: string): string => {
  const pattern = new RegExp(`(\\s${qname.replace(/[.\-]/g, "\\$&")}\\s*=\\s*)(?:"[^"]*"|'[^']*')`);
  if (pattern.test(tag)) return tag.replace(pattern, (_m, lead: string) => `${lead}"${escapeAttribute(value)}"`);
  const close = tag.endsWith("/>") ? tag.length - 2 : tag.length - 1;
  return `${tag.slice(0, close).replace(/\s+$/, "")} ${qname}="${escapeAttribute(value)}"${tag.slice(close)}`;
};
