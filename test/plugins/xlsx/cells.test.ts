/**
 * The cell reader's dates in the languages beyond English and Spanish (plugins/xlsx/cells.ts, read by
 * core/dates/read.ts): each a real date shown in its own language's long form; English and Spanish forms are the
 * table of render.test.ts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Typed } from "../../../plugins/xlsx/cells.ts";
import { parseCell } from "../../../plugins/xlsx/cells.ts";

describe("xlsx cells: month names of the other six languages", () => {
  const cases: Array<{ given: string; want: Typed }> = [
    { given: "3. März 2026", want: { type: "date", value: "2026-03-03", numFmt: "[$-407]d. mmmm yyyy" } },
    { given: "Montag, 1. Juni 2026", want: { type: "date", value: "2026-06-01", numFmt: "[$-407]d. mmmm yyyy" } },
    { given: "1er mars 2026", want: { type: "date", value: "2026-03-01", numFmt: "[$-40C]d mmmm yyyy" } },
    { given: "15 août 2026", want: { type: "date", value: "2026-08-15", numFmt: "[$-40C]d mmmm yyyy" } },
    { given: "3 mai 2026", want: { type: "date", value: "2026-05-03", numFmt: "[$-40C]d mmmm yyyy" } },
    { given: "1 gennaio 2026", want: { type: "date", value: "2026-01-01", numFmt: "[$-410]d mmmm yyyy" } },
    { given: "1 de março de 2026", want: { type: "date", value: "2026-03-01", numFmt: '[$-816]d "de" mmmm "de" yyyy' } },
    { given: "1 out 2026", want: { type: "date", value: "2026-10-01", numFmt: '[$-816]d "de" mmmm "de" yyyy' } },
    { given: "3 juni 2026", want: { type: "date", value: "2026-06-03", numFmt: "[$-413]d mmmm yyyy" } },
    { given: "1 maart 2026", want: { type: "date", value: "2026-03-01", numFmt: "[$-413]d mmmm yyyy" } },
    { given: "1 de març de 2026", want: { type: "date", value: "2026-03-01", numFmt: '[$-403]d "de" mmmm "de" yyyy' } },
    { given: "3 d'abril de 2026", want: { type: "date", value: "2026-04-03", numFmt: '[$-403]d "de" mmmm "de" yyyy' } },
    // English and Spanish first, as before: `abril` with `de` is Spanish, `April` English.
    { given: "1 de abril de 2026", want: { type: "date", value: "2026-04-01", numFmt: '[$-C0A]d "de" mmmm "de" yyyy' } },
    { given: "1 April 2026", want: { type: "date", value: "2026-04-01", numFmt: "d mmmm yyyy" } },
    // Not a day, or `de` with a name no language that writes it has.
    { given: "30. Februar 2026", want: { type: "text", value: "30. Februar 2026" } },
    { given: "1 de March de 2026", want: { type: "text", value: "1 de March de 2026" } },
  ];
  for (const { given, want } of cases) it(given, () => assert.deepEqual(parseCell(given), want));
});
