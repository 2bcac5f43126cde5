/**
 * The measures of the PDF layout bench (bench/pdf-layout/metrics.ts) on tiny hand-made inputs: words, bag-of-words
 * recall and precision, reading order, pipe tables and their cell F1, headings, the pages a truth covers.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  headingScores,
  headings,
  lcsLength,
  mean,
  plainText,
  readingOrder,
  tableCellScores,
  tables,
  truthPages,
  wordScores,
  words,
} from "../../bench/pdf-layout/metrics.ts";

const close = (got: number | null, want: number | null) => {
  if (want === null || got === null) return assert.equal(got, want);
  assert.ok(Math.abs(got - want) < 1e-9, `${got} ≠ ${want}`);
};

describe("words", () => {
  const cases: { given: string; want: string[] }[] = [
    { given: "Hello, World!  ‘Quoted’ e.g. 1,234", want: ["hello", "world", "quoted", "eg", "1234"] },
    // NFKC: ligatures, full-width digits, Arabic presentation forms become plain letters.
    { given: "ﬁne １２ ﻣﺮﺣﺒﺎ", want: ["fine", "12", "مرحبا"] },
    // Bidi marks (pdftotext's) and vowel points go.
    { given: "\u202bשָׁלוֹם\u202c مرحباً", want: ["שלום", "مرحبا"] },
    // CJK: one character, one word.
    { given: "表7-1：发行人", want: ["表", "71", "发", "行", "人"] },
    { given: "- — | *", want: [] },
  ];
  for (const { given, want } of cases) test(JSON.stringify(given), () => assert.deepEqual(words(given), want));
});

test("plainText drops Markdown's syntax, not the words", () => {
  const md = "<!-- page 1 -->\n# Title\n\n| a | b |\n|---|:--:|\n| 1 | 2 |\n\n```\ncode here\n```\n\n[link](https://x.org) ![alt](p.png)";
  assert.deepEqual(words(plainText(md)), ["title", "a", "b", "1", "2", "code", "here", "link", "alt"]);
});

describe("wordScores", () => {
  const cases: { name: string; truth: string; produced: string; recall: number | null; precision: number | null }[] = [
    { name: "same words", truth: "a b c", produced: "c b a", recall: 1, precision: 1 },
    { name: "one missing, one extra", truth: "a b c d", produced: "a b c x", recall: 3 / 4, precision: 3 / 4 },
    { name: "a repeated word counts as often as both have it", truth: "a a b", produced: "a b b b", recall: 2 / 3, precision: 2 / 4 },
    { name: "nothing produced", truth: "a", produced: "", recall: 0, precision: null },
  ];
  for (const c of cases)
    test(c.name, () => {
      const got = wordScores(words(c.truth), words(c.produced));
      close(got.recall, c.recall);
      close(got.precision, c.precision);
    });
});

describe("readingOrder", () => {
  test("lcsLength", () => assert.equal(lcsLength(["a", "b", "c", "d"], ["b", "a", "c", "d"]), 3));
  const cases: { name: string; truth: string; produced: string; want: number | null }[] = [
    { name: "same order", truth: "a b c d", produced: "a b c d", want: 1 },
    { name: "words only one side has are left out", truth: "a b c d", produced: "x a y b c d z", want: 1 },
    // Two columns read across: the truth is left column then right column.
    { name: "columns interleaved", truth: "l1 l2 l3 r1 r2 r3", produced: "l1 r1 l2 r2 l3 r3", want: 4 / 6 },
    { name: "reversed", truth: "a b c", produced: "c b a", want: 1 / 3 },
    { name: "nothing shared", truth: "a", produced: "b", want: null },
  ];
  for (const c of cases) test(c.name, () => close(readingOrder(words(c.truth), words(c.produced)), c.want));
});

describe("tables", () => {
  test("pipe tables in order, header row first, escaped pipes kept in the cell", () => {
    const md = "text | not a table\n\n| h1 | h2 |\n|---|---|\n| a \\| b | c |\n\npara\n\nx | y\n--|--\n1 | 2";
    assert.deepEqual(tables(md), [
      [["h1", "h2"], ["a | b", "c"]],
      [["x", "y"], ["1", "2"]],
    ]);
  });
  test("not inside a code fence", () => assert.deepEqual(tables("```\n| a |\n|---|\n```"), []));

  const truth = tables("| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | |");
  const cases: { name: string; produced: string; recall: number | null; precision: number | null; f1: number | null }[] = [
    { name: "the same table", produced: "| a | b. |\n|---|---|\n| 1 | 2 |\n| 3 | |", recall: 1, precision: 1, f1: 1 },
    // A header row lost shifts every row: nothing matches by position.
    { name: "rows shifted", produced: "| 1 | 2 |\n|---|---|\n| 3 | |", recall: 0, precision: 0, f1: 0 },
    { name: "one cell wrong, one extra", produced: "| A | B | C |\n|---|---|---|\n| 1 | 9 | |\n| 3 | | |", recall: 4 / 5, precision: 4 / 6, f1: (2 * (4 / 5) * (4 / 6)) / (4 / 5 + 4 / 6) },
    { name: "no table produced", produced: "A B 1 2 3", recall: 0, precision: null, f1: 0 },
  ];
  for (const c of cases)
    test(c.name, () => {
      const got = tableCellScores(truth, tables(c.produced));
      close(got.recall, c.recall);
      close(got.precision, c.precision);
      close(got.f1, c.f1);
    });
  test("no table in the truth: no figure", () => close(tableCellScores([], tables("| a |\n|---|")).f1, null));
});

describe("headings", () => {
  test("ATX headings, level and closing marks dropped, not in fences", () => {
    assert.deepEqual(headings("# One\n\ntext\n\n### Two ##\n```\n# not\n```\n#nope"), ["One", "Two"]);
  });
  test("matched case-folded, level ignored", () => {
    const got = headingScores(["Introduction", "1.2 Methods", "Results"], ["INTRODUCTION", "1.2 methods:", "Table 3"]);
    close(got.recall, 2 / 3);
    close(got.precision, 2 / 3);
  });
  test("no headings on either side: no figure", () => assert.deepEqual(headingScores([], []), { recall: null, precision: null }));
});

test("truthPages", () => {
  assert.deepEqual(truthPages("<!-- truth: pages 1-3 -->\n# x"), { first: 1, last: 3 });
  assert.deepEqual(truthPages("<!-- truth: page 2 -->"), { first: 2, last: 2 });
  assert.equal(truthPages("# x"), null);
});

test("mean leaves out what has no figure", () => {
  close(mean([1, null, 0.5]), 0.75);
  close(mean([null]), null);
});
