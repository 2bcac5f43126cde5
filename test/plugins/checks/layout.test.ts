import { test } from "node:test";
import assert from "node:assert/strict";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { tableWidthCheck, neededWidthIn } from "../../../plugins/checks/layout/table-width.ts";
import { emptyPagesCheck } from "../../../plugins/checks/layout/empty-pages.ts";
import { pictureMarginsCheck } from "../../../plugins/checks/layout/picture-margins.ts";
import type { PagesCheckContext } from "../../../core/contracts/check-plugin.ts";
import { noModel } from "../../../core/contracts/model.ts";
import type { TableBlock } from "../../../core/ir/types.ts";

const ctx = (over: Partial<PagesCheckContext> = {}): PagesCheckContext => ({
  stage: "pages",
  operation: "create",
  format: "docx",
  type: "report",
  author: "caller",
  request: null,
  sources: [],
  model: noModel,
  signal: new AbortController().signal,
  style: defaultStyle("report"),
  pages: [{ page: 1, text: "x" }],
  pictures: [],
  ...over,
});
const table = (cells: string[]) => `| ${cells.map((_, i) => `H${i}`).join(" | ")} |\n|${cells.map(() => "---").join("|")}|\n| ${cells.join(" | ")} |\n`;

test("only a table that cannot keep its words whole on a landscape page in small type is reported; the document never turns", async () => {
  const cases = [
    { given: table(["short", "words", "only"]), issues: 0 },
    // Too wide for a portrait page at 11 pt: the Word renderer sets it smaller or turns its own page.
    { given: table(Array(5).fill("Internationalisation")), issues: 0 },
    { given: table(Array(9).fill("Internationalisation")), issues: 1 },
  ];
  for (const { given, issues } of cases) {
    const { ir } = readMarkdown(given);
    const result = await tableWidthCheck.run(ir, ctx());
    assert.equal(result.diagnostics.length, issues, given);
    if (issues) assert.equal(result.diagnostics[0]!.code, "table.overflow_width");
    assert.deepEqual(result.repairs ?? [], [], "no repair turns the whole document");
  }
  const { ir } = readMarkdown(table(Array(5).fill("Internationalisation")));
  assert.ok(neededWidthIn(ir.blocks[0] as TableBlock, 11) > 6.3, "five 20-letter columns need more than a portrait A4 line");
});

test("empty pages are reported with their numbers, unless the document has pictures", async () => {
  const pages = [{ page: 1, text: "Title" }, { page: 2, text: "  " }, { page: 3, text: "End" }];
  const plain = await emptyPagesCheck.run(readMarkdown("# A\n\ntext").ir, ctx({ pages }));
  assert.deepEqual(plain.diagnostics.map((d) => [d.code, d.location?.pages]), [["layout.empty_page", [2]]]);
  assert.equal((await emptyPagesCheck.run(readMarkdown("# A\n\n![x](img:1)").ir, ctx({ pages }))).diagnostics.length, 0);
});

test("pictures reaching into the margins or off the page are reported", async () => {
  const page = { width: 595, height: 842 };
  const inside = { page: 1, box: { x: 80, y: 100, width: 400, height: 300 }, pageSize: page };
  const wide = { page: 2, box: { x: 40, y: 100, width: 540, height: 300 }, pageSize: page };
  const low = { page: 3, box: { x: 80, y: 700, width: 200, height: 300 }, pageSize: page };
  const ir = readMarkdown("![x](img:1)").ir;
  assert.equal((await pictureMarginsCheck.run(ir, ctx({ pictures: [inside] }))).diagnostics.length, 0);
  const found = (await pictureMarginsCheck.run(ir, ctx({ pictures: [inside, wide, low] }))).diagnostics;
  assert.deepEqual(found.map((d) => [d.code, d.location?.pages]), [["image.beyond_margins", [2, 3]]]);
  assert.equal((await pictureMarginsCheck.run(ir, ctx({ format: "pptx", pictures: [wide] }))).diagnostics.length, 0, "a slide has no margins to respect");
});
