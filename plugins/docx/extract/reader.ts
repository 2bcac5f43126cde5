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
import type { Block, Para, Piece, Ready, Table } from "./model.ts";
import { textPara } from "./model.ts";
import type { Notes } from "./notes.ts";
import type { Numbering } from "./numbering.ts";
import type { Parts, Rel } from "./parts.ts";
import type { PictureJob } from "./pictures.ts";
import { marksOf, type Styles } from "./styles.ts";
import { hasSymbolCodes, symbolChar } from "./symbols.ts";
import { child, childrenNamed, findAll, isOn, plainText, valOf, type El } from "./xml.ts";

interface Field {
  instr: string;
  result: boolean;
  link: string | undefined;
}

/** One story (the body, a note, a comment, a text box): its part, relationships and open fields. */
export interface Story {
  readonly part: string;
  readonly rels: Map<string, Rel>;
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
const formFieldText = (ffData: El | undefined): string | undefined => {
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
  blocks(nodes: readonly (El | string)[], story: Story, out: Block[] = []): Block[] {
    let carry: Piece[] | null = null;
    const flush = () => {
      if (carry && carry.length > 0) out.push({ k: "p", pieces: carry, heading: 0, list: undefined, kind: "text" });
      carry = null;
    };
    for (const node of nodes) {
      if (typeof node === "string") continue;
      switch (node.name) {
        case "p": {
          const { para, floats, joinNext } = this.paragraph(node, story);
          if (carry) para.pieces = [...(carry as Piece[]), ...para.pieces];
          carry = null;
          if (joinNext) {
            carry = para.pieces;
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
          this.blocks(child(node, "sdtContent")?.children ?? [], story, out);
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
          const piece: Piece = node.name === "commentRangeStart" ? { k: "cs", id } : { k: "ce", id };
          if (carry) carry.push(piece);
          else out.push({ k: "p", pieces: [piece], heading: 0, list: undefined, kind: "text" });
          break;
        }
        case "altChunk": {
          flush();
          const rel = story.rels.get(node.attrs["id"] ?? "");
          this.report("extract.alt_chunk", "warning", "The document imports content from another file (altChunk) that Word merges on opening; that content was not read.");
          out.push({ k: "md", md: `<!-- imported content not read${rel ? `: ${rel.target.replace(/--/g, "-")}` : ""} -->` });
          break;
        }
        case "subDoc":
          flush();
          this.report("extract.sub_document", "warning", "The document includes sub-documents stored in other files; their content was not read.");
          break;
        default:
          flush();
          // Wrappers (`w:customXml`, `w:ins`, `w:moveTo`…) hold blocks.
          this.blocks(node.children, story, out);
      }
    }
    flush();
    return out;
  }

  paragraph(p: El, story: Story): { para: Para; floats: Block[]; joinNext: boolean } {
    const pPr = child(p, "pPr");
    const styleId = valOf(pPr, "pStyle");
    const state: RunState = { story, out: [], floats: [] };
    this.inlines(p.children, state, undefined);
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
    if (heading === 0) heading = this.styles.headingLevel(styleId);

    let list: Para["list"];
    if (heading === 0) {
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
    const kind = this.styles.isCode(styleId) ? "code" : this.styles.isQuote(styleId) ? "quote" : "text";
    const markRPr = child(pPr, "rPr");
    const dropCap = child(pPr, "framePr")?.attrs["dropCap"];
    const joinNext = !!child(markRPr, "del") || !!child(markRPr, "moveFrom") || dropCap === "drop" || dropCap === "margin";
    return { para: { k: "p", pieces: state.out, heading, list, kind }, floats: state.floats, joinNext };
  }

  /** Inline content of a paragraph (or of a wrapper inside one). */
  private inlines(nodes: readonly (El | string)[], state: RunState, link: string | undefined): void {
    for (const node of nodes) {
      if (typeof node === "string") continue;
      switch (node.name) {
        case "r":
          this.run(node, state, link);
          break;
        case "hyperlink":
          this.inlines(node.children, state, this.hyperlink(node, state.story) ?? link);
          break;
        case "fldSimple":
          this.inlines(node.children, state, hyperlinkField(node.attrs["instr"] ?? "") ?? link);
          break;
        case "sdt":
          this.inlines(child(node, "sdtContent")?.children ?? [], state, link);
          break;
        case "oMath":
          if (!this.suppressed(state.story)) state.out.push({ k: "md", md: `$${mathTex(node)}$`, plain: plainText(node), link: undefined });
          break;
        case "oMathPara":
          if (!this.suppressed(state.story)) {
            for (const m of findAll(node, "oMath")) state.out.push({ k: "md", md: `$$${mathTex(m)}$$`, plain: plainText(m), link: undefined });
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
          this.inlines(node.children, state, link);
      }
    }
  }

  private hyperlink(node: El, story: Story): string | undefined {
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

  private run(r: El, state: RunState, link: string | undefined): void {
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
    for (const c of r.children) {
      if (typeof c === "string") continue;
      switch (c.name) {
        case "t": {
          let text = "";
          for (const s of c.children) if (typeof s === "string") text += s;
          if (hasSymbolCodes(text)) text = this.symbols(font, text);
          emit(text);
          break;
        }
        case "instrText": {
          const top = story.fields[story.fields.length - 1];
          if (top && !top.result) for (const s of c.children) if (typeof s === "string") top.instr += s;
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
            const label = this.notes.note(c.name === "footnoteReference" ? "footnote" : "endnote", c.attrs["id"] ?? "");
            out.push({ k: "md", md: `[^${label}]`, plain: "", link: undefined, attach: true });
          }
          break;
        case "commentReference":
          if (!this.suppressed(story)) {
            const label = this.notes.comment(c.attrs["id"] ?? "");
            out.push({ k: "md", md: `[^${label}]`, plain: "", link: undefined, attach: true });
          }
          break;
        case "drawing":
        case "pict":
        case "object":
          if (visible()) this.drawing(c, state, this.fieldLink(story) ?? link, { alt: "" });
          break;
        case "ruby": {
          const base = child(c, "rubyBase");
          if (base) this.inlines(base.children, state, link);
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
  private drawing(el: El, state: RunState, link: string | undefined, ctx: { alt: string }): void {
    for (const c of el.children) {
      if (typeof c === "string") continue;
      switch (c.name) {
        case "txbxContent":
          state.floats.push(...this.blocks(c.children, { ...state.story, fields: [] }));
          break;
        case "docPr":
        case "cNvPr":
          ctx.alt = (c.attrs["descr"] || c.attrs["title"] || "").trim() || ctx.alt;
          break;
        case "blip": {
          const id = c.attrs["embed"] || c.attrs["link"];
          if (id) this.image(id, ctx.alt, state, link);
          break;
        }
        case "imagedata": {
          const id = c.attrs["id"] || c.attrs["pict"] || c.attrs["relid"];
          if (id) this.image(id, (c.attrs["title"] ?? "").trim() || ctx.alt, state, link);
          break;
        }
        case "shape":
        case "rect":
        case "roundrect":
        case "oval":
        case "group": {
          const alt = (c.attrs["alt"] ?? "").trim();
          this.drawing(c, state, link, { alt: alt || ctx.alt });
          break;
        }
        case "OLEObject":
          this.report("extract.embedded_object", "info", "An embedded object (OLE) was read as its picture only.");
          break;
        case "chart":
          if (c.attrs["id"]) this.chart(c.attrs["id"], state);
          break;
        case "relIds":
          if (c.attrs["dm"]) this.smartArt(c.attrs["dm"], state);
          break;
        default:
          this.drawing(c, state, link, ctx);
      }
    }
  }

  private image(id: string, alt: string, state: RunState, link: string | undefined): void {
    const rel = state.story.rels.get(id);
    if (!rel) {
      this.report("extract.image_missing", "warning", "A picture refers to a relationship the package does not have; it was left out.");
      return;
    }
    const dir = this.parts.main.slice(0, this.parts.main.lastIndexOf("/") + 1);
    const target = rel.external ? rel.target : dir && rel.target.startsWith(dir) ? rel.target.slice(dir.length) : rel.target;
    const text = alt.replace(/\s+/g, " ");
    const escaped = text.replace(/[\\[\]`*_<>|]/g, (c) => `\\${c}`);
    state.out.push({ k: "md", md: `![${escaped}](${linkDestination(target)})`, plain: text, link });
    if (this.pictures && !rel.external && !this.picturesSeen.has(rel.target)) {
      this.picturesSeen.add(rel.target);
      const block: Ready = { k: "md", md: "" };
      this.pictures.push({ part: rel.target, block });
      state.floats.push(block);
    }
  }

  /** A chart: its title and the cached data of its series as a table. */
  private chart(id: string, state: RunState): void {
    const rel = state.story.rels.get(id);
    const root = rel && !rel.external ? this.parts.read(rel.target) : null;
    if (!root) {
      this.report("extract.chart", "warning", "A chart could not be read.");
      state.floats.push({ k: "md", md: "<!-- chart not read -->" });
      return;
    }
    // The chart's own title, not an axis title.
    const titleEl = child(findAll(root, "chart")[0], "title");
    const title = titleEl ? plainText(titleEl) : "";
    const series = findAll(root, "ser").map((ser) => {
      const values = (name: string) => {
        const out = new Map<number, string>();
        const holder = child(ser, name);
        if (holder) for (const pt of findAll(holder, "pt")) out.set(Number(pt.attrs["idx"] ?? 0), plainText(pt));
        return out;
      };
      return {
        name: plainText(child(ser, "tx") ?? { name: "", attrs: {}, children: [] }).trim(),
        cats: child(ser, "cat") ? values("cat") : values("xVal"),
        vals: child(ser, "val") ? values("val") : values("yVal"),
      };
    });
    if (title.trim()) state.floats.push(textPara(`Chart: ${title.trim()}`));
    if (series.length === 0) {
      state.floats.push({ k: "md", md: "<!-- chart without data -->" });
      this.report("extract.chart", "info", "A chart has no data the reader could show.");
      return;
    }
    const indexes = [...new Set(series.flatMap((s) => [...s.cats.keys(), ...s.vals.keys()]))].sort((a, b) => a - b);
    const cell = (text: string): Block[] => [textPara(text)];
    const rows: Block[][][] = [[cell(""), ...series.map((s, i) => cell(s.name || `Series ${i + 1}`))]];
    for (const i of indexes) {
      const category = series.find((s) => s.cats.has(i))?.cats.get(i) ?? String(i + 1);
      rows.push([cell(category), ...series.map((s) => cell(s.vals.get(i) ?? ""))]);
    }
    const table: Table = { k: "table", rows, cols: series.length + 1 };
    state.floats.push(table);
    this.report("extract.chart", "info", "Charts were read as tables of the data they show.");
  }

  /** SmartArt: the text of its nodes, as an outline. */
  private smartArt(id: string, state: RunState): void {
    const rel = state.story.rels.get(id);
    const root = rel && !rel.external ? this.parts.read(rel.target) : null;
    const items = root
      ? findAll(root, "pt")
          .filter((pt) => (pt.attrs["type"] ?? "node") === "node")
          .map((pt) => childrenNamed(child(pt, "t"), "p").map(plainText).join(" ").replace(/\s+/g, " ").trim())
          .filter((t) => t !== "")
      : [];
    if (items.length === 0) {
      this.report("extract.smartart", "warning", "A SmartArt diagram could not be read.");
      state.floats.push({ k: "md", md: "<!-- diagram not read -->" });
      return;
    }
    state.floats.push(...items.map((t) => ({ k: "p" as const, pieces: [{ k: "t" as const, text: t, m: 0, link: undefined }], heading: 0, list: { level: 0, ordered: false, number: 1 }, kind: "text" as const })));
  }

  table(tbl: El, story: Story): Table {
    const rows: Block[][][] = [];
    let cols = 0;
    const rowsOf = (nodes: readonly (El | string)[], into: El[]) => {
      for (const n of nodes) {
        if (typeof n === "string") continue;
        if (n.name === "tr") into.push(n);
        else if (n.name === "sdt") rowsOf(child(n, "sdtContent")?.children ?? [], into);
        else if (n.name === "customXml" || n.name === "ins" || n.name === "moveTo") rowsOf(n.children, into);
      }
      return into;
    };
    const cellsOf = (nodes: readonly (El | string)[], into: El[]) => {
      for (const n of nodes) {
        if (typeof n === "string") continue;
        if (n.name === "tc") into.push(n);
        else if (n.name === "sdt") cellsOf(child(n, "sdtContent")?.children ?? [], into);
        else if (n.name === "customXml" || n.name === "ins" || n.name === "moveTo") cellsOf(n.children, into);
      }
      return into;
    };
    for (const tr of rowsOf(tbl.children, [])) {
      const trPr = child(tr, "trPr");
      if (child(trPr, "del")) continue;
      const row: Block[][] = [];
      const before = gridCount(valOf(trPr, "gridBefore"), 0);
      for (let i = 0; i < before; i++) row.push([]);
      for (const tc of cellsOf(tr.children, [])) {
        const tcPr = child(tc, "tcPr");
        if (child(tcPr, "cellDel")) continue;
        const span = gridCount(valOf(tcPr, "gridSpan"), 1);
        const vMerge = child(tcPr, "vMerge");
        const hMerge = child(tcPr, "hMerge");
        const continued = (vMerge && vMerge.attrs["val"] !== "restart") || (hMerge && hMerge.attrs["val"] !== "restart");
        const blocks = this.blocks(tc.children, story);
        row.push(continued ? [] : blocks);
        for (let i = 1; i < span; i++) row.push([]);
      }
      const after = gridCount(valOf(trPr, "gridAfter"), 0);
      for (let i = 0; i < after; i++) row.push([]);
      cols = Math.max(cols, row.length);
      rows.push(row);
    }
    if (cols === 0) cols = childrenNamed(child(tbl, "tblGrid"), "gridCol").length;
    return { k: "table", rows, cols };
  }
}

/** Word tables have at most 63 columns: a larger span or gap is damage (or an attempt to blow the table up). */
const MAX_COLUMNS = 63;
const gridCount = (value: string | undefined, fallback: number): number => {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) ? Math.max(fallback, Math.min(MAX_COLUMNS, Math.trunc(n))) : fallback;
};

/** A link or image destination Markdown reads back unchanged. */
export const linkDestination = (url: string): string =>
  url.replace(/[\s()<>|\\]/g, (c) => (c === " " ? "%20" : `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`));
