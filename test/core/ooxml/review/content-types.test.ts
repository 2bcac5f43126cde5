import { test } from "node:test";
import assert from "node:assert/strict";
import { inspectPackage, repairPackage } from "../../../../core/ooxml/review/index.ts";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { extractXlsx } from "../../../../plugins/xlsx/extract/index.ts";
import { corpusFile } from "../../../renderers/support.ts";
import { contentTypesXml, DOCUMENT_TYPE, minimalDocx, partText, relsXml, textNodes, zip } from "./support.ts";

const FIX = "package.content_types";
const TYPES = "[Content_Types].xml";

const codes = (bytes: Uint8Array) => inspectPackage(bytes).findings.map((f) => f.code);

/** Repairs with the content-types fix and checks the package is clean, opens, and reads the same text. */
const repaired = async (broken: Uint8Array): Promise<Uint8Array> => {
  const bytes = repairPackage(broken, FIX);
  assert.deepEqual(inspectPackage(bytes).findings, []);
  assert.deepEqual(textNodes(bytes), textNodes(broken));
  assert.match(extractedMarkdown(await extractDocx(bytes, {})), /Hello world/);
  return bytes;
};

test("a part with no content type is an error; the repair declares media by extension", async () => {
  const broken = zip({ ...minimalDocx(), [TYPES]: contentTypesXml({ "/word/document.xml": DOCUMENT_TYPE }, { rels: "application/vnd.openxmlformats-package.relationships+xml", xml: "application/xml" }) });
  const [f, ...rest] = inspectPackage(broken).findings;
  assert.deepEqual(rest, []);
  assert.deepEqual(f, {
    code: "package.content_type_missing",
    severity: "error",
    category: "structural",
    message: "word/media/image1.png has no content type in [Content_Types].xml (neither an Override nor a Default for its extension): Office refuses the file.",
    location: {},
    fixable: true,
    fix: FIX,
  });
  const bytes = await repaired(broken);
  const before = partText(broken, TYPES);
  const after = partText(bytes, TYPES);
  // Only the declaration was added: the rest of the part is byte-identical.
  assert.equal(after, before.replace("</Types>", '<Default Extension="png" ContentType="image/png"/></Types>'));
});

test("an XML part with no content type gets an Override by its role", async () => {
  const files = minimalDocx();
  files["word/document.xml"] = (files["word/document.xml"] as string).replace("<w:sectPr/>", '<w:sectPr><w:headerReference w:type="default" r:id="rId7"/></w:sectPr>');
  files["word/_rels/document.xml.rels"] = relsXml(["rId5", "image", "media/image1.png"], ["rId7", "header", "header1.xml"]);
  files["word/header1.hdr"] = "unused";
  files["word/header1.xml"] = `<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:r><w:t>Top</w:t></w:r></w:p></w:hdr>`;
  files[TYPES] = contentTypesXml({ "/word/document.xml": DOCUMENT_TYPE }, { rels: "application/vnd.openxmlformats-package.relationships+xml", png: "image/png" });
  const broken = zip(files);
  assert.deepEqual(codes(broken).sort(), ["package.content_type_missing", "package.content_type_missing"]);
  const bytes = repairPackage(broken, FIX);
  assert.deepEqual(inspectPackage(bytes).findings, []);
  const types = partText(bytes, TYPES);
  assert.match(types, /<Override PartName="\/word\/header1\.xml" ContentType="application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.header\+xml"\/>/);
  assert.match(types, /<Override PartName="\/word\/header1\.hdr" ContentType="application\/octet-stream"\/>/);
  assert.deepEqual(textNodes(bytes), textNodes(broken));
});

test("a missing [Content_Types].xml is an error; the repair writes one", async () => {
  const { [TYPES]: _gone, ...files } = minimalDocx();
  const broken = zip(files);
  const findings = inspectPackage(broken).findings;
  assert.deepEqual(findings.map((f) => [f.code, f.severity, f.fix]), [["package.content_types_missing", "error", FIX]]);
  const bytes = await repaired(broken);
  const types = partText(bytes, TYPES);
  assert.match(types, /<Override PartName="\/word\/document\.xml" ContentType="application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\.main\+xml"\/>/);
  assert.match(types, /<Default Extension="png" ContentType="image\/png"\/>/);
  assert.match(types, /<Default Extension="rels" /);
});

test("an Override of a part that is not in the package is an error; the repair removes just that Override", async () => {
  const broken = zip({ ...minimalDocx(), [TYPES]: contentTypesXml({ "/word/document.xml": DOCUMENT_TYPE, "/word/styles.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml" }) });
  const findings = inspectPackage(broken).findings;
  assert.deepEqual(findings.map((f) => [f.code, f.severity, f.fixable, f.fix]), [["package.content_type_orphan", "error", true, FIX]]);
  assert.match(findings[0]!.message, /declares \/word\/styles\.xml, which is not in the package/);
  const bytes = await repaired(broken);
  assert.equal(partText(bytes, TYPES), partText(zip(minimalDocx()), TYPES));
});

test("a part Office needs, covered only by the generic xml Default, is an error; the repair gives it its type", async () => {
  const broken = zip({ ...minimalDocx(), [TYPES]: contentTypesXml({}) });
  const findings = inspectPackage(broken).findings;
  assert.deepEqual(findings.map((f) => [f.code, f.fix]), [["package.content_type_generic", FIX]]);
  assert.match(findings[0]!.message, /^word\/document\.xml is declared as application\/xml/);
  const bytes = await repaired(broken);
  assert.match(partText(bytes, TYPES), /<Override PartName="\/word\/document\.xml" ContentType="application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\.main\+xml"\/><\/Types>$/);
});

test("a content-types part that is not well-formed is reported once and not repaired by guessing", () => {
  const broken = zip({ ...minimalDocx(), [TYPES]: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml">' });
  const findings = inspectPackage(broken).findings;
  assert.deepEqual(findings.map((f) => [f.code, f.severity, f.fixable]), [["package.xml_malformed", "error", false]]);
  assert.match(findings[0]!.message, /^\[Content_Types\]\.xml is not well-formed XML/);
  assert.equal(repairPackage(broken, FIX), broken);
});

test("real files: an orphan Override and a missing [Content_Types].xml from the corpus are repaired", async () => {
  const orphan = corpusFile("xlsx", "exceljs-test-issue-771.xlsx");
  assert.ok(codes(orphan).includes("package.content_type_orphan"));
  const fixed = repairPackage(orphan, FIX);
  assert.ok(!codes(fixed).includes("package.content_type_orphan"));
  assert.deepEqual(textNodes(fixed), textNodes(orphan));
  assert.equal(extractedMarkdown(await extractXlsx(fixed, {})), extractedMarkdown(await extractXlsx(orphan, {})));
  const bare = corpusFile("xlsx", "exceljs-missing-bits.xlsx");
  assert.deepEqual(codes(bare).sort(), ["package.content_types_missing", "package.main_part_missing"]);
  assert.deepEqual(codes(repairPackage(bare, FIX)), ["package.main_part_missing"]);
});
