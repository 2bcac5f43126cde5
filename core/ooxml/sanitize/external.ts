/**
 * External relationships (`TargetMode="External"`) other than hyperlinks: whatever a reader would fetch from outside
 * the file when opening it (a linked image, an attached template, a subdocument or frame, a chart's linked workbook,
 * linked media, a remote font, a mail-merge data source). Each one goes with what names it, so nothing is left
 * pointing at a relationship that is not there:
 *
 * - a linked picture keeps its place: only the `r:link` (or VML `r:id`/`o:relid`) attribute goes, and an embedded
 *   copy, when the picture has one, is what shows;
 * - an element that is only the link (`w:attachedTemplate`, `w:subDoc`, a frame's `w:sourceFileName`, a chart's
 *   `c:externalData`, linked media, a font's `w:embedRegular`…) goes whole; a mail-merge source takes `w:mailMerge`
 *   with it, since the merge cannot run without it;
 * - anything else that names it loses the attribute when the element has content, or goes when it is empty.
 *
 * Hyperlinks (`…/hyperlink`) stay: they are text links, followed only when a reader clicks them.
 */
import { elementsNaming } from "../review/rels.ts";
import { withoutAttribute } from "../xml/markup.ts";
import { closest, type XEl } from "../xml/tree.ts";
import { outermost, type Edit } from "../splice.ts";
import type { PackageEditor } from "./editor.ts";

/** Elements that are nothing but the link, by local name. */
const LINK_ONLY = new Set([
  "attachedTemplate",
  "subDoc",
  "sourceFileName",
  "externalData",
  "videoFile",
  "audioFile",
  "wavAudioFile",
  "quickTimeFile",
  "embedRegular",
  "embedBold",
  "embedItalic",
  "embedBoldItalic",
  "regular",
  "bold",
  "italic",
  "boldItalic",
  "altChunk",
]);
/** Elements whose link attribute goes and the element stays. */
const KEEP_ELEMENT = new Set(["blip", "imagedata", "fill", "media", "worksheetSource", "hlinkClick", "hlinkHover"]);
/** Mail merge: the source is gone, so is the merge. */
const MAIL_MERGE_PARTS = new Set(["dataSource", "headerSource", "recipientData", "odso"]);

const WHAT: Record<string, string> = {
  attachedTemplate: "attached template",
  subDocument: "subdocument",
  frame: "frame source",
  image: "linked image",
  oleObject: "linked OLE object",
  package: "linked package",
  font: "remote font",
  video: "linked video",
  audio: "linked audio",
  media: "linked media",
  mailMergeSource: "mail merge data source",
  mailMergeHeaderSource: "mail merge header source",
  recipientData: "mail merge recipient data",
  externalLinkPath: "external workbook path",
  aFChunk: "external imported document",
};

/** What the element naming a relationship says it is, where the relationship type is too general. */
const BY_ELEMENT: Record<string, string> = { externalData: "linked chart data", worksheetSource: "external pivot source" };

/** How one element naming removed relationships is neutralised: the splice that removes it or its attributes. */
const neutralise = (text: string, el: XEl, attributes: readonly string[]): Edit => {
  const merge = MAIL_MERGE_PARTS.has(el.local) ? closest(el, (e) => e.local === "mailMerge") : null;
  if (merge) return { start: merge.start, end: merge.end, text: "" };
  if (LINK_ONLY.has(el.local)) return { start: el.start, end: el.end, text: "" };
  if (KEEP_ELEMENT.has(el.local) || el.closeStart !== el.end) {
    return { start: el.start, end: el.openEnd, text: attributes.reduce(withoutAttribute, text.slice(el.start, el.openEnd)) };
  }
  return { start: el.start, end: el.end, text: "" };
};

export const removeExternalRelationships = (ed: PackageEditor, removed: string[]): void => {
  for (const source of ed.sources()) {
    const external = ed.rels(source).filter((r) => r.external && r.kind !== "hyperlink");
    if (external.length === 0) continue;
    const ids = new Set(external.map((r) => r.id));
    const text = source === "" ? null : ed.text(source);
    const tree = source === "" ? null : ed.tree(source);
    const namedBy = new Map<string, string>();
    if (text !== null && tree) {
      const byElement = new Map<XEl, string[]>();
      for (const n of elementsNaming(text, tree, ids)) {
        byElement.set(n.el, [...(byElement.get(n.el) ?? []), n.attribute]);
        if (!namedBy.has(n.id)) namedBy.set(n.id, n.el.local);
      }
      ed.edit(source, outermost([...byElement].map(([el, attributes]) => neutralise(text, el, attributes))));
    }
    for (const rel of external) {
      const what = BY_ELEMENT[namedBy.get(rel.id) ?? ""] ?? WHAT[rel.kind] ?? `external ${rel.kind} link`;
      removed.push(`${what} (${rel.target})${source === "" ? "" : ` in ${source}`}`);
    }
    ed.removeRels(source, ids);
  }
};
