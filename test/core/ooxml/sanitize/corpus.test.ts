import { test } from "node:test";
import assert from "node:assert/strict";
import { sanitizeDocx } from "../../../../plugins/docx/sanitize/index.ts";
import { sanitizePptx } from "../../../../plugins/pptx/sanitize/index.ts";
import { sanitizeXlsx } from "../../../../plugins/xlsx/sanitize/index.ts";

/** Core's sanitizer with each format's own steps, as its plugin runs it. */
const sanitizeOoxml = (bytes: Uint8Array, kind: "docx" | "pptx" | "xlsx") => ({ docx: sanitizeDocx, pptx: sanitizePptx, xlsx: sanitizeXlsx })[kind](bytes);
import { inspectPackage } from "../../../../core/ooxml/review/index.ts";
import { corpusPackages, textNodes } from "../review/support.ts";

/** What the corpus holds that must be neutralised: file → the start of each line of `removed`. */
const EXPECTED: Record<string, string[]> = {
  "docx/mammoth-external-picture.docx": ["linked image (tiny-picture.png)"],
  "docx/pandoc-0_level_headers.docx": ["attached template (file:///C:\\Users\\hausman"],
  "docx/pandoc-german_styled_lists.docx": ["attached template (Macintosh%20HD:"],
  "docx/pandoc-textbox_image.docx": ["attached template (file:///C:\\Users\\jgillberg"],
  "docx/pandoc-textbox_image_duplicate_encoding.docx": ["attached template (file:///C:\\Users\\jgillberg"],
  "docx/pandoc-image_vml_as_object.docx": ["OLE object word/embeddings/Dessin_Microsoft_Visio_2003-2010111.vsd (Visio.Drawing.11)"],
  "pptx/python-pptx-shp-access-ole-object.pptx": ["OLE object ppt/embeddings/Microsoft_Excel_Worksheet.xlsx (Excel.Sheet.12)"],
};

test("the corpus: what reaches outside is named and removed, everything else comes back as the same bytes", () => {
  const seen = new Set<string>();
  for (const [name, kind, bytes] of corpusPackages()) {
    const { bytes: out, removed } = sanitizeOoxml(bytes, kind);
    const expected = EXPECTED[name] ?? [];
    assert.equal(removed.length, expected.length, `${name}: ${JSON.stringify(removed)}`);
    expected.forEach((start, i) => assert.ok(removed[i]!.startsWith(start), `${name}: ${removed[i]}`));
    if (expected.length === 0) {
      assert.equal(out, bytes, `${name} changed`);
      continue;
    }
    seen.add(name);
    // Nothing the package checks would report was introduced, and the text is the text.
    const before = new Set(inspectPackage(bytes).findings.map((f) => f.message));
    assert.deepEqual(inspectPackage(out).findings.filter((f) => !before.has(f.message)), [], name);
    assert.deepEqual(textNodes(out), textNodes(bytes), name);
    const again = sanitizeOoxml(out, kind);
    assert.deepEqual(again.removed, [], name);
    assert.equal(again.bytes, out, name);
  }
  assert.deepEqual([...seen].sort(), Object.keys(EXPECTED).sort());
});

test("charts keep their embedded workbooks and hyperlinks stay", () => {
  for (const [name, kind, bytes] of corpusPackages()) {
    if (!/cht-|ext-rels|pandoc-links|exceljs-gold/.test(name)) continue;
    assert.equal(sanitizeOoxml(bytes, kind).bytes, bytes, name);
  }
});
