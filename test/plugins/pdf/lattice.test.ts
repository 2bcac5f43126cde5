/**
 * Tables from the page's drawing (plugins/pdf/extract/lattice.ts through page.ts) on real ruled tables from camelot's
 * and pdfplumber's test files (test/public/pdf-layout-tables/README.md): the cells a reader would check, spanned
 * cells, grouped and two-line headers, a title row, wrapped cells kept in their cell, rows of text in a sparsely
 * ruled table, a table ruled only around its body. Drawn pages check what is no table: a page frame, a box around a
 * paragraph, page columns parted by a rule, a chart's grid; and the stricter unruled finder on PDF pages
 * (unruled.ts): numbered steps, code and justified prose are no tables, a plain unruled table still is. A table going
 * on over a page break, its header repeated or not, is one table (continued.ts); another table on the next page is not.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { extractPdf } from "../../../plugins/pdf/extract/index.ts";
import { ruledTables } from "../../../plugins/pdf/extract/lattice.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { openPdfPages } from "../../../renderers/mupdf/pages.ts";
import { pdftotext, recall } from "../../support/recall.ts";
import { box, drawnPdf, grid, line, page, text } from "../../support/drawn-pdf.ts";

const tablesDir = join(dirname(fileURLToPath(import.meta.url)), "../../public/pdf-layout-tables");
const file = (name: string) => join(tablesDir, name);
const markdownOf = async (bytes: Uint8Array) => writeMarkdown((await extractPdf(bytes, {})).ir);
const markdownOfFile = (name: string) => markdownOf(new Uint8Array(readFileSync(file(name))));

/** The Markdown tables in `md`, each as rows of trimmed cells. */
const tablesIn = (md: string): string[][][] =>
  md
    .split(/\n{2,}/)
    .filter((b) => b.startsWith("| "))
    .map((b) =>
      b
        .split("\n")
        .filter((l) => !/^\| ---/.test(l))
        .map((l) =>
          l
            .slice(2, -2)
            .split(" | ")
            .map((c) => c.trim()),
        ),
    );

const ruledOf = async (bytes: Uint8Array, index = 0) => {
  const pages = await openPdfPages(bytes);
  try {
    const layout = pages.layout(index);
    return ruledTables(pages.rules!(index).rules, layout.blocks.flatMap((b) => (b.kind === "text" ? b.lines : [])));
  } finally {
    pages.close();
  }
};

describe("ruled tables of real files", () => {
  const cases: { name: string; want: (md: string) => void }[] = [
    {
      name: "camelot-foo.pdf",
      want: (md) => {
        const [table, ...more] = tablesIn(md);
        assert.equal(more.length, 0);
        // A header set on two lines under a cell that groups four columns: each column's label read down.
        assert.deepEqual(table![0], [
          "Cycle Name",
          "KI (1/km)",
          "Distance (mi)",
          "Percent Fuel Savings Improved Speed",
          "Percent Fuel Savings Decreased Accel",
          "Percent Fuel Savings Eliminate Stops",
          "Percent Fuel Savings Decreased Idle",
        ]);
        assert.deepEqual(table![1], ["2012_2", "3.30", "1.3", "5.9%", "9.5%", "29.2%", "17.4%"]);
        assert.deepEqual(table![table!.length - 1], ["4171_1", "0.07", "173.9", "58.1%", "1.6%", "2.1%", "0.5%"]);
        assert.equal(table!.length, 6);
      },
    },
    {
      name: "camelot-column_span_1.pdf",
      want: (md) => {
        // The title row across the table is a line above it.
        assert.match(md, /^Rate of Accidental Deaths & Suicides and Population Growth During 1967 to 2013\n\n\| Sl\. No\. \|/m);
        const [table] = tablesIn(md);
        assert.deepEqual(table![0], ["Sl. No.", "Year", "Population (in Lakh)", "Accidental Deaths Incidence", "Accidental Deaths Rate", "Suicides Incidence", "Suicides Rate", "Percentage Population growth"]);
        assert.deepEqual(table![1], ["(1)", "(2)", "(3)", "(4)", "(5)", "(6)", "(7)", "(8)"]);
        assert.deepEqual(table![2], ["1.", "1967", "4999", "126762", "25.4", "38829", "7.8", "2.2"]);
        assert.ok(table!.some((row) => row[1] === "2013"));
      },
    },
    {
      name: "camelot-row_span_1.pdf",
      want: (md) => {
        const [table] = tablesIn(md);
        assert.deepEqual(table![0], ["Plan Type", "County", "Plan Name", "Totals"]);
        // A cell spanning rows has its text in its first row; the rows below leave it empty.
        assert.deepEqual(table![1], ["GMC", "Sacramento", "Anthem Blue Cross", "164,380"]);
        assert.deepEqual(table![2], ["", "", "Health Net", "126,547"]);
        assert.ok(table!.some((row) => row.join("|") === "|San Diego|Care 1st Health Plan|71,831"));
        assert.ok(table!.some((row) => row[0] === "COHS" && row[1] === "Marin"));
      },
    },
    {
      name: "camelot-twotables_1.pdf",
      want: (md) => {
        const tables = tablesIn(md);
        assert.equal(tables.length, 2);
        assert.equal(tables[0]![0]!.length, 10);
        assert.equal(tables[1]![0]!.length, 9);
        // The second table's title row is text between the two.
        assert.match(md, /\n\nDISEASE OUTBREAKS OF PREVIOUS WEEKS REPORTED LATE\n\n\| Sl\. No \| Name of State\/UT \|/);
        // A comment wrapped over many lines stays in its one cell.
        const row = tables[1]!.find((r) => r[1] === "Bihar")!;
        assert.deepEqual(row.slice(0, 8), ["1", "Bihar", "Madhubani", "xxi. Acute Diarrhoeal Disease", "69", "0", "30/09/13", "Under Control"]);
        assert.match(row[8]!, /^Cases of diarrhoea and vomiting reported from Village Indra Mandal tola, .* IEC done regarding safe drinking water and sanitation\.$/);
      },
    },
    {
      name: "camelot-background_lines_1.pdf",
      want: (md) => {
        // Cells told apart only by white gaps between their tints; the tinted box around the text above is no table.
        const [table, ...more] = tablesIn(md);
        assert.equal(more.length, 0);
        assert.deepEqual(table![0], ["State", "Date", "Halt stations", "Halt days", "Persons directly reached (in lakh)", "Persons trained", "Persons counseled", "Persons tested for HIV"]);
        assert.deepEqual(table![1], ["Delhi", "1.12.2009", "8", "17", "1.29", "3,665", "2,409", "1,000"]);
        assert.deepEqual(table![table!.length - 1], ["Total", "", "47", "92", "11.81", "22,455", "19,584", "10,644"]);
        assert.match(md, /^The Red Ribbon Express \(RRE\) is the world’s largest mass mobilisation drive/m);
      },
    },
    {
      name: "pdfplumber-issue-466-example.pdf",
      want: (md) => {
        const tables = tablesIn(md);
        // Ruled, ruled without horizontal lines, without vertical lines (found by its columns), ruled lightly.
        assert.equal(tables.length, 4);
        tables.forEach((table, t) => {
          assert.deepEqual(table, [
            [`T${t}-C0`, `T${t}-C1`, `T${t}-C2`],
            [`T${t}-00`, `T${t}-01`, `T${t}-02`],
            [`T${t}-10`, `T${t}-11`, `T${t}-12`],
            [`T${t}-20-last`, `T${t}-21-last`, `T${t}-22-last`],
          ]);
        });
      },
    },
    {
      name: "pdfplumber-nics-background-checks-2015-11.pdf",
      want: (md) => {
        assert.match(md, /^NICS Firearm Background Checks November - 2015$/m);
        const [table, ...more] = tablesIn(md);
        assert.equal(more.length, 0);
        const [head, ...body] = table!;
        // Labels side by side in one ruled header cell are each their column's; a group's label heads each of its.
        assert.deepEqual(head!.slice(0, 9), ["State / Territory", "Permit", "Handgun", "Long Gun", "*Other", "**Multiple", "Admin", "Pre-Pawn Handgun", "Pre-Pawn Long Gun"]);
        assert.equal(head![head!.length - 1], "Totals");
        // The sheet is ruled every five states: each state is a row of its own.
        assert.deepEqual(body[0]!.slice(0, 4), ["Alabama", "18,870", "23,022", "22,650"]);
        assert.equal(body.filter((r) => r[0] !== "Totals").length, 55);
        // As pdfplumber's own test: every column of figures sums to its total.
        const total = body.find((r) => r[0] === "Totals")!;
        const value = (cell: string) => Number(cell.replace(/\D/g, "") || "0");
        for (let c = 1; c < head!.length; c++) {
          const sum = body.filter((r) => r !== total).reduce((n, r) => n + value(r[c]!), 0);
          assert.equal(sum, value(total[c]!), head![c]);
        }
      },
    },
  ];
  for (const { name, want } of cases) {
    test(name, async () => {
      const md = await markdownOfFile(name);
      want(md);
      // Nothing the page says is lost on the way.
      assert.ok(recall(pdftotext(file(name)), md) >= 0.99);
    });
  }
});

describe("what is no ruled table", () => {
  test("a page frame, a box around a paragraph, page columns parted by a rule, a chart's empty grid", async () => {
    const p = page();
    box(p, 20, 20, 592, 772);
    box(p, 60, 60, 552, 120);
    text(p, 70, 80, "A boxed note: this paragraph sits in a frame of its own and is no table at all.");
    text(p, 70, 100, "It runs on to a second line, as notes do, inside the same box.");
    line(p, 306, 150, 306, 400);
    line(p, 60, 150, 552, 150);
    for (let k = 0; k < 10; k++) {
      text(p, 60, 170 + k * 20, `Left column line ${k + 1} goes on with words of running text here.`, 9);
      text(p, 320, 170 + k * 20, `Right column line ${k + 1} goes on with more running text.`, 9);
    }
    for (let k = 0; k <= 5; k++) {
      line(p, 100, 450 + k * 40, 500, 450 + k * 40);
      line(p, 100 + k * 80, 450, 100 + k * 80, 650);
    }
    text(p, 90, 670, "0");
    text(p, 500, 670, "100");
    const bytes = await drawnPdf([p]);
    assert.deepEqual(await ruledOf(bytes), []);
    const md = await markdownOf(bytes);
    assert.doesNotMatch(md, /^\|/m);
    assert.match(md, /A boxed note: this paragraph sits in a frame/);
  });

  test("a drawn grid: a merged header cell, a two-line header, a wrapped cell, an empty cell", async () => {
    const p = page();
    const xs = [60, 180, 280, 380, 480];
    const ys = [100, 130, 160, 200, 230];
    grid(
      p,
      xs,
      ys,
      [
        ["Region", "Sales", "", "Notes"],
        ["", "2023", "2024", ""],
        ["North", "120", "130", "New office\nopened in May"],
        ["South", "95", "", "Flat"],
      ],
      // "Sales" spans two columns; "Region" and "Notes" span the two header rows.
      { v: (c, r) => c === 2 && r === 0, h: (r, c) => r === 1 && (c === 0 || c === 3) },
    );
    const md = await markdownOf(await drawnPdf([p]));
    assert.deepEqual(tablesIn(md), [
      [
        ["Region", "Sales 2023", "Sales 2024", "Notes"],
        ["North", "120", "130", "New office opened in May"],
        ["South", "95", "", "Flat"],
      ],
    ]);
  });
});

describe("unruled tables on PDF pages need strong evidence", () => {
  test("numbered steps, code and justified prose are text; a plain table of figures is a table", async () => {
    const p = page();
    ["1.", "2.", "3.", "4."].forEach((n, k) => {
      text(p, 60, 80 + k * 14, n);
      text(p, 90, 80 + k * 14, `Do the ${["first", "second", "third", "fourth"][k]} thing, then check it worked.`);
    });
    ["def total(items):", "    count = 0", "    for item in items:", "        count += item.price", "    return count"].forEach((l, k) => {
      const indent = l.length - l.trimStart().length;
      text(p, 60 + indent * 6, 180 + k * 12, l.trim(), 10, true);
    });
    // Justified prose: words spread to fill the line, gaps wider than a space.
    const prose = ["The committee met on", "Tuesday and reviewed", "the draft budget for", "next year in detail"];
    prose.forEach((l, k) => {
      const words = l.split(" ");
      const widths = words.map((w) => w.length * 5.5);
      const gap = (480 - widths.reduce((a, b) => a + b, 0)) / (words.length - 1);
      let x = 60;
      words.forEach((w, i) => {
        text(p, x, 280 + k * 14, w);
        x += widths[i]! + gap;
      });
    });
    [["Item", "Units", "Price"], ["Apples", "12", "3.50"], ["Pears", "7", "2.10"], ["Plums", "30", "9.00"]].forEach((row, k) => {
      text(p, 60, 400 + k * 14, row[0]!);
      text(p, 200, 400 + k * 14, row[1]!);
      text(p, 300, 400 + k * 14, row[2]!);
    });
    const md = await markdownOf(await drawnPdf([p]));
    assert.deepEqual(tablesIn(md), [
      [
        ["Item", "Units", "Price"],
        ["Apples", "12", "3.50"],
        ["Pears", "7", "2.10"],
        ["Plums", "30", "9.00"],
      ],
    ]);
    assert.match(md, /Do the first thing, then check it worked\./);
    assert.match(md, /count \+= item\.price/);
  });

  test("a form's fields, labels with a colon beside their values, are lines of text, not a table of two columns", async () => {
    const p = page();
    [["Order / Rev:", "2024-12-5678"], ["Alt Order #:", "SC-WINTER-2024"], ["Estimate:", "EST-456"], ["Order Type:", "Premium Package"]].forEach(([label, value], k) => {
      text(p, 60, 80 + k * 14, label!);
      text(p, 180, 80 + k * 14, value!);
    });
    const md = await markdownOf(await drawnPdf([p]));
    assert.deepEqual(tablesIn(md), []);
    assert.match(md, /^Order \/ Rev: 2024-12-5678$/m);
    assert.match(md, /^Order Type: Premium Package$/m);
  });
});

describe("a table going on over a page break", () => {
  const xs = [60, 200, 320, 440];
  const ys = (n: number, top = 80) => Array.from({ length: n + 1 }, (_, k) => top + k * 24);
  const part = (rows: string[][], top = 80, footer?: string) => {
    const p = page();
    grid(p, xs, ys(rows.length, top), rows);
    if (footer) text(p, 60, 760, footer, 8);
    return p;
  };
  const cases: { name: string; pages: () => ReturnType<typeof page>[]; want: string[][][] }[] = [
    {
      name: "its header repeated on the next page, a running footer between: one table",
      pages: () => [
        part([["City", "Year", "People"], ["Lyon", "2020", "522,250"], ["Nice", "2020", "342,669"]], 80, "Annual report 2021"),
        part([["City", "Year", "People"], ["Lille", "2020", "236,234"], ["Brest", "2020", "139,926"]], 60, "Annual report 2021"),
      ],
      want: [[["City", "Year", "People"], ["Lyon", "2020", "522,250"], ["Nice", "2020", "342,669"], ["Lille", "2020", "236,234"], ["Brest", "2020", "139,926"]]],
    },
    {
      name: "its rows going on at the top of the next page with no header: one table",
      pages: () => [
        part([["City", "Year", "People"], ["Lyon", "2020", "522,250"], ["Nice", "2020", "342,669"]]),
        part([["Lille", "2020", "236,234"], ["Brest", "2020", "139,926"]], 60),
      ],
      want: [[["City", "Year", "People"], ["Lyon", "2020", "522,250"], ["Nice", "2020", "342,669"], ["Lille", "2020", "236,234"], ["Brest", "2020", "139,926"]]],
    },
    {
      name: "another table with a header of its own on the next page: two tables",
      pages: () => [
        part([["City", "Year", "People"], ["Lyon", "2020", "522,250"], ["Nice", "2020", "342,669"]]),
        part([["River", "Length", "Sea"], ["Loire", "1,006 km", "Atlantic"], ["Rhone", "813 km", "Mediterranean"]], 60),
      ],
      want: [
        [["City", "Year", "People"], ["Lyon", "2020", "522,250"], ["Nice", "2020", "342,669"]],
        [["River", "Length", "Sea"], ["Loire", "1,006 km", "Atlantic"], ["Rhone", "813 km", "Mediterranean"]],
      ],
    },
  ];
  for (const { name, pages, want } of cases) {
    test(name, async () => {
      const md = await markdownOf(await drawnPdf(pages()));
      assert.deepEqual(tablesIn(md), want);
      assert.match(md, /<!-- page 2 -->/);
    });
  }
});
