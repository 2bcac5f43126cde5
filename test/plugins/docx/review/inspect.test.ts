/**
 * What the Word review reports and does not repair, each against a file built with exactly that problem (code,
 * severity, category, fixable, location), what it must not report (the normal cases next to each problem), the
 * text proof (`content`), and hostile or damaged input.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { strToU8, zipSync } from "fflate";
import { PackageRefused } from "../../../../core/ooxml/package.ts";
import { inspectDocx } from "../../../../plugins/docx/review/index.ts";
import { A4, buildDocx, inlinePicture, p, table, withParts } from "./build.ts";
import { codes, ctx, inspect, only } from "./support.ts";

/** The finding, checked to be reported only: no fix, `fixable: false`, no page. */
const reported = async (bytes: Uint8Array, code: string, severity: string, category: string) => {
  const finding = only(await inspect(bytes), code);
  assert.equal(finding.severity, severity);
  assert.equal(finding.category, category);
  assert.equal(finding.fixable, false);
  assert.equal(finding.fix, undefined);
  assert.deepEqual(finding.location, {});
  return finding;
};

const field = (instr: string, result: string) =>
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">${instr}</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${result}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;

describe("docx review: what is reported, not repaired", () => {
  it("a table with no grid wider than the column cannot be narrowed safely", async () => {
    const bytes = buildDocx({ body: `<w:tbl><w:tblPr><w:tblW w:w="12000" w:type="dxa"/></w:tblPr><w:tr><w:tc>${p("x")}</w:tc></w:tr></w:tbl>${p("")}${A4}` });
    await reported(bytes, "docx.table_too_wide_unfixable", "warning", "layout");
    assert.ok(!codes(await inspect(bytes)).includes("docx.table_too_wide"));
  });

  it("a floating picture mostly off the page is reported; one bleeding a little is not", async () => {
    const anchor = (x: number) =>
      `<w:p><w:r><w:drawing><wp:anchor simplePos="0" behindDoc="0" relativeHeight="1" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="page"><wp:posOffset>${x}</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV><wp:extent cx="2000000" cy="1000000"/><wp:wrapNone/><wp:docPr id="${x === 0 ? 1 : 2}" name="P" descr="d"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="p"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg1"/></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2000000" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>`;
    const off = buildDocx({ body: anchor(6_800_000) + A4, image: true });
    const finding = await reported(off, "docx.floating_object_off_page", "warning", "layout");
    assert.match(finding.message, /^1 floating picture or shape is placed mostly outside the page/);
    const bleed = buildDocx({ body: anchor(-100_000).replace('id="2"', 'id="3"') + A4, image: true });
    assert.deepEqual(codes(await inspect(bleed)), []);
  });

  it("fonts: missing, drawn with a metric-compatible substitute, symbol; installed, embedded and theme fonts resolved", async () => {
    const run = (font: string, text: string) => `<w:r><w:rPr><w:rFonts w:ascii="${font}" w:hAnsi="${font}"/></w:rPr><w:t>${text}</w:t></w:r>`;
    const bytes = buildDocx({
      body: `<w:p>${run("Aptos", "a")}${run("Calibri", "b")}${run("Liberation Sans", "c")}${run("Brand Sans", "d")}<w:r><w:sym w:font="Wingdings" w:char="F0FC"/></w:r><w:r><w:rPr><w:rFonts w:asciiTheme="majorHAnsi" w:hAnsiTheme="majorHAnsi" w:eastAsia="MS Mincho"/></w:rPr><w:t>e</w:t></w:r></w:p>${A4}`,
      styles: `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:styleId="Unused"><w:name w:val="Unused"/><w:rPr><w:rFonts w:ascii="Comic Sans MS" w:hAnsi="Comic Sans MS"/></w:rPr></w:style>`,
      themeFonts: `<a:majorFont><a:latin typeface="Cambria"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Segoe UI"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont>`,
      fontTable: `<w:font w:name="Brand Sans"><w:embedRegular r:id="rId9" w:fontKey="{00000000-0000-0000-0000-000000000000}"/></w:font>`,
    });
    const inspection = await inspect(bytes);
    const missing = only(inspection, "docx.font_missing");
    assert.equal(missing.severity, "warning");
    assert.equal(missing.category, "style");
    assert.equal(missing.fixable, false);
    assert.match(missing.message, /: Aptos, Segoe UI\. /);
    const substituted = only(inspection, "docx.font_substituted");
    assert.equal(substituted.severity, "info");
    assert.match(substituted.message, /: Calibri \(as Carlito\), Cambria \(as Caladea\);/);
    const symbol = only(inspection, "docx.symbol_font_missing");
    assert.equal(symbol.severity, "info");
    assert.match(symbol.message, /: Wingdings;/);
    assert.doesNotMatch(JSON.stringify(inspection.findings), /Comic Sans|MS Mincho|Brand Sans|Liberation/);
  });

  it("an East Asian font counts once the text has East Asian characters", async () => {
    const bytes = buildDocx({ body: `<w:p><w:r><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans" w:eastAsia="MS Mincho"/></w:rPr><w:t>日本語</w:t></w:r></w:p>${A4}` });
    assert.match(only(await inspect(bytes), "docx.font_missing").message, /: MS Mincho\. /);
  });

  it("a cross-reference to a missing bookmark is an error, an internal link to one a warning, an external anchor neither", async () => {
    const bytes = buildDocx({
      body: `<w:p><w:bookmarkStart w:id="0" w:name="Here"/><w:r><w:t>Target</w:t></w:r><w:bookmarkEnd w:id="0"/></w:p><w:p>${field(" REF here \\h ", "Target")}${field(" PAGEREF _Toc99 \\h ", "3")}<w:hyperlink w:anchor="gone"><w:r><w:t>link</w:t></w:r></w:hyperlink><w:hyperlink r:id="rId5" w:anchor="fragment"><w:r><w:t>web</w:t></w:r></w:hyperlink>${field(' HYPERLINK "https://example.com" \\l "elsewhere" ', "web")}<w:hyperlink w:anchor="_top"><w:r><w:t>top</w:t></w:r></w:hyperlink></w:p>${A4}`,
    });
    const ref = await reported(bytes, "docx.reference_target_missing", "error", "content");
    assert.match(ref.message, /^1 cross-reference points at a bookmark that does not exist \(_Toc99\)/);
    const link = await reported(bytes, "docx.link_target_missing", "warning", "content");
    assert.match(link.message, /\(gone\)/);
  });

  it("a field begun and never ended is an error; a cached error result a warning", async () => {
    const unclosed = buildDocx({ body: `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:t>text</w:t></w:r></w:p>${A4}` });
    await reported(unclosed, "docx.field_unclosed", "error", "structural");
    const errors = buildDocx({
      body: `<w:p><w:bookmarkStart w:id="0" w:name="x"/><w:bookmarkEnd w:id="0"/>${field(" REF x \\h ", "Error! Reference source not found.")}</w:p><w:p>${field(" STYLEREF 1 ", "¡Error! No se encuentra el origen de la referencia.")}</w:p><w:p>${p("Error! is just a word here")}</w:p>${A4}`,
    });
    const finding = await reported(errors, "docx.field_error_result", "warning", "content");
    assert.match(finding.message, /^2 fields show an error instead of a result \(“Error! Reference source not found\.”\)/);
  });

  it("comments and tracked changes: one finding each, with counts", async () => {
    const bytes = buildDocx({
      body: `<w:p><w:commentRangeStart w:id="1"/><w:r><w:t xml:space="preserve">Kept </w:t></w:r><w:commentRangeEnd w:id="1"/><w:r><w:commentReference w:id="1"/></w:r><w:ins w:id="2" w:author="A"><w:r><w:t>new</w:t></w:r></w:ins><w:del w:id="3" w:author="A"><w:r><w:delText>old</w:delText></w:r></w:del><w:r><w:rPr><w:b/><w:rPrChange w:id="4" w:author="A"><w:rPr/></w:rPrChange></w:rPr><w:t>!</w:t></w:r></w:p>${A4}`,
      comments: `<w:comment w:id="1" w:author="Ann">${p("Check this")}</w:comment><w:comment w:id="2" w:author="Bob">${p("And this")}</w:comment>`,
    });
    const comments = await reported(bytes, "docx.comments", "warning", "content");
    assert.match(comments.message, /^2 comments remain in the file \(by Ann, Bob\)/);
    const changes = await reported(bytes, "docx.tracked_changes", "warning", "content");
    assert.match(changes.message, /\(1 insertion, 1 deletion, 1 formatting change\)/);
  });

  it("pictures without alternative text are info; described and decorative ones are fine", async () => {
    const decorative = inlinePicture(3, 100, 100, null).replace(
      /<wp:docPr ([^>]*)\/>/,
      `<wp:docPr $1><a:extLst><a:ext uri="{C183D7F6-B498-43B3-948B-1728B52AA6E4}"><adec:decorative xmlns:adec="http://schemas.microsoft.com/office/drawing/2017/decorative" val="1"/></a:ext></a:extLst></wp:docPr>`,
    );
    const bytes = buildDocx({ body: `<w:p>${inlinePicture(1, 100, 100, null)}${inlinePicture(2, 100, 100)}${decorative}</w:p>${A4}`, image: true });
    const finding = await reported(bytes, "docx.image_alt_text_missing", "info", "content");
    assert.match(finding.message, /^1 picture has no alternative text/);
  });

  it("a note reference without its note, and notes sharing an id, are errors", async () => {
    const bytes = buildDocx({
      body: `<w:p><w:r><w:t>Text</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:footnoteReference w:id="7"/></w:r></w:p>${A4}`,
      footnotes: `<w:footnote w:id="1">${p("One")}</w:footnote><w:footnote w:id="1">${p("Again")}</w:footnote>`,
    });
    const missing = await reported(bytes, "docx.note_missing", "error", "content");
    assert.match(missing.message, /refers to 1 footnote that the file does not hold/);
    const duplicate = await reported(bytes, "docx.note_ids_duplicate", "error", "structural");
    assert.match(duplicate.message, /^1 footnote reuse the id/);
  });

  it("margins that leave no room for text", async () => {
    const bytes = buildDocx({ body: `${p("Squeezed")}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="6000" w:bottom="1440" w:left="5500"/></w:sectPr>` });
    await reported(bytes, "docx.section_no_text_area", "warning", "layout");
  });

  it("a table belongs to the section after it: measured against a landscape section it fits", async () => {
    const landscape = `<w:sectPr><w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr>`;
    const bytes = buildDocx({ body: `${table([7000, 7000])}${p("end of landscape", landscape)}${p("portrait")}${A4}`, settings: "" });
    assert.deepEqual(codes(await inspect(bytes)), []);
    const portrait = buildDocx({ body: `${p("landscape", landscape)}${table([7000, 7000])}${A4}` });
    assert.deepEqual(codes(await inspect(portrait)), ["docx.table_too_wide"]);
  });
});

describe("docx review: the text proof", () => {
  it("reads body, cells, text boxes, headers, notes and comments in order, with tracked changes marked", async () => {
    const textBox = `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:extent cx="1" cy="1"/><wp:docPr id="1" name="T"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx><w:txbxContent>${p("In the box")}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>${p("In the box")}</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;
    const bytes = buildDocx({
      body: `<w:p><w:r><w:t>Anchor</w:t></w:r>${textBox}</w:p>${table([2000, 2000])}<w:p><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t><w:noBreakHyphen/><w:sym w:font="Symbol" w:char="F0B7"/></w:r><w:del w:id="1" w:author="A"><w:r><w:delText>gone</w:delText></w:r></w:del><w:ins w:id="2" w:author="A"><w:r><w:t>added</w:t></w:r></w:ins></w:p>${p("")}<w:p><w:pPr><w:rPr><w:del w:id="3" w:author="A"/></w:rPr></w:pPr><w:r><w:t>joined</w:t></w:r></w:p><w:p>${field(" PAGE ", "7")}<w:r><w:footnoteReference w:id="1"/></w:r></w:p>${A4}`,
      headers: [p("Header")],
      footnotes: `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1">${p("Note")}</w:footnote>`,
      comments: `<w:comment w:id="0" w:author="A">${p("Remark")}</w:comment>`,
    });
    const { content } = await inspect(bytes);
    assert.deepEqual(content, ["Anchor", "In the box", "cell 1", "cell 2", "a\tb\nc\u2011•{--gone--}{++added++}", "joined{--¶--}", "7", "Header", "Note", "Remark"]);
  });

  it("drops characters XML does not allow, so a file that has them still reads", async () => {
    const bytes = buildDocx({ body: `<w:p><w:r><w:t>a\u0001b&#x1;c</w:t></w:r></w:p>${A4}` });
    assert.deepEqual((await inspect(bytes)).content, ["abc"]);
  });
});

describe("docx review: damaged and hostile input", () => {
  it("a main document that is not well-formed gives no findings here (the package check reports it)", async () => {
    const bytes = withParts(buildDocx({ body: p("x") }), { "word/document.xml": "<w:document><w:body><w:p></w:body></w:document>" });
    assert.deepEqual(await inspect(bytes), { findings: [], content: [] });
  });

  it("a damaged header is left out, the rest is still checked", async () => {
    const bytes = withParts(buildDocx({ body: `<w:p>${inlinePicture(1, 100, 100)}${inlinePicture(1, 100, 100)}</w:p>${A4}`, headers: [p("H")], image: true }), { "word/header1.xml": "<w:hdr><w:p>" });
    assert.deepEqual(codes(await inspect(bytes)), ["docx.drawing_ids_duplicate"]);
  });

  it("a header whose zip entry is damaged is left out too (the package check rebuilds the zip)", async () => {
    const bytes = buildDocx({ body: `<w:p>${inlinePicture(1, 100, 100)}${inlinePicture(1, 100, 100)}</w:p>${A4}`, headers: [p("H")], image: true });
    const at = Buffer.from(bytes).indexOf("word/header1.xml") - 30;
    bytes[at] = 0;
    assert.deepEqual(codes(await inspect(bytes)), ["docx.drawing_ids_duplicate"]);
  });

  it("a DTD is refused; so is a file that is not a zip", async () => {
    const dtd = withParts(buildDocx({ body: p("x") }), { "word/document.xml": '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><w:document/>' });
    await assert.rejects(inspectDocx(dtd, ctx), (e: unknown) => e instanceof PackageRefused && e.reason === "xml_dtd");
    await assert.rejects(inspectDocx(strToU8("not a zip at all, just text"), ctx), PackageRefused);
    const noMain = zipSync({ "[Content_Types].xml": strToU8("<Types/>") });
    await assert.rejects(inspectDocx(noMain, ctx), (e: unknown) => e instanceof PackageRefused && e.reason === "missing_part");
  });
});
