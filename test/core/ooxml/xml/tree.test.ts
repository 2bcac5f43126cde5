/**
 * The one XML layer of core/ooxml/xml: the tokenizer refuses what is not well-formed and any DTD, and the tree it
 * builds knows where each element, its content and its end sit in the part's text, so a repair splices exactly
 * there and a reader can name the source range of what it read.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PackageRefused } from "../../../../core/ooxml/package.ts";
import { checkWellFormed, child, descendants, kids, parseTree, readFragment, readTree, XmlDamaged } from "../../../../core/ooxml/xml/tree.ts";
import { attr, elements, relAttr } from "../../../../core/ooxml/xml/query.ts";
import { lazyElements } from "../../../../core/ooxml/xml/lazy.ts";

const damaged = (xml: string) => () => assert.throws(() => parseTree(xml, "p.xml"), XmlDamaged);

describe("parseTree", () => {
  const XML = `<?xml version="1.0"?>\n<w:document xmlns:w="urn:w" xmlns:r="urn:r"><!-- c --><w:body><w:p w:rsid="1"><w:r><w:t xml:space="preserve"> a &amp; b </w:t></w:r></w:p><w:p/></w:body></w:document>`;

  test("gives every element its start tag, content and end as offsets into the text", () => {
    const root = parseTree(XML, "word/document.xml");
    const [p, empty] = child(root, "body")!.children;
    assert.equal(XML.slice(p!.start, p!.openEnd), '<w:p w:rsid="1">');
    assert.equal(XML.slice(p!.openEnd, p!.closeStart), '<w:r><w:t xml:space="preserve"> a &amp; b </w:t></w:r>');
    assert.equal(XML.slice(p!.closeStart, p!.end), "</w:p>");
    assert.equal(XML.slice(empty!.start, empty!.end), "<w:p/>");
    assert.equal(empty!.openEnd, empty!.end);
    assert.equal(empty!.part, "word/document.xml");
  });

  test("reads local names, attributes by local and qualified name, and decoded text", () => {
    const root = parseTree(XML, "word/document.xml");
    const t = descendants(root).find((e) => e.local === "t")!;
    assert.equal(t.name, "w:t");
    assert.equal(t.text, " a & b ");
    assert.equal(t.parent?.local, "r");
    assert.equal(child(root, "body")!.children[0]!.attrs["rsid"], "1");
    assert.equal(root.qualifiedAttrs.get("xmlns:w"), "urn:w");
    assert.equal(root.attrs["w"], undefined, "a namespace declaration is not the attribute w:w");
  });

  test("drops the characters XML does not allow from text and attributes, keeping the offsets of the text as stored", () => {
    const xml = '<a k="x&#x1;y"><t>p\u0001q&#x2;r</t></a>';
    const root = parseTree(xml, "p.xml");
    assert.equal(root.attrs["k"], "xy");
    assert.equal(root.children[0]!.text, "pqr");
    assert.equal(root.children[0]!.end, xml.length - "</a>".length);
  });

  test("reads markup compatibility as Word does (first Choice) or by its Fallback", () => {
    const root = parseTree('<a xmlns:mc="m"><mc:AlternateContent><mc:Choice><c/></mc:Choice><mc:Fallback><f/></mc:Fallback></mc:AlternateContent></a>', "p.xml");
    assert.deepEqual(kids(root).map((e) => e.local), ["c"]);
    assert.deepEqual(elements(root).map((e) => e.local), ["f"]);
  });

  test("finds attributes by qualified name first, relationship ones by their prefix", () => {
    const root = parseTree('<a xmlns:r="urn:r" r:id="rId1" id="7" x:name="n"/>', "p.xml");
    assert.equal(attr(root, "id"), "7");
    assert.equal(relAttr(root, "id"), "rId1");
    assert.equal(attr(root, "name"), "n");
  });

  test("refuses a DTD or an entity declaration", () => {
    assert.throws(() => parseTree('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', "p.xml"), (e: unknown) => e instanceof PackageRefused && e.reason === "xml_dtd");
  });

  test("refuses mismatched tags", damaged("<a><b></a></b>"));
  test("refuses an unclosed element", damaged("<a><b></b>"));
  test("refuses a bare ampersand in text", damaged("<a>fish & chips</a>"));
  test("refuses a bare ampersand in an attribute", damaged('<a k="fish & chips"/>'));
  test("a repeated attribute is refused by the package check (as Office refuses it); readers take the first", () => {
    assert.throws(() => checkWellFormed('<a k="1" x:k="3" k="2"/>', "p.xml"), XmlDamaged);
    assert.doesNotThrow(() => checkWellFormed('<a k="1" x:k="3"/>', "p.xml"));
    assert.equal(parseTree('<a k="1" k="2"/>', "p.xml").attrs["k"], "1");
  });
  test("refuses an attribute without a quoted value", damaged("<a k=1/>"));
  test("refuses '<' in an attribute value", damaged('<a k="<"/>'));
  test("refuses text outside the root", damaged("junk<a/>"));
  test("refuses two roots", damaged("<a/><b/>"));
  test("refuses ']]>' in text", damaged("<a>x]]>y</a>"));
  test("refuses an unterminated comment", damaged("<a><!-- x</a>"));
  test("accepts '>' inside an attribute value and CDATA with markup", () => {
    const root = parseTree('<a k="x > y"><t><![CDATA[<b>&]]></t></a>', "p.xml");
    assert.equal(root.attrs["k"], "x > y");
    assert.equal(root.children[0]!.text, "<b>&");
  });

  test("readTree refuses damage as a reader does: PackageRefused xml_invalid naming the part", () => {
    assert.throws(() => readTree("<a><b></a>", "xl/worksheets/sheet1.xml"), (e: unknown) => e instanceof PackageRefused && e.reason === "xml_invalid" && e.message.startsWith("xl/worksheets/sheet1.xml is not well-formed XML"));
  });
});

describe("readFragment and lazyElements: parts read in pieces keep the offsets of the whole part", () => {
  test("rows side by side parse in place", () => {
    const xml = '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"/></sheetData></worksheet>';
    const from = xml.indexOf("<row");
    const to = xml.indexOf("</sheetData>");
    const rows = readFragment(xml, "sheet1.xml", from, to);
    assert.deepEqual(rows.map((r) => r.attrs["r"]), ["1", "2"]);
    const cell = rows[0]!.children[0]!;
    assert.equal(xml.slice(cell.start, cell.end), '<c r="A1"><v>1</v></c>');
  });

  test("the rest of a sheet parses with its rows left unread, offsets unchanged", () => {
    const xml = '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>';
    const from = xml.indexOf("<row");
    const root = readTree(xml, "sheet1.xml", { skip: { from, to: xml.indexOf("</sheetData>") } });
    assert.deepEqual(child(root, "sheetData")!.children, []);
    const merge = child(child(root, "mergeCells"), "mergeCell")!;
    assert.equal(xml.slice(merge.start, merge.end), '<mergeCell ref="A1:B1"/>');
  });

  test("a style is parsed when asked for, in place, and a damaged one reads as absent", () => {
    const xml = '<w:styles xmlns:w="urn:w"><w:style w:styleId="A"><w:name w:val="Alpha"/></w:style><w:style w:styleId="B"><w:name></w:style></w:styles>';
    const problems: unknown[] = [];
    const styles = lazyElements(xml, "word/styles.xml", "style", "styleId", (e) => problems.push(e));
    const a = styles.get("A")!()!;
    assert.equal(a.valOf("name"), "Alpha");
    assert.equal(xml.slice(a.start, a.end), '<w:style w:styleId="A"><w:name w:val="Alpha"/></w:style>');
    assert.equal(styles.get("B")?.() ?? null, null);
    assert.equal(problems.length, 1);
  });
});
