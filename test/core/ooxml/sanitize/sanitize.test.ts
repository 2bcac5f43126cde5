import { test } from "node:test";
import assert from "node:assert/strict";
import { sanitizeDocx } from "../../../../plugins/docx/sanitize/index.ts";
import { sanitizePptx } from "../../../../plugins/pptx/sanitize/index.ts";
import { sanitizeXlsx } from "../../../../plugins/xlsx/sanitize/index.ts";

/** Core's sanitizer with each format's own steps, as its plugin runs it. */
const sanitizeOoxml = (bytes: Uint8Array, kind: "docx" | "pptx" | "xlsx") => ({ docx: sanitizeDocx, pptx: sanitizePptx, xlsx: sanitizeXlsx })[kind](bytes);
import { inspectPackage } from "../../../../core/ooxml/review/index.ts";
import { ExtractRefused } from "../../../../core/contracts/extract.ts";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractPptx } from "../../../../plugins/pptx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { extractXlsx } from "../../../../plugins/xlsx/extract/index.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { minimalDocx, partText, textNodes, unzip, zip } from "../review/support.ts";
import { activeXDocx, connectionsXlsx, ddeDocx, externalLinkXlsx, linkedDocx, linkOnlyDocx, oleXlsx } from "./fixtures.ts";

const names = (bytes: Uint8Array) => Object.keys(unzip(bytes)).sort();

/** Sanitized bytes must open cleanly (no package finding) and sanitize again to themselves. */
const settled = (kind: "docx" | "pptx" | "xlsx", bytes: Uint8Array) => {
  assert.deepEqual(inspectPackage(bytes).findings, []);
  const again = sanitizeOoxml(bytes, kind);
  assert.deepEqual(again.removed, []);
  assert.equal(again.bytes, bytes);
};

test("a linked picture keeps its place and its embedded copy; the link, the subdocument and the mail merge go; hyperlinks stay", async () => {
  const original = linkedDocx();
  const { bytes, removed } = sanitizeOoxml(original, "docx");
  assert.deepEqual(removed, [
    "linked image (https://example.com/a.png) in word/document.xml",
    "subdocument (file:///C:/chapter2.docx) in word/document.xml",
    "mail merge data source (file:///C:/list.xlsx) in word/settings.xml",
  ]);
  const doc = partText(bytes, "word/document.xml");
  assert.equal(doc, partText(original, "word/document.xml").replace(' r:link="rId6"', "").replace('<w:subDoc r:id="rId7"/>', ""));
  assert.doesNotMatch(partText(bytes, "word/settings.xml"), /mailMerge/);
  assert.match(partText(bytes, "word/settings.xml"), /<w:defaultTabStop w:val="720"\/>/);
  const rels = partText(bytes, "word/_rels/document.xml.rels");
  assert.match(rels, /Id="rId9" Type="[^"]+\/hyperlink" Target="https:\/\/example\.com\/"/);
  assert.doesNotMatch(rels, /rId6|rId7/);
  settled("docx", bytes);
  assert.equal(extractedMarkdown(await extractDocx(bytes, {})), extractedMarkdown(await extractDocx(original, {})));
});

test("real files: a linked picture and attached templates are removed, nothing else changes", () => {
  const picture = sanitizeOoxml(corpusFile("docx", "mammoth-external-picture.docx"), "docx");
  assert.deepEqual(picture.removed, ["linked image (tiny-picture.png) in word/document.xml"]);
  assert.match(partText(picture.bytes, "word/document.xml"), /<a:blip\/>/);
  settled("docx", picture.bytes);
  const original = corpusFile("docx", "pandoc-0_level_headers.docx");
  const template = sanitizeOoxml(original, "docx");
  assert.deepEqual(template.removed, ["attached template (file:///C:\\Users\\hausman\\AppData\\Roaming\\Microsoft\\Templates\\NWRA%20Report.dot) in word/settings.xml"]);
  assert.equal(partText(template.bytes, "word/settings.xml"), partText(original, "word/settings.xml").replace(/<w:attachedTemplate r:id="rId1"\/>/, ""));
  assert.deepEqual(textNodes(template.bytes), textNodes(original));
  settled("docx", template.bytes);
});

test("DDE fields lose their code and keep their result; other fields stay", async () => {
  const original = ddeDocx();
  const { bytes, removed } = sanitizeOoxml(original, "docx");
  assert.deepEqual(removed, [
    'DDEAUTO field (DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe") in word/document.xml',
    "DDE field (DDE Excel Sheet1 R1C1) in word/document.xml",
  ]);
  const doc = partText(bytes, "word/document.xml");
  assert.doesNotMatch(doc, /DDE|QUOTE|fldSimple/);
  assert.equal((doc.match(/<w:fldChar /g) ?? []).length, 3, "the PAGE field keeps its three marks");
  assert.match(doc, /<w:r><w:rPr><w:b\/><\/w:rPr><w:t>Result<\/w:t><\/w:r>/);
  // The text is the same but for the field code (and the nested field's result, which was part of the code).
  const before = textNodes(original)["word/document.xml"]!;
  assert.deepEqual(textNodes(bytes)["word/document.xml"], before.filter((t) => !/DDE|QUOTE/.test(t) && t !== "x"));
  assert.equal(extractedMarkdown(await extractDocx(bytes, {})), "Before **Result** after\n\n42\n\nPage 1");
  settled("docx", bytes);
});

test("an ActiveX control goes with its parts; its preview stays as a picture", async () => {
  const original = activeXDocx();
  const { bytes, removed } = sanitizeOoxml(original, "docx");
  assert.deepEqual(removed, ["ActiveX control word/activeX/activeX1.xml in word/document.xml"]);
  assert.deepEqual(
    names(original).filter((n) => !names(bytes).includes(n)),
    ["word/activeX/_rels/activeX1.xml.rels", "word/activeX/activeX1.bin", "word/activeX/activeX1.xml"],
  );
  const doc = partText(bytes, "word/document.xml");
  assert.match(doc, /<w:pict><v:shape id="_x0000_i1025" type="#_x0000_t75" style="width:72pt;height:18pt" o:ole=""><v:imagedata r:id="rId6" o:title=""\/><\/v:shape><\/w:pict>/);
  assert.doesNotMatch(partText(bytes, "[Content_Types].xml"), /activeX1/);
  assert.match(partText(bytes, "word/_rels/document.xml.rels"), /Id="rId6"/);
  settled("docx", bytes);
  assert.deepEqual(textNodes(bytes)["word/document.xml"], textNodes(original)["word/document.xml"]);
  assert.equal(extractedMarkdown(await extractDocx(bytes, {})), extractedMarkdown(await extractDocx(original, {})));
});

test("real files: OLE objects become their preview pictures in Word and PowerPoint", async () => {
  const word = corpusFile("docx", "pandoc-image_vml_as_object.docx");
  const w = sanitizeOoxml(word, "docx");
  assert.deepEqual(w.removed, ["OLE object word/embeddings/Dessin_Microsoft_Visio_2003-2010111.vsd (Visio.Drawing.11) in word/document.xml"]);
  assert.deepEqual(names(word).filter((n) => !names(w.bytes).includes(n)), ["word/embeddings/Dessin_Microsoft_Visio_2003-2010111.vsd"]);
  assert.match(partText(w.bytes, "word/document.xml"), /<w:pict><v:shapetype [^]*<v:imagedata r:id="rId5" o:title=""\/><\/v:shape><\/w:pict>/);
  assert.doesNotMatch(partText(w.bytes, "word/document.xml"), /OLEObject|w:object/);
  settled("docx", w.bytes);
  assert.deepEqual(textNodes(w.bytes), textNodes(word));

  const slides = corpusFile("pptx", "python-pptx-shp-access-ole-object.pptx");
  const p = sanitizeOoxml(slides, "pptx");
  assert.deepEqual(p.removed, ["OLE object ppt/embeddings/Microsoft_Excel_Worksheet.xlsx (Excel.Sheet.12) in ppt/slides/slide1.xml"]);
  assert.deepEqual(names(slides).filter((n) => !names(p.bytes).includes(n)), ["ppt/embeddings/Microsoft_Excel_Worksheet.xlsx"]);
  const slide = partText(p.bytes, "ppt/slides/slide1.xml");
  assert.match(slide, /<p:pic><p:nvPicPr><p:cNvPr id="2" name="Object 1">[^]*<p:blipFill><a:blip r:embed="rId4"\/>[^]*<a:off x="4089400" y="3124200"\/><a:ext cx="965200" cy="609600"\/>[^]*<\/p:pic><\/p:spTree>/);
  assert.doesNotMatch(slide, /oleObj|graphicFrame/);
  settled("pptx", p.bytes);
  assert.equal((await extractPptx(p.bytes, {})).pages, 1);
});

test("a PowerPoint OLE object without a preview picture becomes an empty shape of its place and id", () => {
  const files = unzip(corpusFile("pptx", "python-pptx-shp-access-ole-object.pptx"));
  const slide = Buffer.from(files["ppt/slides/slide1.xml"]!).toString("utf8").replace(/<p:pic>.*<\/p:pic>/, "");
  files["ppt/slides/slide1.xml"] = new TextEncoder().encode(slide);
  const { bytes, removed } = sanitizeOoxml(zip(files), "pptx");
  assert.equal(removed.length, 1);
  const after = partText(bytes, "ppt/slides/slide1.xml");
  assert.match(after, /<p:sp><p:nvSpPr><p:cNvPr id="2" name="Object 1">[^]*<p:cNvSpPr\/>[^]*<p:spPr><a:xfrm><a:off x="4089400" y="3124200"\/>/);
  // The preview image only the object used goes with it.
  assert.ok(!names(bytes).includes("ppt/media/image1.emf") || /image1\.emf/.test(partText(bytes, "ppt/drawings/_rels/vmlDrawing1.vml.rels")));
  settled("pptx", bytes);
});

test("Excel OLE objects and controls go from the sheet, with their parts", async () => {
  const original = oleXlsx();
  const { bytes, removed } = sanitizeOoxml(original, "xlsx");
  assert.deepEqual(removed, ["OLE object xl/embeddings/oleObject1.bin (Word.Document.12) in xl/worksheets/sheet1.xml", "ActiveX control xl/activeX/activeX1.xml in xl/worksheets/sheet1.xml"]);
  assert.deepEqual(names(original).filter((n) => !names(bytes).includes(n)), ["xl/activeX/activeX1.xml", "xl/embeddings/oleObject1.bin"]);
  const sheet = partText(bytes, "xl/worksheets/sheet1.xml");
  assert.match(sheet, /<legacyDrawing r:id="rId1"\/><\/worksheet>$/);
  assert.equal(partText(bytes, "xl/worksheets/_rels/sheet1.xml.rels").match(/<Relationship /g)?.length, 1);
  // The VML preview shape keeps its picture.
  assert.ok(names(bytes).includes("xl/media/image1.png"));
  settled("xlsx", bytes);
  assert.equal(extractedMarkdown(await extractXlsx(bytes, {})), extractedMarkdown(await extractXlsx(original, {})));
});

test("Excel external links go; their formulas keep their cached values, local formulas stay", async () => {
  const original = externalLinkXlsx();
  const { bytes, removed } = sanitizeOoxml(original, "xlsx");
  assert.deepEqual(removed, [
    "external workbook link (file:///C:/Finance/prices.xlsx) in xl/externalLinks/externalLink1.xml",
    "DDE link (cmd|/c calc.exe) in xl/externalLinks/externalLink2.xml",
    "6 formulas using external links (kept as their last values)",
  ]);
  assert.deepEqual(names(original).filter((n) => !names(bytes).includes(n)), [
    "xl/calcChain.xml",
    "xl/externalLinks/_rels/externalLink1.xml.rels",
    "xl/externalLinks/externalLink1.xml",
    "xl/externalLinks/externalLink2.xml",
  ]);
  const sheet = partText(bytes, "xl/worksheets/sheet1.xml");
  for (const [ref, v] of [["A1", 5], ["A2", 2], ["A3", 4], ["A4", 6], ["A5", 8], ["A6", 5]]) assert.match(sheet, new RegExp(`<c r="${ref}"><v>${v}</v></c>`));
  assert.match(sheet, /<c r="B1"><f>SUM\(A1:A6\)<\/f><v>30<\/v><\/c>/);
  const book = partText(bytes, "xl/workbook.xml");
  assert.doesNotMatch(book, /externalReference|Rate/);
  assert.match(book, /<definedName name="Local">Data!\$B\$1<\/definedName>/);
  assert.doesNotMatch(partText(bytes, "[Content_Types].xml"), /externalLink|calcChain/);
  settled("xlsx", bytes);
  assert.equal(extractedMarkdown(await extractXlsx(bytes, {})), extractedMarkdown(await extractXlsx(original, {})));
});

test("Excel data connections are emptied of their sources where they stand", () => {
  const original = connectionsXlsx();
  const { bytes, removed } = sanitizeOoxml(original, "xlsx");
  assert.deepEqual(removed, [
    'external data connection "Sales DB" (\\\\server\\share\\sales.odc) in xl/connections.xml',
    'external data connection "Rates" (https://example.com/rates.html) in xl/connections.xml',
  ]);
  const connections = partText(bytes, "xl/connections.xml");
  assert.equal(
    connections,
    partText(original, "xl/connections.xml")
      .replace(' refreshOnLoad="1" savePassword="1" odcFile="\\\\server\\share\\sales.odc"', ' odcFile=""')
      .replace(/connection="[^"]*" command="[^"]*"/, 'connection="" command=""')
      .replace('url="https://example.com/rates.html" post="q=1"', 'url="" post=""'),
  );
  settled("xlsx", bytes);
});

test("a package with macros is refused", () => {
  const macros = zip({ ...minimalDocx(), "word/vbaProject.bin": new Uint8Array([1, 2, 3]) });
  assert.throws(() => sanitizeOoxml(macros, "docx"), (e: unknown) => e instanceof ExtractRefused && e.code === "file_rejected" && /macros/.test(e.message));
});

test("a frame source, a remote font and a chart's linked workbook go whole; their parts stay readable", () => {
  const original = linkOnlyDocx();
  const { bytes, removed } = sanitizeOoxml(original, "docx");
  assert.deepEqual(removed.sort(), [
    "frame source (http://example.com/frame.html) in word/webSettings.xml",
    "linked chart data (file:///C:/data/sales.xlsx) in word/charts/chart1.xml",
    "remote font (https://fonts.example.com/remote.odttf) in word/fontTable.xml",
  ]);
  assert.match(partText(bytes, "word/webSettings.xml"), /<w:frame><w:name w:val="left"\/><\/w:frame>/);
  assert.match(partText(bytes, "word/fontTable.xml"), /<w:font w:name="Remote Sans"><\/w:font>/);
  assert.match(partText(bytes, "word/charts/chart1.xml"), /<c:plotArea\/><\/c:chart><\/c:chartSpace>/);
  for (const part of ["word/_rels/webSettings.xml.rels", "word/_rels/fontTable.xml.rels", "word/charts/_rels/chart1.xml.rels"]) assert.doesNotMatch(partText(bytes, part), /<Relationship /);
  settled("docx", bytes);
});

test("PowerPoint ActiveX controls go with their parts", () => {
  const files = unzip(corpusFile("pptx", "python-pptx-shp-picture.pptx"));
  const text = (name: string) => Buffer.from(files[name]!).toString("utf8");
  const put = (name: string, value: string) => (files[name] = new TextEncoder().encode(value));
  const controls = `<p:controls><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice xmlns:v="urn:schemas-microsoft-com:vml" Requires="v"><p:control spid="_x0000_s1025" name="CommandButton1" r:id="rId9" imgW="914400" imgH="457200"/></mc:Choice></mc:AlternateContent></p:controls>`;
  put("ppt/slides/slide1.xml", text("ppt/slides/slide1.xml").replace("</p:spTree>", `</p:spTree>${controls}`));
  put("ppt/slides/_rels/slide1.xml.rels", text("ppt/slides/_rels/slide1.xml.rels").replace("</Relationships>", `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/control" Target="../activeX/activeX1.xml"/></Relationships>`));
  put("ppt/activeX/activeX1.xml", `<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX" ax:classid="{D7053240-CE69-11CD-A777-00DD01143C57}" ax:persistence="persistPropertyBag"/>`);
  put("[Content_Types].xml", text("[Content_Types].xml").replace("</Types>", `<Override PartName="/ppt/activeX/activeX1.xml" ContentType="application/vnd.ms-office.activeX+xml"/></Types>`));
  const original = zip(files);
  assert.deepEqual(inspectPackage(original).findings, []);
  const { bytes, removed } = sanitizeOoxml(original, "pptx");
  assert.deepEqual(removed, ["ActiveX control ppt/activeX/activeX1.xml in ppt/slides/slide1.xml"]);
  assert.equal(partText(bytes, "ppt/slides/slide1.xml"), text("ppt/slides/slide1.xml").replace(controls, ""));
  assert.ok(!names(bytes).includes("ppt/activeX/activeX1.xml"));
  settled("pptx", bytes);
});

test("a PowerPoint OLE frame written twice (VML choice, fallback with preview) becomes one picture", () => {
  const files = unzip(corpusFile("pptx", "python-pptx-shp-access-ole-object.pptx"));
  const slide = Buffer.from(files["ppt/slides/slide1.xml"]!).toString("utf8");
  const frame = /<p:graphicFrame>.*<\/p:graphicFrame>/.exec(slide)![0];
  const block = `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice xmlns:v="urn:schemas-microsoft-com:vml" Requires="v">${frame.replace(/<p:pic>.*<\/p:pic>/, "")}</mc:Choice><mc:Fallback>${frame}</mc:Fallback></mc:AlternateContent>`;
  files["ppt/slides/slide1.xml"] = new TextEncoder().encode(slide.replace(frame, block));
  const { bytes, removed } = sanitizeOoxml(zip(files), "pptx");
  assert.deepEqual(removed, ["OLE object ppt/embeddings/Microsoft_Excel_Worksheet.xlsx (Excel.Sheet.12) in ppt/slides/slide1.xml"]);
  const after = partText(bytes, "ppt/slides/slide1.xml");
  assert.equal((after.match(/<p:pic>/g) ?? []).length, 1);
  assert.match(after, /<p:grpSpPr>.*<\/p:grpSpPr><p:pic><p:nvPicPr><p:cNvPr id="2" name="Object 1">.*<a:blip r:embed="rId4"\/>.*<\/p:pic><\/p:spTree>/);
  assert.doesNotMatch(after, /AlternateContent|graphicFrame|oleObj/);
  settled("pptx", bytes);
});
