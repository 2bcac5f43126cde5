/**
 * The interactive-block syntax (plugins/artifact/README.md): what a block's lines mean, the collection every block
 * ends up with, the chart of a table, and numbers read from table cells.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CodeBlock } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { buildPage } from "../../../plugins/artifact/page.ts";
import { readNumber } from "../../../core/ir/chart.ts";
import { parseWidget, type Widget } from "../../../plugins/artifact/widgets.ts";

const code = (lang: string, text: string, meta?: string): CodeBlock => ({ type: "code", id: "b0", lang, text, ...(meta ? { meta } : {}) }) as CodeBlock;
const widgetsOf = (markdown: string): Widget[] => buildPage(readMarkdown(markdown).ir, undefined).page.widgets.map((w) => w.widget);

describe("parseWidget", () => {
  it("reads a form's fields, types, required marks, options and placeholders", () => {
    const parsed = parseWidget(
      code(
        "form",
        [
          "collection: signups",
          "Name: text required \"Your name\"",
          "Email*: email",
          "Team: select Red, Blue | Green",
          "Size: S, M, L",
          "Notes: textarea",
          "Coming: checkbox",
          "When: date",
          "Amount: number",
          "Nickname",
          "submit: Sign me up",
          "done: Thanks!",
        ].join("\n"),
      ),
    );
    assert.ok(parsed);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.widget, {
      kind: "form",
      collection: "signups",
      submit: "Sign me up",
      done: "Thanks!",
      fields: [
        { label: "Name", type: "text", required: true, options: [], placeholder: "Your name" },
        { label: "Email", type: "email", required: true, options: [] },
        { label: "Team", type: "select", required: false, options: ["Red", "Blue", "Green"] },
        { label: "Size", type: "select", required: false, options: ["S", "M", "L"] },
        { label: "Notes", type: "textarea", required: false, options: [] },
        { label: "Coming", type: "checkbox", required: false, options: [] },
        { label: "When", type: "date", required: false, options: [] },
        { label: "Amount", type: "number", required: false, options: [] },
        { label: "Nickname", type: "text", required: false, options: [] },
      ],
    });
  });

  const cases: Array<{ name: string; block: CodeBlock; want: Partial<Widget> & { kind: Widget["kind"] }; problems?: number }> = [
    { name: "a vote's options, list markers dropped", block: code("poll", "- Pizza\n- Sushi\n\n# a comment\nTacos"), want: { kind: "vote", options: ["Pizza", "Sushi", "Tacos"] } },
    { name: "a list's columns and switches", block: code("list", "collection: x\ncolumns: Name, Team\nremove: yes\ntime: no"), want: { kind: "list", collection: "x", columns: ["Name", "Team"], remove: true, time: false } },
    { name: "a counter with its label and step", block: code("counter", "label: Cups\nstep: 2"), want: { kind: "counter", label: "Cups", step: 2, min: 0 } },
    { name: "a chart summing a field", block: code("chart", "type: line\ncollection: deals\nby: Stage\nsum: Amount"), want: { kind: "chart", chart: "line", collection: "deals", by: "Stage", measure: { of: "sum", field: "Amount" } } },
    { name: "a stat averaging a field", block: code("total", "average: Score\nlabel: mean"), want: { kind: "stat", label: "mean", measure: { of: "average", field: "Score" } } },
    { name: "a to-do list's starting tasks", block: code("todo", "- [x] Done one\n- [ ] Open one\nPlain"), want: { kind: "todo", items: [{ text: "Done one", done: true }, { text: "Open one", done: false }, { text: "Plain", done: false }] } },
    { name: "habits with a day count kept in range", block: code("habits", "days: 40\nRun\nRead"), want: { kind: "habits", habits: ["Run", "Read"], days: 14 } },
    { name: "the fence-line shorthand", block: code("chart", "", "pie deals by Sales stage sum Amount"), want: { kind: "chart", chart: "pie", collection: "deals", by: "Sales stage", measure: { of: "sum", field: "Amount" } } },
    { name: "settings lines winning over the shorthand", block: code("form", "collection: b\nName", "a"), want: { kind: "form", collection: "b" } },
    { name: "an unknown chart type, said back", block: code("chart", "type: radar"), want: { kind: "chart", chart: "bar" }, problems: 1 },
    { name: "a vote with one option, said back", block: code("vote", "Only"), want: { kind: "vote", options: ["Only"] }, problems: 1 },
    { name: "a choice with no options, made a text field", block: code("form", "Team: select"), want: { kind: "form" }, problems: 1 },
  ];
  for (const { name, block, want, problems = 0 } of cases) {
    it(`reads ${name}`, () => {
      const parsed = parseWidget(block);
      assert.ok(parsed);
      for (const [key, value] of Object.entries(want)) assert.deepEqual((parsed.widget as Record<string, unknown>)[key], value, key);
      assert.equal(parsed.problems.length, problems, parsed.problems.join("; "));
    });
  }

  it("leaves other languages alone", () => {
    assert.equal(parseWidget(code("js", "form")), undefined);
    assert.equal(parseWidget({ type: "code", id: "b0", text: "x" }), undefined);
  });
});

describe("collections of a page", () => {
  it("names writers after their heading and points readers at the nearest form", () => {
    const widgets = widgetsOf(
      "# Club\n\n## Sign-ups\n\n```form\nName\n```\n\n```list\n```\n\n## Lunch vote\n\n```vote\nA\nB\n```\n\n```chart\ncollection: lunch-vote\n```\n\n## Again sign-ups\n\n```stat\n```\n",
    );
    assert.deepEqual(
      widgets.map((w) => [w.kind, w.collection]),
      [
        ["form", "sign-ups"],
        ["list", "sign-ups"],
        ["vote", "lunch-vote"],
        ["chart", "lunch-vote"],
        ["stat", "sign-ups"],
      ],
    );
    const list = widgets[1] as Extract<Widget, { kind: "list" }>;
    assert.deepEqual(list.columns, ["Name"]);
    const chart = widgets[3] as Extract<Widget, { kind: "chart" }>;
    assert.equal(chart.by, "option");
    assert.deepEqual(chart.order, ["A", "B"]);
  });

  it("makes default names unique and fixes names that are not allowed", () => {
    const { page, diagnostics } = buildPage(readMarkdown("# T\n\n## Votes\n\n```vote\nA\nB\n```\n\n```vote\nC\nD\n```\n\n```counter\ncollection: my counter!\n```\n").ir, undefined);
    assert.deepEqual(page.widgets.map((w) => w.widget.collection), ["votes", "votes-2", "my-counter"]);
    assert.deepEqual(diagnostics.map((d) => d.code), ["artifact.block_invalid"]);
  });

  it("charts a form's first choice field in the form's option order", () => {
    const widgets = widgetsOf("# T\n\n```form\ncollection: s\nName\nTeam: select Red, Blue\n```\n\n```chart\ncollection: s\n```\n");
    const chart = widgets[1] as Extract<Widget, { kind: "chart" }>;
    assert.equal(chart.by, "Team");
    assert.deepEqual(chart.order, ["Red", "Blue"]);
  });

  it("draws the table right after a chart that names no collection", () => {
    const { page } = buildPage(readMarkdown("# T\n\n```chart\ntype: line\n```\n\n| Month | North | South | Note |\n|---|---:|---:|---|\n| Jan | 1,200 | 3.5 | a |\n| Feb | 1,500 | 4 | b |\n| Total | 2,700 | 7.5 | |\n").ir, undefined);
    const chart = page.widgets[0]!.widget as Extract<Widget, { kind: "chart" }>;
    assert.deepEqual(chart.table, {
      labels: ["Jan", "Feb"],
      datasets: [
        { label: "North", data: [1200, 1500] },
        { label: "South", data: [3.5, 4] },
      ],
    });
    // The table went into the chart's card, not into the page a second time.
    assert.equal(page.sections[0]!.items.length, 1);
  });

  it("puts the opening paragraphs in the header and makes tiles of two or more sub-sections", () => {
    const { page } = buildPage(readMarkdown("# T\n\nIntro.\n\n## A\n\nText.\n\n### One\n\nx\n\n### Two\n\ny\n\n## B\n\n### Only\n\nz\n").ir, undefined);
    assert.equal(page.title, "T");
    assert.equal(page.lead.length, 1);
    assert.equal(page.sections.length, 2);
    assert.deepEqual(page.sections[0]!.tiles.length, 2);
    assert.deepEqual(page.sections[1]!.tiles.length, 0);
  });
});

describe("readNumber", () => {
  const cases: Array<[string, number | null]> = [
    ["1,234", 1234],
    ["1.234.567", 1234567],
    ["1.234,5", 1234.5],
    ["4,5", 4.5],
    ["12%", 12],
    ["$4.1", 4.1],
    ["4.1 M", 4100000],
    ["€ 300", 300],
    ["(300)", -300],
    ["-2.5", -2.5],
    ["n/a", null],
    ["", null],
    ["Q3", null],
  ];
  for (const [given, want] of cases) it(`reads ${JSON.stringify(given)} as ${want}`, () => assert.equal(readNumber(given), want));
});
