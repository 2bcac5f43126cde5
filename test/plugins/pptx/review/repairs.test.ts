/**
 * pptx review: one broken deck per repairable problem, each built from a corpus deck with one part changed. Each
 * test asserts the exact finding (code, severity, category, fix, location), that the fix removes it, that the
 * content is unchanged, that only the repaired part changed, and that the repaired deck still reads the same text
 * through our Markdown extractor.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { extractPptx } from "../../../../plugins/pptx/extract/index.ts";
import { changedParts, deck, edit, inspect, LONG_TEXT, part, repair, textBox, withCode, withShapes } from "./support.ts";

const SLIDE1 = "ppt/slides/slide1.xml";
const PRESENTATION = "ppt/presentation.xml";

/** Repairs `bytes` with `fix` and checks what every repair must keep. */
const repaired = async (bytes: Uint8Array, fix: string, code: string, parts: string[]) => {
  const before = await inspect(bytes);
  const fixed = await repair(bytes, fix);
  const after = await inspect(fixed);
  assert.deepEqual(withCode(after, code), [], `${fix} left ${code}`);
  assert.deepEqual(after.content, before.content);
  assert.deepEqual(changedParts(bytes, fixed), parts);
  assert.equal(extractedMarkdown(await extractPptx(fixed, {})), extractedMarkdown(await extractPptx(bytes, {})));
  return fixed;
};

const base = () => deck("python-pptx-txt-text.pptx");

describe("pptx review: repairable problems", () => {
  it("shape.duplicate_id → pptx.renumber_shape_ids renumbers the later shape only", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = p[SLIDE1]!.replace('<p:cNvPr id="3" name="TextBox 2">', '<p:cNvPr id="2" name="TextBox 2">')));
    const [f, ...rest] = withCode(await inspect(bytes), "shape.duplicate_id");
    assert.deepEqual(rest, []);
    assert.deepEqual(
      { ...f, message: undefined },
      { code: "shape.duplicate_id", severity: "error", category: "structural", message: undefined, location: { pages: [1] }, fixable: true, fix: "pptx.renumber_shape_ids" },
    );
    const fixed = await repaired(bytes, "pptx.renumber_shape_ids", "shape.duplicate_id", [SLIDE1]);
    const xml = part(fixed, SLIDE1);
    assert.match(xml, /<p:cNvPr id="2" name="TextBox 1"\/>/);
    assert.match(xml, /<p:cNvPr id="3" name="TextBox 2">/);
    // Only the attribute changed: the rest of the part is byte for byte what it was.
    assert.equal(xml, part(bytes, SLIDE1).replace('<p:cNvPr id="2" name="TextBox 2">', '<p:cNvPr id="3" name="TextBox 2">'));
  });

  it("shape.invalid_id → pptx.renumber_shape_ids gives a fresh id, in the fallback copy of alternate content too", async () => {
    const choice = (id: string) =>
      `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" Requires="p14">${textBox(0, "Alt", [0, 0, 914400, 914400], ["alt"]).replace('id="0"', `id="${id}"`)}</mc:Choice><mc:Fallback>${textBox(0, "Alt", [0, 0, 914400, 914400], ["alt"]).replace('id="0"', `id="${id}"`)}</mc:Fallback></mc:AlternateContent>`;
    const bytes = edit(base(), (p) => (p[SLIDE1] = p[SLIDE1]!.replace("</p:spTree>", `${choice("x7")}</p:spTree>`)));
    const [f] = withCode(await inspect(bytes), "shape.invalid_id");
    assert.equal(f?.fix, "pptx.renumber_shape_ids");
    assert.deepEqual(withCode(await inspect(bytes), "shape.duplicate_id"), [], "the fallback copy of a shape is not a second shape");
    const fixed = await repaired(bytes, "pptx.renumber_shape_ids", "shape.invalid_id", [SLIDE1]);
    assert.equal((part(fixed, SLIDE1).match(/<p:cNvPr id="4" name="Alt"\/>/g) ?? []).length, 2);
  });

  it("presentation.duplicate_slide_id → pptx.renumber_slide_ids, the section list following its slides", async () => {
    const sections =
      '<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"><p14:sectionLst xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main"><p14:section name="A" id="{1}"><p14:sldIdLst><p14:sldId id="256"/></p14:sldIdLst></p14:section><p14:section name="B" id="{2}"><p14:sldIdLst><p14:sldId id="256"/></p14:sldIdLst></p14:section></p14:sectionLst></p:ext></p:extLst>';
    const bytes = edit(base(), (p) => (p[PRESENTATION] = p[PRESENTATION]!.replace('<p:sldId id="257"', '<p:sldId id="256"').replace(/<p:extLst>[\s\S]*<\/p:extLst>/, sections)));
    const [f] = withCode(await inspect(bytes), "presentation.duplicate_slide_id");
    assert.deepEqual([f?.severity, f?.category, f?.location, f?.fix], ["error", "structural", { pages: [1, 2] }, "pptx.renumber_slide_ids"]);
    const fixed = await repaired(bytes, "pptx.renumber_slide_ids", "presentation.duplicate_slide_id", [PRESENTATION]);
    const xml = part(fixed, PRESENTATION);
    assert.match(xml, /<p:sldId id="256" r:id="rId2"\/><p:sldId id="257" r:id="rId3"\/>/);
    assert.match(xml, /name="A" id="\{1\}"><p14:sldIdLst><p14:sldId id="256"\/>[\s\S]*name="B" id="\{2\}"><p14:sldIdLst><p14:sldId id="257"\/>/);
  });

  it("presentation.slide_id_invalid → pptx.renumber_slide_ids", async () => {
    const bytes = edit(base(), (p) => (p[PRESENTATION] = p[PRESENTATION]!.replace('<p:sldId id="257"', '<p:sldId id="12"')));
    const [f] = withCode(await inspect(bytes), "presentation.slide_id_invalid");
    assert.deepEqual([f?.severity, f?.location, f?.fix], ["error", { pages: [2] }, "pptx.renumber_slide_ids"]);
    const fixed = await repaired(bytes, "pptx.renumber_slide_ids", "presentation.slide_id_invalid", [PRESENTATION]);
    assert.match(part(fixed, PRESENTATION), /<p:sldId id="257" r:id="rId3"\/>/);
  });

  it("presentation.master_id_conflict → pptx.renumber_master_ids", async () => {
    const bytes = edit(base(), (p) => (p["ppt/slideMasters/slideMaster1.xml"] = p["ppt/slideMasters/slideMaster1.xml"]!.replace('<p:sldLayoutId id="2147483655"', '<p:sldLayoutId id="2147483648"')));
    const [f] = withCode(await inspect(bytes), "presentation.master_id_conflict");
    assert.deepEqual([f?.severity, f?.location, f?.fix], ["error", undefined, "pptx.renumber_master_ids"]);
    const fixed = await repaired(bytes, "pptx.renumber_master_ids", "presentation.master_id_conflict", ["ppt/slideMasters/slideMaster1.xml"]);
    assert.match(part(fixed, "ppt/slideMasters/slideMaster1.xml"), /<p:sldLayoutId id="2147483649" r:id="rId1"\/>/);
  });

  it("presentation.master_id_invalid → pptx.renumber_master_ids", async () => {
    const bytes = edit(base(), (p) => (p[PRESENTATION] = p[PRESENTATION]!.replace('<p:sldMasterId id="2147483648"', '<p:sldMasterId id="300"')));
    assert.equal(withCode(await inspect(bytes), "presentation.master_id_invalid")[0]?.fix, "pptx.renumber_master_ids");
    const fixed = await repaired(bytes, "pptx.renumber_master_ids", "presentation.master_id_invalid", [PRESENTATION]);
    assert.match(part(fixed, PRESENTATION), /<p:sldMasterId id="2147483656" r:id="rId1"\/>/);
  });

  it("text.body_without_paragraph → pptx.add_empty_paragraph, in shapes and table cells", async () => {
    const bytes = edit(base(), (p) => {
      p["ppt/slides/slide2.xml"] = p["ppt/slides/slide2.xml"]!.replace(/<a:txBody><a:bodyPr\/><a:lstStyle\/><a:p><a:endParaRPr lang="en-US"\/><\/a:p><\/a:txBody>/, "<a:txBody><a:bodyPr/><a:lstStyle/></a:txBody>");
      p[SLIDE1] = p[SLIDE1]!.replace("</p:spTree>", '<p:sp><p:nvSpPr><p:cNvPr id="9" name="Empty"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody/></p:sp></p:spTree>');
    });
    const found = withCode(await inspect(bytes), "text.body_without_paragraph");
    assert.deepEqual(
      found.map((f) => [f.severity, f.location, f.fix]),
      [
        ["error", { pages: [1] }, "pptx.add_empty_paragraph"],
        ["error", { pages: [2] }, "pptx.add_empty_paragraph"],
      ],
    );
    const fixed = await repaired(bytes, "pptx.add_empty_paragraph", "text.body_without_paragraph", [SLIDE1, "ppt/slides/slide2.xml"]);
    assert.match(part(fixed, SLIDE1), /<p:txBody><a:bodyPr\/><a:p\/><\/p:txBody>/);
    assert.match(part(fixed, "ppt/slides/slide2.xml"), /<a:txBody><a:bodyPr\/><a:lstStyle\/><a:p\/><\/a:txBody>/);
  });

  it("shape.off_slide → pptx.move_onto_slide moves it inside by changing a:off only", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, textBox(2, "Wide", [8_000_000, -200_000, 2_000_000, 914_400], ["Off the edge"]))));
    const [f, ...rest] = withCode(await inspect(bytes), "shape.off_slide");
    assert.deepEqual(rest, []);
    assert.deepEqual([f?.severity, f?.category, f?.location, f?.fix], ["warning", "layout", { pages: [1] }, "pptx.move_onto_slide"]);
    assert.match(f!.message, /"Wide" runs past the right and top edge/);
    const fixed = await repaired(bytes, "pptx.move_onto_slide", "shape.off_slide", [SLIDE1]);
    assert.equal(part(fixed, SLIDE1), part(bytes, SLIDE1).replace('<a:off x="8000000" y="-200000"/>', '<a:off x="7144000" y="0"/>'));
  });

  it("shape.off_slide for a group: the group moves with its children, through its child transform", async () => {
    const group = `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="5" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="8144000" y="1000000"/><a:ext cx="1000000" cy="1000000"/><a:chOff x="0" y="0"/><a:chExt cx="500000" cy="500000"/></a:xfrm></p:grpSpPr>${textBox(6, "Inner", [250_000, 0, 500_000, 500_000], ["Inside a group"])}</p:grpSp>`;
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, group)));
    // The child reaches x 250,000–750,000 of a 500,000-wide child space mapped onto 1,000,000 EMU: 500,000 past the group.
    assert.match(withCode(await inspect(bytes), "shape.off_slide")[0]!.message, /"Group" runs past the right edge/);
    const fixed = await repaired(bytes, "pptx.move_onto_slide", "shape.off_slide", [SLIDE1]);
    assert.match(part(fixed, SLIDE1), /<a:off x="7644000" y="1000000"\/><a:ext cx="1000000" cy="1000000"\/><a:chOff x="0" y="0"\/>/);
  });

  it("shape.text_overflow → pptx.shrink_text states the scale that makes it fit", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, textBox(2, "Body", [914_400, 914_400, 3_657_600, 914_400], [LONG_TEXT]))));
    const [f] = withCode(await inspect(bytes), "shape.text_overflow");
    assert.deepEqual([f?.severity, f?.category, f?.location, f?.fix], ["warning", "layout", { pages: [1] }, "pptx.shrink_text"]);
    assert.match(f!.message, /"Body" needs about 1\.8 in of height but its box offers 0\.9 in \(100% over\)/);
    const fixed = await repaired(bytes, "pptx.shrink_text", "shape.text_overflow", [SLIDE1]);
    const scale = /<a:bodyPr wrap="square"><a:normAutofit fontScale="(\d+)" lnSpcReduction="(\d+)"\/><\/a:bodyPr>/.exec(part(fixed, SLIDE1));
    assert.ok(scale, part(fixed, SLIDE1));
    assert.ok(Number(scale[1]) >= 50_000 && Number(scale[1]) < 100_000, scale[1]);
  });

  it("shape.text_overflow in a placeholder placed by its layout: the stated 100% of an inherited autofit is what shows", async () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>Point ${i + 1}: ${LONG_TEXT.slice(0, 60)}</a:t></a:r></a:p>`).join("");
    const bytes = edit(deck("python-pptx-test.pptx"), (p) => (p[SLIDE1] = p[SLIDE1]!.replace(/(<p:ph type="subTitle"[\s\S]*?<p:txBody><a:bodyPr\/><a:lstStyle\/>)[\s\S]*?(<\/p:txBody>)/, `$1${paragraphs}$2`)));
    const [f] = withCode(await inspect(bytes), "shape.text_overflow");
    assert.equal(f?.fix, "pptx.shrink_text");
    const fixed = await repaired(bytes, "pptx.shrink_text", "shape.text_overflow", [SLIDE1]);
    assert.match(part(fixed, SLIDE1), /<a:bodyPr><a:normAutofit fontScale="\d+" lnSpcReduction="\d+"\/><\/a:bodyPr><a:lstStyle\/><a:p><a:r><a:rPr lang="en-US"\/><a:t>Point 1/);
  });
});
