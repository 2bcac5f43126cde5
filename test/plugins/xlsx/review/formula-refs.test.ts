/**
 * The formula scanner (plugins/xlsx/review/formula-refs.ts): the references, names, functions and #REF! it finds
 * in formulas as Excel stores them, and what it must not mistake for references (text, function names, numbers,
 * structured references, array constants).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseFormula } from "../../../../plugins/xlsx/review/formula-refs.ts";

const area = (top: number, left: number, bottom = top, right = left) => ({ top, left, bottom, right });

describe("parseFormula", () => {
  const cases: { given: string; want: Partial<ReturnType<typeof parseFormula>> }[] = [
    { given: "A1*B1", want: { refs: [{ area: area(1, 1) }, { area: area(1, 2) }], names: [], refErrors: 0 } },
    { given: "SUM($A$1:C3)", want: { refs: [{ area: area(1, 1, 3, 3) }], functions: ["SUM"] } },
    { given: "'My Sheet'!A1+Sheet2!B3:C9", want: { refs: [{ sheet: "My Sheet", area: area(1, 1) }, { sheet: "Sheet2", area: area(3, 2, 9, 3) }] } },
    { given: "'It''s'!A1", want: { refs: [{ sheet: "It's", area: area(1, 1) }] } },
    { given: "SUM(Jan:Dec!B2)", want: { refs: [{ sheet: "Jan", lastSheet: "Dec", area: area(2, 2) }] } },
    { given: "[1]Rates!A1+'[2]Old rates'!B3", want: { refs: [{ book: "1", sheet: "Rates", area: area(1, 1) }, { book: "2", sheet: "Old rates", area: area(3, 2) }] } },
    { given: "[1]!Total", want: { refs: [], names: [{ name: "Total", book: "1" }] } },
    { given: "#REF!*0.3+225", want: { refs: [{}], refErrors: 1 } },
    { given: "Feststellanlagen!#REF!", want: { refs: [{ sheet: "Feststellanlagen" }], refErrors: 1 } },
    { given: "SUM(A:A)+SUM($2:$3)", want: { refs: [{ area: area(1, 1, 1_048_576, 1) }, { area: area(2, 1, 3, 16_384) }] } },
    { given: 'IF(A1="B2",C3,TRUE)', want: { refs: [{ area: area(1, 1) }, { area: area(3, 3) }], names: [] } },
    { given: "LOG10(A1)+Sales[[#This Row],[Amount]]+[@Tax]", want: { refs: [{ area: area(1, 1) }], names: [], functions: ["LOG10"] } },
    { given: "SUM({1,2;3,4})+1.5E+10", want: { refs: [], names: [] } },
    { given: "Rate*2+Data!Local", want: { names: [{ name: "Rate" }, { name: "Local", sheet: "Data" }] } },
    { given: "ABCD1+XFE1+XFD1048576", want: { refs: [{ area: area(1_048_576, 16_384) }], names: [{ name: "ABCD1" }, { name: "XFE1" }] } },
    { given: "Leiterprüfung!A1", want: { refs: [{ sheet: "Leiterprüfung", area: area(1, 1) }] } },
    { given: "_xlfn.LET(_xlpm.x,2,_xlpm.x*A1)", want: { refs: [{ area: area(1, 1) }], names: [], functions: ["_XLFN.LET"] } },
  ];
  for (const { given, want } of cases) {
    test(given, () => {
      const got = parseFormula(given);
      for (const [key, value] of Object.entries(want)) assert.deepEqual(got[key as keyof typeof got], value, key);
    });
  }
});
