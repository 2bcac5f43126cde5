/**
 * What our own renderers write passes our own review: a deck, a Word file and a workbook made from Markdown with
 * headings, lists, tables over several slides and formulas carry no error-severity finding (the kind that makes
 * Office offer a repair). This caught pptxgenjs giving a table frame the id of another shape on its slide.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { inspectPackage } from "../../core/ooxml/review/index.ts";
import { formatPlugins } from "../../plugins/index.ts";
import type { DocType } from "../../core/ir/types.ts";

const table = (n: number) =>
  `| Region | Units | Revenue |\n|---|---:|---:|\n${Array.from({ length: n }, (_, i) => `| Region ${i + 1} | ${100 + i} | ${1000 * (i + 1)} |`).join("\n")}\n| Total | =SUM(B2:B${n + 1}) | =SUM(C2:C${n + 1}) |`;
/** A paragraph, a list and a table on one slide: the layout where pptxgenjs repeated a shape id. */
const PART = "## Part\n\nRevenue grew in every region, with the strongest gains in the north where new customers signed long contracts.\n\n- One\n- Two\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n";
const MARKDOWN = `${PART}# Results\n\n## Summary\n\n- Growth in every region\n- Costs on budget\n\n## Figures\n\n${table(18)}\n\n## Next steps\n\nThe board asked for a plan.\n\n1. Hire\n2. Expand\n\n| Step | Owner |\n|---|---|\n| Hire | Ana |\n\n> Notes: speak slowly\n`;

describe("our renderers' output passes our review", () => {
  for (const format of ["docx", "pptx", "xlsx"] as const) {
    it(`${format}: no error-severity finding`, async () => {
      const type: DocType = format === "pptx" ? "presentation" : format === "xlsx" ? "spreadsheet" : "report";
      const plugin = formatPlugins.get(format)!;
      const { bytes } = await plugin.render!(readMarkdown(MARKDOWN).ir, defaultStyle(type), { type });
      const own = await plugin.inspect!(bytes, { fonts: new Set(["carlito", "liberation sans", "liberation serif", "dejavu sans"]) });
      const errors = [...inspectPackage(bytes).findings, ...own.findings].filter((f) => f.severity === "error");
      assert.deepEqual(errors.map((f) => `${f.code}: ${f.message}`), []);
      assert.ok(own.content.some((c) => c.includes("Region 18")), "the content is read");
    });
  }
});
