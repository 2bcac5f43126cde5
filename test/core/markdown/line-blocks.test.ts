import { test } from "node:test";
import assert from "node:assert/strict";
import { readMarkdown } from "../../../core/markdown/read.ts";

const lines = (markdown: string) =>
  readMarkdown(markdown).ir.blocks.map((b) => ("inlines" in b ? b.inlines.map((i) => (i.type === "text" ? i.text : i.type === "lineBreak" ? "⏎" : "")).join("") : ""));

test("a paragraph of short lines keeps its line ends; prose joins them", () => {
  const cases = [
    { given: "Acme Supplies Ltd.\n12 Harbour Street\nBristol BS1 4AA", want: ["Acme Supplies Ltd.⏎12 Harbour Street⏎Bristol BS1 4AA"] },
    { given: "John Smith\nSales Manager", want: ["John Smith⏎Sales Manager"] },
    {
      given: "Revenue grew over the quarter thanks to new customers in retail,\nand costs stayed inside the budget agreed in January by the board.",
      want: ["Revenue grew over the quarter thanks to new customers in retail, and costs stayed inside the budget agreed in January by the board."],
    },
    { given: "One line only.", want: ["One line only."] },
  ];
  for (const { given, want } of cases) assert.deepEqual(lines(given), want, given);
});
