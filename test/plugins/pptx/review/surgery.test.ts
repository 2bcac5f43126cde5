/**
 * The text surgery repairs rely on: an element of the parsed tree is found in the part's text by its ordinal among
 * elements of its name, whatever comments, CDATA, processing instructions or `>` inside attribute values stand in
 * the way, and edits change only what they name.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseXml, type XmlNode } from "../../../../core/ooxml/package.ts";
import { applyEdits, attributeEdit, findEndTag, locate, ordinals } from "../../../../plugins/pptx/review/surgery.ts";
import { isElement, kids } from "../../../../plugins/xlsx/extract/xml.ts";

const XML =
  '<?xml version="1.0"?><r xmlns:a="urn:a"><!-- <a:x id="c"/> --><a:x id="1" note="a > b"/><![CDATA[<a:x id="d"/>]]><?pi <a:x?><a:x id=\'2\'><a:x id="3"/></a:x></r>';

const tree = (xml: string): XmlNode => parseXml(xml).find(isElement)!;

describe("pptx review: text surgery", () => {
  it("finds the n-th element past comments, CDATA, instructions and `>` in attribute values", () => {
    const root = tree(XML);
    const order = ordinals(root);
    const [first, second] = kids(root, "x");
    const inner = kids(second, "x")[0]!;
    assert.equal(XML.slice(locate(XML, first!, order).start, locate(XML, first!, order).end), '<a:x id="1" note="a > b"/>');
    const open = locate(XML, second!, order);
    assert.equal(XML.slice(open.start, open.end), "<a:x id='2'>");
    assert.equal(XML.slice(findEndTag(XML, open)!.start), "</a:x></r>");
    assert.equal(XML.slice(locate(XML, inner, order).start, locate(XML, inner, order).end), '<a:x id="3"/>');
  });

  it("sets attributes in place, adds missing ones, and leaves every other byte", () => {
    const root = tree(XML);
    const order = ordinals(root);
    const [first, second] = kids(root, "x");
    const out = applyEdits(XML, [attributeEdit(XML, first!, order, { id: "7" }), attributeEdit(XML, second!, order, { id: "8", extra: 'say "hi"' })]);
    assert.equal(out, XML.replace('<a:x id="1"', '<a:x id="7"').replace("<a:x id='2'>", '<a:x id="8" extra="say &quot;hi&quot;">'));
  });

  it("keeps insertions at one offset in the order they are listed", () => {
    assert.equal(applyEdits("<t></t>", [{ start: 3, end: 3, text: "1" }, { start: 3, end: 3, text: "2" }]), "<t>12</t>");
  });
});
