/**
 * The Word review against every real file of the shared corpus (Word, LibreOffice, Google Docs, pandoc, mammoth
 * fixtures, and the docx files among the scans): each inspects without throwing, and each finding that names a fix
 * is repaired with the finding gone, the text proof deep-equal and the file still readable by our Markdown reader.
 * Also the time inspection takes: over the corpus, and on a generated report of about ten pages.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { describe, it } from "node:test";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { repairDocx } from "../../../../plugins/docx/review/index.ts";
import { corpusFile, CORPUS, SCANS, tenPageReport } from "./build.ts";
import { codes, ctx, inspect } from "./support.ts";

const files = existsSync(CORPUS)
  ? [
      ...readdirSync(CORPUS).filter((f) => f.endsWith(".docx")).map((f) => [f, CORPUS] as const),
      ...readdirSync(SCANS).filter((f) => f.endsWith(".docx")).map((f) => [f, SCANS] as const),
    ].sort()
  : [];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe("docx review over the corpus", () => {
  it("inspects every file, and every repair it offers keeps the text", async () => {
    const times: number[] = [];
    let repaired = 0;
    for (const [name, dir] of files) {
      const bytes = corpusFile(name, dir);
      const start = performance.now();
      const before = await inspect(bytes);
      times.push(performance.now() - start);
      assert.ok(before.content.length > 0 || name === "mammoth-empty.docx" || name.includes("picture"), `${name} has no content`);
      for (const fix of new Set(before.findings.flatMap((f) => (f.fix ? [f.fix] : [])))) {
        const fixed = await repairDocx(bytes, fix, ctx);
        const after = await inspect(fixed);
        for (const code of new Set(before.findings.filter((f) => f.fix === fix).map((f) => f.code))) {
          assert.ok(!codes(after).includes(code), `${name}: ${fix} left ${code}`);
        }
        assert.deepEqual(after.content, before.content, `${name}: ${fix} changed the text`);
        assert.ok(extractedMarkdown(await extractDocx(fixed, {})).length > 0, `${name}: ${fix} left a file our reader cannot read`);
        repaired++;
      }
    }
    // The corpus has wide tables and empty headings: the repairs above were really exercised.
    assert.ok(repaired >= 4, `only ${repaired} repairs were exercised`);
    console.log(`inspect over ${files.length} corpus files: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
    // 10× the figure (under 300 ms): a loaded machine passes, a hang or a quadratic walk does not; bench/review measures.
    assert.ok(Math.max(...times) < 3_000);
  });

  it("finds what is known to be in the corpus", async () => {
    const found = async (name: string) => codes(await inspect(corpusFile(name)));
    assert.ok((await found("pandoc-table_captions_no_field.docx")).includes("docx.empty_heading"));
    assert.ok((await found("pandoc-track_changes_move.docx")).includes("docx.tracked_changes"));
    assert.ok((await found("mammoth-comments.docx")).includes("docx.comments"));
    assert.ok((await found("pandoc-german_styled_lists.docx")).includes("docx.field_error_result"));
    // A Word 2010 table hanging only its cell margins outside the text is how Word places tables: not reported.
    assert.ok(!(await found("pandoc-tables.docx")).includes("docx.table_too_wide"));
  });
});

describe("docx review speed", () => {
  it("inspects a generated ten-page report well under 300 ms", async () => {
    const bytes = tenPageReport();
    const first = await inspect(bytes);
    assert.deepEqual(codes(first), []);
    assert.ok(first.content.length > 150);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await inspect(bytes);
      times.push(performance.now() - start);
    }
    console.log(`inspect of a ten-page report (${bytes.length} bytes): median ${median(times).toFixed(1)} ms`);
    // 10× the figure (under 150 ms), as above.
    assert.ok(median(times) < 1_500);
  });
});
