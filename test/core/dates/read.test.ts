/**
 * The one date reader (core/dates/read.ts): dates found in running text with the form they were written in and the
 * languages of their month name, and whole values (a workbook cell) read as one date or none.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { dayMonth, readDate, readDates } from "../../../core/dates/read.ts";
import { monthLanguages, monthOf } from "../../../core/dates/names.ts";

describe("dates in running text: parts and form", () => {
  const cases: Array<{ given: string; want: Array<[raw: string, form: string, parts: string, languages?: string]> }> = [
    { given: "Due 2026-03-01.", want: [["2026-03-01", "iso", "2026/3/1"]] },
    { given: "On 1 March 2026 and March 3, 2026.", want: [["1 March 2026", "day-month", "2026/3/1", "en"], ["March 3, 2026", "month-day", "2026/3/3", "en"]] },
    { given: "Am 3. März 2025.", want: [["3. März 2025", "day-month", "2025/3/3", "de"]] },
    { given: "Le 1er mai 2025.", want: [["1er mai 2025", "day-month", "2025/5/1", "de fr"]] },
    { given: "El 1 de abril de 2025.", want: [["1 de abril de 2025", "day-month", "2025/4/1", "es pt ca"]] },
    { given: "Op 04/03/2025.", want: [["04/03/2025", "numeric", "2025/-/-"]] },
  ];
  for (const { given, want } of cases) {
    it(given, () =>
      assert.deepEqual(
        readDates(given).map((d) => [d.raw, d.form, `${d.year ?? "-"}/${d.month ?? "-"}/${d.day ?? "-"}`, ...(d.monthName ? [d.monthName.languages.join(" ")] : [])]),
        want,
      ));
  }
  it("a numeric date keeps its numbers in the order written, its separator and padding", () =>
    assert.deepEqual(readDates("am 4.3.2025")[0]?.numeric, { first: 4, second: 3, separator: ".", padded: false }));
  it("abbreviations that are words too are not months in running text", () => assert.deepEqual(readDates("we set 3 out 2026 goals"), []));
});

describe("a whole value", () => {
  const cases: Array<{ given: string; want: string | null }> = [
    { given: "2026-03-01", want: "iso 2026/3/1" },
    { given: "2026-03-01 14:30", want: "iso 2026/3/1 14:30" },
    { given: "2026-03-01T09:05:00", want: "iso 2026/3/1 9:05" },
    { given: "01/03/26", want: "numeric 2026 1,3" },
    { given: "1-3-2026 9:05", want: "numeric 2026 1,3 9:05" },
    { given: "1.2.26", want: null },
    { given: "March 1, 2026", want: "month-day 2026/3/1" },
    { given: "Mar. 1st 2026", want: "month-day 2026/3/1" },
    { given: "1-Mar-2026", want: "day-month 2026/3/1" },
    { given: "lunes, 2 de marzo de 2026", want: "day-month 2026/3/2" },
    { given: "Montag, 3. März 2026", want: "day-month 2026/3/3" },
    { given: "lundi 1er juin 2026", want: "day-month 2026/6/1" },
    { given: "1 set 2026", want: "day-month 2026/9/1" },
    { given: "3 d'abril de 2026", want: "day-month 2026/4/3" },
    { given: "1 maart 2026", want: "day-month 2026/3/1" },
    { given: "31 de febrero de 2026", want: "day-month 2026/2/31" },
    { given: "1 March 2026 at noon", want: null },
    { given: "on 1 March 2026", want: null },
    { given: "1 Marchx 2026", want: null },
  ];
  for (const { given, want } of cases) {
    it(given, () => {
      const d = readDate(given);
      const time = d?.time ? ` ${d.time.hours}:${String(d.time.minutes).padStart(2, "0")}` : "";
      const parts = d?.numeric ? `${d.year} ${d.numeric.first},${d.numeric.second}` : `${d?.year}/${d?.month}/${d?.day}`;
      assert.equal(d && `${d.form} ${parts}${time}`, want);
    });
  }
  it("the date after a weekday starts after it", () => {
    const d = readDate("lunes, 2 de marzo de 2026")!;
    assert.deepEqual([d.start, d.raw], [7, "2 de marzo de 2026"]);
  });
});

describe("month names and numeric orders", () => {
  it("a name shared by languages has one month in all", () => {
    assert.deepEqual([monthOf("Mai"), monthLanguages("Mai")], [5, ["de", "fr"]]);
    assert.deepEqual([monthOf("may"), monthLanguages("may")], [5, ["en", "es"]]);
  });
  it("`set` is September only in a whole value", () => assert.deepEqual([monthOf("set"), monthOf("set", true)], [undefined, 9]));
  it("dayMonth reads the numbers day first or month first", () => {
    assert.deepEqual(dayMonth({ first: 4, second: 3 }, "dmy"), { month: 3, day: 4 });
    assert.deepEqual(dayMonth({ first: 4, second: 3 }, "mdy"), { month: 4, day: 3 });
  });
});
