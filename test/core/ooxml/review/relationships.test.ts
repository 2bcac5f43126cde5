import { test } from "node:test";
import assert from "node:assert/strict";
import { inspectPackage, repairPackage } from "../../../../core/ooxml/review/index.ts";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractPptx } from "../../../../plugins/pptx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { extractXlsx } from "../../../../plugins/xlsx/extract/index.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { documentXml, drawing, minimalDocx, partText, relsXml, textNodes, unzip, zip } from "./support.ts";

const DANGLING = "package.remove_dangling_relationships";
const DUPLICATES = "package.remove_duplicate_relationships";
const PICTURES = "package.remove_missing_pictures";
const RELS = "word/_rels/document.xml.rels";
const DOC = "word/document.xml";

const summary = (bytes: Uint8Array) => inspectPackage(bytes).findings.map((f) => [f.code, f.severity, f.fixable, f.fix ?? null, f.category, JSON.stringify(f.location)]);
const docx = (changes: Record<string, string | Uint8Array | null>) => {
  const files: Record<string, string | Uint8Array> = minimalDocx();
  for (const [name, data] of Object.entries(changes)) {
    if (data === null) delete files[name];
    else files[name] = data;
  }
  return zip(files);
};

/** Applies `fix`, and checks the problem is gone, the text is the same, and Word's reader still reads the file. */
const repairs = async (broken: Uint8Array, fix: string, code: string): Promise<Uint8Array> => {
  const bytes = repairPackage(broken, fix);
  assert.ok(!inspectPackage(bytes).findings.some((f) => f.code === code), JSON.stringify(inspectPackage(bytes).findings));
  assert.deepEqual(textNodes(bytes), textNodes(broken));
  assert.match(extractedMarkdown(await extractDocx(bytes, {})), /Hello world\n\n(.*\n\n)?after/);
  return bytes;
};

test("a relationship to a missing part that nothing names is an error; the repair removes just that relationship", async () => {
  const broken = docx({ [RELS]: relsXml(["rId5", "image", "media/image1.png"], ["rId9", "styles", "styles.xml"]) });
  assert.deepEqual(summary(broken), [["package.rels_dangling", "error", true, DANGLING, "structural", "{}"]]);
  assert.match(inspectPackage(broken).findings[0]!.message, /^word\/_rels\/document\.xml\.rels: relationship rId9 \(styles → styles\.xml\) points at a part that is not in the package/);
  const bytes = await repairs(broken, DANGLING, "package.rels_dangling");
  assert.deepEqual(inspectPackage(bytes).findings, []);
  assert.equal(partText(bytes, RELS), partText(broken, RELS).replace(/<Relationship Id="rId9"[^>]*\/>/, ""));
});

test("a relationship Id listed twice the same way is an error; the repair keeps one", async () => {
  const broken = docx({ [RELS]: relsXml(["rId5", "image", "media/image1.png"], ["rId5", "image", "media/image1.png"]) });
  assert.deepEqual(summary(broken), [["package.rels_duplicate_id", "error", true, DUPLICATES, "structural", "{}"]]);
  const bytes = await repairs(broken, DUPLICATES, "package.rels_duplicate_id");
  assert.equal(partText(bytes, RELS), partText(zip(minimalDocx()), RELS));
});

test("a relationship Id given to two different targets is an error no repair guesses at", () => {
  const broken = docx({ [RELS]: relsXml(["rId5", "image", "media/image1.png"], ["rId5", "image", "media/image2.png"]) });
  const findings = inspectPackage(broken).findings.filter((f) => f.code === "package.rels_duplicate_id");
  assert.deepEqual(findings.map((f) => [f.severity, f.fixable, f.fix]), [["error", false, undefined]]);
  assert.match(findings[0]!.message, /gives relationship Id rId5 to 2 different targets \(media\/image1\.png, media\/image2\.png\)/);
});

test("a relationships part Office cannot read is an error that is not repaired", () => {
  const noTarget = docx({ [RELS]: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="x"/></Relationships>` });
  assert.deepEqual(summary(noTarget).filter(([c]) => c === "package.rels_malformed"), [["package.rels_malformed", "error", false, null, "structural", "{}"]]);
  const broken = docx({ [RELS]: `<Relationships><Relationship Id="rId5"` });
  assert.deepEqual(summary(broken).map(([c, , fixable]) => [c, fixable]), [["package.xml_malformed", false]]);
  assert.match(inspectPackage(broken).findings[0]!.message, /^word\/_rels\/document\.xml\.rels is not well-formed XML/);
});

test("a missing part that an element other than a picture needs is an error that is not repaired", () => {
  const broken = docx({
    [DOC]: documentXml(`<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:sectPr><w:headerReference w:type="default" r:id="rId7"/></w:sectPr>`),
    [RELS]: relsXml(["rId5", "image", "media/image1.png"], ["rId7", "header", "header1.xml"]),
  });
  const findings = inspectPackage(broken).findings;
  assert.deepEqual(summary(broken), [["package.rels_target_missing", "error", false, null, "structural", "{}"]]);
  assert.match(findings[0]!.message, /^word\/document\.xml: <w:headerReference r:id="rId7"> needs rId7 \(header → header1\.xml\)/);
  assert.equal(repairPackage(broken, DANGLING), broken);
});

test("an Id the markup names that the relationships do not have is an error that is not repaired (not a picture)", () => {
  const broken = docx({ [DOC]: documentXml(`<w:p><w:hyperlink r:id="rId9"><w:r><w:t>Hello world</w:t></w:r></w:hyperlink></w:p><w:p><w:r>${drawing("rId5")}</w:r></w:p>`) });
  assert.deepEqual(summary(broken), [["package.rels_id_missing", "error", false, null, "structural", "{}"]]);
  assert.match(inspectPackage(broken).findings[0]!.message, /^word\/document\.xml: <w:hyperlink r:id="rId9"> names a relationship word\/_rels\/document\.xml\.rels does not have/);
});

test("a Word picture whose image part is missing is an error; the repair removes the drawing and keeps the text", async () => {
  const broken = docx({ "word/media/image1.png": null });
  assert.deepEqual(summary(broken), [["package.picture_missing", "error", true, PICTURES, "structural", "{}"]]);
  assert.match(inspectPackage(broken).findings[0]!.message, /^word\/document\.xml: a picture whose image \(relationship rId5 → media\/image1\.png\) is not in the package/);
  const bytes = await repairs(broken, PICTURES, "package.picture_missing");
  assert.deepEqual(inspectPackage(bytes).findings, []);
  assert.equal(partText(bytes, DOC), partText(broken, DOC).replace(drawing("rId5"), ""));
  assert.doesNotMatch(partText(bytes, RELS), /rId5/);
});

test("a Word picture naming an Id its relationships lack is repaired the same way", async () => {
  const broken = docx({ [DOC]: documentXml(`<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:p><w:r>${drawing("rId77")}</w:r><w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p>`), [RELS]: relsXml(), "word/media/image1.png": null });
  assert.deepEqual(summary(broken), [["package.picture_missing", "error", true, PICTURES, "structural", "{}"]]);
  assert.match(inspectPackage(broken).findings[0]!.message, /relationship rId77\) is not in its relationships/);
  await repairs(broken, PICTURES, "package.picture_missing");
});

test("a picture in a compatibility block goes with the whole block (its VML fallback too)", async () => {
  const block = `<mc:AlternateContent><mc:Choice Requires="wps">${drawing("rId5")}</mc:Choice><mc:Fallback><w:pict><v:shape><v:imagedata r:id="rId5"/></v:shape></w:pict></mc:Fallback></mc:AlternateContent>`;
  const broken = docx({ [DOC]: documentXml(`<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:p><w:r>${block}</w:r><w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p>`), "word/media/image1.png": null });
  const bytes = await repairs(broken, PICTURES, "package.picture_missing");
  assert.equal(partText(bytes, DOC), partText(broken, DOC).replace(block, ""));
});

test("a missing image inside a text box with text is not removed (the text would go with it)", () => {
  const box = `<w:drawing><wp:anchor><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><wps:wsp xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:spPr><a:blipFill><a:blip r:embed="rId5"/></a:blipFill></wps:spPr><wps:txbx><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
  const broken = docx({ [DOC]: documentXml(`<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:p><w:r>${box}</w:r></w:p>`), "word/media/image1.png": null });
  assert.deepEqual(summary(broken), [["package.rels_target_missing", "error", false, null, "structural", "{}"]]);
  assert.equal(repairPackage(broken, PICTURES), broken);
});

test("a PowerPoint picture whose image is missing is removed; an animated one is not", async () => {
  const files = unzip(corpusFile("pptx", "python-pptx-shp-picture.pptx"));
  delete files["ppt/media/image1.png"];
  const broken = zip(files);
  const found = inspectPackage(broken).findings;
  assert.ok(found.length > 0);
  assert.ok(found.every((f) => f.code === "package.picture_missing" && f.fix === PICTURES && f.severity === "error"), JSON.stringify(found));
  const bytes = repairPackage(broken, PICTURES);
  assert.deepEqual(inspectPackage(bytes).findings, []);
  assert.deepEqual(textNodes(bytes), textNodes(broken));
  assert.doesNotMatch(partText(bytes, "ppt/slides/slide1.xml"), /<p:pic>/);
  assert.ok((await extractPptx(bytes, {})).pages >= 1);

  const slide = partText(broken, "ppt/slides/slide1.xml");
  const id = /<p:pic><p:nvPicPr><p:cNvPr id="(\d+)"/.exec(slide)![1];
  const timing = `<p:timing><p:tnLst><p:par><p:cTn id="1"><p:childTnLst><p:set><p:cBhvr><p:cTn id="2"/><p:tgtEl><p:spTgt spid="${id}"/></p:tgtEl></p:cBhvr></p:set></p:childTnLst></p:cTn></p:par></p:tnLst></p:timing>`;
  files["ppt/slides/slide1.xml"] = new TextEncoder().encode(slide.replace("</p:sld>", `${timing}</p:sld>`));
  const animated = inspectPackage(zip(files)).findings.filter((f) => f.message.startsWith("ppt/slides/slide1.xml"));
  assert.deepEqual(animated.map((f) => [f.code, f.fixable]), [["package.rels_target_missing", false]]);
});

test("an Excel picture whose image is missing goes with its anchor", async () => {
  const files = unzip(corpusFile("xlsx", "exceljs-images.xlsx"));
  delete files["xl/media/image1.jpeg"];
  const broken = zip(files);
  assert.deepEqual(summary(broken), [["package.picture_missing", "error", true, PICTURES, "structural", "{}"]]);
  const bytes = repairPackage(broken, PICTURES);
  assert.deepEqual(inspectPackage(bytes).findings, []);
  const before = partText(broken, "xl/drawings/drawing1.xml");
  const after = partText(bytes, "xl/drawings/drawing1.xml");
  const pictures = (before.match(/r:embed="rId1"/g) ?? []).length;
  assert.equal(pictures, 2);
  assert.equal((before.match(/<xdr:twoCellAnchor/g) ?? []).length - pictures, (after.match(/<xdr:twoCellAnchor/g) ?? []).length);
  assert.doesNotMatch(after, /r:embed="rId1"/);
  // The anchors' cell positions are text nodes of the drawing, but not text a reader sees; everything else is equal.
  const { "xl/drawings/drawing1.xml": _positions, ...text } = textNodes(bytes);
  const { "xl/drawings/drawing1.xml": _before, ...textBefore } = textNodes(broken);
  assert.deepEqual(text, textBefore);
  assert.doesNotMatch(before, /<a:t>/);
  // The reader listed the broken pictures; now it lists only the others.
  assert.equal(extractedMarkdown(await extractXlsx(bytes, {})), extractedMarkdown(await extractXlsx(broken, {})).replace(/\n\n!\[\]\(media\/image1\.jpeg\)/g, ""));
});

test("a package without its main part is an error that is not repaired", () => {
  const broken = docx({ [DOC]: null, [RELS]: null });
  assert.deepEqual(summary(broken).filter(([c]) => c !== "package.content_type_orphan"), [["package.main_part_missing", "error", false, null, "structural", "{}"]]);
  assert.match(inspectPackage(broken).findings.find((f) => f.code === "package.main_part_missing")!.message, /main part word\/document\.xml is missing/);
});

test("a relationships part whose own part is missing is ignored, as Office ignores it", () => {
  const bytes = docx({ "word/_rels/ghost.xml.rels": relsXml(["rId1", "image", "media/none.png"]) });
  assert.deepEqual(inspectPackage(bytes).findings, []);
});
