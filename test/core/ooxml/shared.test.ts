/**
 * The one rule each of core/ooxml: which characters XML forbids (chars.ts), where relationships point (rels.ts),
 * and how ranges are spliced into a part (splice.ts).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countInvalidChars, stripInvalidChars } from "../../../core/ooxml/chars.ts";
import { relsPartOf, resolveTarget, sourceOfRels, targetPart } from "../../../core/ooxml/rels.ts";
import { outermost, splice } from "../../../core/ooxml/splice.ts";

describe("invalid XML characters", () => {
  test("removes C0 controls and references to them, keeps tab, CR, LF and everything else", () => {
    assert.equal(stripInvalidChars("<a>x\u0001y&#x1;z&#11;&#x0B;\t\r\n&#9;&#x20;&#12345;</a>"), "<a>xyz\t\r\n&#9;&#x20;&#12345;</a>");
  });

  test("counts raw and referenced ones alike, U+FFFE, U+FFFF, lone surrogates and out-of-range references included", () => {
    const text = "a\u0000b\uFFFEc\uD800d&#65535;&#xD800;&#x110000;&#0;e\uD83D\uDE00";
    assert.equal(countInvalidChars(text), 7);
    assert.equal(stripInvalidChars(text), "abcde\uD83D\uDE00");
  });
});

describe("relationships", () => {
  test("the .rels of a part and the part of a .rels", () => {
    assert.equal(relsPartOf("word/document.xml"), "word/_rels/document.xml.rels");
    assert.equal(relsPartOf(""), "_rels/.rels");
    assert.equal(sourceOfRels("word/_rels/document.xml.rels"), "word/document.xml");
    assert.equal(sourceOfRels("_rels/.rels"), "");
    assert.equal(sourceOfRels("word/document.xml"), null);
  });

  test("targets resolve relative to the source's folder, from the root with '/', up with '../'", () => {
    assert.equal(resolveTarget("ppt/slides/slide1.xml", "../media/a.png"), "ppt/media/a.png");
    assert.equal(resolveTarget("word/document.xml", "media/a.png"), "word/media/a.png");
    assert.equal(resolveTarget("word/document.xml", "/customXml/item1.xml"), "customXml/item1.xml");
    assert.equal(resolveTarget("word/document.xml", "media\\a.png#frag"), "word/media/a.png");
    assert.equal(resolveTarget("", "word/document.xml"), "word/document.xml");
  });

  test("an external or empty target names no part; readers get percent escapes decoded", () => {
    assert.equal(resolveTarget("word/document.xml", "https://example.com/a.png"), null);
    assert.equal(resolveTarget("word/document.xml", "#bookmark"), null);
    assert.equal(targetPart("word/document.xml", "media/my%20picture.png"), "word/media/my picture.png");
    assert.equal(targetPart("word/document.xml", "media/100%.png"), "word/media/100%.png");
    assert.equal(targetPart("word/document.xml", ""), "");
  });
});

describe("splice", () => {
  test("replaces ranges in one pass, whatever their order, leaving every other byte", () => {
    assert.equal(splice("<a><b/><c/></a>", [{ start: 7, end: 11, text: "<d/>" }, { start: 3, end: 7, text: "" }]), "<a><d/></a>");
  });

  test("keeps insertions at one offset in the order listed, and refuses overlapping edits", () => {
    assert.equal(splice("<t></t>", [{ start: 3, end: 3, text: "1" }, { start: 3, end: 3, text: "2" }]), "<t>12</t>");
    assert.throws(() => splice("abcdef", [{ start: 0, end: 4, text: "" }, { start: 2, end: 5, text: "" }]));
  });

  test("outermost keeps an element and drops what sits inside it", () => {
    const kept = outermost([{ start: 5, end: 8 }, { start: 0, end: 10 }, { start: 12, end: 14 }]);
    assert.deepEqual(kept, [{ start: 0, end: 10 }, { start: 12, end: 14 }]);
  });
});
