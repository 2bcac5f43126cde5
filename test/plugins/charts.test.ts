/**
 * Charts in the office formats, from the Markdown chart block (core/ir/chart.ts): a deck gets native charts, a
 * workbook a chart part beside the table's cells that reads those cells, a Word document a picture of the chart with
 * its table under it. Checked by content (the parts, the cells, the picture, what our extraction reads back, what
 * our review says) and by LibreOffice opening all three (when installed).
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import { chartBlocks } from "../../core/ir/chart.ts";
import type { ChartBlock, DocType, IRDocument } from "../../core/ir/types.ts";
import { readMarkdown } from "../../core/markdown/read.ts";
import { writeMarkdown } from "../../core/markdown/write.ts";
import { inspectPackage } from "../../core/ooxml/review/index.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { drawChart, ticks } from "../../plugins/docx/chart-drawing.ts";
import { mapDocument } from "../../plugins/docx/map.ts";
import { Packer } from "docx";
import { pngSize } from "../renderers/support.ts";

const execFileAsync = promisify(execFile);

const MARKDOWN = `# Sales review

## Revenue

Revenue grew in both regions.

\`\`\`chart
type: bar
title: Revenue by month
\`\`\`

| Month | North | South |
|---|---:|---:|
| Jan | 4.1 | 3.2 |
| Feb | 4.6 | 3.0 |
| Mar | 5.2 | 3.9 |
| Total | 13.9 | 10.1 |

## Share

\`\`\`chart pie
\`\`\`

| Product | Share |
|---|---:|
| Alpha | 45% |
| Beta | 30% |
| Gamma | 25% |

## Users

\`\`\`chart line
\`\`\`

| Year | Users |
|---|---:|
| 2022 | 1,900 |
| 2023 | 2,600 |
`;

const typeOf = { docx: "report", pptx: "presentation", xlsx: "spreadsheet" } as const satisfies Record<string, DocType>;
const charted = (): IRDocument => chartBlocks(readMarkdown(MARKDOWN).ir).ir;

type Format = keyof typeof typeOf;
const files = new Map<Format, { bytes: Uint8Array; parts: Record<string, Uint8Array>; diagnostics: string[] }>();

async function render(format: Format) {
  const made = files.get(format);
  if (made) return made;
  const type = typeOf[format];
  const { bytes, diagnostics } = await formatPlugins.get(format)!.render!(charted(), defaultStyle(type), { type });
  const out = { bytes, parts: unzipSync(bytes), diagnostics: diagnostics.map((d) => d.code) };
  files.set(format, out);
  return out;
}

const text = (parts: Record<string, Uint8Array>, name: string) => strFromU8(parts[name] ?? new Uint8Array());
const numbers = (xml: string) => [...xml.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => m[1]);

/** What our own review and extraction make of the file: no error finding, and the chart's numbers read back. */
async function reviewAndExtract(format: Format, bytes: Uint8Array): Promise<string> {
  const plugin = formatPlugins.get(format)!;
  const own = await plugin.inspect!(bytes, { fonts: new Set(["carlito", "liberation sans", "liberation serif", "dejavu sans"]) });
  const errors = [...inspectPackage(bytes).findings, ...own.findings].filter((f) => f.severity === "error");
  assert.deepEqual(errors.map((f) => `${f.code}: ${f.message}`), []);
  return writeMarkdown((await plugin.extract!(bytes, {} as never)).ir);
}

describe("charts in a deck", () => {
  it("are native chart parts holding the series, read back by our extraction", async () => {
    const { bytes, parts, diagnostics } = await render("pptx");
    assert.deepEqual(diagnostics, []);
    const charts = Object.keys(parts).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n)).sort();
    assert.equal(charts.length, 3);
    const bar = text(parts, charts[0]!);
    assert.match(bar, /<c:barChart>[\s\S]*<c:barDir val="col"\/>/);
    for (const value of ["North", "South", "Jan", "Mar", "4.1", "5.2", "3.9"]) assert.ok(numbers(bar).includes(value), `the bar chart lacks ${value}`);
    assert.ok(!numbers(bar).includes("13.9"), "the total row is not drawn");
    assert.match(bar, /Revenue by month/);
    assert.match(text(parts, charts[1]!), /<c:pieChart>/);
    assert.match(text(parts, charts[2]!), /<c:lineChart>/);
    // The chart sits on the slide of its heading, its table not repeated there.
    const slide = text(parts, "ppt/slides/slide2.xml");
    assert.match(slide, /<c:chart [^>]*r:id=/);
    assert.doesNotMatch(slide, /<a:tbl>/);
    const markdown = await reviewAndExtract("pptx", bytes);
    assert.match(markdown, /\| Feb \| 4\.6 \| 3 \|/);
    assert.match(markdown, /\| 2023 \| 2600 \|/);
  });
});

describe("charts in a workbook", () => {
  it("read the table's cells, beside them, with the cells' values cached", async () => {
    const { bytes, parts } = await render("xlsx");
    const workbook = text(parts, "xl/workbook.xml");
    assert.match(workbook, /<sheet [^>]*name="Notes"[^>]*\/><sheet [^>]*name="Revenue"/);
    const chart = text(parts, "xl/charts/chart1.xml");
    // Labels and series over the three months, the total row left out; names from the header row.
    assert.deepEqual(
      [...chart.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((m) => m[1]),
      ["Revenue!$B$1", "Revenue!$A$2:$A$4", "Revenue!$B$2:$B$4", "Revenue!$C$1", "Revenue!$A$2:$A$4", "Revenue!$C$2:$C$4"],
    );
    assert.ok(["4.1", "4.6", "5.2", "3.2", "3", "3.9"].every((v) => numbers(chart).includes(v)));
    // The pie's cache holds what its cells hold: 45% is 0.45 in the sheet.
    assert.ok(numbers(text(parts, "xl/charts/chart2.xml")).includes("0.45"));
    const types = text(parts, "[Content_Types].xml");
    assert.match(types, /PartName="\/xl\/charts\/chart1\.xml" ContentType="application\/vnd\.openxmlformats-officedocument\.drawingml\.chart\+xml"/);
    assert.match(types, /PartName="\/xl\/drawings\/drawing1\.xml"/);
    // The Revenue sheet (the second: Notes comes first) draws chart 1, anchored right of the table.
    const sheet = text(parts, "xl/worksheets/sheet2.xml");
    assert.match(sheet, /<drawing r:id="rId\d+"\/><\/worksheet>|<drawing r:id="rId\d+"\/><tableParts/);
    assert.match(text(parts, "xl/worksheets/_rels/sheet2.xml.rels"), /relationships\/drawing" Target="\.\.\/drawings\/drawing1\.xml"/);
    assert.match(text(parts, "xl/drawings/drawing1.xml"), /<xdr:from><xdr:col>4<\/xdr:col>/);
    const own = await formatPlugins.get("xlsx")!.inspect!(bytes, { fonts: new Set() });
    for (const cell of ["Revenue!B2=4.1", "Revenue!C4=3.9", "Revenue!B5==SUM(B2:B4)", "Share!B2=0.45"]) assert.ok(own.content.includes(cell), `the sheet lacks ${cell}`);
    const markdown = await reviewAndExtract("xlsx", bytes);
    assert.match(markdown, /\*\*Chart \(column\): Revenue by month\*\*/);
  });
});

describe("charts in a Word document", () => {
  it("are pictures, twice their shown size, each followed by its table", async () => {
    const { bytes, parts, diagnostics } = await render("docx");
    assert.deepEqual(diagnostics, []);
    const media = Object.keys(parts).filter((n) => n.startsWith("word/media/")).sort();
    assert.equal(media.length, 3);
    const { width, height } = pngSize(parts[media[0]!]!);
    const shown = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(text(parts, "word/document.xml"))!;
    assert.equal(width, Math.round((Number(shown[1]) / 9525) * 2));
    assert.ok(width >= 1000 && height > width / 2.5 && height < width, `${width}×${height}`);
    const body = text(parts, "word/document.xml");
    const picture = body.indexOf('descr="Bar chart &quot;Revenue by month&quot;: North and South by Month."');
    assert.ok(picture > 0, "the picture names the chart and its series");
    assert.ok(body.indexOf("<w:tbl>", picture) > picture && body.indexOf("13.9", picture) > picture, "its table follows, total row included");
    const markdown = await reviewAndExtract("docx", bytes);
    assert.match(markdown, /!\[Pie chart: Share by Product\.\]/);
    assert.match(markdown, /\| Mar \| 5\.2 \| 3\.9 \|/);
  });

  it("draws bars to scale on round ticks, a bar per value and series", () => {
    const chart = charted().blocks.find((b): b is ChartBlock => b.type === "chart")!;
    const drawing = drawChart(chart, defaultStyle("report"), 600);
    const bars = drawing.marks.filter((m) => m.kind === "rect" && m.h > 20) as Array<{ h: number; fill: string }>;
    assert.equal(bars.length, 6);
    // 5.2 over 4.1: heights keep the ratio of the values, from a zero baseline.
    assert.ok(Math.abs(bars[2]!.h / bars[0]!.h - 5.2 / 4.1) < 0.02);
    assert.equal(bars[0]!.fill, "2F5496", "the first series takes the accent");
    assert.deepEqual(ticks(0, 5.2), [0, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual(ticks(1200, 2600), [0, 500, 1000, 1500, 2000, 2500, 3000]);
    assert.ok(drawing.marks.some((m) => m.kind === "text" && m.text === "Revenue by month"));
  });

  it("keeps the table alone, with a warning, when the picture could not be made", async () => {
    const ir = charted();
    const ids = ir.blocks.filter((b) => b.type === "chart").map((b) => b.id);
    const { document, diagnostics } = mapDocument(ir, defaultStyle("report"), { type: "report", images: new Map(), charts: new Map(ids.map((id) => [id, null])) });
    assert.deepEqual(diagnostics.map((d) => d.code), ["chart.unavailable", "chart.unavailable", "chart.unavailable"]);
    const parts = unzipSync(new Uint8Array(await Packer.toBuffer(document)));
    assert.ok(!Object.keys(parts).some((n) => n.startsWith("word/media/")));
    assert.match(text(parts, "word/document.xml"), /Gamma/);
  });
});

// --- LibreOffice -------------------------------------------------------------------------------------

const soffice = "/usr/bin/soffice";

describe("LibreOffice opens the charts", { skip: existsSync(soffice) ? false : "LibreOffice is not installed" }, () => {
  let dir = "";
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "quire-charts-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("converts the deck, the workbook and the document to PDF, and keeps the workbook's charts when it saves it", { timeout: 120_000 }, async () => {
    for (const format of ["pptx", "xlsx", "docx"] as const) await writeFile(join(dir, `charts.${format}`), (await render(format)).bytes);
    // A private profile: a shared one would collide with any LibreOffice already running.
    const run = (args: string[]) => execFileAsync(soffice, [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", ...args], { timeout: 110_000 });
    await run(["--convert-to", "pdf", "--outdir", join(dir, "pdf"), ...["pptx", "xlsx", "docx"].map((f) => join(dir, `charts.${f}`))]);
    await run(["--convert-to", "xlsx", "--outdir", join(dir, "saved"), join(dir, "charts.xlsx")]);
    for (const format of ["pptx", "xlsx", "docx"]) {
      const pdf = await readFile(join(dir, "pdf", `charts.${format}`.replace(/\.\w+$/, ".pdf"))).catch(() => null);
      assert.ok(pdf && pdf.length > 1000, `${format} was not converted`);
    }
    const saved = unzipSync(new Uint8Array(await readFile(join(dir, "saved", "charts.xlsx"))));
    const charts = Object.keys(saved).filter((n) => /^xl\/charts\/chart\d+\.xml$/.test(n));
    assert.equal(charts.length, 3);
    assert.ok(charts.some((n) => /Revenue!\$B\$2:\$B\$4/.test(strFromU8(saved[n]!))), "the saved chart still reads the cells");
  });
});
