/**
 * Reading pptx into Markdown: every deck of the shared corpus (python-pptx's test files: charts, placeholders,
 * tables, notes, pictures, OLE objects) is read, one section per slide, with content checks on the files that hold
 * each feature; decks written by our own renderer from the fixtures come back with their titles, bullets, tables
 * and notes; slides edited here check reading order through groups, hidden slides and the refusal of macros.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { extractPptx } from "../../../plugins/pptx/extract/index.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import { corpusPath } from "../../support/corpus.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const CORPUS = corpusPath("pptx");

const read = (bytes: Uint8Array) => extractPptx(bytes, {});
const corpus = (name: string) => read(readFileSync(join(CORPUS, name)));

const render = async (markdown: string): Promise<Uint8Array> => {
  const { ir } = readMarkdown(markdown);
  return (await pptxPlugin.render!(ir, defaultStyle("presentation"), { type: "presentation" })).bytes;
};

/** The deck with some parts replaced or added. */
const edit = (bytes: Uint8Array, change: (parts: Record<string, string>) => void): Uint8Array => {
  const files = unzipSync(bytes);
  const parts: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) if (/\.(xml|rels)$/.test(name)) parts[name] = strFromU8(data);
  change(parts);
  for (const [name, text] of Object.entries(parts)) files[name] = strToU8(text);
  return zipSync(files);
};

/** The section of slide `n` (from its heading to the next slide's). */
const slide = (markdown: string, n: number): string => {
  const start = markdown.search(new RegExp(`^## Slide ${n}\\b`, "m"));
  assert.ok(start >= 0, `no slide ${n}`);
  const rest = markdown.slice(start);
  const next = rest.slice(1).search(/^## Slide \d+/m);
  return next < 0 ? rest : rest.slice(0, next + 1).trimEnd();
};

describe("pptx extract: the corpus", () => {
  const files = readdirSync(CORPUS).filter((f) => f.endsWith(".pptx"));

  it("holds the decks the tests rely on", () => {
    assert.ok(files.length >= 50, `only ${files.length} files`);
  });

  for (const file of files) {
    it(`${file}: one section per listed slide`, async () => {
      const started = performance.now();
      const bytes = readFileSync(join(CORPUS, file));
      const listed = (strFromU8(unzipSync(bytes)["ppt/presentation.xml"]!).match(/<p:sldId /g) ?? []).length;
      const result = await read(bytes);
      assert.equal(result.pages, listed);
      assert.equal((result.markdown.match(/^## Slide \d+/gm) ?? []).length, listed);
      assert.ok(!result.diagnostics.some((d) => d.severity === "error"), JSON.stringify(result.diagnostics));
      assert.ok(performance.now() - started < 5000, "read in under 5 s");
    });
  }

  it("reads a chart as its type, title and cached data: categories down, series across", async () => {
    const result = await corpus("python-pptx-cht-charts.pptx");
    assert.equal(
      result.markdown,
      [
        "## Slide 1",
        "",
        "**Chart (bar)**",
        "",
        "| Category | Series 1 | Series 2 | Series 3 |",
        "| --- | --- | --- | --- |",
        "| Category 1 | 4.3 | 2.4 | 2 |",
        "| Category 2 | 2.5 | 4.4 | 2 |",
        "| Category 3 | 3.5 | 1.8 | 3 |",
        "| Category 4 | 4.5 | 2.8 | 5 |",
      ].join("\n"),
    );
  });

  it("reads multi-level categories, date categories, scatter and bubble charts", async () => {
    const levels = await corpus("python-pptx-cht-category-access.pptx");
    assert.match(slide(levels.markdown, 2), /\| US \/ CA \/ SF \| 4\.3 \| 2\.4 \| 2 \|/);
    assert.match(slide(levels.markdown, 3), /_\(the chart holds no cached data\)_/);
    const types = await corpus("python-pptx-cht-chart-type.pptx");
    assert.match(slide(types.markdown, 1), /\| 2002-01-05 \| 32 \| 12 \|/);
    assert.match(slide(types.markdown, 5), /\*\*Chart \(scatter\)\*\*\n\n\| X \| Y-Value 1 \|\n\| --- \| --- \|\n\| 0\.7 \| 2\.7 \|/);
    assert.match(slide(types.markdown, 6), /\| Series \| X \| Y \| Size \|\n\| --- \| --- \| --- \| --- \|\n\| Y-Value 1 \| 0\.7 \| 2\.7 \| 10 \|/);
  });

  it("reads populated placeholders: picture, table, titled pie chart, title, content and body", async () => {
    const result = await corpus("python-pptx-ph-populated-placeholders.pptx");
    assert.equal(slide(result.markdown, 1), "## Slide 1\n\n![monty-truth.png](media/image1.png)");
    assert.match(slide(result.markdown, 4), /\*\*Chart \(pie\): Sales\*\*\n\n\| Category \| Sales \|\n\| --- \| --- \|\n\| 1st Qtr \| 8\.2 \|/);
    assert.equal(slide(result.markdown, 5), "## Slide 5: Title Text");
    assert.equal(slide(result.markdown, 6), "## Slide 6\n\n- Content");
    assert.equal(slide(result.markdown, 7), "## Slide 7\n\n- Body text");
  });

  it("takes bullets from the master's body style, and none for a subtitle or a text box", async () => {
    assert.match((await corpus("python-pptx-ph-inherit-props.pptx")).markdown, /## Slide 1: Title Text\n\n- Body Text\n/);
    assert.equal((await corpus("python-pptx-test.pptx")).markdown, "## Slide 1: Presentation Title Text\n\nSubtitle Text");
  });

  it("reads tables as GFM tables, merged cells empty after the first", async () => {
    const result = await corpus("python-pptx-tbl-cell.pptx");
    assert.equal(slide(result.markdown, 3), "## Slide 3\n\n| a | b | c |\n| --- | --- | --- |\n| d | e | f |\n| g | h | i |");
    assert.match(slide(result.markdown, 2), /^\| merged cell \|  \|  \|$/m);
  });

  it("keeps links and line breaks, and shows fields by their text", async () => {
    const result = await corpus("python-pptx-txt-text.pptx");
    assert.match(result.markdown, /Foo Bar\\\nBaz Zoo\\\n1\n\n\[yahoo\.com\]\(http:\/\/yahoo\.com\)/);
    assert.match((await corpus("python-pptx-ext-rels.pptx")).markdown, /\[the python-pptx repository on GitHub\]\(https:\/\/github\.com\/scanny\/python-pptx\)/);
  });

  it("writes speaker notes after their slide as a Notes block quote", async () => {
    assert.equal((await corpus("python-pptx-prs-notes.pptx")).markdown, "## Slide 1\n\n> Notes: Notes");
    const inherited = await corpus("python-pptx-ph-inherit-props.pptx");
    assert.match(slide(inherited.markdown, 1), /\n\n> Notes: Notes in inherited position and size\.$/);
    assert.equal(slide(inherited.markdown, 2), "## Slide 2\n\n> Notes: Notes in modified position and size.");
  });

  it("reads titles, SmartArt text and embedded objects", async () => {
    const shapes = await corpus("python-pptx-shp-shapes.pptx");
    assert.match(shapes.markdown, /^## Slide 1: shapes\[0\]$/m);
    assert.match(shapes.markdown, /^- shapes\[5\]\n- Smart Art$/m);
    assert.equal((await corpus("python-pptx-shp-access-ole-object.pptx")).markdown, "## Slide 1\n\n_(embedded object: Excel.Sheet.12)_");
  });

  it("reads a deck with no slides as empty", async () => {
    const result = await corpus("python-pptx-minimal.pptx");
    assert.deepEqual([result.markdown, result.pages], ["", 0]);
  });
});

describe("pptx extract: decks written by our renderer", () => {
  const fixtures = readdirSync(join(ROOT, "fixtures/pptx"));
  for (const name of fixtures) {
    it(`${name}: titles, bullets and table rows come back`, async () => {
      const input = readFileSync(join(ROOT, "fixtures/pptx", name, "input.md"), "utf8");
      const { markdown, pages } = await read(await render(input));
      const titles = [...markdown.matchAll(/^## Slide (\d+)(?:: (.*))?$/gm)];
      assert.equal(titles.length, pages);
      assert.deepEqual(
        titles.map((t) => Number(t[1])),
        titles.map((_, i) => i + 1),
      );
      const lines = new Set(markdown.split("\n").map((l) => l.trim()));
      for (const line of input.split("\n")) {
        const heading = /^#{1,2} (.*)$/.exec(line);
        if (heading) assert.ok(titles.some((t) => t[2] === heading[1]), `title "${heading[1]}" missing`);
        if (/^\s*(- |\d+\. )/.test(line)) assert.ok(lines.has(line.trim()), `list item "${line.trim()}" missing`);
        if (/^\| [^-]/.test(line)) assert.ok(lines.has(line.replace(/\|---:?\|/g, "")), `table row "${line}" missing`);
      }
    });
  }

  it("brings notes back as written, so a deck read and rendered again keeps them", async () => {
    const input = readFileSync(join(ROOT, "fixtures/pptx/notes/input.md"), "utf8");
    const first = await read(await render(input));
    assert.match(first.markdown, /## Slide 2: Highlights\n\n- Revenue up 12%\n- Two new markets\n\n> Notes: Mention the Valencia warehouse and thank the logistics team\.\n\n## Slide 3: Risks/);
    assert.match(first.markdown, /> Notes: Keep this short; details are in the appendix\.$/);
    const again = await read(await render(first.markdown.replace(/^## Slide \d+: /gm, "## ")));
    assert.equal((again.markdown.match(/^> Notes: /gm) ?? []).length, 2);
    assert.match(again.markdown, /> Notes: Mention the Valencia warehouse and thank the logistics team\./);
  });

  it("keeps nested and numbered lists, bold, italic and links", async () => {
    const { markdown } = await read(await render("# Deck\n\n## Lists\n\n- one\n  - two\n    - three\n- **bold** and *it* with [a link](https://example.com/a)\n\n1. first\n2. second\n"));
    assert.match(markdown, /- one\n {2}- two\n {4}- three\n- \*\*bold\*\* and \*it\* with \[a link\]\(https:\/\/example\.com\/a\)/);
    assert.match(markdown, /1\. first\n2\. second/);
  });

  it("marks hidden slides", async () => {
    const bytes = edit(await render("# Deck\n\n## Shown\n\nText\n\n## Secret\n\nMore"), (parts) => {
      parts["ppt/slides/slide3.xml"] = parts["ppt/slides/slide3.xml"]!.replace("<p:sld ", '<p:sld show="0" ');
    });
    const { markdown } = await read(bytes);
    assert.match(markdown, /^## Slide 2: Shown$/m);
    assert.match(markdown, /^## Slide 3: Secret \(hidden\)$/m);
  });

  it("reads shapes top to bottom, then left to right, placing grouped shapes through the group's transform", async () => {
    const sp = (name: string, x: number, y: number, text: string, ph = "") =>
      `<p:sp><p:nvSpPr><p:cNvPr id="9" name="${name}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="1000000" cy="500000"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
    // The group is shrunk by half and moved: its children's own offsets (y 8,000,000 and 12,000,000) would put them
    // last; on the slide they sit at y 1,500,000 and 3,500,000.
    const group = `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="20" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="1500000"/><a:ext cx="4000000" cy="4000000"/><a:chOff x="0" y="8000000"/><a:chExt cx="8000000" cy="8000000"/></a:xfrm></p:grpSpPr>${sp("B", 0, 12_000_000, "Group bottom")}${sp("A", 0, 8_000_000, "Group top")}</p:grpSp>`;
    const tree = [
      sp("R", 6_000_000, 1_600_000, "Right column"),
      sp("F", 0, 6_000_000, "Footer note"),
      group,
      sp("T", 0, 300_000, "Layout test", '<p:ph type="title"/>'),
      sp("N", 0, 6_400_000, "7", '<p:ph type="sldNum" idx="12"/>'),
    ].join("");
    const bytes = edit(await render("# Deck\n\n## Placeholder\n\nText"), (parts) => {
      parts["ppt/slides/slide2.xml"] =
        `<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${tree}</p:spTree></p:cSld></p:sld>`;
    });
    const { markdown } = await read(bytes);
    assert.equal(slide(markdown, 2), "## Slide 2: Layout test\n\nGroup top\n\nRight column\n\nGroup bottom\n\nFooter note");
  });

  it("refuses macros", async () => {
    const deck = await render("# Deck\n\nText");
    for (const bytes of [
      zipSync({ ...unzipSync(deck), "ppt/vbaProject.bin": strToU8("binary") }),
      edit(deck, (parts) => {
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"]!.replace("presentationml.presentation.main+xml", "ms-powerpoint.presentation.macroEnabled.main+xml");
      }),
    ]) {
      await assert.rejects(read(bytes), (error: unknown) => {
        assert.ok(error instanceof ExtractRefused);
        assert.equal(error.code, "file_rejected");
        assert.equal(error.message, "The file contains macros (VBA), which Quire refuses.");
        return true;
      });
    }
  });

  it("says which slide could not be read and reads the others", async () => {
    const bytes = edit(await render("# Deck\n\n## Fine\n\nText\n\n## Broken\n\nText"), (parts) => {
      parts["ppt/slides/slide3.xml"] = "<p:sld><p:cSld></p:sld>";
    });
    const result = await read(bytes);
    assert.match(result.markdown, /## Slide 2: Fine\n\nText/);
    assert.match(result.markdown, /## Slide 3\n\n_\(this slide could not be read: .*\)_/);
    assert.equal(result.diagnostics[0]?.code, "extract.slide_unreadable");
    assert.deepEqual(result.diagnostics[0]?.location, { pages: [3] });
  });
});
