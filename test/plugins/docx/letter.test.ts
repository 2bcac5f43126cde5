/**
 * Issue 17, item 5: a one-page letter's closing, signature and cc never spill alone onto a second page. The closing
 * is kept with its name block and the last paragraph, with room to sign between closing and name; a letter a few
 * lines over one page is tightened (layout.letter_spills, repaired by letter.tighten) so LibreOffice sets it on one.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { compileDocx, part, renderDocx } from "./support.ts";

after(closeSharedOfficeConverter);

/** A letter a few lines longer than an A4 page at the default style (the golden fixture letter-one-page). */
const letter = readFileSync(new URL("../../../fixtures/docx/letter-one-page/input.md", import.meta.url), "utf8");

describe("a letter's closing", () => {
  test("Word: the closing is split from the name, kept with it and the paragraph before, room left to sign", async () => {
    const { bytes, type } = await renderDocx(letter);
    assert.equal(type, "letter");
    const paragraphs = part(bytes, "word/document.xml").split("<w:p>").slice(1);
    const at = (text: string) => paragraphs.findIndex((p) => p.includes(text));
    const closing = at("Kind regards,");
    assert.ok(!paragraphs[closing]!.includes("Daniel Ortega"), "the name is a paragraph of its own");
    for (const text of ["invoicing schedule", "Kind regards,", "Daniel Ortega"]) assert.match(paragraphs[at(text)]!, /<w:keepNext\/>/, text);
    assert.match(paragraphs[at("Daniel Ortega")]!, /<w:spacing w:before="720"\/>/);
    assert.doesNotMatch(paragraphs[at("cc: Javier Ruiz")]!, /<w:keepNext\/>/, "the last line keeps with nothing");
  });

  test("LibreOffice: a letter a few lines over one page is tightened onto one, closing, name and cc included", async () => {
    const compiled = await compileDocx(letter);
    assert.equal(compiled.pages, 1, compiled.text.map((t) => t.text).join("\n---\n"));
    assert.deepEqual(
      compiled.ledger.map((l) => [l.fix, l.outcome]),
      [["letter.tighten", "applied"]],
    );
    assert.ok(compiled.style.margins_cm >= 1.8 && compiled.style.line_spacing === 1, JSON.stringify(compiled.style));
    const page = compiled.text[0]!.text;
    for (const text of ["Kind regards,", "Daniel Ortega", "cc: Javier Ruiz"]) assert.ok(page.includes(text), text);
    assert.ok(!compiled.diagnostics.some((d) => d.code === "layout.letter_spills"));
  });

  test("a two-page letter is left as it is: no warning, no tightening", async () => {
    const long = letter.replace("Kind regards,", `${"More detail on the schedule follows in this paragraph. ".repeat(40)}\n\nKind regards,`);
    const compiled = await compileDocx(long);
    assert.equal(compiled.pages, 2);
    assert.deepEqual(compiled.ledger, []);
    assert.ok(!compiled.diagnostics.some((d) => d.code === "layout.letter_spills"));
    const second = compiled.text[1]!.text;
    assert.ok(second.includes("Kind regards,") && second.includes("Daniel Ortega"), "the closing goes over with its name");
  });
});
