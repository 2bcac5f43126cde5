/**
 * The Word document as addressable blocks (core/contracts/edit.ts): top-level body paragraphs `p<n>` and table cells
 * `t<n>.r<r>.c<c>`, numbered in document order so the same file always gives the same ids. Each block keeps its
 * element of the parsed main part, so apply.ts can map text offsets back to runs (runs.ts) and splice exactly there.
 * Paragraph and cell elements are found the way the extract reader walks the body: through block-level content
 * controls, custom XML and inserted-content wrappers; deleted and moved-away content is not text.
 */
import type { EditBlock, EditBlockKind, EditableDocument } from "../../../core/contracts/edit.ts";
import { openPackage, PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { mainPart, relsOf } from "../../../core/ooxml/rels.ts";
import { lazyElements } from "../../../core/ooxml/xml/lazy.ts";
import { child, kids, readTree, valOf, type XEl } from "../../../core/ooxml/xml/tree.ts";
import { Styles } from "../extract/styles.ts";
import { paragraphText, type ParaText } from "./runs.ts";

/** A block with the elements it was read from. */
export interface Located {
  readonly id: string;
  readonly kind: EditBlockKind;
  readonly context: string;
  readonly el: XEl;
  /** Its paragraphs (one for a body paragraph; a cell's, nested tables included), with their text and runs. */
  readonly paras: readonly ParaText[];
  readonly text: string;
  /** For a cell: its row and table. */
  readonly row?: XEl;
}

export interface Scanned {
  readonly part: string;
  readonly xml: string;
  readonly root: XEl;
  readonly body: XEl;
  /** The WordprocessingML prefix as the part writes it, with its colon (`w:`, `ns0:`, or "" for a default namespace). */
  readonly prefix: string;
  /** The WordprocessingML namespace the part binds (Transitional or Strict). */
  readonly namespace: string;
  readonly blocks: readonly Located[];
}

/** Where the document's parts are, and how its styles name headings: read once per package. */
export interface Setting {
  readonly pkg: Package;
  readonly part: string;
  readonly styles: Styles;
}

export const settingOf = (pkg: Package): Setting => {
  const part = mainPart(pkg, "word/document.xml");
  if (!pkg.has(part)) throw new PackageRefused("the package has no Word document part", "missing_part");
  const stylesRel = [...relsOf(pkg, part).values()].find((r) => r.type === "styles" && !r.external);
  const stylesXml = stylesRel ? pkg.text(stylesRel.target) : null;
  // A damaged style reads as absent: headings are then told by outline level only, which is no reason to refuse.
  const styles = new Styles(stylesXml && stylesRel ? lazyElements(stylesXml, stylesRel.target, "style", "styleId", () => {}) : new Map());
  return { pkg, part, styles };
};

const prefixOf = (el: XEl) => el.name.slice(0, el.name.length - el.local.length);

/** The body's paragraphs and tables in order, through block-level wrappers. */
const bodyContent = (nodes: readonly XEl[], out: XEl[] = []): XEl[] => {
  for (const n of nodes) {
    if (n.local === "p" || n.local === "tbl") out.push(n);
    else if (n.local === "sdt") bodyContent(kids(child(n, "sdtContent")), out);
    else if (n.local === "customXml" || n.local === "ins" || n.local === "moveTo") bodyContent(kids(n), out);
  }
  return out;
};

const ROW_WRAPPERS = new Set(["customXml", "ins", "moveTo"]);
/** Rows of a table or cells of a row, through content controls and custom XML, as the extract reader finds them. */
export const partsNamed = (nodes: readonly XEl[], name: string, out: XEl[] = []): XEl[] => {
  for (const n of nodes) {
    if (n.local === name) out.push(n);
    else if (n.local === "sdt") partsNamed(kids(child(n, "sdtContent")), name, out);
    else if (ROW_WRAPPERS.has(n.local)) partsNamed(kids(n), name, out);
  }
  return out;
};

/** Every paragraph of a cell in order (nested tables' included), not those of text boxes. */
export const cellParagraphs = (tc: XEl, out: XEl[] = []): XEl[] => {
  for (const n of bodyContent(kids(tc))) {
    if (n.local === "p") out.push(n);
    else for (const tr of partsNamed(kids(n), "tr")) for (const c of partsNamed(kids(tr), "tc")) cellParagraphs(c, out);
  }
  return out;
};

const paragraphKind = (p: XEl, styles: Styles): { kind: EditBlockKind; context: string } => {
  const pPr = child(p, "pPr");
  const style = valOf(pPr, "pStyle");
  let level = 0;
  const outline = valOf(pPr, "outlineLvl");
  if (outline !== undefined && Number(outline) >= 0 && Number(outline) <= 8) level = Number(outline) + 1;
  if (level === 0) level = styles.headingLevel(style);
  if (level > 0) return { kind: "heading", context: `heading ${level}` };
  const numId = valOf(child(pPr, "numPr"), "numId") ?? styles.numbering(style)?.numId;
  if (numId !== undefined && numId !== "0") return { kind: "list_item", context: "list item" };
  return { kind: "paragraph", context: "paragraph" };
};

/** The blocks of the main part's text. */
export const scan = (xml: string, setting: Setting): Scanned => {
  const root = readTree(xml, setting.part);
  const body = child(root, "body");
  if (root.local !== "document" || !body) throw new PackageRefused(`${setting.part} is not a Word document body`, "missing_part");
  const prefix = prefixOf(body);
  const namespace = root.qualifiedAttrs.get(prefix === "" ? "xmlns" : `xmlns:${prefix.slice(0, -1)}`) ?? "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  const blocks: Located[] = [];
  let paragraphs = 0;
  let tables = 0;
  for (const node of bodyContent(kids(body))) {
    if (node.local === "p") {
      const para = paragraphText(node);
      blocks.push({ id: `p${++paragraphs}`, ...paragraphKind(node, setting.styles), el: node, paras: [para], text: para.text });
      continue;
    }
    tables++;
    partsNamed(kids(node), "tr").forEach((tr, r) => {
      partsNamed(kids(tr), "tc").forEach((tc, c) => {
        const paras = cellParagraphs(tc).map(paragraphText);
        blocks.push({
          id: `t${tables}.r${r + 1}.c${c + 1}`,
          kind: "table_cell",
          context: `table ${tables}, row ${r + 1}, column ${c + 1}`,
          el: tc,
          paras,
          text: paras.map((p) => p.text).join("\n"),
          row: tr,
        });
      });
    });
  }
  return { part: setting.part, xml, root, body, prefix, namespace, blocks };
};

export const publicBlock = (b: Located, part: string): EditBlock => ({ id: b.id, kind: b.kind, text: b.text, context: b.context, part, start: b.el.start, end: b.el.end });

/** Where the text itself starts a new page: page breaks, paragraphs kept on a new page, sections that start one. */
const PAGE_STARTS = /<(?:\w+:)?br\b[^>]*\btype="page"|<(?:\w+:)?pageBreakBefore\b(?![^>]*\bval="(?:0|false|off)")|<(?:\w+:)?sectPr\b(?![^>]*\/>)/g;
const CONTINUOUS_SECTIONS = /<(?:\w+:)?type\s+(?:\w+:)?val="continuous"/g;

/**
 * Pages as the file says (`docProps/app.xml`), when that is at least what its own page breaks make; else a guess,
 * the larger of those breaks and 450 words a page, marked as such. Files whose app.xml a program copied from its
 * template say one page whatever they hold (in the corpus: a three-page file saying `<Pages>1</Pages>`), and files
 * Quire writes say none.
 */
const pagesOf = (pkg: Package, xml: string, blocks: readonly Located[]): { pages: number; pagesKnown: boolean } => {
  const said = Number(/<(?:\w+:)?Pages>\s*(\d+)\s*</.exec(pkg.text("docProps/app.xml") ?? "")?.[1] ?? 0);
  // The body's own last sectPr starts nothing; continuous sections start no page.
  const starts = Math.max(0, (xml.match(PAGE_STARTS)?.length ?? 0) - 1 - (xml.match(CONTINUOUS_SECTIONS)?.length ?? 0));
  const least = starts + 1;
  if (said >= least) return { pages: said, pagesKnown: true };
  const words = blocks.reduce((n, b) => n + (b.text.match(/\S+/g)?.length ?? 0), 0);
  return { pages: Math.max(least, Math.ceil(words / 450)), pagesKnown: false };
};

export const readDocx = (bytes: Uint8Array): EditableDocument => {
  const pkg = openPackage(bytes);
  const setting = settingOf(pkg);
  const xml = pkg.text(setting.part) ?? "";
  const scanned = scan(xml, setting);
  return { blocks: scanned.blocks.map((b) => publicBlock(b, setting.part)), ...pagesOf(pkg, xml, scanned.blocks) };
};
