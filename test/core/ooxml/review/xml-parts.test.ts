import { test } from "node:test";
import assert from "node:assert/strict";
import { inspectPackage, repairPackage } from "../../../../core/ooxml/review/index.ts";
import { PackageRefused } from "../../../../core/ooxml/package.ts";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { contentTypesXml, documentXml, DOCUMENT_TYPE, minimalDocx, partText, textNodes, unzip, zip } from "./support.ts";

const FIX = "package.strip_invalid_xml_chars";
const DOC = "word/document.xml";

test("characters XML does not allow are an error; the repair removes them and nothing else", async () => {
  const dirty = documentXml(`<w:p><w:r><w:t>Hello\u0001 world&#x1;</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">&#xB;&#11; after\u000B</w:t></w:r></w:p>`);
  const broken = zip({ ...minimalDocx(), [DOC]: dirty });
  const findings = inspectPackage(broken).findings;
  assert.deepEqual(findings, [
    {
      code: "package.xml_invalid_chars",
      severity: "error",
      category: "structural",
      message: "word/document.xml holds 5 characters XML does not allow (control characters such as U+0001 or U+000B, raw or as &#x…; references): Office refuses the file.",
      location: {},
      fixable: true,
      fix: FIX,
    },
  ]);
  const bytes = repairPackage(broken, FIX);
  assert.deepEqual(inspectPackage(bytes).findings, []);
  assert.equal(partText(bytes, DOC), dirty.replace(/\u0001|&#x1;|&#xB;|&#11;|\u000B/g, ""));
  assert.deepEqual(textNodes(bytes), textNodes(broken));
  assert.match(extractedMarkdown(await extractDocx(bytes, {})), /^Hello world\n\n\s*after$/);
  // Tab, CR, LF and their references are allowed and stay.
  const allowed = zip({ ...minimalDocx(), [DOC]: documentXml(`<w:p><w:r><w:t xml:space="preserve">a\tb&#x9;c&#xA;d&#13;</w:t></w:r></w:p>`) });
  assert.deepEqual(inspectPackage(allowed).findings.filter((f) => f.code === "package.xml_invalid_chars"), []);
});

test("a UTF-16 part is read as UTF-16 and repaired in UTF-16", () => {
  const item = `<?xml version="1.0" encoding="UTF-16"?><root>bad\u0002char</root>`;
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(item, "utf16le")]);
  const broken = zip({ ...minimalDocx(), "customXml/item1.xml": new Uint8Array(utf16) });
  assert.deepEqual(inspectPackage(broken).findings.map((f) => [f.code, f.fix]), [["package.xml_invalid_chars", FIX]]);
  const repaired = unzip(repairPackage(broken, FIX))["customXml/item1.xml"]!;
  assert.deepEqual(Buffer.from(repaired), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(item.replace("\u0002", ""), "utf16le")]));
});

test("a part that is not well-formed is an error no repair guesses at (a real file from the corpus)", () => {
  const bytes = corpusFile("xlsx", "exceljs-invalid-xml.xlsx");
  const findings = inspectPackage(bytes).findings;
  assert.deepEqual(findings.map((f) => [f.code, f.severity, f.fixable, f.fix]), [["package.xml_malformed", "error", false, undefined]]);
  assert.match(findings[0]!.message, /^xl\/worksheets\/sheet1\.xml is not well-formed XML \(text outside the root element/);
  for (const bad of ["<w:document><w:body></w:document>", "<a>&nbsp;</a>", '<a b="1" b="2"/>', "<a/><b/>"]) {
    const broken = zip({ ...minimalDocx(), "word/extra.xml": bad });
    assert.deepEqual(inspectPackage(broken).findings.map((f) => f.code), ["package.xml_malformed"], bad);
  }
});

test("VML is held to characters only: Office's legacy parser reads the unclosed <br> Excel writes", () => {
  const vml = `<xml xmlns:v="urn:schemas-microsoft-com:vml"><v:shape><div>Note<br></div></v:shape></xml>`;
  const bytes = zip({ ...minimalDocx(), "word/drawing1.vml": vml, "[Content_Types].xml": contentTypesXml({ "/word/document.xml": DOCUMENT_TYPE }, { rels: "application/vnd.openxmlformats-package.relationships+xml", xml: "application/xml", png: "image/png", vml: "application/vnd.openxmlformats-officedocument.vmlDrawing" }) });
  assert.deepEqual(inspectPackage(bytes).findings, []);
});

test("a part declaring a DTD is refused, not reported", () => {
  const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><w:document>&lol2;</w:document>`;
  assert.throws(
    () => inspectPackage(zip({ ...minimalDocx(), [DOC]: bomb })),
    (e: unknown) => e instanceof PackageRefused && e.reason === "xml_dtd",
  );
});
