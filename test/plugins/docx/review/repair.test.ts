/**
 * Every Word repair against a file built with exactly its problem: the finding's code, severity, category, fix and
 * location; the repair removes it, keeps the text proof and every other part byte-identical, and leaves a file our
 * reader still reads; and the edit itself is the one intended (checked in the repaired XML).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DOCX_FIXES, repairDocx } from "../../../../plugins/docx/review/index.ts";
import { A4, buildDocx, inlinePicture, p, partOf, table } from "./build.ts";
import { codes, ctx, inspect, only, repairs } from "./support.ts";

const numPr = (numId: string, ilvl = "0") => `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`;
const list = (abstractId: string, levels = 1) =>
  `<w:abstractNum w:abstractNumId="${abstractId}">${Array.from({ length: levels }, (_, l) => `<w:lvl w:ilvl="${l}"><w:numFmt w:val="decimal"/><w:lvlText w:val="%${l + 1}."/></w:lvl>`).join("")}</w:abstractNum>`;
const HEADING_STYLES = `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>`;
const document = (bytes: Uint8Array) => partOf(bytes, "word/document.xml")!;

describe("docx review repairs", () => {
  it("docx.numbering: dangling list references become numId 0, valid ones stay", async () => {
    const bytes = buildDocx({
      body: p("fine", numPr("1")) + p("no such list", numPr("7")) + p("no definition", numPr("2")) + p("no such level", numPr("1", "4")) + p("styled", `<w:pStyle w:val="Listed"/>`) + A4,
      numbering: list("0", 3) + `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="9"/></w:num>`,
      styles: `<w:style w:type="paragraph" w:styleId="Listed"><w:name w:val="Listed"/><w:pPr><w:numPr><w:numId w:val="12"/></w:numPr></w:pPr></w:style>`,
    });
    const finding = only(await inspect(bytes), "docx.numbering_broken");
    assert.equal(finding.severity, "warning");
    assert.equal(finding.category, "structural");
    assert.match(finding.message, /^3 paragraphs and 1 style refer to list numbering that does not exist/);
    // Our reader shows the missing level as a bullet; the repaired file as plain text, which is what Word shows.
    const { bytes: fixed } = await repairs(bytes, "docx.numbering_broken", "docx.numbering", ["word/document.xml", "word/styles.xml"], false);
    const xml = document(fixed);
    assert.equal((xml.match(/<w:numId w:val="0"\/>/g) ?? []).length, 3);
    assert.match(xml, /<w:numId w:val="1"\/><\/w:numPr><\/w:pPr><w:r><w:t xml:space="preserve">fine/);
    assert.match(partOf(fixed, "word/styles.xml")!, /<w:numId w:val="0"\/>/);
  });

  it("docx.numbering: without a numbering part every reference is dangling", async () => {
    const bytes = buildDocx({ body: p("one", numPr("1")) + p("none", numPr("0")) + A4 });
    const finding = only(await inspect(bytes), "docx.numbering_broken");
    assert.match(finding.message, /^1 paragraph refer.*no numbering definitions/);
    await repairs(bytes, "docx.numbering_broken", "docx.numbering", ["word/document.xml"]);
  });

  it("docx.numbering_order: late list definitions move before the first w:num", async () => {
    const nums = `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>`;
    const bytes = buildDocx({ body: p("a", numPr("1")) + p("b", numPr("2")) + A4, numbering: list("0") + nums + list("1") });
    const finding = only(await inspect(bytes), "docx.numbering_order");
    assert.equal(finding.severity, "warning");
    const { bytes: fixed } = await repairs(bytes, "docx.numbering_order", "docx.numbering_order", ["word/numbering.xml"]);
    const xml = partOf(fixed, "word/numbering.xml")!;
    assert.ok(xml.endsWith(`${list("0")}${list("1")}${nums}</w:numbering>`));
  });

  it("docx.empty_heading_style: only empty headings lose their heading", async () => {
    const bytes = buildDocx({
      body:
        p("Kept", `<w:pStyle w:val="Heading1"/>`) +
        `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="0" w:name="_Toc1"/><w:bookmarkEnd w:id="0"/></w:p>` +
        p("", `<w:pStyle w:val="Title"/>`) +
        p(" ", `<w:outlineLvl w:val="2"/>`) +
        p("", `<w:outlineLvl w:val="9"/>`) +
        `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${inlinePicture(1, 100, 100)}</w:p>` +
        A4,
      styles: HEADING_STYLES,
      image: true,
    });
    const finding = only(await inspect(bytes), "docx.empty_heading");
    assert.equal(finding.severity, "warning");
    assert.match(finding.message, /^3 headings have no text/);
    const { bytes: fixed } = await repairs(bytes, "docx.empty_heading", "docx.empty_heading_style", ["word/document.xml"]);
    const xml = document(fixed);
    assert.equal((xml.match(/w:val="Heading1"/g) ?? []).length, 2, "the heading with text and the one with a picture keep their style");
    assert.doesNotMatch(xml, /w:val="Title"/);
    assert.doesNotMatch(xml, /outlineLvl w:val="2"/);
    assert.match(xml, /outlineLvl w:val="9"/);
    assert.match(xml, /<w:bookmarkStart w:id="0" w:name="_Toc1"\/>/);
  });

  it("docx.fit_tables: a table wider than the column is scaled to fit, nested tables with it", async () => {
    const nested = table([5000, 1000]);
    // The first column redeclares the namespace, as merged fragments do: `xmlns:w` is not the width `w:w`.
    const wide = table([6000, 6000])
      .replace("<w:p><w:r><w:t xml:space=\"preserve\">cell 2</w:t></w:r></w:p>", `${nested}${p("cell 2")}`)
      .replace('<w:gridCol w:w="6000"/>', '<w:gridCol xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" w:w="6000"/>');
    const bytes = buildDocx({ body: p("Before") + wide + p("After") + A4, settings: `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>` });
    const finding = only(await inspect(bytes), "docx.table_too_wide");
    assert.equal(finding.severity, "warning");
    assert.equal(finding.category, "layout");
    assert.match(finding.message, /by up to 5\.2 cm/);
    const { bytes: fixed } = await repairs(bytes, "docx.table_too_wide", "docx.fit_tables", ["word/document.xml"]);
    const xml = document(fixed);
    const grid = [...xml.matchAll(/<w:gridCol (?:xmlns:w="[^"]+" )?w:w="(\d+)"\/>/g)].map((m) => Number(m[1]));
    assert.deepEqual(grid, [4513, 4513, 3760, 752]);
    assert.match(xml, /<w:tblW w:w="9026" w:type="dxa"\/>/);
    assert.deepEqual([...xml.matchAll(/<w:tcW w:w="(\d+)" w:type="dxa"\/>/g)].map((m) => Number(m[1])), [4513, 4513, 3760, 752]);
  });

  it("docx.fit_tables: a Word 2010 table that only hangs its cell margins out is left alone", async () => {
    const bytes = buildDocx({ body: table([4621, 4621]) + A4 });
    assert.deepEqual(codes(await inspect(bytes)), []);
  });

  it("docx.fit_images: an inline picture wider than the text is scaled down, proportions kept", async () => {
    const bytes = buildDocx({ body: `<w:p>${inlinePicture(1, 8_000_000, 4_000_000)}</w:p><w:p>${inlinePicture(2, 1_000_000, 500_000)}</w:p>${A4}`, image: true });
    const finding = only(await inspect(bytes), "docx.image_too_large");
    assert.equal(finding.severity, "warning");
    assert.equal(finding.category, "layout");
    const { bytes: fixed } = await repairs(bytes, "docx.image_too_large", "docx.fit_images", ["word/document.xml"]);
    const xml = document(fixed);
    assert.deepEqual(
      [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => [Number(m[1]), Number(m[2])]),
      [[5_731_510, 2_865_755], [1_000_000, 500_000]],
    );
    assert.match(xml, /<a:ext cx="5731510" cy="2865755"\/>/);
  });

  it("docx.bookmarks: orphans and duplicate names go, duplicate ids are renumbered", async () => {
    const mark = (id: number, name: string) => `<w:bookmarkStart w:id="${id}" w:name="${name}"/>`;
    const end = (id: number) => `<w:bookmarkEnd w:id="${id}"/>`;
    const bytes = buildDocx({
      body: `<w:p>${mark(1, "first")}<w:r><w:t>One</w:t></w:r>${end(1)}</w:p><w:p>${mark(1, "second")}<w:r><w:t>Two</w:t></w:r>${end(1)}</w:p><w:p>${mark(2, "FIRST")}<w:r><w:t>Three</w:t></w:r>${end(2)}${mark(3, "lonely")}${end(9)}</w:p>${A4}`,
    });
    const finding = only(await inspect(bytes), "docx.bookmarks_broken");
    assert.equal(finding.severity, "warning");
    assert.match(finding.message, /^2 bookmark marks have no partner; 1 bookmark reuses an id; 1 bookmark reuses a name/);
    const { bytes: fixed } = await repairs(bytes, "docx.bookmarks_broken", "docx.bookmarks", ["word/document.xml"]);
    const xml = document(fixed);
    assert.deepEqual([...xml.matchAll(/<w:bookmark(Start|End) w:id="(\d+)"(?: w:name="(\w+)")?\/>/g)].map((m) => `${m[1]}:${m[2]}:${m[3] ?? ""}`), [
      "Start:1:first",
      "End:1:",
      "Start:10:second",
      "End:10:",
    ]);
  });

  it("docx.fields: stray field marks are removed, the runs and text stay", async () => {
    const run = (type: string) => `<w:r><w:fldChar w:fldCharType="${type}"/></w:r>`;
    const bytes = buildDocx({
      body: `<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r>${run("begin")}<w:r><w:instrText> PAGE </w:instrText></w:r>${run("separate")}<w:r><w:t>1</w:t></w:r>${run("separate")}${run("end")}${run("end")}</w:p><w:p>${run("separate")}<w:r><w:t>after</w:t></w:r></w:p>${A4}`,
    });
    const finding = only(await inspect(bytes), "docx.field_marks_stray");
    assert.equal(finding.severity, "error");
    assert.match(finding.message, /^3 field marks close or separate no field/);
    const { bytes: fixed } = await repairs(bytes, "docx.field_marks_stray", "docx.fields", ["word/document.xml"]);
    const xml = document(fixed);
    assert.equal((xml.match(/fldCharType/g) ?? []).length, 3);
    assert.equal((xml.match(/<w:r><\/w:r>/g) ?? []).length, 3);
  });

  it("docx.renumber_drawing_ids: duplicate and missing drawing ids get fresh ones", async () => {
    const bytes = buildDocx({
      body: `<w:p>${inlinePicture(1, 100, 100)}${inlinePicture(1, 100, 100)}${inlinePicture("x", 100, 100)}${inlinePicture(4, 100, 100)}</w:p>${A4}`,
      headers: [`<w:p>${inlinePicture(4, 100, 100)}</w:p>`],
      image: true,
    });
    const before = await inspect(bytes);
    const same = only(before, "docx.drawing_ids_duplicate");
    assert.equal(same.severity, "error");
    assert.equal(same.fix, "docx.renumber_drawing_ids");
    assert.match(same.message, /^2 pictures or shapes reuse the id/);
    const across = only(before, "docx.drawing_ids_shared_across_parts");
    assert.equal(across.severity, "warning");
    assert.equal(across.fix, "docx.renumber_drawing_ids");
    const { bytes: fixed, after } = await repairs(bytes, "docx.drawing_ids_duplicate", "docx.renumber_drawing_ids", ["word/document.xml", "word/header1.xml"]);
    assert.equal(after.findings.filter((f) => f.code.startsWith("docx.drawing_ids")).length, 0);
    assert.deepEqual([...document(fixed).matchAll(/<wp:docPr id="(\w+)"/g)].map((m) => m[1]), ["1", "5", "6", "4"]);
    assert.match(partOf(fixed, "word/header1.xml")!, /<wp:docPr id="7"/);
  });

  it("docx.required_paragraphs: cells, headers and notes get the paragraph Word requires", async () => {
    const bytes = buildDocx({
      body: `<w:tbl><w:tblGrid><w:gridCol w:w="2000"/><w:gridCol w:w="2000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr></w:tc><w:tc>${table([1000])}</w:tc><w:tc/></w:tr></w:tbl>${p("After")}${A4}`,
      headers: [""],
      footnotes: `<w:footnote w:id="1"/>`,
    });
    const finding = only(await inspect(bytes), "docx.paragraph_missing");
    assert.equal(finding.severity, "error");
    assert.match(finding.message, /^5 table cells, text boxes, headers or notes lack the paragraph Word requires/);
    const { bytes: fixed } = await repairs(bytes, "docx.paragraph_missing", "docx.required_paragraphs", ["word/document.xml", "word/header1.xml", "word/footnotes.xml"]);
    const xml = document(fixed);
    assert.match(xml, /<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"\/><\/w:tcPr><w:p\/><\/w:tc>/);
    assert.match(xml, /<\/w:tbl><w:p\/><\/w:tc><w:tc><w:p\/><\/w:tc>/);
    assert.match(partOf(fixed, "word/header1.xml")!, /<w:p\/><\/w:hdr>$/);
    assert.match(partOf(fixed, "word/footnotes.xml")!, /<w:footnote w:id="1"><w:p\/><\/w:footnote>/);
  });

  it("docx.empty_tables: tables without rows and rows without cells are removed", async () => {
    const bytes = buildDocx({
      body: `${p("Before")}<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid></w:tbl>${table([2000]).replace("</w:tbl>", "<w:tr><w:trPr/></w:tr></w:tbl>")}${p("After")}${A4}`,
    });
    const finding = only(await inspect(bytes), "docx.table_empty");
    assert.equal(finding.severity, "error");
    assert.match(finding.message, /^2 tables or rows without any cell/);
    // Our reader showed the empty row as an empty table row; it is gone.
    const { bytes: fixed } = await repairs(bytes, "docx.table_empty", "docx.empty_tables", ["word/document.xml"], false);
    const xml = document(fixed);
    assert.equal((xml.match(/<w:tbl>/g) ?? []).length, 1);
    assert.equal((xml.match(/<w:tr>/g) ?? []).length, 1);
  });

  it("docx.comment_anchors: markers of comments the file does not hold are removed", async () => {
    const bytes = buildDocx({
      body: `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Kept</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r><w:commentRangeStart w:id="5"/><w:r><w:t>Text</w:t></w:r><w:commentRangeEnd w:id="5"/><w:r><w:commentReference w:id="5"/></w:r></w:p>${A4}`,
      comments: `<w:comment w:id="0" w:author="Ann">${p("A note")}</w:comment>`,
    });
    const before = await inspect(bytes);
    const finding = only(before, "docx.comment_anchor_orphan");
    assert.equal(finding.severity, "warning");
    assert.match(finding.message, /^3 comment markers name comments the file does not hold/);
    // Our reader listed the missing comment as "(comment text missing)"; it is gone.
    const { bytes: fixed } = await repairs(bytes, "docx.comment_anchor_orphan", "docx.comment_anchors", ["word/document.xml"], false);
    const xml = document(fixed);
    assert.equal((xml.match(/w:id="5"/g) ?? []).length, 0);
    assert.equal((xml.match(/w:id="0"/g) ?? []).length, 3);
  });

  it("every repair the reviewer offers has its test above", async () => {
    const tested = [
      "docx.numbering", "docx.numbering_order", "docx.empty_heading_style", "docx.fit_tables", "docx.fit_images", "docx.bookmarks",
      "docx.fields", "docx.renumber_drawing_ids", "docx.required_paragraphs", "docx.empty_tables", "docx.comment_anchors",
    ];
    assert.deepEqual([...DOCX_FIXES].sort(), tested.sort());
  });

  it("a repair with nothing to do returns the bytes unchanged; an unknown repair is refused", async () => {
    const bytes = buildDocx({ body: p("Fine") + A4 });
    assert.equal(await repairDocx(bytes, "docx.fit_tables", ctx), bytes);
    await assert.rejects(repairDocx(bytes, "docx.nothing", ctx), /unknown Word repair/);
  });
});
