/**
 * The document properties of a deck made on a template, told about our slides: the application properties' slide
 * and notes counts and slide titles (PowerPoint lists them last among the titles of parts), and the title in the
 * core properties. Everything else the template says of itself (company, application) is kept as written.
 */
import { splice, type Edit } from "../../../core/ooxml/splice.ts";
import { withAttribute } from "../../../core/ooxml/xml/markup.ts";
import { child, kids, path } from "../../../core/ooxml/xml/query.ts";
import { readTree } from "../../../core/ooxml/xml/tree.ts";
import { escapeText } from "../edit/runs.ts";

const APP = "docProps/app.xml";

export function appXml(text: string, titles: readonly string[], notes: number): string {
  const root = readTree(text, APP);
  const edits: Edit[] = [];
  const count = (name: string, value: number) => {
    const el = child(root, name);
    if (el && el.openEnd < el.end) edits.push({ start: el.openEnd, end: el.closeStart, text: String(value) });
  };
  count("Slides", titles.length);
  count("Notes", notes);
  count("HiddenSlides", 0);
  const pairs = kids(path(root, "HeadingPairs", "vector"), "variant");
  const at = pairs.findIndex((v) => child(v, "lpstr")?.text === "Slide Titles");
  const number = child(pairs[at + 1], "i4");
  const list = path(root, "TitlesOfParts", "vector");
  if (at >= 0 && at + 2 === pairs.length && number && list) {
    const before = Number(number.text) || 0;
    const items = kids(list, "lpstr");
    if (before <= items.length) {
      const prefix = items[0]?.name.includes(":") ? items[0].name.slice(0, items[0].name.indexOf(":") + 1) : "vt:";
      const ours = titles.map((t) => `<${prefix}lpstr>${escapeText(t)}</${prefix}lpstr>`).join("");
      const first = items[items.length - before];
      edits.push(first ? { start: first.start, end: items[items.length - 1]!.end, text: ours } : { start: list.closeStart, end: list.closeStart, text: ours });
      edits.push({ start: number.openEnd, end: number.closeStart, text: String(titles.length) });
      const tag = text.slice(list.start, list.openEnd);
      edits.push({ start: list.start, end: list.openEnd, text: withAttribute(tag, "size", String(items.length - before + titles.length)) });
    }
  }
  return splice(text, edits);
}

export function coreXml(text: string, title: string): string {
  const escaped = escapeText(title);
  if (/<dc:title\s*\/>/.test(text)) return text.replace(/<dc:title\s*\/>/, `<dc:title>${escaped}</dc:title>`);
  return text.replace(/<dc:title>[^<]*<\/dc:title>/, `<dc:title>${escaped}</dc:title>`);
}
