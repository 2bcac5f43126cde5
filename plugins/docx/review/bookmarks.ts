/**
 * Bookmarks and what points at them. A `w:bookmarkStart` is paired with the `w:bookmarkEnd` of the same id in the
 * same story; broken are a start or an end without its partner, an id used by two bookmarks, and a name used twice
 * (Word's names are case-insensitive, and Word keeps only the first). The repair (`docx.bookmarks`) removes orphan
 * marks and later bookmarks whose name is taken (links resolve to the first either way), and gives duplicate ids
 * fresh ones; bookmarks are markers, not text. Word's hidden `_GoBack` and `_Toc…` bookmarks are ordinary ones.
 *
 * A REF, PAGEREF or NOTEREF field naming a bookmark that does not exist prints "Error! Reference source not found."
 * once fields update (LibreOffice updates them when it makes the PDF): an error. An internal link
 * (`w:hyperlink w:anchor`, `HYPERLINK \l`) to a missing bookmark goes nowhere: a warning. Neither is repairable.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, removeNode, setAttr, prefixOf, type Edit } from "./edit.ts";
import type { FieldScan } from "./fields.ts";
import type { Model } from "./model.ts";
import type { Story } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { hyperlinkParts } from "../extract/reader.ts";

export const FIX = "docx.bookmarks";

interface Pair {
  readonly story: Story;
  readonly start: XEl;
  readonly end: XEl;
}

interface Scan {
  readonly orphans: { story: Story; node: XEl }[];
  /** Pairs whose id an earlier pair already uses. */
  readonly duplicateIds: Pair[];
  /** Pairs whose name an earlier pair already uses. */
  readonly duplicateNames: Pair[];
  /** Every bookmark name in the file, lower case (a mark without its partner is ignored by Word, so not counted). */
  readonly names: Set<string>;
  readonly maxId: number;
}

const scanBookmarks = (model: Model): Scan => {
  const orphans: { story: Story; node: XEl }[] = [];
  const pairs: Pair[] = [];
  const names = new Set<string>();
  let maxId = -1;
  for (const story of model.stories) {
    const open = new Map<string, XEl[]>();
    const marks = [...model.all(story, "bookmarkStart"), ...model.all(story, "bookmarkEnd")].sort((a, b) => a.start - b.start);
    for (const node of marks) {
      const id = node.attrs["id"] ?? "";
      const n = Number(id);
      if (Number.isInteger(n)) maxId = Math.max(maxId, n);
      if (node.local === "bookmarkStart") {
        const name = node.attrs["name"];
        if (name === undefined || name === "") {
          orphans.push({ story, node });
          continue;
        }
        const list = open.get(id);
        if (list) list.push(node);
        else open.set(id, [node]);
        continue;
      }
      const start = open.get(id)?.pop();
      if (start) pairs.push({ story, start, end: node });
      else orphans.push({ story, node });
    }
    for (const list of open.values()) for (const node of list) orphans.push({ story, node });
  }
  pairs.sort((a, b) => model.stories.indexOf(a.story) - model.stories.indexOf(b.story) || a.start.start - b.start.start);
  const duplicateIds: Pair[] = [];
  const duplicateNames: Pair[] = [];
  const ids = new Set<string>();
  const seenNames = new Set<string>();
  for (const pair of pairs) {
    const name = pair.start.attrs["name"]!.toLowerCase();
    names.add(name);
    if (seenNames.has(name)) {
      duplicateNames.push(pair);
      continue;
    }
    seenNames.add(name);
    const id = `${pair.start.attrs["id"] ?? ""}`;
    if (ids.has(id)) duplicateIds.push(pair);
    else ids.add(id);
  }
  return { orphans, duplicateIds, duplicateNames, names, maxId };
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The bookmark a field instruction refers to: `REF name`, `PAGEREF name \h`, `NOTEREF "name"`, or `HYPERLINK \l
 * "name"` without an address (with one, `\l` names a place in that other document).
 */
const fieldTarget = (instr: string): { kind: "ref" | "link"; name: string } | null => {
  const ref = /^\s*(REF|PAGEREF|NOTEREF)\s+"?([^\s"\\]+)"?/i.exec(instr);
  if (ref) return { kind: "ref", name: ref[2]! };
  const link = hyperlinkParts(instr);
  return link && link.url === undefined && link.anchor ? { kind: "link", name: link.anchor.trim() } : null;
};

export const checkBookmarks = (model: Model, fields: FieldScan): Finding[] => {
  const scan = scanBookmarks(model);
  const out: Finding[] = [];
  const parts: string[] = [];
  if (scan.orphans.length > 0) parts.push(`${plural(scan.orphans.length, "bookmark mark has", "bookmark marks have")} no partner`);
  if (scan.duplicateIds.length > 0) parts.push(`${plural(scan.duplicateIds.length, "bookmark reuses", "bookmarks reuse")} an id`);
  if (scan.duplicateNames.length > 0) parts.push(`${plural(scan.duplicateNames.length, "bookmark reuses", "bookmarks reuse")} a name Word already gives to another`);
  if (parts.length > 0) {
    out.push(
      finding(
        "docx.bookmarks_broken",
        "warning",
        "structural",
        `${parts.join("; ")}. Word may drop or move them, and links and cross-references to them can land in the wrong place. The repair removes the orphans and the duplicate names and renumbers duplicate ids.`,
        FIX,
      ),
    );
  }
  const refs = new Set<string>();
  const links = new Set<string>();
  for (const f of fields.fields) {
    const target = fieldTarget(f.instr);
    if (target && !scan.names.has(target.name.toLowerCase())) (target.kind === "ref" ? refs : links).add(target.name);
  }
  for (const [, node] of model.everywhere("hyperlink")) {
    // With a relationship the anchor is a place in the linked document, not here.
    const anchor = node.attrs["id"] === undefined ? node.attrs["anchor"] : undefined;
    if (anchor && anchor !== "_top" && !scan.names.has(anchor.toLowerCase())) links.add(anchor);
  }
  if (refs.size > 0) {
    out.push(
      finding(
        "docx.reference_target_missing",
        "error",
        "content",
        `${plural(refs.size, "cross-reference points", "cross-references point")} at a bookmark that does not exist (${[...refs].slice(0, 5).join(", ")}); updated, ${refs.size === 1 ? "it prints" : "they print"} "Error! Reference source not found."`,
      ),
    );
  }
  if (links.size > 0) {
    out.push(
      finding(
        "docx.link_target_missing",
        "warning",
        "content",
        `${plural(links.size, "internal link points", "internal links point")} at a bookmark that does not exist (${[...links].slice(0, 5).join(", ")}); clicking ${links.size === 1 ? "it goes" : "them goes"} nowhere.`,
      ),
    );
  }
  return out;
};

export const fixBookmarks = (model: Model): Edit[] => {
  const scan = scanBookmarks(model);
  const edits: Edit[] = scan.orphans.map(({ story, node }) => removeNode(story, node));
  for (const pair of scan.duplicateNames) edits.push(removeNode(pair.story, pair.start), removeNode(pair.story, pair.end));
  let next = scan.maxId + 1;
  for (const pair of scan.duplicateIds) {
    const id = String(next++);
    edits.push(setAttr(pair.story, pair.start, "id", id, `${prefixOf(pair.start)}id`), setAttr(pair.story, pair.end, "id", id, `${prefixOf(pair.end)}id`));
  }
  return edits;
};
