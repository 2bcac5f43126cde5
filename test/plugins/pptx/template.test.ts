/**
 * A deck made on a PowerPoint template (plugins/pptx/template): a Markdown deck with a title, bullets, a table and a
 * picture on corpus decks used as templates (python-pptx-test.pptx: PowerPoint's eleven layouts and a slide of its
 * own; python-pptx-prs-slide-masters.pptx: two masters and only blank layouts; python-pptx-mst-slide-layouts.pptx:
 * custom layouts without a type). Checked as a user would: the file opens, our extraction reads every heading and
 * bullet back, the template's design parts are byte for byte the template's, each slide stands on one of its
 * layouts, its own slides are gone, our review finds no error, and LibreOffice converts it with one page per slide.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { writeMarkdown } from "../../../core/markdown/write.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { relsOf } from "../../../core/ooxml/rels.ts";
import { offTemplate } from "../../../core/agent/template-kept.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import type { ImageData, RenderResult } from "../../../core/contracts/format-plugin.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import { extractPptx } from "../../../plugins/pptx/extract/index.ts";
import { inspectPptx } from "../../../plugins/pptx/review/index.ts";
import { designOf } from "../../../plugins/pptx/template/design.ts";
import { corpus, corpusFile } from "../../renderers/support.ts";

const execFileAsync = promisify(execFile);

/** A solid grey PNG of the given size. */
function png(width: number, height: number): Uint8Array {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return new Uint8Array(Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]));
}

const picture: ImageData = { data: png(800, 400), width: 800, height: 400, type: "png" };

const markdown = `# Quarterly review

Where we stand after the third quarter.

## Highlights

- Revenue grew **12%** over the quarter
- Two new markets opened
  - Portugal
  - Chile
- Churn fell to *3.1%*

## Plan

1. Hire the sales team
2. Launch the [partner portal](https://example.com)
3. Review pricing

## Risks

- Supplier delays in the south
- Currency swings

## Numbers

| Region | Q2 | Q3 |
|---|---:|---:|
| North | 10 | 12 |
| South | 8 | 9 |

## Picture

![Growth by region](img:1)
`;

const headings = ["Quarterly review", "Highlights", "Plan", "Risks", "Numbers", "Picture"];
const bullets = ["Revenue grew", "Two new markets opened", "Portugal", "Chile", "Churn fell to", "Hire the sales team", "partner portal", "Review pricing", "Supplier delays in the south", "Currency swings"];

async function onTemplate(source: string | Uint8Array, text = markdown, style: Partial<StyleApplied> = {}): Promise<RenderResult> {
  const template = typeof source === "string" ? corpusFile("pptx", source) : source;
  const { ir } = readMarkdown(text);
  return pptxPlugin.render!(ir, { ...defaultStyle("presentation"), ...style }, { type: "presentation", template, images: async (src) => (src === "img:1" ? picture : null) });
}

const slideParts = (bytes: Uint8Array): string[] =>
  openPackage(bytes)
    .names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));

const textOf = async (bytes: Uint8Array): Promise<string> => writeMarkdown((await extractPptx(bytes, {})).ir);

/** The layout part each slide stands on, in slide order. */
const layoutsOf = (bytes: Uint8Array): string[] => {
  const pkg = openPackage(bytes);
  return slideParts(bytes).map((slide) => [...relsOf(pkg, slide).values()].find((r) => r.type === "slideLayout")?.target ?? "");
};

const rendered = new Map<string, RenderResult>();
const deckOn = async (name: string): Promise<RenderResult> => {
  if (!rendered.has(name)) rendered.set(name, await onTemplate(name));
  return rendered.get(name)!;
};

describe("pptx on a template: the deck", () => {
  for (const name of ["python-pptx-test.pptx", "python-pptx-prs-slide-masters.pptx"]) {
    it(`${name}: opens, with one slide per heading and every heading and bullet read back`, async () => {
      const { bytes } = await deckOn(name);
      assert.equal(slideParts(bytes).length, 6);
      const text = await textOf(bytes);
      for (const expected of [...headings, ...bullets]) assert.ok(text.includes(expected), `the deck lacks ${JSON.stringify(expected)}`);
      assert.match(text, /\| North \| 10 \| 12 \|/);
      assert.match(text, /!\[Growth by region\]/);
    });

    it(`${name}: the template's masters, layouts and themes are kept byte for byte, and every slide stands on one of its layouts`, async () => {
      const { bytes } = await deckOn(name);
      const before = unzipSync(corpusFile("pptx", name));
      const after = unzipSync(bytes);
      const design = Object.keys(before).filter((n) => /^ppt\/(slideMasters|slideLayouts|theme)\//.test(n));
      assert.ok(design.some((n) => n.startsWith("ppt/theme/")) && design.some((n) => n.startsWith("ppt/slideLayouts/")));
      for (const part of design) assert.deepEqual(after[part], before[part], `${part} changed`);
      for (const layout of layoutsOf(bytes)) assert.ok(before[layout] !== undefined && /^ppt\/slideLayouts\//.test(layout), `${layout} is not a template layout`);
    });

    it(`${name}: our review finds no error`, async () => {
      const { bytes } = await deckOn(name);
      const inspection = await inspectPptx(bytes, { fonts: new Set() });
      assert.deepEqual(inspection.findings.filter((f) => f.severity === "error"), []);
    });
  }

  it("the template's own slides, their notes and what only they used are gone", async () => {
    const template = corpusFile("pptx", "python-pptx-test.pptx");
    assert.match(await textOf(template), /Presentation Title Text/);
    const { bytes } = await deckOn("python-pptx-test.pptx");
    assert.doesNotMatch(await textOf(bytes), /Presentation Title Text|Subtitle Text/);
    // A template whose slides hold charts: the charts and their workbooks go with the slides.
    const charts = (await onTemplate("python-pptx-cht-charts.pptx")).bytes;
    assert.deepEqual(openPackage(charts).names.filter((n) => /charts\/|embeddings\//.test(n)), []);
    assert.equal(openPackage(charts).names.filter((n) => /^docProps\/thumbnail/.test(n)).length, 0);
  });

  it("each slide takes the layout that fits it: title, content, title only", async () => {
    const layouts = layoutsOf((await deckOn("python-pptx-test.pptx")).bytes);
    // python-pptx-test: 1 Title Slide, 2 Title and Content, 6 Title Only.
    assert.deepEqual(layouts, [1, 2, 2, 2, 6, 6].map((n) => `ppt/slideLayouts/slideLayout${n}.xml`));
    const { bytes } = await deckOn("python-pptx-test.pptx");
    const slides = slideParts(bytes).map((p) => strFromU8(unzipSync(bytes)[p]!));
    assert.match(slides[0]!, /<p:ph type="ctrTitle"\/>[\s\S]*<p:ph type="subTitle" idx="1"\/>/);
    assert.match(slides[1]!, /<p:ph type="title"\/>[\s\S]*<p:ph idx="1"\/>/);
    // The template's look is inherited: no face, size or colour of ours on the placeholders' text.
    assert.doesNotMatch(slides[1]!, /<a:latin|sz="|srgbClr/);
    assert.match(slides[1]!, /<p:ph type="sldNum"[^>]*\/>[\s\S]*type="slidenum"/);
    assert.match(slides[4]!, /<a:tbl>[\s\S]*<a:tableStyleId>\{5C22544A-7EE6-4342-B048-85BDC9FD1C3A\}<\/a:tableStyleId>/);
    assert.match(slides[5]!, /<p:pic>[\s\S]*descr="Growth by region"/);
    // Custom layouts with no type: the roomier body takes the content.
    const custom = layoutsOf((await onTemplate("python-pptx-mst-slide-layouts.pptx")).bytes);
    assert.deepEqual(custom.slice(0, 2), ["ppt/slideLayouts/slideLayout1.xml", "ppt/slideLayouts/slideLayout2.xml"]);
  });

  it("content that fits at a smaller size is scaled down in its placeholder; more continues on another slide", async () => {
    const items = Array.from({ length: 11 }, (_, i) => `- Point number ${i + 1} of the list, long enough to take most of a line here`).join("\n");
    const scaled = await onTemplate("python-pptx-test.pptx", `## Many points\n\n${items}\n`);
    const slide = strFromU8(unzipSync(scaled.bytes)["ppt/slides/slide1.xml"]!);
    assert.equal(slideParts(scaled.bytes).length, 1);
    const scale = Number(/fontScale="(\d+)"/.exec(slide)?.[1]);
    assert.ok(scale > 40_000 && scale < 100_000, `fontScale ${scale}`);
    const many = Array.from({ length: 40 }, (_, i) => `- Point number ${i + 1} of a list far too long for one slide`).join("\n");
    const continued = await onTemplate("python-pptx-test.pptx", `## Many points\n\n${many}\n`);
    assert.ok(slideParts(continued.bytes).length > 1);
    assert.match(await textOf(continued.bytes), /Many points \(cont\.\)/);
    assert.ok(continued.diagnostics.some((d) => d.code === "layout.slide_overflow"));
    for (let i = 1; i <= 40; i++) assert.match(await textOf(continued.bytes), new RegExp(`Point number ${i} of`));
  });

  it("text beside a table keeps its size and bullets in a text box of its own", async () => {
    const { bytes } = await onTemplate("python-pptx-test.pptx", "## Mixed\n\n- First point\n- Second point\n\n| A | B |\n|---|---|\n| 1 | 2 |\n");
    const slide = strFromU8(unzipSync(bytes)["ppt/slides/slide1.xml"]!);
    assert.equal(layoutsOf(bytes)[0], "ppt/slideLayouts/slideLayout6.xml");
    assert.match(slide, /txBox="1"[\s\S]*<a:pPr marL="\d+" indent="-\d+"><a:buChar char="•"\/><\/a:pPr><a:r><a:rPr lang="en-US" sz="\d+"[^>]*><a:t>First point/);
    assert.match(slide, /<a:tbl>/);
  });

  it("a chart is a native chart on the template's slide, its numbers in its own part, read back by our extraction", async () => {
    const { ir } = readMarkdown("## Sales\n\n| Region | Q3 |\n|---|---:|\n| North | 12 |\n| South | 7 |\n");
    const table = ir.blocks[1]!;
    assert.equal(table.type, "table");
    if (table.type !== "table") return;
    const charted = { ...ir, blocks: [ir.blocks[0]!, { type: "chart" as const, id: table.id, chart: "bar" as const, title: "Q3 by region", labels: ["North", "South"], series: [{ name: "Q3", values: [12, 7] }], table }] };
    const template = corpusFile("pptx", "python-pptx-test.pptx");
    const { bytes, diagnostics } = await pptxPlugin.render!(charted, defaultStyle("presentation"), { type: "presentation", template });
    const parts = unzipSync(bytes);
    const chart = strFromU8(parts["ppt/charts/deck-chart1.xml"]!);
    assert.match(chart, /<c:barChart>/);
    for (const value of ["North", "South", "12", "7", "Q3 by region"]) assert.ok(chart.includes(`>${value}<`), `the chart part lacks ${value}`);
    const rels = relsOf(openPackage(bytes), "ppt/slides/slide1.xml");
    assert.ok([...rels.values()].some((r) => r.type === "chart" && r.target === "ppt/charts/deck-chart1.xml"), "the slide draws the chart part");
    assert.match(strFromU8(parts["[Content_Types].xml"]!), /PartName="\/ppt\/charts\/deck-chart1\.xml" ContentType="application\/vnd\.openxmlformats-officedocument\.drawingml\.chart\+xml"/);
    assert.doesNotMatch(strFromU8(parts["ppt/slides/slide1.xml"]!), /<a:tbl>/, "the chart stands for its table");
    // Still the template's layout, and a file our review passes.
    assert.equal(offTemplate(bytes, template), null);
    assert.deepEqual((await inspectPptx(bytes, { fonts: new Set() } as never)).findings.filter((f) => f.severity === "error").map((f) => f.code), []);
    assert.deepEqual(diagnostics.filter((d) => d.severity !== "info").map((d) => d.code), []);
    assert.match(await textOf(bytes), /North[\s\S]*12/);
  });

  it("speaker notes go on notes slides when the template has a notes master, and are reported dropped when not", async () => {
    const text = "## Plan\n\n- Hire\n\n> Notes: say the numbers slowly\n";
    const kept = await onTemplate("python-pptx-prs-notes.pptx", text);
    assert.match(await textOf(kept.bytes), /say the numbers slowly/);
    const dropped = await onTemplate("python-pptx-test.pptx", text);
    assert.ok(dropped.diagnostics.some((d) => d.code === "template.notes_dropped"));
  });

  it("a macro-enabled template gives a plain .pptx without its macros", async () => {
    const files = unzipSync(corpusFile("pptx", "python-pptx-minimal.pptx"));
    const rel = "http://schemas.microsoft.com/office/2006/relationships/vbaProject";
    files["ppt/vbaProject.bin"] = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]);
    files["ppt/_rels/presentation.xml.rels"] = strToU8(strFromU8(files["ppt/_rels/presentation.xml.rels"]!).replace("</Relationships>", `<Relationship Id="rId99" Type="${rel}" Target="vbaProject.bin"/></Relationships>`));
    files["[Content_Types].xml"] = strToU8(
      strFromU8(files["[Content_Types].xml"]!)
        .replace(/application\/vnd\.openxmlformats-officedocument\.presentationml\.presentation\.main\+xml/, "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml")
        .replace("</Types>", '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>'),
    );
    const result = await onTemplate(zipSync(files));
    const pkg = openPackage(result.bytes);
    assert.ok(!pkg.has("ppt/vbaProject.bin"));
    assert.doesNotMatch(pkg.text("[Content_Types].xml")!, /macroEnabled/);
    assert.doesNotMatch(pkg.text("ppt/_rels/presentation.xml.rels")!, /vbaProject/);
    assert.ok(result.diagnostics.some((d) => d.code === "template.macros_dropped"));
  });

  it("a file that is not a presentation gives the deck its own design and says so", async () => {
    const result = await onTemplate(corpusFile("docx", readdirSync(corpus("docx")).find((n) => n.endsWith(".docx"))!));
    assert.ok(result.diagnostics.some((d) => d.code === "design.not_copied"));
    assert.ok(slideParts(result.bytes).length >= 6);
  });

  it("designOf gives the template's theme faces and colours", () => {
    assert.deepEqual(designOf(corpusFile("pptx", "python-pptx-test.pptx")), {
      fonts: { major: "Calibri", minor: "Calibri" },
      colors: { dk1: "000000", lt1: "FFFFFF", accent1: "4F81BD", accent2: "C0504D", accent3: "9BBB59", accent4: "8064A2", accent5: "4BACC6", accent6: "F79646" },
    });
  });
});

// --- LibreOffice -------------------------------------------------------------------------------------

const soffice = "/usr/bin/soffice";
const poppler = ["/usr/bin/pdfinfo", "/usr/bin/pdftotext"];

describe("pptx on a template: LibreOffice reads it", () => {
  const missing = [soffice, ...poppler].filter((p) => !existsSync(p));
  it(
    "draws a chart made on a template, with its title and labels",
    { skip: missing.length > 0 ? `not installed: ${missing.join(", ")}` : false, timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-pptx-template-chart-"));
      try {
        const { ir } = readMarkdown("## Sales\n\n| Region | Q3 |\n|---|---:|\n| Northwest | 12 |\n| Southeast | 7 |\n");
        const table = ir.blocks[1]!;
        if (table.type !== "table") throw new Error("no table");
        const charted = { ...ir, blocks: [ir.blocks[0]!, { type: "chart" as const, id: table.id, chart: "bar" as const, title: "Quarter by region", labels: ["Northwest", "Southeast"], series: [{ name: "Q3", values: [12, 7] }], table }] };
        const { bytes } = await pptxPlugin.render!(charted, defaultStyle("presentation"), { type: "presentation", template: corpusFile("pptx", "python-pptx-test.pptx") });
        const input = join(dir, "chart.pptx");
        await writeFile(input, bytes);
        await execFileAsync(soffice, [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, input], { timeout: 110_000 });
        await execFileAsync("pdftotext", ["-layout", join(dir, "chart.pdf"), join(dir, "chart.txt")]);
        const text = await readFile(join(dir, "chart.txt"), "utf8");
        for (const expected of ["Quarter by region", "Northwest", "Southeast"]) assert.ok(text.includes(expected), `the PDF lacks ${JSON.stringify(expected)}: ${text}`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
  it(
    "converts both decks to PDFs with one page per slide and the slides' text",
    { skip: missing.length > 0 ? `not installed: ${missing.join(", ")}` : false, timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-pptx-template-"));
      try {
        const names = ["python-pptx-test", "python-pptx-prs-slide-masters"];
        const inputs: string[] = [];
        for (const name of names) {
          const input = join(dir, `${name}.pptx`);
          await writeFile(input, (await deckOn(`${name}.pptx`)).bytes);
          inputs.push(input);
        }
        // A private profile: a shared one would collide with any LibreOffice already running.
        await execFileAsync(soffice, [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, ...inputs], { timeout: 110_000 });
        for (const name of names) {
          const pdf = join(dir, `${name}.pdf`);
          const info = (await execFileAsync("pdfinfo", [pdf])).stdout;
          assert.equal(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), 6, name);
          await execFileAsync("pdftotext", ["-layout", pdf, join(dir, `${name}.txt`)]);
          const text = await readFile(join(dir, `${name}.txt`), "utf8");
          for (const expected of [...headings, "Revenue grew", "Portugal", "Hire the sales team", "North"]) assert.ok(text.includes(expected), `${name}: the PDF lacks ${JSON.stringify(expected)}`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
