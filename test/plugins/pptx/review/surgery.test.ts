/**
 * The text surgery repairs rely on: an element of the parsed tree is found in the part's text by the offsets the
 * tree keeps, whatever comments, CDATA, processing instructions or `>` inside attribute values stand in the way,
 * and edits change only what they name.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { splice } from "../../../../core/ooxml/splice.ts";
import { attributeEdit, locate } from "../../../../plugins/pptx/review/surgery.ts";
import { kids } from "../../../../core/ooxml/xml/query.ts";
import { parseTree, type XEl } from "../../../../core/ooxml/xml/tree.ts";

const XML =
  '<?xml version="1.0"?><r xmlns:a="urn:a"><!-- <a:x id="c"/> --><a:x id="1" note="a > b"/><![CDATA[<a:x id="d"/>]]><?pi <a:x?><a:x id=\'2\'><a:x id="3"/></a:x></r>';

const tree = (xml: string): XEl => parseTree(xml, "slide.xml");

describe("pptx review: text surgery", () => {
  it("finds an element past comments, CDATA, instructions and `>` in attribute values", () => {
    const root = tree(XML);
    const [first, second] = kids(root, "x");
    const inner = kids(second, "x")[0]!;
    assert.equal(XML.slice(locate(first!).start, locate(first!).end), '<a:x id="1" note="a > b"/>');
    const open = locate(second!);
    assert.equal(XML.slice(open.start, open.end), "<a:x id='2'>");
    assert.equal(XML.slice(second!.closeStart), "</a:x></r>");
    assert.equal(XML.slice(locate(inner).start, locate(inner).end), '<a:x id="3"/>');
  });

  it("sets attributes in place, adds missing ones, and leaves every other byte", () => {
    const root = tree(XML);
    const [first, second] = kids(root, "x");
    const out = splice(XML, [attributeEdit(XML, first!, { id: "7" }), attributeEdit(XML, second!, { id: "8", extra: 'say "hi"' })]);
    assert.equal(out, XML.replace('<a:x id="1"', '<a:x id="7"').replace("<a:x id='2'>", '<a:x id="8" extra="say &quot;hi&quot;">'));
  });

  it("keeps insertions at one offset in the order they are listed", () => {
    assert.equal(splice("<t></t>", [{ start: 3, end: 3, text: "1" }, { start: 3, end: 3, text: "2" }]), "<t>12</t>");
  });
});
