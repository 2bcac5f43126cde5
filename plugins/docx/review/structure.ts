/**
 * Block structure Word insists on, whatever a schema check says:
 * - a table cell must end with a paragraph (one after a nested table too), and a text box, header, footer,
 *   footnote, endnote or comment must hold at least one; otherwise Word reports "ambiguous cell mapping" or
 *   unreadable content. The repair (`docx.required_paragraphs`) appends an empty `w:p` where one is missing.
 * - a table must have a row and a row a cell. The repair (`docx.empty_tables`) removes rows without cells and
 *   tables without rows: they hold no text.
 * Both repairs keep the text (empty paragraphs are not part of the content proof).
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { appendInside, finding, prefixOf, removeNode, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import type { Story } from "./parts.ts";
import { kids, type XEl } from "../../../core/ooxml/xml/tree.ts";

export const PARAGRAPHS_FIX = "docx.required_paragraphs";
export const TABLES_FIX = "docx.empty_tables";

/** Markers and properties that may follow the last block of a container. */
const NOT_BLOCKS = new Set([
  "tcPr", "bookmarkStart", "bookmarkEnd", "commentRangeStart", "commentRangeEnd", "permStart", "permEnd", "proofErr",
  "moveFromRangeStart", "moveFromRangeEnd", "moveToRangeStart", "moveToRangeEnd", "customXmlInsRangeStart",
  "customXmlInsRangeEnd", "customXmlDelRangeStart", "customXmlDelRangeEnd", "sectPr",
]);
const WRAPPERS = new Set(["sdt", "sdtContent", "customXml", "ins", "del", "moveTo", "moveFrom"]);

/** The last block-level element of a container, looking into content controls and custom XML. */
const lastBlock = (container: XEl): XEl | undefined => {
  const list = kids(container);
  for (let i = list.length - 1; i >= 0; i--) {
    const c = list[i]!;
    if (NOT_BLOCKS.has(c.local) || c.local === "sdtPr" || c.local === "sdtEndPr" || c.local === "customXmlPr") continue;
    if (WRAPPERS.has(c.local)) {
      const inner = c.local === "sdt" ? c.child("sdtContent") : c;
      const found = inner ? lastBlock(inner) : undefined;
      if (found) return found;
      continue;
    }
    return c;
  }
  return undefined;
};

const CONTAINERS = new Set(["txbxContent"]);
const NOTES = new Set(["footnote", "endnote", "comment"]);

const missingParagraphs = (model: Model): { story: Story; node: XEl }[] => {
  const out: { story: Story; node: XEl }[] = [];
  for (const story of model.stories) {
    if (story.kind === "header" || story.kind === "footer") {
      if (!lastBlock(story.root)) out.push({ story, node: story.root });
    } else if (story.kind !== "document") {
      for (const note of kids(story.root)) if (NOTES.has(note.local) && !lastBlock(note)) out.push({ story, node: note });
    }
    for (const tc of model.all(story, "tc")) if (lastBlock(tc)?.local !== "p") out.push({ story, node: tc });
    for (const name of CONTAINERS) for (const box of model.all(story, name)) if (!lastBlock(box)) out.push({ story, node: box });
  }
  return out;
};

const emptyTables = (model: Model): { story: Story; node: XEl }[] => {
  const out: { story: Story; node: XEl }[] = [];
  for (const story of model.stories) {
    for (const tbl of model.all(story, "tbl")) {
      const rows = tbl.childrenNamed("tr");
      const empty = rows.filter((r) => r.childrenNamed("tc").length === 0 && !r.children.some((c) => WRAPPERS.has(c.local)));
      if (rows.length === empty.length && !tbl.children.some((c) => WRAPPERS.has(c.local))) out.push({ story, node: tbl });
      else for (const r of empty) out.push({ story, node: r });
    }
  }
  // A table removed whole takes its rows and inner tables with it.
  return out.filter((x) => !out.some((y) => y !== x && y.node.start <= x.node.start && x.node.end <= y.node.end && y.node.local === "tbl" && y.story === x.story));
};

export const checkStructure = (model: Model): Finding[] => {
  const out: Finding[] = [];
  const missing = missingParagraphs(model);
  if (missing.length > 0) {
    const n = missing.length;
    const cells = missing.filter((m) => m.node.local === "tc").length;
    out.push(
      finding(
        "docx.paragraph_missing",
        "error",
        "structural",
        `${n} ${cells === n ? `table cell${n === 1 ? " does" : "s do"} not end with a paragraph` : `table cell${n === 1 ? "" : "s"}, text box${n === 1 ? "" : "es"}, header${n === 1 ? "" : "s"} or note${n === 1 ? "" : "s"} lack the paragraph Word requires`}; Word reports unreadable content. The repair adds an empty paragraph where one is required.`,
        PARAGRAPHS_FIX,
      ),
    );
  }
  const empty = emptyTables(model);
  if (empty.length > 0) {
    const n = empty.length;
    out.push(
      finding(
        "docx.table_empty",
        "error",
        "structural",
        `${n} table${n === 1 ? "" : "s"} or row${n === 1 ? "" : "s"} without any cell; Word reports unreadable content. The repair removes ${n === 1 ? "it" : "them"} (${n === 1 ? "it holds" : "they hold"} no text).`,
        TABLES_FIX,
      ),
    );
  }
  return out;
};

export const fixParagraphs = (model: Model): Edit[] =>
  // Every container here is a WordprocessingML element, so its own prefix names the paragraph too.
  missingParagraphs(model).map(({ story, node }) => appendInside(story, node, `<${prefixOf(node)}p/>`));

export const fixEmptyTables = (model: Model): Edit[] => emptyTables(model).map(({ story, node }) => removeNode(story, node));
