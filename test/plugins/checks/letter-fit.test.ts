/**
 * `layout.letter_spills` (issue 17, item 5): a letter a few lines over one page is reported with a repair that
 * tightens the page within limits; a longer letter, another type, or a page already tight are left alone.
 * test/plugins/docx/letter.test.ts checks the repair with LibreOffice.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { letterFitCheck } from "../../../plugins/checks/layout/letter-fit.ts";
import type { PagesCheckContext } from "../../../core/contracts/check-plugin.ts";
import { noModel } from "../../../core/contracts/model.ts";

const ctx = (over: Partial<PagesCheckContext> = {}): PagesCheckContext => ({
  stage: "pages",
  operation: "create",
  format: "docx",
  type: "letter",
  author: "caller",
  request: null,
  sources: [],
  model: noModel,
  signal: new AbortController().signal,
  style: defaultStyle("letter"),
  pages: [
    { page: 1, text: "Dear Ms Gómez, … many lines …" },
    { page: 2, text: "Kind regards,\nDaniel Ortega\ncc: Javier Ruiz" },
  ],
  pictures: [],
  ...over,
});
const { ir } = readMarkdown("Dear Ms Gómez,\n\nText.\n\nKind regards,");

test("a few lines on page 2 of a letter: reported, and tightened within limits", async () => {
  const result = await letterFitCheck.run(ir, ctx());
  assert.deepEqual(result.diagnostics.map((d) => [d.code, d.severity, d.location?.pages]), [["layout.letter_spills", "warning", [2]]]);
  assert.deepEqual(result.repairs, [{ fix: "letter.tighten", style: { margins_cm: 1.8, line_spacing: 1 } }]);
});

test("a second page of real text, a longer letter or another type is not a spill", async () => {
  const long = ctx({ pages: [{ page: 1, text: "x" }, { page: 2, text: "word ".repeat(200) }] });
  assert.deepEqual((await letterFitCheck.run(ir, long)).diagnostics, []);
  assert.equal(letterFitCheck.appliesTo(ctx({ pages: [1, 2, 3].map((page) => ({ page, text: "x" })) })), false);
  assert.equal(letterFitCheck.appliesTo(ctx({ type: "report" })), false);
  assert.equal(letterFitCheck.appliesTo(ctx({ format: "xlsx" })), false);
});

test("a page already at the limits is reported without a repair", async () => {
  const tight = await letterFitCheck.run(ir, ctx({ style: { ...defaultStyle("letter"), margins_cm: 1.8, line_spacing: 1 } }));
  assert.equal(tight.diagnostics.length, 1);
  assert.deepEqual(tight.repairs, []);
});
