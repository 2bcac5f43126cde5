/**
 * Drawing ids and descriptions. Every picture, shape and chart has a `wp:docPr` whose `id` Word expects unique:
 * two drawings with the same id in one part make Word report unreadable content (a frequent fault of generated
 * files); the same id in two parts (a header logo and a body figure) is tolerated by current Word and LibreOffice
 * but not by every version, so it is a warning. A missing or non-numeric id is treated as a duplicate. The repair
 * (`docx.renumber_drawing_ids`) keeps the first use of each id and gives every later one a fresh id above the
 * highest in the file.
 *
 * Pictures without a description (`descr`, or a title) leave screen readers and the PDF's alternative text empty;
 * reported as `info`, not repaired (we do not invent text). Pictures marked decorative are fine.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, setAttr, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import type { Story } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.renumber_drawing_ids";

interface Use {
  readonly story: Story;
  readonly node: XEl;
}

const ID = /^\s*\d+\s*$/;

const scanIds = (model: Model) => {
  const uses = [...model.everywhere("docPr")].map(([story, node]) => ({ story, node }));
  let max = 0;
  for (const u of uses) {
    const id = u.node.attrs["id"] ?? "";
    if (ID.test(id)) max = Math.max(max, Number(id));
  }
  const anywhere = new Set<number>();
  const inPart = new Map<Story, Set<number>>();
  const samePart: Use[] = [];
  const otherPart: Use[] = [];
  for (const u of uses) {
    const raw = u.node.attrs["id"] ?? "";
    if (!ID.test(raw)) {
      samePart.push(u);
      continue;
    }
    const id = Number(raw);
    let own = inPart.get(u.story);
    if (!own) inPart.set(u.story, (own = new Set()));
    if (own.has(id)) samePart.push(u);
    else if (anywhere.has(id)) otherPart.push(u);
    own.add(id);
    anywhere.add(id);
  }
  return { samePart, otherPart, max };
};

const isDecorative = (docPr: XEl): boolean =>
  docPr.children.some((c) => c.local === "extLst" && c.children.some((e) => e.children.some((d) => d.local === "decorative" && d.attrs["val"] !== "0")));

/** Pictures (not shapes or charts) with neither a description nor a title. */
const undescribed = (model: Model): number => {
  let n = 0;
  for (const [, docPr] of model.everywhere("docPr")) {
    const holder = docPr.parent;
    const data = holder?.child("graphic")?.child("graphicData");
    if (!data || !data.children.some((c) => c.local === "pic")) continue;
    if ((docPr.attrs["descr"] ?? "").trim() !== "" || (docPr.attrs["title"] ?? "").trim() !== "" || isDecorative(docPr)) continue;
    n++;
  }
  return n;
};

export const checkDrawings = (model: Model): Finding[] => {
  const out: Finding[] = [];
  const { samePart, otherPart } = scanIds(model);
  if (samePart.length > 0) {
    const n = samePart.length;
    out.push(
      finding(
        "docx.drawing_ids_duplicate",
        "error",
        "structural",
        `${n} picture${n === 1 ? " or shape reuses" : "s or shapes reuse"} the id of another in the same part (or ${n === 1 ? "has" : "have"} none); Word reports unreadable content and offers to repair the file. The repair gives ${n === 1 ? "it a fresh id" : "them fresh ids"}.`,
        FIX,
      ),
    );
  }
  if (otherPart.length > 0) {
    const n = otherPart.length;
    out.push(
      finding(
        "docx.drawing_ids_shared_across_parts",
        "warning",
        "structural",
        `${n} picture${n === 1 ? " or shape" : "s or shapes"} in a header, footer or note ${n === 1 ? "reuses" : "reuse"} the id of one elsewhere in the file; some Word versions then report unreadable content. The repair gives ${n === 1 ? "it a fresh id" : "them fresh ids"}.`,
        FIX,
      ),
    );
  }
  const bare = undescribed(model);
  if (bare > 0) {
    out.push(
      finding(
        "docx.image_alt_text_missing",
        "info",
        "content",
        `${bare} picture${bare === 1 ? " has" : "s have"} no alternative text; screen readers and the PDF's accessibility tags have nothing to say for ${bare === 1 ? "it" : "them"}.`,
      ),
    );
  }
  return out;
};

export const fixDrawings = (model: Model): Edit[] => {
  const { samePart, otherPart, max } = scanIds(model);
  let next = max + 1;
  return [...samePart, ...otherPart]
    .sort((a, b) => model.stories.indexOf(a.story) - model.stories.indexOf(b.story) || a.node.start - b.node.start)
    .map((u) => setAttr(u.story, u.node, "id", String(next++)));
};
