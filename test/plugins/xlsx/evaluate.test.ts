/** Values of simple formulas while the workbook is mapped: arithmetic is known, anything else is not guessed. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { evaluate } from "../../../plugins/xlsx/evaluate.ts";

// B2 = 100, C2 = 40, B3 = 115, D2 = "text"; everything else empty.
const cells: Record<string, number | undefined> = { "2:2": 100, "3:2": 40, "2:3": 115, "4:2": undefined };
const lookup = {
  cell: (column: number, row: number) => (`${column}:${row}` in cells ? cells[`${column}:${row}`] : 0),
  name: (name: string) => (name === "growth_rate" ? 0.15 : undefined),
};

describe("xlsx formula values", () => {
  const cases: Array<{ formula: string; want: number | undefined }> = [
    { formula: "B2*(1+growth_rate)", want: 115 },
    { formula: "=$B$2-C2", want: 60 },
    { formula: "-B2^2", want: 10000 },
    { formula: "50%*B2", want: 50 },
    { formula: "SUM(B2:B3,C2)", want: 255 },
    { formula: "AVERAGE(B2:B3)", want: 107.5 },
    { formula: "B2/E9", want: undefined },
    { formula: "B2+D2", want: undefined },
    { formula: "B2*unknown_rate", want: undefined },
    { formula: "Assumptions!B2*2", want: undefined },
    { formula: "ROUND(B2,0)", want: undefined },
    { formula: "B2+", want: undefined },
  ];
  for (const c of cases) {
    it(`=${c.formula.replace(/^=/, "")} → ${c.want}`, () => {
      const got = evaluate(c.formula, lookup);
      if (c.want === undefined) assert.equal(got, undefined);
      else assert.ok(got !== undefined && Math.abs(got - c.want) < 1e-9, `${got}`);
    });
  }
});
