/**
 * OCR with Tesseract (renderers/tesseract): words and their boxes back into Markdown (lines, lists, tables — sparse
 * ones with rows far apart, a header on two lines — noise left out), a real scan read, and the pool: at most `size` processes at once, one core each, a time limit per
 * picture, abort, and a clear error when Tesseract is missing. The pool's tests run a stand-in script instead of
 * Tesseract so they can watch it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { OcrError, ocrResult, parseTsv, startOcr } from "../../renderers/tesseract/index.ts";
import { flow, listMarker, piecesToMarkdown, type FlowLine, type Line } from "../../renderers/tesseract/layout.ts";
import { findTables } from "../../renderers/tesseract/tables.ts";
import { openPdfPages } from "../../renderers/mupdf/pages.ts";
import { corpusFile } from "./support.ts";

const hasTesseract = spawnSync("tesseract", ["--version"]).status === 0;

/** A TSV of words: each `[text, left, top, width, height, block, line, conf]`, paragraph 1 of its block. */
const tsv = (words: [string, number, number, number, number, number, number, number?][]): string =>
  [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    ...words.map(([text, left, top, width, height, block, line, conf], i) => `5\t1\t${block}\t1\t${line}\t${i + 1}\t${left}\t${top}\t${width}\t${height}\t${conf ?? 95}\t${text}`),
  ].join("\n");

describe("TSV → Markdown", () => {
  test("lines, a blank line between paragraphs, confidence 0 to 1", () => {
    const lines = parseTsv(
      tsv([
        ["Dear", 100, 100, 80, 40, 1, 1],
        ["reader,", 190, 100, 120, 40, 1, 1],
        ["Thanks.", 100, 200, 130, 40, 2, 1, 85],
      ]),
    );
    const result = ocrResult(lines);
    assert.equal(result.text, "Dear reader,\n\nThanks.");
    assert.equal(result.markdown, "Dear reader,\n\nThanks.");
    assert.ok(result.confidence > 0.85 && result.confidence < 0.95, String(result.confidence));
  });

  test("a list nests by indent across Tesseract's blocks", () => {
    const result = ocrResult(
      parseTsv(
        tsv([
          ["1.", 100, 100, 30, 40, 1, 1],
          ["Status", 140, 100, 120, 40, 1, 1],
          ["-", 160, 180, 20, 40, 2, 1],
          ["Phase", 190, 180, 100, 40, 2, 1],
          ["one", 300, 180, 60, 40, 2, 1],
          ["2.", 100, 260, 30, 40, 3, 1],
          ["Budget", 140, 260, 130, 40, 3, 1],
        ]),
      ),
    );
    assert.equal(result.markdown, "1. Status\n   - Phase one\n2. Budget");
  });

  test("words in columns over three rows become a table; table rules and specks are left out", () => {
    const rows = [
      ["Item", "Qty", "Price"],
      ["Widget", "5", "10.00"],
      ["Gadget", "12", "3.50"],
    ];
    const words: [string, number, number, number, number, number, number, number?][] = [];
    rows.forEach((cells, r) => {
      cells.forEach((cell, c) => words.push([cell, 100 + c * 400, 100 + r * 60, 20 * cell.length, 40, c + 1, r + 1]));
      words.push(["|", 80, 100 + r * 60, 5, 40, 9, r + 1]);
    });
    words.push(["e", 500, 600, 8, 10, 10, 1, 40]);
    const result = ocrResult(parseTsv(tsv(words)));
    assert.equal(result.markdown, "| Item | Qty | Price |\n| --- | --- | --- |\n| Widget | 5 | 10.00 |\n| Gadget | 12 | 3.50 |");
  });

  test("a sparse table with space between its rows: the header row stays a row of its own, empty cells in place", () => {
    // As Tesseract reads a borderless inventory scanned at 150 dpi: rows two lines apart, most cells empty.
    const rows = [
      ["Product Code", "Location", "Expected", "Actual", "Status"],
      ["SKU-8847", "A-12", "450", "", ""],
      ["", "B-07", "", "289", ""],
      ["SKU-9201", "", "780", "778", "OK"],
      ["", "C-15", "", "", "CRITICAL"],
    ];
    const words: [string, number, number, number, number, number, number, number?][] = [];
    rows.forEach((cells, r) => {
      cells.forEach((cell, c) => {
        let x = 340 + c * 360;
        for (const word of cell.split(" ").filter((w) => w !== "")) {
          words.push([word, x, 700 + r * 100, 24 * word.length, 32, r + 1, 1]);
          x += 24 * word.length + 16;
        }
      });
    });
    const result = ocrResult(parseTsv(tsv(words)));
    assert.equal(
      result.markdown,
      [
        "| Product Code | Location | Expected | Actual | Status |",
        "| --- | --- | --- | --- | --- |",
        "| SKU-8847 | A-12 | 450 |  |  |",
        "|  | B-07 |  | 289 |  |",
        "| SKU-9201 |  | 780 | 778 | OK |",
        "|  | C-15 |  |  | CRITICAL |",
      ].join("\n"),
    );
  });

  test("a header set on two lines is one header row over the figures", () => {
    const words: [string, number, number, number, number, number, number, number?][] = [];
    const put = (cells: string[], top: number, block: number) =>
      cells.forEach((cell, c) => {
        if (cell !== "") words.push([cell, 300 + c * 400, top, 24 * cell.length, 32, block, 1]);
      });
    // The header's two lines as close as a paragraph's; the rows further apart.
    put(["Product", "Unit", "Total"], 600, 1);
    put(["Code", "Price", ""], 640, 2);
    put(["SKU-1", "45.00", "13005.00"], 720, 3);
    put(["SKU-2", "32.50", "25285.00"], 790, 4);
    put(["SKU-3", "120.00", "18720.00"], 860, 5);
    const result = ocrResult(parseTsv(tsv(words)));
    assert.equal(
      result.markdown,
      ["| Product Code | Unit Price | Total |", "| --- | --- | --- |", "| SKU-1 | 45.00 | 13005.00 |", "| SKU-2 | 32.50 | 25285.00 |", "| SKU-3 | 120.00 | 18720.00 |"].join("\n"),
    );
  });
});

describe("layout", () => {
  const line = (text: string, x0: number, y0: number, options: { size?: number; x1?: number } = {}): FlowLine & Line => {
    const size = options.size ?? 10;
    const x1 = options.x1 ?? x0 + text.length * size * 0.5;
    return { text, x0, y0, x1, y1: y0 + size, size, firstWord: (text.split(" ")[0]!.length * size) / 2, words: [{ text, x0, y0, x1, y1: y0 + size }] };
  };

  const markers = [
    { given: "• First", want: { kind: "bullet", label: "•", rest: "First" } },
    { given: "- Second", want: { kind: "bullet", label: "-", rest: "Second" } },
    { given: "12. Twelfth", want: { kind: "number", label: "12.", rest: "Twelfth" } },
    { given: "3) Third", want: { kind: "number", label: "3.", rest: "Third" } },
    { given: "a) Letter", want: { kind: "label", label: "a)", rest: "Letter" } },
    { given: "(iv) Roman", want: { kind: "label", label: "(iv)", rest: "Roman" } },
    { given: "-5 degrees", want: null },
    { given: "1984 was a year", want: null },
  ];
  for (const { given, want } of markers) {
    test(`list marker of ${JSON.stringify(given)}`, () => {
      const got = listMarker(given);
      if (want === null) assert.equal(got, null);
      else assert.deepEqual({ kind: got?.kind, label: got?.label, rest: got?.rest }, want);
    });
  }

  test("a hyphen at a line end is joined away; a short line ends its paragraph", () => {
    const frame = { x0: 72, x1: 300 };
    const pieces = flow(
      [
        line("The committee reviewed the prelimi-", 72, 100, { x1: 300 }),
        line("nary figures and approved them.", 72, 112, { x1: 230 }),
        line("Next paragraph here.", 72, 124, { x1: 170 }),
      ],
      frame,
    );
    assert.deepEqual(pieces, [
      { kind: "paragraph", text: "The committee reviewed the preliminary figures and approved them." },
      { kind: "paragraph", text: "Next paragraph here." },
    ]);
  });

  test("fields stacked one per line stay one per line; a wrapped sentence with a colon in it is still joined", () => {
    // MarkItDown's sparse invoice: the lines are as wide as their block, so none looks ended on purpose.
    const fields = ["Report ID: SPARSE-2024-INV-1234", "Warehouse: Distribution Center East", "Report Date: 2024-11-15"];
    const pieces = flow(fields.map((text, i) => line(text, 72, 100 + 12 * i, { x1: 250 })), { x0: 72, x1: 250 });
    assert.deepEqual(pieces.map((p) => (p as { text: string }).text), fields);
    const prose = flow([line("The figures below were checked by the auditors as", 72, 100, { x1: 300 }), line("follows: revenue first, then costs.", 72, 112, { x1: 250 })], { x0: 72, x1: 300 });
    assert.equal(prose.length, 1);
  });

  test("a line starting with a number inside a sentence is not a list", () => {
    const pieces = flow([line("as shown in the table of section", 72, 100, { x1: 300 }), line("3. The results follow.", 72, 112)], { x0: 72, x1: 300 });
    assert.equal(pieces.length, 1);
    assert.equal(pieces[0]!.kind, "paragraph");
  });

  test("two rows are not a table; long cells are prose, not a table", () => {
    const cells = (y: number, a: string, b: string) => [line(a, 72, y), line(b, 320, y)];
    assert.deepEqual(findTables([...cells(100, "Item", "Qty"), ...cells(115, "Widget", "5")]), []);
    const prose = "Lorem ipsum dolor sit amet, consectetuer adipiscing elit sed diam";
    assert.deepEqual(findTables([100, 112, 124, 136].flatMap((y) => cells(y, prose, prose))), []);
  });

  test("Markdown: blank lines between blocks, list items together, text as printed", () => {
    const md = piecesToMarkdown([
      { kind: "heading", level: 2, text: "Plan" },
      { kind: "item", depth: 0, marker: "-", text: "one" },
      { kind: "item", depth: 1, marker: "1.", text: "inner" },
      { kind: "paragraph", text: "# not a heading" },
      { kind: "paragraph", text: "1984. Not a list" },
      { kind: "table", rows: [["a|b", "c"], ["1", "2"]] },
    ]);
    assert.equal(md, "## Plan\n\n- one\n  1. inner\n\n# not a heading\n\n1984. Not a list\n\n| a\\|b | c |\n| --- | --- |\n| 1 | 2 |");
  });
});

describe("Tesseract", { skip: !hasTesseract && "tesseract is not installed" }, () => {
  test("reads a scanned invoice, English words and figures, with high confidence", async () => {
    const pdf = await openPdfPages(corpusFile("scans", "pdf_scanned_invoice.pdf"));
    const { png } = pdf.png(0, { dpi: 200 });
    pdf.close();
    const ocr = startOcr({ size: 1 });
    const result = await ocr.read(png);
    for (const words of ["INVOICE", "TechCorp Industries", "INV-2024-001", "January 15, 2024", "$5,000.00"]) assert.ok(result.text.includes(words), `missing ${words}`);
    assert.match(result.markdown, /^# INVOICE/);
    assert.ok(result.confidence > 0.8, String(result.confidence));
  });

  test("a file that is not a picture fails with a clear error", async () => {
    const ocr = startOcr({ size: 1 });
    await assert.rejects(ocr.read(new TextEncoder().encode("not a picture")), (error: unknown) => error instanceof OcrError && error.reason === "failed");
  });
});

describe("the pool", () => {
  const dir = mkdtempSync(join(tmpdir(), "quire-ocr-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, "log");
  /** A stand-in for tesseract: logs its start, end and OMP_THREAD_LIMIT, waits, answers one word. */
  const fake = join(dir, "fake-tesseract");
  writeFileSync(
    fake,
    `#!/bin/sh
cat > /dev/null
echo "start $OMP_THREAD_LIMIT" >> ${log}
sleep "\${FAKE_SLEEP:-0.2}"
printf 'level\\tpage_num\\tblock_num\\tpar_num\\tline_num\\tword_num\\tleft\\ttop\\twidth\\theight\\tconf\\ttext\\n5\\t1\\t1\\t1\\t1\\t1\\t10\\t10\\t50\\t20\\t90\\thello\\n'
echo end >> ${log}
`,
  );
  chmodSync(fake, 0o755);
  const picture = new Uint8Array([1, 2, 3]);

  test("at most `size` processes at once, each told to use one core; the rest wait their turn", async () => {
    writeFileSync(log, "");
    const ocr = startOcr({ size: 2, command: fake });
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => ocr.read(picture)));
    assert.ok(results.every((r) => r.text === "hello"));
    let running = 0;
    let most = 0;
    const entries = readFileSync(log, "utf8").trim().split("\n");
    for (const entry of entries) {
      if (entry.startsWith("start")) {
        assert.equal(entry, "start 1");
        most = Math.max(most, ++running);
      } else running--;
    }
    assert.equal(entries.length, 10);
    assert.equal(most, 2);
  });

  test("a picture over the time limit is killed and fails as a timeout", async () => {
    // The fake sleeps 5 s, so a process that is not killed shows; under that, the bound leaves a loaded machine 13×
    // the 300 ms limit.
    process.env.FAKE_SLEEP = "5";
    try {
      const ocr = startOcr({ size: 1, command: fake, timeoutMs: 300 });
      const started = Date.now();
      await assert.rejects(ocr.read(picture), (error: unknown) => error instanceof OcrError && error.reason === "timeout");
      assert.ok(Date.now() - started < 4_000);
    } finally {
      delete process.env.FAKE_SLEEP;
    }
  });

  test("abort stops the running process and takes waiting pictures out of the queue", async () => {
    process.env.FAKE_SLEEP = "5";
    try {
      const ocr = startOcr({ size: 1, command: fake });
      const controller = new AbortController();
      const started = Date.now();
      const running = ocr.read(picture, { signal: controller.signal });
      const waiting = ocr.read(picture, { signal: controller.signal });
      setTimeout(() => controller.abort(), 200);
      await assert.rejects(running, { name: "AbortError" });
      await assert.rejects(waiting, { name: "AbortError" });
      // Aborted at 200 ms; a process left running would hold the fake's 5 s.
      assert.ok(Date.now() - started < 4_000);
      await assert.rejects(ocr.read(picture, { signal: controller.signal }), { name: "AbortError" });
    } finally {
      delete process.env.FAKE_SLEEP;
    }
  });

  test("no tesseract: a clear 'not available' error", async () => {
    const ocr = startOcr({ command: join(dir, "no-such-tesseract") });
    await assert.rejects(ocr.read(picture), (error: unknown) => error instanceof OcrError && error.reason === "unavailable" && /not available/.test(error.message));
  });
});
