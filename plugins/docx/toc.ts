/**
 * The table of contents: Word's own TOC field (`TOC \o "1-3" \h \z`) whose cached result is
 * already filled in, so the document opens with its entries (and page numbers, when known) and
 * without Word's "update the fields?" prompt: the field is not marked dirty and settings.xml
 * carries no `updateFields`. Word rebuilds the same field when the reader chooses Update Table; without `\u` it
 * builds from the heading styles only, so the Title (outline level 1, for the PDF's H1) is not listed.
 *
 * Each entry links to a bookmark on its heading (`_Toc_<IR id>`, hidden from Word's bookmark list
 * by the leading underscore) and, when the page is known, ends with a right-aligned tab with a dot
 * leader and a PAGEREF field whose cached result is that page. Page numbers come from the caller
 * (`RenderContext.headingPages`: heading IR id → page, measured on a first PDF conversion); an
 * entry without one is written without number or leader, so the first conversion lays out the
 * same lines as the final one.
 *
 * Written as raw WordprocessingML: docx's own TableOfContents marks its field dirty (Word then
 * asks to update) and fills entries only from its own bookmarks.
 */
import { FileChild, ImportedXmlComponent } from "docx";
import { plainText } from "../../core/ir/text.ts";
import type { Block } from "../../core/ir/types.ts";
import { visitBlocks } from "../../core/ir/visit.ts";
import type { Bookmark } from "./context.ts";
import { styleIds } from "./styles.ts";

/** The heading levels the TOC lists (`\o "1-3"`). */
export const tocLevels = 3;

export interface TocEntry {
  headingId: string;
  level: number;
  /** The entry's text, with the clause number Word shows before a numbered heading. */
  text: string;
  bookmark: Bookmark;
}

/** Bookmark names: letters, digits and underscores, at most 40 characters (Word's limits). */
function bookmarkName(id: string, index: number): string {
  const name = `_Toc_${id.replace(/[^A-Za-z0-9]/g, "_")}`;
  return name.length <= 40 ? name : `_Toc_h${index + 1}`;
}

/**
 * The entries of the TOC in reading order: headings of levels 1-3 anywhere a Word heading
 * paragraph is written (top level, quotes, list items). `clauses` mirrors the clause numbering of
 * contract headings (top level only), so the cached entries read as Word would write them.
 */
export function tocEntries(blocks: Block[], clauses: { on: boolean; base: number }): TocEntry[] {
  const out: TocEntry[] = [];
  const counters: number[] = [];
  visitBlocks(blocks, (block, { parents, item }) => {
    // An item's first heading is written as the list paragraph itself, without a heading style
    // (blocks.ts, mapList), so it is no TOC entry.
    if (block.type !== "heading" || item?.blocks[0] === block) return;
    let number = "";
    if (clauses.on && parents.length === 0) {
      const level = Math.max(0, block.level - clauses.base);
      counters[level] = (counters[level] ?? 0) + 1;
      counters.length = level + 1;
      // A level never used above this one shows its start value, 1, as Word and LibreOffice do.
      number = Array.from({ length: level + 1 }, (_, i) => counters[i] || 1).join(".") + ". ";
    }
    if (block.level <= tocLevels) {
      out.push({
        headingId: block.id,
        level: block.level,
        text: number + plainText(block.inlines).trim(),
        bookmark: { name: bookmarkName(block.id, out.length), id: out.length + 1 },
      });
    }
  });
  return out;
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const run = (content: string, props = "") => `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}${content}</w:r>`;
const fieldChar = (type: "begin" | "separate" | "end", props = "") => run(`<w:fldChar w:fldCharType="${type}"/>`, props);
const instruction = (text: string, props = "") => run(`<w:instrText xml:space="preserve">${escape(text)}</w:instrText>`, props);
const textRun = (text: string, props = "") => run(`<w:t xml:space="preserve">${escape(text)}</w:t>`, props);

class RawBlock extends FileChild {
  constructor(name: string, parts: string[]) {
    super(name);
    for (const part of parts) this.root.push(ImportedXmlComponent.fromXmlString(part));
  }
}

export interface TocOptions {
  /** Heading IR id → page number; entries without one get no number. */
  pages?: Readonly<Record<string, number>>;
  /** Position of the right-aligned page-number tab: the text width, in twips. */
  tabPosition: number;
  /** The visible title above the entries ("Contents", "Índice"). */
  title: string;
}

/** The TOC as a block-level content control of Word's Table of Contents gallery, as Word writes it. */
export function tableOfContents(entries: TocEntry[], options: TocOptions): FileChild {
  const hidden = "<w:noProof/><w:webHidden/>";
  const paragraphs = entries.map((entry, i) => {
    const page = options.pages?.[entry.headingId];
    const number =
      page === undefined
        ? ""
        : run("<w:tab/>", hidden) +
          fieldChar("begin", hidden) +
          instruction(` PAGEREF ${entry.bookmark.name} \\h `, hidden) +
          fieldChar("separate", hidden) +
          textRun(String(page), hidden) +
          fieldChar("end", hidden);
    return (
      `<w:p><w:pPr><w:pStyle w:val="${styleIds.toc(entry.level)}"/>` +
      `<w:tabs><w:tab w:val="right" w:leader="dot" w:pos="${options.tabPosition}"/></w:tabs><w:rPr><w:noProof/></w:rPr></w:pPr>` +
      (i === 0 ? fieldChar("begin") + instruction('TOC \\o "1-3" \\h \\z') + fieldChar("separate") : "") +
      `<w:hyperlink w:anchor="${entry.bookmark.name}" w:history="1">${textRun(entry.text, "<w:noProof/>")}${number}</w:hyperlink>` +
      (i === entries.length - 1 ? fieldChar("end") : "") +
      `</w:p>`
    );
  });
  const title = `<w:p><w:pPr><w:pStyle w:val="${styleIds.tocHeading}"/></w:pPr>${textRun(options.title)}</w:p>`;
  return new RawBlock("w:sdt", [
    `<w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr>`,
    `<w:sdtContent>${title}${paragraphs.join("")}</w:sdtContent>`,
  ]);
}
