/**
 * The deck's slide layouts and what rests on them, checked in the XML (python-pptx is not at hand): content slides'
 * body text in the layout's body placeholder, slide numbers on every slide but the title slide, text set larger
 * when a slide would stay mostly empty, table columns as wide as their content, the author metadata. Then readers we
 * did not write: our extraction reads every title and bullet back, and LibreOffice draws the body text and the slide
 * numbers where the slides put them (mupdf's structured text of the PDF).
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { chartBlocks } from "../../../core/ir/chart.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import type { OfficeConverter } from "../../../core/contracts/engines.ts";
import { extractedMarkdown } from "../../../core/extract/result.ts";
import { extractPptx } from "../../../plugins/pptx/extract/index.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import { mapDeck } from "../../../plugins/pptx/map.ts";
import { openPdfPages } from "../../../renderers/mupdf/pages.ts";
import { startOfficeConverter } from "../../../renderers/index.ts";

const deck = `# Quarterly Review

Prepared for the Board, March 2026

## Where we stand

- Revenue grew 18% year on year
- Two new markets opened: Chile and Peru
- Churn fell to 3.1%

## Regional results

| Region | Revenue (EUR M) | Growth |
|---|---:|---:|
| Iberia and Southern Europe | 12.4 | 14% |
| Latin America | 5.8 | 31% |
| Nordics | 2.1 | 4% |

## Next steps

1. Hire a country manager for Peru
2. Launch the partner programme in Q3
3. Review pricing for the enterprise tier

## Risks

Currency exposure in Latin America remains the main risk; we hedge 60% of it.
`;

const render = async (markdown: string, style: Partial<StyleApplied> = {}, author?: string) => {
  const { ir } = readMarkdown(markdown);
  const { bytes } = await pptxPlugin.render!(ir, { ...defaultStyle("presentation"), ...style }, { type: "presentation", ...(author !== undefined ? { author } : {}) });
  const parts: Record<string, string> = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) if (/\.(xml|rels)$/.test(name)) parts[name] = strFromU8(data);
  const slides = Object.keys(parts)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml/.exec(a)![1]) - Number(/(\d+)\.xml/.exec(b)![1]))
    .map((n) => ({ name: n, xml: parts[n]!, layout: layoutOf(parts, n) }));
  return { bytes, parts, slides };
};

/** The layout part a slide is made from, by its relationship. */
function layoutOf(parts: Record<string, string>, slide: string): string {
  const rels = parts[slide.replace("slides/", "slides/_rels/") + ".rels"]!;
  const target = /Target="\.\.\/slideLayouts\/(slideLayout\d+\.xml)"/.exec(rels)![1]!;
  return parts[`ppt/slideLayouts/${target}`]!;
}

/** The `p:sp` holding a placeholder of `type`. */
const placeholderShape = (xml: string, type: string) => [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)].map((m) => m[0]).find((sp) => sp.includes(`<p:ph type="${type}"`));

const sizesIn = (xml: string) => [...xml.matchAll(/<a:rPr [^>]*sz="(\d+)"/g)].map((m) => Number(m[1]) / 100);

describe("pptx deck: layouts and placeholders", () => {
  let r: Awaited<ReturnType<typeof render>>;
  before(async () => {
    r = await render(deck);
  });

  it("content slides put their text in the layout's body placeholder, with its own formatting", () => {
    for (const i of [1, 3, 4]) {
      const body = placeholderShape(r.slides[i]!.xml, "body");
      assert.ok(body, `slide ${i + 1} has a body placeholder`);
      assert.match(body, /<p:ph type="body" idx="1"\/>/);
      assert.match(body, /<a:xfrm>/, "the fitted box is kept");
      assert.match(body, /<a:latin typeface="Calibri"/);
      // Every paragraph says its space before, or it would take the layout's.
      for (const pPr of body.match(/<a:pPr\b[\s\S]*?<\/a:pPr>/g)!) assert.match(pPr, /<a:spcBef>/);
    }
    assert.match(placeholderShape(r.slides[1]!.xml, "body")!, /Two new markets opened/);
  });

  it("each slide's layout has the placeholders it names: Title Slide, Title and Content, Section Header", async () => {
    const [title, ...content] = r.slides;
    assert.match(title!.layout, /<p:cSld name="Title Slide"/);
    assert.match(title!.layout, /<p:sldLayout [^>]*type="title"/);
    assert.match(title!.layout, /<p:ph type="ctrTitle"\/>/);
    assert.match(title!.layout, /<p:ph type="subTitle" idx="1"\/>/);
    for (const s of content) {
      assert.match(s.layout, /<p:cSld name="Title and Content"/);
      assert.match(s.layout, /<p:sldLayout [^>]*type="obj"/);
      assert.match(s.layout, /<p:ph type="title"\/>/);
      assert.match(s.layout, /<p:ph type="body" idx="1"\/>/);
      assert.match(s.layout, /<p:ph type="sldNum" sz="quarter" idx="12"\/>/);
    }
    const section = await render("# Plan\n\n## Part one\n\n## Goals\n\n- One\n");
    assert.match(section.slides[1]!.layout, /<p:cSld name="Section Header"/);
    assert.match(section.slides[1]!.xml, /<p:ph type="title"\/>/);
    // Every layout is there for a change of layout, used or not.
    const names = Object.keys(r.parts).filter((n) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(n)).map((n) => /<p:cSld name="([^"]*)"/.exec(r.parts[n]!)![1]);
    assert.deepEqual(names.sort(), ["Blank", "Section Header", "Title Slide", "Title and Content"]);
  });

  it("slide numbers are on every slide but the title slide, by default, as the layout's slide number field", () => {
    assert.doesNotMatch(r.slides[0]!.xml, /type="slidenum"/);
    for (const s of r.slides.slice(1)) {
      const number = placeholderShape(s.xml, "sldNum");
      assert.ok(number);
      assert.match(number, /<p:ph type="sldNum" sz="quarter" idx="12"\/>/);
      assert.match(number, /<a:fld [^>]*type="slidenum"/);
    }
    assert.match(r.parts["ppt/slideMasters/slideMaster1.xml"]!, /<p:hf [^>]*sldNum="1"/, "a slide added by hand is numbered too");
  });

  it("a short list is set larger to use the slide, up to 28 pt; a full slide keeps the base size or less", async () => {
    assert.deepEqual([...new Set(sizesIn(placeholderShape(r.slides[1]!.xml, "body")!))], [28]);
    const long = `# Deck\n\n## Many points\n\n${Array.from({ length: 9 }, (_, i) => `- Point ${i + 1} with enough words in it to take most of a line on the slide`).join("\n")}\n`;
    const full = await render(long);
    const sizes = sizesIn(placeholderShape(full.slides[1]!.xml, "body")!);
    assert.ok(Math.max(...sizes) <= 22, `sizes ${sizes}`);
    assert.ok(Math.min(...sizes) >= 14);
  });

  it("a slide with a picture or chart is not set larger (the text would take the chart's room)", () => {
    const { ir } = chartBlocks(readMarkdown("# D\n\n## Chart\n\n- One point\n\n```chart\ntype: bar\n```\n\n| Year | Sales |\n|---|---|\n| 2024 | 3 |\n| 2025 | 5 |\n").ir);
    assert.ok(ir.blocks.some((b) => b.type === "chart"));
    const { deck: model } = mapDeck(ir, defaultStyle("presentation"), { type: "presentation", images: new Map() });
    const text = model.slides[1]!.shapes.find((s) => s.type === "text" && s.placeholder === "body");
    assert.ok(text && text.type === "text");
    assert.equal(text.paragraphs[0]!.size, 22);
  });

  it("table columns are as wide as their content: the name column is wider than the number columns", () => {
    const frame = /<a:tblGrid>([\s\S]*?)<\/a:tblGrid>/.exec(r.slides[2]!.xml)![1]!;
    const [name, revenue, growth] = [...frame.matchAll(/<a:gridCol w="(\d+)"/g)].map((m) => Number(m[1]));
    assert.ok(name! > revenue! && revenue! > growth!, `columns ${name}, ${revenue}, ${growth}`);
  });

  it("the author and company are the caller's organisation, else empty; never the service's name", async () => {
    const named = await render(deck, {}, "Acme Advisory");
    assert.match(named.parts["docProps/core.xml"]!, /<dc:creator>Acme Advisory<\/dc:creator>/);
    assert.match(named.parts["docProps/app.xml"]!, /<Company>Acme Advisory<\/Company>/);
    for (const p of [r.parts["docProps/core.xml"]!, r.parts["docProps/app.xml"]!]) {
      assert.doesNotMatch(p, /Quire|PptxGenJS/);
    }
    assert.match(r.parts["docProps/core.xml"]!, /<dc:creator><\/dc:creator>/);
  });

  it("our extraction reads every title and bullet back", async () => {
    const markdown = extractedMarkdown(await extractPptx(r.bytes, {}));
    for (const text of ["Quarterly Review", "Where we stand", "Revenue grew 18% year on year", "Churn fell to 3.1%", "Regional results", "Iberia and Southern Europe", "Next steps", "Launch the partner programme in Q3", "Risks", "we hedge 60% of it"]) {
      assert.ok(markdown.includes(text), `extraction lacks ${JSON.stringify(text)}:\n${markdown}`);
    }
    assert.match(markdown, /^- Revenue grew 18% year on year$/m, "bullets stay list items");
  });
});

describe("pptx deck: LibreOffice draws it", () => {
  let converter: OfficeConverter;
  before(async () => {
    converter = await startOfficeConverter({});
  });
  after(async () => {
    await converter?.close();
  });

  it("shows the body text under the title and the slide numbers at the bottom right, from the second slide on", { timeout: 120_000 }, async () => {
    const r = await render(deck);
    const pdf = await converter.convert(r.bytes, "pptx", "pdf");
    const pages = await openPdfPages(pdf);
    try {
      assert.equal(pages.count, 5);
      const lines = (i: number) => pages.layout(i).blocks.flatMap((b) => ("lines" in b ? b.lines : []));
      const { width, height } = pages.layout(0);
      assert.ok(!lines(0).some((l) => /^\d+$/.test(l.text) && l.y0 > height * 0.9), "no number on the title slide");
      for (let i = 1; i < 5; i++) {
        const number = lines(i).find((l) => l.text === String(i + 1));
        assert.ok(number, `slide ${i + 1} shows its number`);
        assert.ok(number.y0 > height * 0.9 && number.x1 > width * 0.85, `slide ${i + 1}'s number sits bottom right`);
      }
      const bullet = lines(1).find((l) => l.text.includes("Revenue grew 18%"))!;
      const title = lines(1).find((l) => l.text.includes("Where we stand"))!;
      assert.ok(bullet.y0 > title.y1, "the body is under the title");
      assert.ok(bullet.y1 - bullet.y0 > 24, "set large (28 pt)");
    } finally {
      pages.close();
    }
  });
});
