/**
 * The Word reader (plugins/docx/extract) against real files made by Word, LibreOffice, Google Docs and other
 * tools (the shared corpus, `../shared/corpus/docx` from the repository root), against small packages built here
 * for what the corpus lacks (math, charts, symbols, merged cells, localized styles), and against hostile input: a
 * zip bomb, a DTD with entities, a truncated file and macros are each refused quickly with a clear error.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { strToU8, zipSync } from "fflate";
import type { Nodes, Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { PackageRefused } from "../../../core/ooxml/package.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { ExtractRefused, type ExtractContext, type Ocr } from "../../../core/contracts/extract.ts";
import { extractedMarkdown } from "../../../core/extract/result.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";
import { extractDocx as readDocx } from "../../../plugins/docx/extract/index.ts";
import { corpusPath } from "../../support/corpus.ts";

const CORPUS = `${corpusPath("docx")}/`;
const SCANS = `${corpusPath("scans")}/`;
const corpusFiles = readdirSync(CORPUS).filter((f) => f.endsWith(".docx")).sort();

/** The reader's result with the Markdown core/extract writes from its IR. */
const extractDocx = async (bytes: Uint8Array, ctx: ExtractContext) => {
  const result = await readDocx(bytes, ctx);
  return { ...result, markdown: extractedMarkdown(result) };
};

const read = (name: string) => extractDocx(new Uint8Array(readFileSync(CORPUS + name)), {});
const md = async (name: string) => (await read(name)).markdown;

/** Splits a GFM table row into cells (escaped pipes stay inside a cell). */
const cells = (row: string): string[] => row.trim().replace(/^\|/, "").replace(/\|$/, "").split(/(?<!\\)\|/);

/** The GFM tables of a Markdown text, as lists of rows. */
const tables = (text: string): string[][] => {
  const out: string[][] = [];
  let current: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("|")) current.push(line);
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
};

const assertTablesRegular = (text: string, name: string) => {
  const found = tables(text);
  assert.ok(found.length > 0, `${name}: a table`);
  for (const rows of found) {
    assert.ok(rows.length >= 2, `${name}: header and separator`);
    assert.match(rows[1]!, /^\|( --- \|)+$/, `${name}: separator row`);
    const width = cells(rows[1]!).length;
    for (const row of rows) assert.equal(cells(row).length, width, `${name}: every row has ${width} cells: ${row}`);
  }
};

/** Every nested list item is indented to its parent's text (2 after `-`, 3 after `1.`). */
const assertListNesting = (text: string, name: string) => {
  let columns: number[] = [];
  let items = 0;
  for (const line of text.split("\n")) {
    const m = /^( *)(-|\d+\.) /.exec(line);
    if (!m) {
      if (line.trim() === "") columns = [];
      continue;
    }
    items++;
    const indent = m[1]!.length;
    if (indent > 0) assert.ok(columns.includes(indent), `${name}: "${line}" is indented to a parent's text (${columns})`);
    columns = columns.filter((c) => c <= indent);
    columns.push(indent + m[2]!.length + 1);
  }
  assert.ok(items > 0, `${name}: list items`);
};

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** Parses the text as GFM (remark): tables keep one width, every note reference has its definition. */
const assertValidGfm = (text: string, name: string) => {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(text) as Root;
  const refs = new Set<string>();
  const defs = new Set<string>();
  const walk = (node: Nodes) => {
    if (node.type === "table") {
      const width = node.children[0]!.children.length;
      for (const row of node.children) assert.equal(row.children.length, width, `${name}: a table row of ${row.children.length} cells, not ${width}`);
    }
    if (node.type === "footnoteReference") refs.add(node.identifier);
    if (node.type === "footnoteDefinition") defs.add(node.identifier);
    if ("children" in node) for (const c of node.children) walk(c);
  };
  walk(tree);
  for (const r of refs) assert.ok(defs.has(r), `${name}: note ${r} has a definition`);
};

describe("docx extract: the corpus", () => {
  it("reads every file without throwing, never silently empty, as valid GFM", async () => {
    assert.ok(corpusFiles.length > 50);
    for (const name of corpusFiles) {
      const result = await read(name);
      assert.ok(result.pages >= 1, name);
      if (name === "mammoth-empty.docx") {
        assert.equal(result.markdown, "");
        assert.ok(result.diagnostics.some((d) => d.code === "extract.empty"));
      } else {
        assert.ok(result.markdown.trim().length > 0, `${name} gives text`);
        assert.ok(!result.diagnostics.some((d) => d.code === "extract.empty"), name);
        assertValidGfm(result.markdown, name);
      }
    }
  });

  it("headings get their level from the paragraph style", async () => {
    const text = await md("pandoc-headers.docx");
    for (const h of ["# A Test of Headers", "## Second Level", "### Third level", "#### Fourth level", "##### Fifth level", "###### Sixth level"]) {
      assert.match(text, new RegExp(`^${h}$`, "m"));
    }
    assert.match(await md("pandoc-german-reference.docx"), /^# Test$/m);
    assert.match(await md("pandoc-i18n_blocks.docx"), /^# This is Heading 1\n\n## This is Heading 2$/m);
    // Numbered headings are headings, with the number Word prints before them (issue 7, part 7).
    assert.match(await md("pandoc-numbered_header.docx"), /^# 1\. A Numbered Header\.$/m);
    assert.match(await md("pandoc-enumerated_headings.docx"), /^# 1 H1\n\n## 1\.1 H2\n\n### 1\.1\.1 H3\n\nAnd some text$/m);
    // Its "CONTENTS" is in the Title style, so Heading 1 comes out one level below it.
    assert.match(await md("pandoc-0_level_headers.docx"), /^# CONTENTS$[\s\S]*^## SECTION 1 Introduction$/m);
  });

  it("lists nest by level with their real markers", async () => {
    const lists = await md("pandoc-lists.docx");
    assert.ok(lists.includes("1. one\n2. two\n   - a. a\n   - b. b"), lists);
    assert.ok(lists.includes("- one\n- two\n  - three\n    - four"), lists);
    assert.ok((await md("mammoth-simple-list.docx")).includes("- Apple\n- Banana"));
    // The second level's text is "1.%2": Word prints 1.1, 1.2 and, under Head 2, 1.1 again; those labels are text.
    assert.ok((await md("pandoc-lists_sublist_reset.docx")).includes("1. Head 1\n\n1.1 Head 1.1\n\n1.2 Head 1.2\n\n2. Head 2\n\n1.1 Head 2.1"));
    assert.match(await md("pandoc-lists_continuing.docx"), /3\. Baz\n\nInterruption\.\n\n4\. Bop/);
    assert.match(await md("pandoc-lists_restarting.docx"), /Interruption\n\n1\. Bop\./);
    assert.match(await md("pandoc-task_list.docx"), /^- \[ \] Unchecked\n- \[x\] Checked$/m);
    for (const name of ["pandoc-lists.docx", "mammoth-simple-list.docx", "pandoc-task_list.docx", "pandoc-deep_normalize.docx", ...corpusFiles.filter((f) => f.startsWith("pandoc-lists_"))]) {
      assertListNesting(await md(name), name);
    }
  });

  it("tables are GFM with the same number of cells on every row", async () => {
    const names = ["pandoc-tables.docx", "mammoth-tables.docx", ...corpusFiles.filter((f) => f.startsWith("pandoc-table_"))];
    for (const name of names) assertTablesRegular(await md(name), name);
    const t = await md("pandoc-tables.docx");
    assert.ok(t.includes("| Name | Game | Fame | Blame |\n| --- | --- | --- | --- |\n| Lebron James | Basketball | Very High | Leaving Cleveland |"));
    assert.ok(t.includes("| Simple<br>Multiparagraph | Table<br>Full |"), "paragraphs in a cell are joined by <br>");
    assert.ok((await md("mammoth-tables.docx")).includes("Above\n\n| Top left | Top right |\n| --- | --- |\n| Bottom left | Bottom right |\n\nBelow"));
    // Spanned and vertically merged header cells leave empty cells so the columns line up.
    const rowspan = tables(await md("pandoc-table_header_rowspan.docx"))[0]!;
    assert.equal(cells(rowspan[0]!).length, 8);
    assert.deepEqual(cells(rowspan[2]!).map((c) => c.trim()), ["", "", "", "", "**G**", "**H**", "**I**", ""]);
    assert.match(await md("pandoc-table_with_list_cell.docx"), /\| - Cell with<br>- A<br>- Bullet list \| 1\. Cell with<br>2\. A<br>3\. Numbered list\. \|/);
  });

  it("footnotes and endnotes are references with definitions at the end", async () => {
    const notes = await md("pandoc-notes.docx");
    assert.ok(notes.includes("Test footnote.[^1] Test endnote.[^2]"));
    assert.match(notes, /^\[\^1\]: My note\.$/m);
    assert.match(notes, /^\[\^2\]: This is an endnote at the end of the document\.$/m);
    for (const name of ["mammoth-footnotes.docx", "mammoth-endnotes.docx"]) {
      const text = await md(name);
      assert.ok(text.startsWith("Ouch[^1].[^2]"), name);
      assert.match(text, /^\[\^1\]: A tachyon walks into a bar\.\n\n\[\^2\]: Fin\.$/m, name);
    }
    assert.match(await md("pandoc-sdt_in_footnote.docx"), /^\[\^1\]: Vgl\. \*Bitzios\* u\. a\./m);
  });

  it("comments are notes naming the author and quoting the commented text", async () => {
    const text = await md("pandoc-comments.docx");
    assert.ok(text.includes("I want some text to have a comment[^c1] on it."));
    assert.match(text, /^\[\^c1\]: Comment by Jesse Rosenthal on “some text to have a comment”: I left a comment\.$/m);
    assert.match(text, /^\[\^c2\]: Comment by Jesse Rosenthal on “a new paragraph\. And so”: A comment across paragraphs\.$/m);
    assert.match(text, /This one has multiple paragraphs\.\n\n {4}See\?/, "later paragraphs of a comment are indented");
    const mammoth = await md("mammoth-comments.docx");
    assert.ok(mammoth.startsWith("Ouch[^c1].[^c2]"));
    assert.match(mammoth, /^\[\^c1\]: Comment by Michael Williamson on “Ouch”: A tachyon walks into a bar\.$/m);
    // A table inside a comment stays a table, under the comment's label.
    assert.match(await md("pandoc-comments_warning.docx"), /: Here is a table:\n\n {4}\| X \| Y \| Z \|/);
  });

  it("tracked changes are read as accepted", async () => {
    assert.match(await md("pandoc-paragraph_insertion_deletion.docx"), /^This is a\n\nsplitParagraph\.$/);
    const deletion = await md("pandoc-track_changes_deletion.docx");
    assert.ok(!deletion.includes("excessively"), deletion);
    assert.equal(await md("pandoc-track_changes_insertion.docx"), "This is a text with two exciting insertions.");
    assert.equal(count(await md("pandoc-track_changes_move.docx"), "Here is the text to be moved."), 1);
  });

  it("text boxes are read once, where they are anchored", async () => {
    assert.equal(await md("mammoth-text-box.docx"), "Datum plane");
    const shape = await md("pandoc-text_in_shape_format.docx");
    assert.equal(count(shape, "Valter Kiisk"), 1);
    assert.equal(count(shape, "Institute of Physics, University of Tartu"), 1);
    for (const name of ["pandoc-textbox_image.docx", "pandoc-textbox_image_duplicate_encoding.docx"]) {
      const text = await md(name);
      assert.equal(count(text, "](media/image1.png)"), 1, name);
      assert.match(text, /The image is below\.\n\n!\[\]\(media\/image1\.png\)\n\nThe image is above\./, name);
    }
  });

  it("links come from relationships, anchors and HYPERLINK fields", async () => {
    const links = await md("pandoc-links.docx");
    assert.ok(links.includes("An [external link](http://google.com) to a popular website."));
    assert.ok(links.includes("[external link](http://pandoc.org/README.html#synopsis)"));
    assert.ok(links.includes("An [internal link](#_A_section_for) to a section header."));
    assert.match(await md("mammoth-footnote-hyperlink.docx"), /^\[\^1\]: \[Example\]\(http:\/\/www\.example\.com\)$/m);
    const field = await md("pandoc-instrText_hyperlink.docx");
    assert.ok(field.includes("[Foundations of Analysis, 2nd Edition](https://books.google.com/books?id=sp_Zcb9ot90C&lpg=PR4&hl=zh-CN&pg=PA19#v=onepage&q&f=true)"));
    // A picture is a block of its own in the IR: it splits the paragraph and the link around it.
    assert.match(await md("pandoc-inline_images.docx"), /Here is \[one\]\(http:\/\/www\.google\.com\)\n\n!\[This one is reddish[^\]]*\]\(media\/image2\.jpg\)\n\n\[that\]\(http:\/\/www\.google\.com\) links\./);
  });

  it("pictures are referenced with their description", async () => {
    assert.match(await md("pandoc-image.docx"), /^!\[He realizes he's making the file-size too big\.\]\(media\/image1\.jpg\)$/m);
    assert.equal(await md("mammoth-external-picture.docx"), "![](tiny-picture.png)");
    assert.match(await md("pandoc-image_vml.docx"), /!\[\]\(media\/image4\.jpeg\)/);
  });

  it("reads Strict OOXML, another main part name, other prefixes and a byte-order mark", async () => {
    assert.equal(await md("mammoth-strict-format.docx"), "Test");
    assert.match(await md("pandoc-alternate_document_path.docx"), /^# Test\n\nThis is \*italic\*, \*\*bold\*\*/);
    assert.equal(await md("pandoc-ns0-reference.docx"), "ref");
    assert.equal(await md("mammoth-utf8-bom.docx"), "This XML has a byte order mark.");
  });

  it("keeps inline formatting, code and page counts", async () => {
    const text = await md("pandoc-inline_formatting.docx");
    assert.ok(text.includes("Regular text *italics* **bold *bold italics***."));
    assert.ok(text.includes("~~strikethrough~~"));
    assert.ok(text.includes("Above the line is <sup>superscript</sup> and below the line is <sub>subscript</sub>."));
    assert.match(await md("pandoc-verbatim_subsuper.docx"), /^m<sup>2<\/sup>\n\nm<sup>`2`<\/sup>\n\n`m`<sup>2<\/sup>\n\n`m`<sup>`2`<\/sup>\n\nm<sub>2<\/sub>\n/);
    assert.ok(text.includes("A line\\\nbreak."));
    assert.equal(await md("pandoc-trailing_spaces_in_formatting.docx"), "Turn my *formatting* off after the spaces.");
    assert.match(await md("pandoc-codeblock.docx"), /```\nreadDocx :: ReaderOptions\n {9}-> B\.ByteString\n {9}-> Pandoc\n```/);
    assert.ok((await md("pandoc-inline_code.docx")).includes("`inline   code`"));
    assert.match(await md("pandoc-diagram.docx"), /- top\n- middle\n- bottom/);
    assert.ok((await md("pandoc-unicode.docx")).includes("€10.∨∨("), "symbols of the Symbol font");
    // Word saved 7 in docProps/app.xml; a Word file counts 1 (issue 20), as its upload does.
    assert.equal((await read("pandoc-0_level_headers.docx")).pages, 1);
  });

  it("is fast: a few milliseconds a file", async () => {
    const files = corpusFiles.map((f) => new Uint8Array(readFileSync(CORPUS + f)));
    for (const b of files) await extractDocx(b, {});
    const started = performance.now();
    for (const b of files) await extractDocx(b, {});
    const perFile = (performance.now() - started) / files.length;
    // 10× the figure (under 25 ms a file): a loaded machine passes, a hang does not; bench/extract measures.
    assert.ok(perFile < 250, `${perFile.toFixed(1)} ms a file`);
  });
});

// ---- Packages built here ----------------------------------------------------------------------------------------

const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"`;
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

interface Build {
  body: string;
  styles?: string;
  numbering?: string;
  footnotes?: string;
  /** Extra relationships of the main part: [id, type, target, external?]. */
  rels?: [string, string, string, boolean?][];
  parts?: Record<string, string | Uint8Array>;
  mainType?: string;
}

const docx = (b: Build): Uint8Array => {
  const rels: [string, string, string, boolean?][] = [...(b.rels ?? [])];
  const files: Record<string, Uint8Array> = {};
  if (b.styles !== undefined) {
    rels.push(["rIdS", "styles", "styles.xml"]);
    files["word/styles.xml"] = strToU8(`<?xml version="1.0"?><w:styles ${W}>${b.styles}</w:styles>`);
  }
  if (b.numbering !== undefined) {
    rels.push(["rIdN", "numbering", "numbering.xml"]);
    files["word/numbering.xml"] = strToU8(`<?xml version="1.0"?><w:numbering ${W}>${b.numbering}</w:numbering>`);
  }
  if (b.footnotes !== undefined) {
    rels.push(["rIdF", "footnotes", "footnotes.xml"]);
    files["word/footnotes.xml"] = strToU8(b.footnotes);
  }
  files["[Content_Types].xml"] = strToU8(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${b.mainType ?? MAIN_TYPE}"/></Types>`,
  );
  files["_rels/.rels"] = strToU8(`<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`);
  files["word/_rels/document.xml.rels"] = strToU8(
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels
      .map(([id, type, target, ext]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${ext ? ' TargetMode="External"' : ""}/>`)
      .join("")}</Relationships>`,
  );
  files["word/document.xml"] = strToU8(`<?xml version="1.0"?><w:document ${W}><w:body>${b.body}<w:sectPr/></w:body></w:document>`);
  for (const [name, data] of Object.entries(b.parts ?? {})) files[name] = typeof data === "string" ? strToU8(data) : data;
  return zipSync(files);
};

const p = (text: string, pPr = "") => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ""}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const extract = async (b: Build) => extractDocx(docx(b), {});

describe("docx extract: built packages", () => {
  it("finds headings through localized style names, outline levels and basedOn", async () => {
    const styles =
      `<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="Überschrift 1"/></w:style>` +
      `<w:style w:type="paragraph" w:styleId="Kapitel"><w:name w:val="Kapitel"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>` +
      `<w:style w:type="paragraph" w:styleId="MyTitle"><w:name w:val="My Title"/><w:basedOn w:val="Title"/></w:style>` +
      `<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>` +
      `<w:style w:type="paragraph" w:styleId="Body"><w:name w:val="Body"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>`;
    const body = [p("Titel", '<w:pStyle w:val="MyTitle"/>'), p("Eins", '<w:pStyle w:val="berschrift1"/>'), p("Zwei", '<w:pStyle w:val="Kapitel"/>'), p("Drei", '<w:outlineLvl w:val="2"/>'), p("Text", '<w:pStyle w:val="Body"/>')].join("");
    const { markdown } = await extract({ body, styles });
    // A Title is above Heading 1: it takes `#` and the headings go one level down (issue 7, part 7).
    assert.equal(markdown, "# Titel\n\n## Eins\n\n### Zwei\n\n#### Drei\n\nText");
    // Without a Title, Heading 1 stays `#`.
    const untitled = await extract({ body: body.replace(p("Titel", '<w:pStyle w:val="MyTitle"/>'), ""), styles });
    assert.equal(untitled.markdown, "# Eins\n\n## Zwei\n\n### Drei\n\nText");
    // An empty paragraph in the Title style is no title: a review that clears its style must not move the headings.
    const emptyTitle = await extract({ body: body.replace(p("Titel", '<w:pStyle w:val="MyTitle"/>'), p("", '<w:pStyle w:val="MyTitle"/>')), styles });
    assert.equal(emptyTitle.markdown, "# Eins\n\n## Zwei\n\n### Drei\n\nText");
  });

  it("numbers lists from numbering.xml: bullets, decimals, letters, nesting, style numbering", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl><w:lvl w:ilvl="2"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/><w:pStyle w:val="ListBullet"/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>`;
    const styles = `<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>`;
    const li = (text: string, ilvl: number, numId = 1) => p(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
    const body = [li("one", 0), li("one-a", 1), li("deep", 2), li("one-b", 1), li("two", 0), li("two-a", 1), p("Styled", '<w:pStyle w:val="ListBullet"/>')].join("");
    const { markdown } = await extract({ body, styles, numbering });
    // Letters as Word prints them ("a)", "b)"): no Markdown marker says a letter, so a bullet with the label.
    assert.equal(markdown, "1. one\n   - a) one-a\n     - deep\n   - b) one-b\n2. two\n   - a) two-a\n\n- Styled");
  });

  it("writes the number Word prints before a numbered heading, counted with the headings before it", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/><w:lvlText w:val="%1."/></w:lvl>` +
      `<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading2"/><w:lvlText w:val="%1.%2"/></w:lvl>` +
      `<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading3"/><w:lvlText w:val="%1.%2.%3."/></w:lvl>` +
      `<w:lvl w:ilvl="3"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="Annex %4"/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="7"><w:abstractNumId w:val="0"/></w:num>`;
    const heading = (n: number) =>
      `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:pPr><w:numPr>${n > 1 ? `<w:ilvl w:val="${n - 1}"/>` : ""}<w:numId w:val="7"/></w:numPr></w:pPr></w:style>`;
    const styles = heading(1) + heading(2) + heading(3);
    const h = (text: string, n: number) => p(text, `<w:pStyle w:val="Heading${n}"/>`);
    const body = [
      h("Intro", 1), h("Scope", 2), p("Text."), h("Method", 1), h("Data", 2), h("Tools", 2), h("Section 2.3", 2), h("Detail", 3),
      p("Annexed", `<w:pStyle w:val="Heading1"/><w:numPr><w:ilvl w:val="3"/><w:numId w:val="7"/></w:numPr>`),
    ].join("");
    const { markdown } = await extract({ body, styles, numbering });
    assert.equal(
      markdown,
      "# 1. Intro\n\n## 1.1 Scope\n\nText.\n\n# 2. Method\n\n## 2.1 Data\n\n## 2.2 Tools\n\n## 2.3 Section 2.3\n\n### 2.3.1. Detail\n\n# Annex A Annexed",
    );
  });

  it("numbers list items as Word prints them: new lists, restarts, continued instances, multi-level labels", async () => {
    const level = (ilvl: number, text: string, start = 1) => `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="decimal"/><w:lvlText w:val="${text}"/></w:lvl>`;
    const numbering =
      `<w:abstractNum w:abstractNumId="0">${level(0, "%1.")}</w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="1">${level(0, "%1.")}</w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="2">${level(0, "%1.")}${level(1, "%1.%2")}</w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>` +
      `<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>` +
      `<w:num w:numId="3"><w:abstractNumId w:val="1"/></w:num>` +
      `<w:num w:numId="4"><w:abstractNumId w:val="2"/></w:num>`;
    const li = (text: string, numId: number, ilvl = 0) => p(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);
    const body = [
      li("a", 1), li("b", 1), li("c", 1), li("d", 1),
      // A list of its own abstract numbering right after: Word starts it at 1.
      li("new", 3), li("list", 3),
      p("Between."),
      // Restarted by a new num on the first abstract list; the first num then goes on from the restart (pandoc #8367).
      li("again", 2), p("Note."), li("goes on", 1),
      p("Outline:"),
      li("One", 4), li("One-one", 4, 1), p("An interrupting paragraph."), li("One-two", 4, 1), li("Two", 4),
    ].join("");
    const { markdown } = await extract({ body, numbering });
    assert.equal(
      markdown,
      "1. a\n2. b\n3. c\n4. d\n\n<!-- -->\n\n1. new\n2. list\n\nBetween.\n\n1. again\n\nNote.\n\n2. goes on\n\nOutline:\n\n" +
        "1. One\n\n1.1 One-one\n\nAn interrupting paragraph.\n\n1.2 One-two\n\n2. Two",
    );
  });

  it("writes tables with spans, vertical merges, grid gaps, nested tables and breaks", async () => {
    const tc = (content: string, tcPr = "") => `<w:tc>${tcPr ? `<w:tcPr>${tcPr}</w:tcPr>` : ""}${content}</w:tc>`;
    const nested = `<w:tbl><w:tr>${tc(p("x"))}${tc(p("y"))}</w:tr><w:tr>${tc(p("z"))}${tc(p("w"))}</w:tr></w:tbl>`;
    const body =
      `<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>` +
      `<w:tr>${tc(p("Wide"), '<w:gridSpan w:val="2"/>')}${tc(p("C"))}</w:tr>` +
      `<w:tr>${tc(p("a|b"), '<w:vMerge w:val="restart"/>')}${tc(`<w:p><w:r><w:t>line1</w:t><w:br/><w:t>line2</w:t></w:r></w:p>`)}${tc(nested + p(""))}</w:tr>` +
      `<w:tr>${tc(p(""), "<w:vMerge/>")}${tc(p("last"))}</w:tr>` +
      `<w:tr><w:trPr><w:gridBefore w:val="1"/></w:trPr>${tc(p("shifted"))}${tc(p("end"))}</w:tr>` +
      `</w:tbl>`;
    const { markdown } = await extract({ body });
    assert.equal(
      markdown,
      "| Wide |  | C |\n| --- | --- | --- |\n| a\\|b | line1<br>line2 | x; y<br>z; w |\n|  | last |  |\n|  | shifted | end |",
    );
  });

  it("reads fields, content controls, symbols, tabs, hidden text, math, text boxes once and alternate content once", async () => {
    const body =
      `<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r><w:fldSimple w:instr=" HYPERLINK &quot;https://example.com/a b&quot; "><w:r><w:t>site</w:t></w:r></w:fldSimple>` +
      `<w:r><w:t xml:space="preserve"> page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
      `<w:sdt><w:sdtPr><w:alias w:val="x"/></w:sdtPr><w:sdtContent>${p("In a control")}</w:sdtContent></w:sdt>` +
      `<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:sym w:font="Wingdings" w:char="F0FC"/><w:sym w:font="Symbol" w:char="F061"/></w:r><w:r><w:rPr><w:vanish/></w:rPr><w:t>HIDDEN</w:t></w:r></w:p>` +
      `<w:p><m:oMath><m:f><m:num><m:r><m:t>a</m:t></m:r></m:num><m:den><m:r><m:t>b</m:t></m:r></m:den></m:f><m:sSup><m:e><m:r><m:t>x</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:oMath></w:p>` +
      `<w:p><w:r><w:t>Anchor</w:t></w:r><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:docPr id="1" name="Text Box 1"/><a:graphic><a:graphicData><w:txbxContent>${p("Boxed text")}</w:txbxContent></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>${p("Boxed text")}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    const { markdown } = await extract({ body });
    assert.equal(markdown, "See [site](<https://example.com/a b>) page 7\n\nIn a control\n\na b✓α\n\n$\\frac{a}{b}{x}^{2}$\n\nAnchor\n\nBoxed text");
  });

  it("writes each formula as TeX in its own $…$ span, nothing escaped in it, and escapes markup typed as text", async () => {
    const m = (...runs: string[]) => `<m:oMath>${runs.join("")}</m:oMath>`;
    const mr = (t: string) => `<m:r><m:t xml:space="preserve">${t}</m:t></m:r>`;
    const sup = (base: string, exp: string) => `<m:sSup><m:e>${mr(base)}</m:e><m:sup>${mr(exp)}</m:sup></m:sSup>`;
    const body =
      // Inline formulas: one of Word's linear format (`y^2` as typed), one built, three in a row.
      `<w:p><w:r><w:t xml:space="preserve">So </w:t></w:r>${m(mr("y^2+x_(i+1)"))}<w:r><w:t xml:space="preserve"> and </w:t></w:r>${m(sup("πr", "2"), mr("≤a*b*c"))}<w:r><w:t>.</w:t></w:r></w:p>` +
      `<w:p>${m(mr("a=b"))}${m(mr("c=d"))}${m(mr("e=f"))}</w:p>` +
      // Three display formulas in one paragraph: three blocks.
      `<w:p><m:oMathPara>${m(mr("a=b"))}${m(mr("c=d"))}${m(`<m:func><m:fName>${mr("sin")}</m:fName><m:e>${mr("θ")}</m:e></m:func>`)}</m:oMathPara></w:p>` +
      // Markup typed as plain text stays visible.
      p("Type &lt;m:sSup&gt; and &lt;/w:t&gt; to see it.") +
      `<w:tbl><w:tr><w:tc><w:p><m:oMathPara>${m(mr("|x|"))}</m:oMathPara></w:p></w:tc></w:tr></w:tbl>`;
    const { markdown } = await extract({ body });
    assert.equal(
      markdown,
      "So $y^2+x_{i+1}$ and ${\\pi r}^{2}\\le a*b*c$.\n\n$a=b$ $c=d$ $e=f$\n\n$$a=b$$\n\n$$c=d$$\n\n$$\\sin{\\theta}$$\n\n" +
        "Type \\<m:sSup> and \\</w:t> to see it.\n\n| $\\|x\\|$ |\n| --- |",
    );
  });

  it("escapes Markdown syntax in text and keeps marks around words", async () => {
    const r = (text: string, rPr = "") => `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;
    const body =
      p("# not a heading") +
      p("1. not a list") +
      p("- not a bullet") +
      p("&gt; not a quote") +
      p("a *star*, [brackets], `tick`, &lt;div&gt;, snake_case and _under_ | pipe") +
      `<w:p>${r("bold ", "<w:b/>")}${r("bold-italic", "<w:b/><w:i/>")}${r(" plain")}</w:p>` +
      `<w:p>${r("x")}${r(" struck ", "<w:strike/>")}${r("y")}</w:p>`;
    const { markdown } = await extract({ body });
    assert.equal(
      markdown,
      "\\# not a heading\n\n1\\. not a list\n\n\\- not a bullet\n\n\\> not a quote\n\n" +
        "a \\*star\\*, [brackets], \\`tick\\`, \\<div>, snake\\_case and \\_under\\_ | pipe\n\n" +
        "**bold *bold-italic*** plain\n\nx ~~struck~~ y",
    );
  });

  it("joins a paragraph whose mark was deleted with the next, drops deleted and moved-away text", async () => {
    const body =
      `<w:p><w:pPr><w:rPr><w:del w:id="1" w:author="A"/></w:rPr></w:pPr><w:r><w:t xml:space="preserve">First half </w:t></w:r></w:p>` +
      `<w:p><w:r><w:t>second half.</w:t></w:r><w:del w:id="2" w:author="A"><w:r><w:delText> gone</w:delText></w:r></w:del><w:ins w:id="3" w:author="A"><w:r><w:t xml:space="preserve"> added</w:t></w:r></w:ins></w:p>` +
      `<w:moveFrom w:id="4" w:author="A"><w:r><w:t>moved</w:t></w:r></w:moveFrom>`;
    assert.equal((await extract({ body })).markdown, "First half second half. added");
  });

  it("reads a chart as a table of its cached data and references images with their description", async () => {
    const chart = `<?xml version="1.0"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Sales</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart>
      <c:ser><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>2024</c:v></c:pt></c:strCache></c:strRef></c:tx>
      <c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>Q1</c:v></c:pt><c:pt idx="1"><c:v>Q2</c:v></c:pt></c:strCache></c:strRef></c:cat>
      <c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>10</c:v></c:pt><c:pt idx="1"><c:v>12.5</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>
      </c:barChart></c:plotArea></c:chart></c:chartSpace>`;
    const drawing = (inner: string, descr = "") =>
      `<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1"${descr ? ` descr="${descr}"` : ""}/><a:graphic><a:graphicData>${inner}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
    const body =
      drawing(`<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdC"/>`) +
      drawing(`<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:embed="rIdI"/></pic:blipFill></pic:pic>`, "A [red] dot");
    const result = await extract({
      body,
      rels: [
        ["rIdC", "chart", "charts/chart1.xml"],
        ["rIdI", "image", "media/image 1.png"],
      ],
      parts: { "word/charts/chart1.xml": chart },
    });
    assert.equal(result.markdown, "Chart: Sales\n\n|  | 2024 |\n| --- | --- |\n| Q1 | 10 |\n| Q2 | 12.5 |\n\n![A [red\\] dot](<media/image 1.png>)");
    assert.ok(result.diagnostics.some((d) => d.code === "extract.chart"));
  });

  it("reports an unreadable notes part and continues", async () => {
    const body = `<w:p><w:r><w:t>Text</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>`;
    const result = await extract({ body, footnotes: "<w:footnotes><w:footnote w:id='1'><w:p>" });
    assert.equal(result.markdown, "Text[^1]\n\n[^1]: (footnote text missing)");
    assert.ok(result.diagnostics.some((d) => d.code === "extract.part_unreadable" && d.message.includes("word/footnotes.xml")));
    assert.ok(result.diagnostics.some((d) => d.code === "extract.note_missing"));
  });

  it("reads into the IR: nested lists, a header row, a display formula, notes on what was not read", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
    const li = (text: string, ilvl: number) => p(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="1"/></w:numPr>`);
    const tc = (text: string) => `<w:tc>${p(text)}</w:tc>`;
    const body =
      li("one", 0) + li("sub", 1) + li("two", 0) +
      `<w:tbl><w:tr>${tc("Head")}${tc("Er")}</w:tr><w:tr>${tc("a")}${tc("b")}</w:tr></w:tbl>` +
      `<w:p><m:oMathPara><m:oMath><m:r><m:t>x</m:t></m:r></m:oMath></m:oMathPara></w:p>` +
      `<w:altChunk r:id="rIdA"/>`;
    const { ir } = await readDocx(docx({ body, numbering, rels: [["rIdA", "aFChunk", "part.html"]] }), {});
    assert.deepEqual(ir.blocks.map((b) => b.type), ["list", "table", "math", "comment"]);
    const [list, table, math, note] = ir.blocks;
    assert.ok(list?.type === "list" && list.ordered && list.items.length === 2);
    const nested = list.items[0]!.blocks[1];
    assert.ok(nested?.type === "list" && !nested.ordered && nested.items.length === 1, "the bullet nests in the first item");
    assert.ok(table?.type === "table" && table.header.length === 1 && table.rows.length === 1);
    assert.deepEqual(table.header[0]!.cells.map((c) => c.inlines.map((i) => (i.type === "text" ? i.text : "")).join("")), ["Head", "Er"]);
    assert.ok(math?.type === "math" && math.tex === "x");
    assert.ok(note?.type === "comment" && note.text === "imported content not read: word/part.html", JSON.stringify(note));
    assert.equal(list.items[0]!.id, "b0.i0");
  });

  it("gives an empty text and extract.empty for an empty document", async () => {
    const result = await extract({ body: "<w:p/><w:p><w:r><w:t> </w:t></w:r></w:p>" });
    assert.equal(result.markdown, "");
    assert.deepEqual(result.diagnostics.map((d) => d.code), ["extract.empty"]);
    assert.equal(result.pages, 1);
  });
});

describe("docx extract: pictures read by OCR when OCR is at hand", () => {
  const fakeOcr = (markdown: string, confidence: number): Ocr & { calls: number } => {
    const ocr = {
      calls: 0,
      read: async (image: Uint8Array) => {
        ocr.calls++;
        assert.ok(image.length > 0);
        return { text: markdown, markdown, confidence };
      },
    };
    return ocr;
  };

  it("writes what a picture says after the paragraph that shows it", async () => {
    const ocr = fakeOcr("FIGURE 1: System Architecture", 0.92);
    const result = await extractDocx(new Uint8Array(readFileSync(SCANS + "docx_image_middle.docx")), { ocr });
    assert.ok(result.markdown.includes("We will see an image below.\n\n![](media/image1.png)\n\n<!-- picture: text read by OCR -->\n\nFIGURE 1: System Architecture\n\n# Analysis"), result.markdown);
    assert.equal(ocr.calls, 1);
  });

  it("leaves out text OCR is unsure of, and reads nothing without OCR", async () => {
    const bytes = new Uint8Array(readFileSync(SCANS + "docx_image_middle.docx"));
    const unsure = await extractDocx(bytes, { ocr: fakeOcr("l1 ,; ii", 0.3) });
    assert.ok(!unsure.markdown.includes("text read by OCR"));
    const none = await extractDocx(bytes, {});
    assert.ok(none.markdown.includes("![](media/image1.png)") && !none.markdown.includes("OCR"));
  });

  it("reads no more pictures than allowed", async () => {
    const ocr = fakeOcr("Some words here", 0.9);
    const result = await extractDocx(new Uint8Array(readFileSync(SCANS + "docx_multipage.docx")), { ocr, maxOcrPages: 1 });
    assert.equal(ocr.calls, 1);
    assert.equal(count(result.markdown, "text read by OCR"), 1);
    assert.ok(result.diagnostics.some((d) => d.code === "extract.ocr_over_limit"));
  });
});

describe("docx extract: Quire's own Word files read back", () => {
  it("keeps headings, lists, tables, quotes, code and notes of a rendered document", async () => {
    const source = "# Informe\n\n## Resumen\n\nTexto con **negrita** y una nota[^1].\n\n1. uno\n2. dos\n   - sub\n3. tres\n\n| Producto | Importe |\n|:--|--:|\n| Alfa | 10 |\n\n> Una cita.\n\n```\nconst x = 1;\n```\n\n[^1]: El texto de la nota.\n";
    const { ir } = readMarkdown(source);
    const { bytes } = await docxPlugin.render!(ir, defaultStyle("report"), { type: "report" });
    const { markdown } = await extractDocx(bytes, {});
    assert.match(markdown, /^# Informe\n\n## Resumen\n\nTexto con \*\*negrita\*\* y una nota\[\^1\]\.\n\n1\. uno\n2\. dos\n {3}- sub\n3\. tres\n/);
    assertTablesRegular(markdown, "rendered");
    assert.match(markdown, /\| Alfa \| 10 \|/);
    assert.match(markdown, /^> Una cita\.$/m);
    assert.match(markdown, /```\nconst x = 1;\n```/);
    assert.match(markdown, /^\[\^1\]: El texto de la nota\.$/m);
  });
});

// ---- Hostile input ----------------------------------------------------------------------------------------------

/** Rewrites the uncompressed size of every central-directory entry, the way a zip bomb lies about (or shows) it. */
const declareSize = (zip: Uint8Array, size: number): Uint8Array => {
  const b = Buffer.from(zip);
  for (let at = 0; at + 46 <= b.length; at++) if (b.readUInt32LE(at) === 0x02014b50) b.writeUInt32LE(size, at + 24);
  return new Uint8Array(b);
};

const refusedQuickly = async (bytes: Uint8Array, check: (error: unknown) => boolean) => {
  const started = performance.now();
  await assert.rejects(extractDocx(bytes, {}), (error) => {
    assert.ok(error instanceof Error && error.message.length > 10, "a clear message");
    return check(error);
  });
  assert.ok(performance.now() - started < 1000, "refused in under a second");
};

describe("docx extract: hostile input", () => {
  const plain = docx({ body: p("Hello") });

  it("refuses a zip bomb (a part declaring 1 GB)", async () => {
    await refusedQuickly(declareSize(plain, 1024 * 1024 * 1024), (e) => e instanceof PackageRefused && e.reason === "zip_bomb" && /1073741824 bytes/.test(e.message));
  });

  it("refuses a part that inflates far beyond its compressed size", async () => {
    const bomb = zipSync({ "word/document.xml": new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    await refusedQuickly(bomb, (e) => e instanceof PackageRefused && e.reason === "zip_bomb");
  });

  it("refuses a part that inflates beyond the size it declares", async () => {
    const lying = declareSize(zipSync({ "word/document.xml": new Uint8Array(8 * 1024 * 1024), "_rels/.rels": strToU8("") }), 4096);
    await refusedQuickly(lying, (e) => e instanceof PackageRefused && e.reason === "zip_bomb");
  });

  it("refuses a DOCTYPE with entities in document.xml", async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><w:document ${W}><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>`;
    const bytes = docx({ body: "", parts: { "word/document.xml": bomb } });
    await refusedQuickly(bytes, (e) => e instanceof PackageRefused && e.reason === "xml_dtd" && /DTD/.test(e.message));
  });

  it("refuses a DTD in a secondary part too", async () => {
    const bytes = docx({ body: p("x", '<w:pStyle w:val="A"/>'), styles: "", parts: { "word/styles.xml": `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><w:styles ${W}/>` } });
    await refusedQuickly(bytes, (e) => e instanceof PackageRefused && e.reason === "xml_dtd");
  });

  it("refuses a truncated file", async () => {
    const real = readFileSync(CORPUS + "pandoc-headers.docx");
    await refusedQuickly(new Uint8Array(real.subarray(0, real.length >> 1)), (e) => e instanceof PackageRefused && (e.reason === "truncated" || e.reason === "not_zip"));
  });

  it("refuses macros: a vbaProject.bin or a macro-enabled content type", async () => {
    const withVba = docx({ body: p("Hello"), parts: { "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) } });
    const isMacro = (e: unknown) => e instanceof ExtractRefused && e.code === "file_rejected" && e.message === "The file contains macros (VBA), which Quire refuses.";
    await refusedQuickly(withVba, isMacro);
    await refusedQuickly(docx({ body: p("Hello"), mainType: "application/vnd.ms-word.document.macroEnabled.main+xml" }), isMacro);
  });

  it("refuses what is not a Word package", async () => {
    await refusedQuickly(strToU8("just text, not a zip at all"), (e) => e instanceof PackageRefused && e.reason === "not_zip");
    const noMain = zipSync({ "readme.txt": strToU8("hello") });
    await refusedQuickly(noMain, (e) => e instanceof ExtractRefused && e.code === "unreadable");
  });

  it("refuses a document nested too deeply instead of crashing", async () => {
    const depth = 20_000;
    const body = `${"<w:sdt><w:sdtContent>".repeat(depth)}${p("deep")}${"</w:sdtContent></w:sdt>".repeat(depth)}`;
    await assert.rejects(extractDocx(docx({ body }), {}), (e) => e instanceof ExtractRefused || e instanceof PackageRefused);
  });
});
