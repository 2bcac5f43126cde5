/**
 * WordprocessingML → blocks and pieces (model.ts). Tracked changes are read as accepted (`w:ins`/`w:moveTo`
 * kept, `w:del`/`w:moveFrom` dropped, a deleted paragraph mark joins the paragraph to the next one); fields show
 * their result (`w:fldSimple`, complex fields between `separate` and `end`; a HYPERLINK field becomes a link);
 * content controls (`w:sdt`) show their content; text boxes become paragraphs after the paragraph they are
 * anchored in; pictures are referenced, not inlined; charts become a table of their cached data and SmartArt an
 * outline. Hidden text (`w:vanish`) is left out, as Word leaves it out of the page.
 */
import type { Severity } from "../../../core/diagnostics.ts";
import { mathTex } from "./math.ts";
import type { SourceRange } from "../../../core/ir/types.ts";
import type { Block, Built, Cell, Para, Piece, Table } from "./model.ts";
import { comment, textPara } from "./model.ts";
import { sourceOf } from "../../../core/ooxml/ir.ts";
import type { Notes } from "./notes.ts";
import type { Numbering } from "./numbering.ts";
import type { Rels } from "../../../core/ooxml/rels.ts";
import type { Parts } from "./parts.ts";
import type { PictureJob } from "./pictures.ts";
import { marksOf, type Styles } from "./styles.ts";
import { hasSymbolCodes, symbolChar } from "./symbols.ts";
import { child, childrenNamed, findNamed, isOn, kids, plainText, valOf, type XEl } from "../../../core/ooxml/xml/tree.ts";

interface Field {
  instr: string;
  result: boolean;
  link: string | undefined;
}

/** One story (the body, a note, a comment, a text box): its part, relationships and open fields. */
export interface Story {
  readonly part: string;
  readonly rels: Rels;
  readonly fields: Field[];
}

interface RunState {
  readonly story: Story;
  readonly out: Piece[];
  /** Blocks anchored in the paragraph (text boxes, charts, SmartArt), written after it. */
  readonly floats: Block[];
}

const HYPERLINK_FIELD = /^\s*HYPERLINK\b(.*)$/is;

/** The address and the `\l` anchor of a `HYPERLINK "url" \l "anchor"` field instruction; null for another field. */
export const hyperlinkParts = (instr: string): { url?: string; anchor?: string } | null => {
  const m = HYPERLINK_FIELD.exec(instr);
  if (!m) return null;
  const tokens = [...m[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((t) => t[1] ?? t[2]!);
  const parts: { url?: string; anchor?: string } = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === "\\l") parts.anchor = tokens[++i];
    else if (/^\\[ot]$/i.test(t)) i++;
    else if (!t.startsWith("\\") && parts.url === undefined) parts.url = t;
  }
  return parts;
};

/** The target of a `HYPERLINK "url" \l "anchor"` field instruction. */
export const hyperlinkField = (instr: string): string | undefined => {
  const parts = hyperlinkParts(instr);
  if (!parts || (parts.url === undefined && parts.anchor === undefined)) return undefined;
  return `${parts.url ?? ""}${parts.anchor ? `#${parts.anchor}` : ""}`;
};

export type Report = (code: string, severity: Severity, message: string) => void;

/** What a legacy form field shows without a result of its own: a check box's state, a drop-down's choice. */
const formFieldText = (ffData: XEl | undefined): string | undefined => {
  if (!ffData) return undefined;
  const box = child(ffData, "checkBox");
  if (box) {
    const checked = child(box, "checked");
    return (checked ? isOn(checked) : isOn(child(box, "default"))) ? "☒" : "☐";
  }
  const list = child(ffData, "ddList");
  if (list) {
    const entries = childrenNamed(list, "listEntry").map((e) => e.attrs["val"] ?? "");
    const index = Number(valOf(list, "result") ?? valOf(list, "default") ?? 0) || 0;
    return entries[index];
  }
  return undefined;
};

export class Reader {
  /** Pictures to read by OCR, one per picture part; null when no OCR is at hand. */
  readonly pictures: PictureJob[] | null;
  private readonly picturesSeen = new Set<string>();
  private styleCache: Styles | undefined;
  private numberingCache: Numbering | null | undefined;

  constructor(
    private readonly parts: Parts,
    private readonly loadStyles: () => Styles,
    private readonly loadNumbering: () => Numbering | null,
    readonly notes: Notes,
    /** Says what could not be read (index.ts keeps one diagnostic per code and message). */
    readonly report: Report,
    ocr: boolean,
  ) {
    this.pictures = ocr ? [] : null;
  }

  get styles(): Styles {
    return (this.styleCache ??= this.loadStyles());
  }

  private get numbering(): Numbering | null {
    if (this.numberingCache === undefined) this.numberingCache = this.loadNumbering();
    return this.numberingCache;
  }

  story(part: string): Story {
    return { part, rels: this.parts.rels(part), fields: [] };
  }

  /** Block content (body, cell, note, text box, content control). */
  blocks(nodes: readonly XEl[], story: Story, out: Block[] = []): Block[] {
    let carry: Piece[] | null = null;
    let carrySource: SourceRange | undefined;
    const flush = () => {
      if (carry && carry.length > 0) out.push({ k: "p", pieces: carry, heading: 0, list: undefined, kind: "text", source: carrySource });
      carry = null;
    };
    for (const node of nodes) {
      switch (node.local) {
        case "p": {
          const { para, floats, joinNext } = this.paragraph(node, story);
          if (carry) {
            para.pieces = [...(carry as Piece[]), ...para.pieces];
            if (carrySource && para.source && carrySource.part === para.source.part) para.source = { ...para.source, start: carrySource.start };
          }
          carry = null;
          if (joinNext) {
            carry = para.pieces;
            carrySource = para.source;
            out.push(...floats);
          } else out.push(para, ...floats);
          break;
        }
        case "tbl":
          flush();
          out.push(this.table(node, story));
          break;
        case "sdt":
          flush();
          this.blocks(kids(child(node, "sdtContent")), story, out);
          break;
        case "del":
        case "moveFrom":
        case "sectPr":
        case "sdtPr":
        case "sdtEndPr":
        case "tblPr":
        case "bookmarkStart":
        case "bookmarkEnd":
        case "proofErr":
        case "permStart":
        case "permEnd":
          break;
        case "commentRangeStart":
        case "commentRangeEnd": {
          const id = node.attrs["id"] ?? "";
          const piece: Piece = node.local === "commentRangeStart" ? { k: "cs", id } : { k: "ce", id };
          if (carry) carry.push(piece);
          else out.push({ k: "p", pieces: [piece], heading: 0, list: undefined, kind: "text", source: sourceOf(node) });
          break;
        }
        case "altChunk": {
          flush();
          const rel = story.rels.get(node.attrs["id"] ?? "");
          this.report("extract.alt_chunk", "warning", "The document imports content from another file (altChunk) that Word merges on opening; that content was not read.");
          out.push(comment(`imported content not read${rel ? `: ${rel.target}` : ""}`, sourceOf(node)));
          break;
        }
        case "subDoc":
          flush();
          this.report("extract.sub_document", "warning", "The document includes sub-documents stored in other files; their content was not read.");
          break;
        default:
          flush();
          // Wrappers (`w:customXml`, `w:ins`, `w:moveTo`…) hold blocks.
          this.blocks(kids(node), story, out);
      }
    }
    flush();
    return out;
  }

  paragraph(p: XEl, story: Story): { para: Para; floats: Block[]; joinNext: boolean } {
    const pPr = child(p, "pPr");
    const styleId = valOf(pPr, "pStyle");
    const state: RunState = { story, out: [], floats: [] };
    this.inlines(kids(p), state, undefined);
    // A field instruction does not run past its paragraph in practice; one left open (a damaged field) would hide
    // the rest of the document, so its instruction ends here.
    for (const f of story.fields) {
      if (!f.result) {
        f.result = true;
        f.link = hyperlinkField(f.instr);
      }
    }

    let heading = 0;
    const outline = valOf(pPr, "outlineLvl");
    if (outline !== undefined) {
      const n = Number(outline);
      if (n >= 0 && n <= 8) heading = n + 1;
    }
    const title = heading === 0 && this.styles.isTitle(styleId);
    if (heading === 0) heading = this.styles.headingLevel(styleId);

    // A numbered heading counts in its list like any numbered paragraph and keeps the number Word prints before it.
    let list: Para["list"];
    {
      const numPr = child(pPr, "numPr");
      let numId = valOf(numPr, "numId");
      const ilvlText = valOf(numPr, "ilvl");
      let ilvl: number | undefined = ilvlText === undefined ? undefined : Number(ilvlText) || 0;
      if (numId === undefined) {
        const fromStyle = this.styles.numbering(styleId);
        if (fromStyle) {
          numId = fromStyle.numId;
          ilvl ??= fromStyle.ilvl;
        }
      }
      if (numId !== undefined && numId !== "0") {
        const numbering = this.numbering;
        if (numbering) {
          ilvl ??= numbering.levelForStyle(numId, styleId);
          list = numbering.item(numId, ilvl);
        }
      }
    }
    let number: string | undefined;
    if (heading > 0 && list) {
      if (list.ordered || list.printed) number = list.label || undefined;
      list = undefined;
    }
    const kind = this.styles.isCode(styleId) ? "code" : this.styles.isQuote(styleId) ? "quote" : "text";
    const markRPr = child(pPr, "rPr");
    const dropCap = child(pPr, "framePr")?.attrs["dropCap"];
    const joinNext = !!child(markRPr, "del") || !!child(markRPr, "moveFrom") || dropCap === "drop" || dropCap === "margin";
    return { para: { k: "p", pieces: state.out, heading, ...(title ? { title } : {}), ...(number ? { number } : {}), list, kind, source: sourceOf(p) }, floats: state.floats, joinNext };
  }

  /** Inline content of a paragraph (or of a wrapper inside one). */
  private inlines(nodes: readonly XEl[], state: RunState, link: string | undefined): void {
    for (const node of nodes) {
      switch (node.local) {
        case "r":
          this.run(node, state, link);
          break;
        case "hyperlink":
          this.inlines(kids(node), state, this.hyperlink(node, state.story) ?? link);
          break;
        case "fldSimple":
          this.inlines(kids(node), state, hyperlinkField(node.attrs["instr"] ?? "") ?? link);
          break;
        case "sdt":
          this.inlines(kids(child(node, "sdtContent")), state, link);
          break;
        case "oMath":
          if (!this.suppressed(state.story)) state.out.push({ k: "math", tex: mathTex(node), plain: plainText(node), display: false });
          break;
        case "oMathPara":
          if (!this.suppressed(state.story)) {
            for (const m of findNamed(node, "oMath")) state.out.push({ k: "math", tex: mathTex(m), plain: plainText(m), display: true });
          }
          break;
        case "commentRangeStart":
          state.out.push({ k: "cs", id: node.attrs["id"] ?? "" });
          break;
        case "commentRangeEnd":
          state.out.push({ k: "ce", id: node.attrs["id"] ?? "" });
          break;
        case "del":
        case "moveFrom":
        case "pPr":
        case "rPr":
        case "sdtPr":
        case "sdtEndPr":
        case "bookmarkStart":
        case "bookmarkEnd":
        case "proofErr":
        case "permStart":
        case "permEnd":
        case "customXmlPr":
        case "smartTagPr":
          break;
        case "subDoc":
          this.report("extract.sub_document", "warning", "The document includes sub-documents stored in other files; their content was not read.");
          break;
        default:
          // `w:ins`, `w:moveTo`, `w:smartTag`, `w:customXml`, `w:dir`, `w:bdo`…: their runs count.
          this.inlines(kids(node), state, link);
      }
    }
  }

  private hyperlink(node: XEl, story: Story): string | undefined {
    const anchor = node.attrs["anchor"];
    const rel = node.attrs["id"] !== undefined ? story.rels.get(node.attrs["id"]!) : undefined;
    if (rel) return `${rel.target}${anchor ? `#${anchor}` : ""}`;
    return anchor ? `#${anchor}` : undefined;
  }

  /** True while a field's instruction is being read: nothing is shown. */
  private suppressed(story: Story): boolean {
    for (const f of story.fields) if (!f.result) return true;
    return false;
  }

  private fieldLink(story: Story): string | undefined {
    for (let i = story.fields.length - 1; i >= 0; i--) if (story.fields[i]!.link !== undefined) return story.fields[i]!.link;
    return undefined;
  }

  private run(r: XEl, state: RunState, link: string | undefined): void {
    const { story, out } = state;
    const rPr = child(r, "rPr");
    const hidden = isOn(child(rPr, "vanish")) && !child(rPr, "specVanish");
    let marks = this.styles.charMarks(valOf(rPr, "rStyle"));
    const direct = marksOf(rPr);
    marks = (marks & ~direct.off) | direct.on;
    const fonts = child(rPr, "rFonts");
    const font = fonts?.attrs["ascii"] ?? fonts?.attrs["hAnsi"];
    const visible = () => !hidden && !this.suppressed(story);
    const emit = (text: string) => {
      if (text === "" || !visible()) return;
      out.push({ k: "t", text, m: marks, link: this.fieldLink(story) ?? link });
    };
    for (const c of kids(r)) {
      switch (c.local) {
        case "t": {
          let text = "";
          text += c.text;
          if (hasSymbolCodes(text)) text = this.symbols(font, text);
          emit(text);
          break;
        }
        case "instrText": {
          const top = story.fields[story.fields.length - 1];
          if (top && !top.result) top.instr += c.text;
          break;
        }
        case "fldChar": {
          const type = c.attrs["fldCharType"];
          if (type === "begin") {
            const form = formFieldText(child(c, "ffData"));
            if (form) emit(form);
            story.fields.push({ instr: "", result: false, link: undefined });
          } else if (type === "separate") {
            const top = story.fields[story.fields.length - 1];
            if (top && !top.result) {
              top.result = true;
              top.link = hyperlinkField(top.instr);
            }
          } else if (type === "end") story.fields.pop();
          break;
        }
        case "tab":
        case "ptab":
          emit(" ");
          break;
        case "br": {
          const type = c.attrs["type"];
          if ((type === undefined || type === "textWrapping") && visible()) out.push({ k: "br", link: this.fieldLink(story) ?? link });
          break;
        }
        case "cr":
          if (visible()) out.push({ k: "br", link: this.fieldLink(story) ?? link });
          break;
        case "noBreakHyphen":
          emit("-");
          break;
        case "sym": {
          const ch = symbolChar(c.attrs["font"], parseInt(c.attrs["char"] ?? "", 16));
          if (ch === null) this.report("extract.symbol_unmapped", "info", `A symbol of the font ${c.attrs["font"] ?? "(none)"} could not be turned into text and was left out.`);
          else emit(ch);
          break;
        }
        case "footnoteReference":
        case "endnoteReference":
          if (visible()) {
            out.push({ k: "note", ref: this.notes.note(c.local === "footnoteReference" ? "footnote" : "endnote", c.attrs["id"] ?? "") });
          }
          break;
        case "commentReference":
          if (!this.suppressed(story)) {
            out.push({ k: "note", ref: this.notes.comment(c.attrs["id"] ?? "") });
          }
          break;
        case "drawing":
        case "pict":
        case "object":
          if (visible()) this.drawing(c, state, this.fieldLink(story) ?? link, { alt: "", source: sourceOf(c) });
          break;
        case "ruby": {
          const base = child(c, "rubyBase");
          if (base) this.inlines(kids(base), state, link);
          break;
        }
        default:
          // rPr, delText, softHyphen, footnoteRef, annotationRef, separators, lastRenderedPageBreak, page numbers.
          break;
      }
    }
  }

  private symbols(font: string | undefined, text: string): string {
    return text.replace(/[\uF020-\uF0FF]/g, (ch) => {
      const mapped = symbolChar(font, ch.charCodeAt(0));
      if (mapped === null) {
        this.report("extract.symbol_unmapped", "info", `A symbol of the font ${font ?? "(none)"} could not be turned into text and was left out.`);
        return "";
      }
      return mapped;
    });
  }

  /** Pictures, text boxes, charts and SmartArt inside `w:drawing`, `w:pict` or `w:object`. */
  private drawing(el: XEl, state: RunState, link: string | undefined, ctx: { alt: string; readonly source: SourceRange }): void {
    for (const c of kids(el)) {
      switch (c.local) {
        case "txbxContent":
          state.floats.push(...this.blocks(kids(c), { ...state.story, fields: [] }));
          break;
        case "docPr":
        case "cNvPr":
          ctx.alt = (c.attrs["descr"] || c.attrs["title"] || "").trim() || ctx.alt;
          break;
        case "blip": {
          const id = c.attrs["embed"] || c.attrs["link"];
          if (id) this.image(id, ctx.alt, state, link, ctx.source);
          break;
        }
        case "imagedata": {
          const id = c.attrs["id"] || c.attrs["pict"] || c.attrs["relid"];
          if (id) this.image(id, (c.attrs["title"] ?? "").trim() || ctx.alt, state, link, ctx.source);
          break;
        }
        case "shape":
        case "rect":
        case "roundrect":
        case "oval":
        case "group": {
          const alt = (c.attrs["alt"] ?? "").trim();
          this.drawing(c, state, link, { alt: alt || ctx.alt, source: ctx.source });
          break;
        }
        case "OLEObject":
          this.report("extract.embedded_object", "info", "An embedded object (OLE) was read as its picture only.");
          break;
        case "chart":
          if (c.attrs["id"]) this.chart(c.attrs["id"], state, ctx.source);
          break;
        case "relIds":
          if (c.attrs["dm"]) this.smartArt(c.attrs["dm"], state, ctx.source);
          break;
        default:
          this.drawing(c, state, link, ctx);
      }
    }
  }

  private image(id: string, alt: string, state: RunState, link: string | undefined, source: SourceRange): void {
    const rel = state.story.rels.get(id);
    if (!rel) {
      this.report("extract.image_missing", "warning", "A picture refers to a relationship the package does not have; it was left out.");
      return;
    }
    const dir = this.parts.main.slice(0, this.parts.main.lastIndexOf("/") + 1);
    const target = rel.external ? rel.target : dir && rel.target.startsWith(dir) ? rel.target.slice(dir.length) : rel.target;
    state.out.push({ k: "img", src: target, alt: alt.replace(/\s+/g, " "), link, source });
    if (this.pictures && !rel.external && !this.picturesSeen.has(rel.target)) {
      this.picturesSeen.add(rel.target);
      const block: Built = { k: "ir", blocks: [] };
      this.pictures.push({ part: rel.target, block, source });
      state.floats.push(block);
    }
  }

  /** A chart: its title and the cached data of its series as a table. */
  private chart(id: string, state: RunState, source: SourceRange): void {
    const rel = state.story.rels.get(id);
    const root = rel && !rel.external ? this.parts.read(rel.target) : null;
    if (!root) {
      this.report("extract.chart", "warning", "A chart could not be read.");
      state.floats.push(comment("chart not read", source));
      return;
    }
    // The chart's own title, not an axis title.
    const titleEl = child(findNamed(root, "chart")[0], "title");
    const title = titleEl ? plainText(titleEl) : "";
    const series = findNamed(root, "ser").map((ser) => {
      const values = (name: string) => {
        const out = new Map<number, string>();
        const holder = child(ser, name);
        if (holder) for (const pt of findNamed(holder, "pt")) out.set(Number(pt.attrs["idx"] ?? 0), plainText(pt));
        return out;
      };
      return {
        name: plainText(child(ser, "tx")).trim(),
        cats: child(ser, "cat") ? values("cat") : values("xVal"),
        vals: child(ser, "val") ? values("val") : values("yVal"),
      };
    });
    if (title.trim()) state.floats.push(textPara(`Chart: ${title.trim()}`, source));
    if (series.length === 0) {
      state.floats.push(comment("chart without data", source));
      this.report("extract.chart", "info", "A chart has no data the reader could show.");
      return;
    }
    const indexes = [...new Set(series.flatMap((s) => [...s.cats.keys(), ...s.vals.keys()]))].sort((a, b) => a - b);
    const cell = (text: string): Cell => ({ blocks: [textPara(text)] });
    const rows: Cell[][] = [[cell(""), ...series.map((s, i) => cell(s.name || `Series ${i + 1}`))]];
    for (const i of indexes) {
      const category = series.find((s) => s.cats.has(i))?.cats.get(i) ?? String(i + 1);
      rows.push([cell(category), ...series.map((s) => cell(s.vals.get(i) ?? ""))]);
    }
    const table: Table = { k: "table", rows, cols: series.length + 1, source };
    state.floats.push(table);
    this.report("extract.chart", "info", "Charts were read as tables of the data they show.");
  }

  /** SmartArt: the text of its nodes, as an outline. */
  private smartArt(id: string, state: RunState, source: SourceRange): void {
    const rel = state.story.rels.get(id);
    const root = rel && !rel.external ? this.parts.read(rel.target) : null;
    const items = root
      ? findNamed(root, "pt")
          .filter((pt) => (pt.attrs["type"] ?? "node") === "node")
          .map((pt) => childrenNamed(child(pt, "t"), "p").map(plainText).join(" ").replace(/\s+/g, " ").trim())
          .filter((t) => t !== "")
      : [];
    if (items.length === 0) {
      this.report("extract.smartart", "warning", "A SmartArt diagram could not be read.");
      state.floats.push(comment("diagram not read", source));
      return;
    }
    state.floats.push(...items.map((t): Para => ({ ...textPara(t, source), list: { level: 0, ordered: false, number: 1, label: "", printed: false, lettered: false } })));
  }

  table(tbl: XEl, story: Story): Table {
    const rows: Cell[][] = [];
    let cols = 0;
    const rowsOf = (nodes: readonly XEl[], into: XEl[]) => {
      for (const n of nodes) {
        if (n.local === "tr") into.push(n);
        else if (n.local === "sdt") rowsOf(kids(child(n, "sdtContent")), into);
        else if (n.local === "customXml" || n.local === "ins" || n.local === "moveTo") rowsOf(kids(n), into);
      }
      return into;
    };
    const cellsOf = (nodes: readonly XEl[], into: XEl[]) => {
      for (const n of nodes) {
        if (n.local === "tc") into.push(n);
        else if (n.local === "sdt") cellsOf(kids(child(n, "sdtContent")), into);
        else if (n.local === "customXml" || n.local === "ins" || n.local === "moveTo") cellsOf(kids(n), into);
      }
      return into;
    };
    for (const tr of rowsOf(kids(tbl), [])) {
      const trPr = child(tr, "trPr");
      if (child(trPr, "del")) continue;
      const row: Cell[] = [];
      const before = gridCount(valOf(trPr, "gridBefore"), 0);
      for (let i = 0; i < before; i++) row.push(EMPTY_CELL);
      for (const tc of cellsOf(kids(tr), [])) {
        const tcPr = child(tc, "tcPr");
        if (child(tcPr, "cellDel")) continue;
        const span = gridCount(valOf(tcPr, "gridSpan"), 1);
        const vMerge = child(tcPr, "vMerge");
        const hMerge = child(tcPr, "hMerge");
        const continued = (vMerge && vMerge.attrs["val"] !== "restart") || (hMerge && hMerge.attrs["val"] !== "restart");
        const blocks = this.blocks(kids(tc), story);
        row.push(continued ? EMPTY_CELL : { blocks, source: sourceOf(tc) });
        for (let i = 1; i < span; i++) row.push(EMPTY_CELL);
      }
      const after = gridCount(valOf(trPr, "gridAfter"), 0);
      for (let i = 0; i < after; i++) row.push(EMPTY_CELL);
      cols = Math.max(cols, row.length);
      rows.push(row);
    }
    if (cols === 0) cols = childrenNamed(child(tbl, "tblGrid"), "gridCol").length;
    return { k: "table", rows, cols, source: sourceOf(tbl) };
  }
}

const EMPTY_CELL: Cell = { blocks: [] };

/** Word tables have at most 63 columns: a larger span or gap is damage (or an attempt to blow the table up). */
const MAX_COLUMNS = 63;
const gridCount = (value: string | undefined, fallback: number): number => {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) ? Math.max(fallback, Math.min(MAX_COLUMNS, Math.trunc(n))) : fallback;
};
