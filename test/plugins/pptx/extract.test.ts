/**
 * Reading pptx into the IR, written as Markdown: every deck of the shared corpus (python-pptx's test files: charts,
 * placeholders, tables, notes, pictures, OLE objects) is read, one section per slide, with content checks on the
 * files that hold each feature; decks written by our own renderer from the fixtures come back with their titles,
 * bullets, tables and notes; slides edited here check reading order through groups, hidden slides and the refusal of
 * macros. Every block knows the element it was read from: its source range, sliced from the part's text, holds the
 * block's text.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { extractedMarkdown } from "../../../core/extract/result.ts";
import { plainText } from "../../../core/ir/text.ts";
import type { Block, Inline, IRDocument, SourceRange } from "../../../core/ir/types.ts";
import { decodeXmlText, openPackage } from "../../../core/ooxml/package.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { ExtractRefused } from "../../../core/contracts/extract.ts";
import { extractPptx } from "../../../plugins/pptx/extract/index.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import { corpusPath } from "../../support/corpus.ts";

const ROOT = resolve(import.meta.dirname, "../../..");
const CORPUS = corpusPath("pptx");

const read = async (bytes: Uint8Array) => {
  const result = await extractPptx(bytes, {});
  return { ...result, markdown: extractedMarkdown(result) };
};
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

/** Every node of the document that has a source, with the text it shows (null for nodes that show no file text). */
const sourced = (ir: IRDocument): Array<{ what: string; source: SourceRange; text: string | null }> => {
  const out: Array<{ what: string; source: SourceRange; text: string | null }> = [];
  const shown = (inlines: Inline[]) => plainText(inlines, { lineBreak: "" });
  const walk = (blocks: Block[]) => {
    for (const block of blocks) {
      if (!block.source) continue;
      const text =
        block.type === "heading"
          ? /^Slide \d+: (.*?)(?: \(hidden\))?$/.exec(shown(block.inlines))?.[1] ?? null
          : block.type === "paragraph"
            ? block.source.part.startsWith("ppt/charts/")
              ? null
              : shown(block.inlines).replace(/^Notes:/, "")
            : null;
      out.push({ what: `${block.id} (${block.type})`, source: block.source, text });
      if (block.type === "quote") walk(block.blocks);
      if (block.type === "list") {
        for (const item of block.items) {
          out.push({ what: item.id, source: item.source!, text: null });
          walk(item.blocks);
        }
      }
      if (block.type === "table") {
        for (const row of [...block.header, ...block.rows]) for (const cell of row.cells) if (cell.source) out.push({ what: cell.id, source: cell.source, text: shown(cell.inlines) });
      }
    }
  };
  walk(ir.blocks);
  return out;
};

/** The words of a stretch of XML, without its markup and spaces. */
const words = (xml: string) => decodeXmlText(xml.replace(/<[^>]*>/g, "")).replace(/\s+/g, "");

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
    assert.match(slide(levels.markdown, 3), /<!-- the chart holds no cached data -->/);
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

  it("keeps older and modern comments as Word comments are: references on the slide's heading, definitions at the end", async () => {
    const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const M = "http://schemas.microsoft.com/office/2018/10/relationships";
    const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
    const P188 = 'xmlns:p188="http://schemas.microsoft.com/office/powerpoint/2018/8/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
    const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/></Relationships>`;
    const bytes = edit(await render("# Deck\n\n## First\n\nText one.\n\n## Second\n\nText two."), (parts) => {
      const slides = Object.keys(parts).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort();
      // Slide 1 is the title slide ("Deck").
      const [first, second] = [slides[1]!, slides[2]!].map((n) => n.replace("slides/", "slides/_rels/").replace(/\.xml$/, ".xml.rels"));
      parts["ppt/_rels/presentation.xml.rels"] = parts["ppt/_rels/presentation.xml.rels"]!.replace("</Relationships>", rel("rCA", `${R}/commentAuthors`, "commentAuthors.xml").replace("</Relationships>", rel("rAU", `${M}/authors`, "authors.xml")));
      parts["ppt/commentAuthors.xml"] = `<p:cmAuthorLst ${P}><p:cmAuthor id="0" name="Ann Lee" initials="AL" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`;
      parts["ppt/authors.xml"] = `<p188:authorLst ${P188}><p188:author id="{A1}" name="Bob Roy" initials="BR" userId="bob"/><p188:author id="{A2}" name="Cleo Diaz" initials="CD" userId="cleo"/></p188:authorLst>`;
      parts[first!] = parts[first!]!.replace("</Relationships>", rel("rC1", `${R}/comments`, "../comments/comment1.xml"));
      parts["ppt/comments/comment1.xml"] = `<p:cmLst ${P}><p:cm authorId="0" dt="2024-01-01T10:00:00.000" idx="1"><p:pos x="10" y="10"/><p:text>Shorten *this* slide.</p:text></p:cm></p:cmLst>`;
      parts[second!] = parts[second!]!.replace("</Relationships>", rel("rC2", `${M}/comments`, "../comments/modernComment_101_1.xml"));
      parts["ppt/comments/modernComment_101_1.xml"] =
        `<p188:cmLst ${P188}><p188:cm id="{C1}" authorId="{A1}" created="2024-01-02T10:00:00.000"><p188:replyLst><p188:reply id="{R1}" authorId="{A2}" created="2024-01-03T10:00:00.000"><p188:txBody><a:bodyPr/><a:p><a:r><a:t>Done.</a:t></a:r></a:p></p188:txBody></p188:reply></p188:replyLst>` +
        `<p188:txBody><a:bodyPr/><a:p><a:r><a:t>Which year?</a:t></a:r></a:p><a:p><a:r><a:t>2024 or 2025</a:t></a:r></a:p></p188:txBody></p188:cm></p188:cmLst>`;
    });
    const { markdown, ir } = await read(bytes);
    assert.match(markdown, /^## Slide \d+: First\[\^c1\]$/m);
    assert.match(markdown, /^## Slide \d+: Second\[\^c2\]$/m);
    assert.match(markdown, /^\[\^c1\]: Comment by Ann Lee on slide \d+: Shorten \\\*this\\\* slide\.$/m);
    assert.match(markdown, /^\[\^c2\]: Comment by Bob Roy on slide \d+: Which year\?\\\n {4}2024 or 2025\n\n {4}Reply by Cleo Diaz: Done\.$/m);
    assert.equal(ir.footnotes.length, 2);
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
    assert.equal((await corpus("python-pptx-shp-access-ole-object.pptx")).markdown, "## Slide 1\n\n<!-- embedded object: Excel.Sheet.12 -->");
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
    assert.match(result.markdown, /## Slide 3\n\n<!-- this slide could not be read: .* -->/);
    assert.equal(result.diagnostics[0]?.code, "extract.slide_unreadable");
    assert.deepEqual(result.diagnostics[0]?.location, { pages: [3] });
  });
});

describe("pptx extract: where each block came from", () => {
  const files = readdirSync(CORPUS).filter((f) => f.endsWith(".pptx"));

  it("gives every block of every corpus deck a source range holding one whole element and the block's text", async () => {
    let checked = 0;
    for (const file of files) {
      const bytes = readFileSync(join(CORPUS, file));
      const pkg = openPackage(bytes);
      const { ir } = await read(bytes);
      for (const block of ir.blocks) assert.ok(block.source, `${file} ${block.id} (${block.type}) has no source`);
      for (const { what, source, text } of sourced(ir)) {
        const part = pkg.text(source.part);
        assert.ok(part !== null, `${file} ${what}: no part ${source.part}`);
        assert.ok(source.start >= 0 && source.start < source.end && source.end <= part.length, `${file} ${what}: range out of the part`);
        const slice = part.slice(source.start, source.end);
        const name = /^<([\w:.-]+)/.exec(slice)?.[1];
        assert.ok(name && (slice.endsWith(`</${name}>`) || (slice.endsWith("/>") && !slice.slice(0, -2).includes(">"))), `${file} ${what}: not one element: ${slice.slice(0, 60)}`);
        if (text) assert.ok(words(slice).includes(text.replace(/\s+/g, "")), `${file} ${what}: "${text}" not in ${slice.slice(0, 200)}`);
        checked++;
      }
    }
    assert.ok(checked > 500, `only ${checked} nodes checked`);
  });

  it("points a slide's heading at its title shape, paragraphs and items at their a:p, cells at their a:tc, notes in the notes part", async () => {
    const bytes = await render("# Deck\n\n## Agenda\n\nIntro text\n\n- one\n- two\n\n| A | B |\n|---|---|\n| x | y |\n\n> Notes: Say hello");
    const pkg = openPackage(bytes);
    const { ir } = await read(bytes);
    const at = (source: SourceRange | undefined) => pkg.text(source!.part)!.slice(source!.start, source!.end);
    const heading = ir.blocks.find((b) => b.type === "heading" && plainText(b.inlines) === "Slide 2: Agenda")!;
    assert.equal(heading.source!.part, "ppt/slides/slide2.xml");
    assert.match(at(heading.source), /^<p:sp>[\s\S]*<p:ph type="title"[\s\S]*Agenda[\s\S]*<\/p:sp>$/);
    const paragraph = ir.blocks.find((b) => b.type === "paragraph" && plainText(b.inlines) === "Intro text")!;
    assert.match(at(paragraph.source), /^<a:p>.*Intro text.*<\/a:p>$/s);
    const list = ir.blocks.find((b) => b.type === "list")!;
    assert.ok(list.type === "list");
    assert.match(at(list.items[1]!.source), /^<a:p>.*two.*<\/a:p>$/s);
    assert.match(at(list.source), /^<a:p>.*one.*two.*<\/a:p>$/s);
    const table = ir.blocks.find((b) => b.type === "table")!;
    assert.ok(table.type === "table");
    assert.match(at(table.source), /^<a:tbl>[\s\S]*<\/a:tbl>$/);
    assert.match(at(table.rows[0]!.cells[1]!.source), /^<a:tc>.*>y<.*<\/a:tc>$/s);
    const notes = ir.blocks.find((b) => b.type === "quote")!;
    assert.match(notes.source!.part, /^ppt\/notesSlides\/notesSlide\d+\.xml$/);
    assert.ok(notes.type === "quote");
    assert.match(at(notes.blocks[0]!.source), /^<a:p>.*Say hello.*<\/a:p>$/s);
  });
});

describe("pptx extract: what the one writer writes better", () => {
  const deck = (tree: string) =>
    edit(readFileSync(join(CORPUS, "python-pptx-test.pptx")), (parts) => {
      parts["ppt/slides/slide1.xml"] =
        `<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${tree}</p:spTree></p:cSld></p:sld>`;
    });
  const p = (text: string, pPr = "", rPr = "") => `<a:p><a:pPr${pPr}</a:pPr><a:r><a:rPr${rPr}/><a:t>${text}</a:t></a:r></a:p>`;
  const box = (paragraphs: string) => `<p:sp><p:nvSpPr><p:cNvPr id="2" name="t"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs}</p:txBody></p:sp>`;

  it("escapes only what Markdown would misread", async () => {
    const { markdown } = await read(deck(box(p("a * b and snake_case", ">") + p("*stars* and [1] and C:\\Users", ">") + p("1. not a list", ">"))));
    assert.equal(markdown, "## Slide 1\n\na * b and snake_case\n\n\\*stars\\* and [1] and C:\\Users\n\n1\\. not a list");
  });

  it("starts a list of its own where bullets switch to numbers, so a number other than 1 is not read as the item's text", async () => {
    const bullet = '><a:buChar char="•"/>';
    const number = (start: number) => `><a:buAutoNum type="arabicPeriod" startAt="${start}"/>`;
    const { markdown } = await read(deck(box(p("first", bullet) + p("fifth", number(5)) + p("sixth", number(5)))));
    assert.equal(markdown, "## Slide 1\n\n- first\n\n5. fifth\n6. sixth");
    const { ir } = readMarkdown(markdown);
    assert.deepEqual(
      ir.blocks.map((b) => (b.type === "list" ? b.items.length : b.type)),
      ["heading", 1, 2],
    );
  });

  it("drops the bold of a header row set in bold, across line breaks too", async () => {
    const cell = (body: string) => `<a:tc><a:txBody><a:bodyPr/>${body}</a:txBody></a:tc>`;
    const bold = (text: string) => `<a:r><a:rPr b="1"/><a:t>${text}</a:t></a:r>`;
    const table = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="3" name="t"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tr h="1">${cell(`<a:p>${bold("Name")}<a:br/>${bold("(full)")}</a:p>`)}${cell(`<a:p>${bold("Age")}</a:p>`)}</a:tr><a:tr h="1">${cell("<a:p><a:r><a:t>Ana</a:t></a:r></a:p>")}${cell("<a:p><a:r><a:t>7</a:t></a:r></a:p>")}</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
    const { markdown } = await read(deck(table));
    assert.equal(markdown, "## Slide 1\n\n| Name<br>(full) | Age |\n| --- | --- |\n| Ana | 7 |");
  });
});
