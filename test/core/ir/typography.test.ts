/**
 * Typography by language (core/ir/typography.ts). Golden files in test/core/ir/typography/: `<case>.md` is read,
 * typeset, and each block's text compared with `<case>.expected.txt` (non-breaking spaces written `{nbsp}`, narrow
 * ones `{nnbsp}`); `UPDATE=1` rewrites them. Beside them: what must stay as written, and pandoc (a reader we did not
 * write) reading the Word file of a typeset document.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { typeset } from "../../../core/ir/typography.ts";
import { languageOf } from "../../../core/doctype/language-tag.ts";
import { textUnits } from "../../../core/ir/units.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";
import { pdfReader, startOfficeConverter } from "../../../renderers/index.ts";

const DIR = join(import.meta.dirname, "typography");
const UPDATE = process.env.UPDATE === "1";

const visible = (text: string) => text.replace(/\u00A0/g, "{nbsp}").replace(/\u202F/g, "{nnbsp}");
const linesOf = (ir: IRDocument) => textUnits(ir).map((u) => visible(u.text)).join("\n") + "\n";

// The Spanish case gives no language: it is guessed from the text, as for the caller's own Markdown.
const cases: Array<{ name: string; language?: string; why: string }> = [
  { name: "en", language: "en", why: "English: “ ” and ‘ ’, apostrophes, inches and feet kept, units held to their numbers" },
  { name: "es", why: "Spanish, guessed: the text uses « », so straight quotes follow; 25% gets its space" },
  { name: "es-curly", language: "es", why: "Spanish written with “ ”: straight quotes follow the author's curly ones" },
  { name: "fr", language: "fr", why: "French: « » set off, a narrow space before ! and ;, 10 %" },
  // The languages below give no language either: each is told from its text, as for the caller's own Markdown.
  { name: "fr-tight", why: "French, guessed: the spaces the author left out before ; : ! ? and inside « » are put in; 10:30, URLs and code keep theirs" },
  { name: "de", why: "German, guessed: „ “ and ‚ ‘, 12 % (DIN 5008), 184,7 Mio. held together" },
  { name: "ca", why: "Catalan, guessed: « » (IEC), 12 %, no space before the colon" },
  { name: "pt", why: "European Portuguese, guessed: « », no space before the colon or the percent sign" },
  { name: "nl", why: "Dutch, guessed: “ ” and ‘ ’ as typed, no space before the percent sign" },
  { name: "it", why: "Italian, guessed: “ ” when the author typed no « », nothing before ! or :" },
];

describe("typography golden files", () => {
  for (const { name, language, why } of cases) {
    it(`${name}: ${why}`, () => {
      const { ir } = readMarkdown(readFileSync(join(DIR, `${name}.md`), "utf8"));
      const got = linesOf(typeset(ir, language ?? languageOf(ir)));
      const file = join(DIR, `${name}.expected.txt`);
      if (UPDATE || !existsSync(file)) {
        assert.ok(UPDATE, `${file} is missing: run with UPDATE=1 to write it`);
        writeFileSync(file, got);
      } else assert.equal(got, readFileSync(file, "utf8"));
    });
  }
});

describe("typeset", () => {
  it("keeps code, link targets, URLs, formula cells, ids and marks as they were, and its input unchanged", () => {
    const { ir } = readMarkdown(readFileSync(join(DIR, "en.md"), "utf8"));
    const before = JSON.stringify(ir);
    const out = typeset(ir, "en");
    assert.equal(JSON.stringify(ir), before, "a pure pass");
    const json = JSON.stringify(out);
    assert.match(json, /"text":"print\(\\"hi\\"\)","marks":\["code"\]/);
    assert.match(json, /"href":"https:\/\/example.com\/a'b"/);
    assert.match(json, /https:\/\/example.com\/x\\"y/);
    assert.match(json, /=SUM\(\\"a\\"\)/);
    const ids = (value: IRDocument) => JSON.stringify(value).match(/"id":"[^"]+"/g);
    assert.deepEqual(ids(out), ids(ir));
    assert.match(json, /"text":"fine","marks":\["bold"\]/);
  });

  it("returns the same document when there is nothing to change", () => {
    const { ir } = readMarkdown("# Plain\n\nNothing to do here.");
    assert.equal(typeset(ir, "en"), ir);
  });

  it("pandoc reads the curly quotes and the held spaces back from the Word file", async () => {
    const { ir } = readMarkdown(readFileSync(join(DIR, "es-curly.md"), "utf8"));
    const { bytes } = await docxPlugin.render!(typeset(ir, "es"), defaultStyle("report"), { type: "report" });
    const dir = mkdtempSync(join(tmpdir(), "quire-typography-"));
    try {
      writeFileSync(join(dir, "in.docx"), bytes);
      const plain = execFileSync("pandoc", ["-f", "docx", "-t", "plain", "--wrap=none", join(dir, "in.docx")], { encoding: "utf8" });
      assert.match(plain, /dijo “de acuerdo” sobre los 250\u00A0km de vía y el 12\u00A0% restante/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("typesets a gap's words as the text around it, and pairs a quotation across the gap", async () => {
    const { ir } = readMarkdown(`He said "pay [DATO: the client's "final" figure] now" and left.`);
    const { bytes } = await docxPlugin.render!(typeset(ir, "en"), defaultStyle("report"), { type: "report" });
    const plain = execFileSync("pandoc", ["-f", "docx", "-t", "plain", "--wrap=none"], { input: bytes, encoding: "utf8" });
    assert.match(plain, /He said “pay \[DATO: the client’s “final” figure\] now” and left\./);
  });

  it("LibreOffice keeps an amount with its currency and scale on one line", async () => {
    // The width puts "EUR 18,2 millones" across a line end; typeset, the three words move down together.
    const markdown = readFileSync(join(DIR, "es-break.md"), "utf8");
    const converter = await startOfficeConverter({});
    try {
      const lines = async (ir: IRDocument) => {
        const { bytes } = await docxPlugin.render!(ir, defaultStyle("report"), { type: "report" });
        const { text } = await pdfReader.info(await converter.convert(bytes, "docx", "pdf"));
        return text.map((p) => p.text).join("\n");
      };
      const { ir } = readMarkdown(markdown);
      assert.match(await lines(ir), /EUR 18,2\s*\n\s*millones/, "as written, the line breaks inside the amount");
      assert.match(await lines(typeset(ir, languageOf(ir))), /\n\s*EUR\u00A0?\s?18,2\u00A0?\s?millones/, "typeset, the amount starts the next line whole");
    } finally {
      await converter.close();
    }
  });
});
