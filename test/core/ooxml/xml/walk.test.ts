/**
 * The streaming walk over the one tokenizer (core/ooxml/xml/walk.ts), as the xlsx review reads big parts: it must
 * refuse what the validating parser refuses (not well-formed XML, DTDs) and report elements with exact spans.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PackageRefused } from "../../../../core/ooxml/package.ts";
import { attributes, walkXml } from "../../../../core/ooxml/xml/walk.ts";

const refusal = (xml: string, reason: PackageRefused["reason"]) => () =>
  assert.throws(() => walkXml(xml, "part.xml", {}), (error: unknown) => error instanceof PackageRefused && error.reason === reason);

describe("walkXml", () => {
  test("reports elements with their spans, local names and decoded text", () => {
    const xml = `<?xml version="1.0"?><x:a xmlns:x="u"><b k="1 &amp; 2">t &lt; u</b><c/><!-- note --><![CDATA[<raw>]]></x:a>`;
    const seen: string[] = [];
    walkXml(xml, "p", {
      open: (name, raw, start, end, selfClosing) => seen.push(`open ${name} ${JSON.stringify(attributes(raw).get("k") ?? null)} ${xml.slice(start, end)}${selfClosing ? " /" : ""}`),
      close: (name) => seen.push(`close ${name}`),
      text: (text) => seen.push(`text ${text}`),
    });
    assert.deepEqual(seen, [
      'open a null <x:a xmlns:x="u">',
      'open b "1 & 2" <b k="1 &amp; 2">',
      "text t < u",
      "close b",
      "open c null <c/> /",
      "close c",
      "text <raw>",
      "close a",
    ]);
  });

  test("refuses mismatched tags", refusal("<a><b></a></b>", "xml_invalid"));
  test("refuses an unclosed element", refusal("<a><b></b>", "xml_invalid"));
  test("refuses a bare ampersand", refusal("<a>fish & chips</a>", "xml_invalid"));
  test("refuses a broken attribute", refusal('<a k="1></a>', "xml_invalid"));
  test("refuses text outside the root", refusal("junk<a/>", "xml_invalid"));
  test("refuses two roots", refusal("<a/><b/>", "xml_invalid"));
  test("refuses a DTD", refusal('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', "xml_dtd"));
  test("accepts '>' inside an attribute value", () => walkXml('<a k="x > y"/>', "p", {}));
});
