/**
 * The PowerPoint renderer, checked by content: the .pptx is unzipped and its slides, notes and
 * package parts are searched for what the slide rule, the fitting and the theme promise, never
 * compared as bytes. The measuring function is tested on its own and then used to check that no
 * text box in a produced deck is shorter than its text. One test converts a deck with
 * LibreOffice (when installed) and checks pages and text of the PDF.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import type { ImageData, RenderContext } from "../../../core/contracts/format-plugin.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import type { MeasureParagraph } from "../../../plugins/pptx/measure.ts";
import { charWidth, lineCount, lineStarts, paragraphHeight, textHeight, textWidth } from "../../../plugins/pptx/measure.ts";
import { notesText } from "../../../plugins/pptx/sections.ts";
import { contentBottom, slideHeight, slideWidth } from "../../../plugins/pptx/theme.ts";

const execFileAsync = promisify(execFile);
const emu = 914400;

type Parts = Record<string, string>;

interface Rendered {
  parts: Parts;
  bytes: Uint8Array;
  slides: string[];
  diagnostics: Diagnostic[];
}

async function render(markdown: string, style: Partial<StyleApplied> = {}, ctx: Partial<RenderContext> = {}): Promise<Rendered> {
  const type = ctx.type ?? "presentation";
  const { ir } = readMarkdown(markdown);
  const { bytes, diagnostics } = await pptxPlugin.render!(ir, { ...defaultStyle(type), ...style }, { type, ...ctx });
  const parts: Parts = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) {
    parts[name] = /\.(xml|rels)$/.test(name) ? strFromU8(data) : "";
  }
  return { parts, bytes, slides: numbered(parts, /^ppt\/slides\/slide(\d+)\.xml$/), diagnostics };
}

/** Parts matching `pattern` (its group is the number), in numeric order. */
function numbered(parts: Parts, pattern: RegExp): string[] {
  return Object.keys(parts)
    .map((name) => ({ name, n: Number(pattern.exec(name)?.[1] ?? NaN) }))
    .filter((p) => !Number.isNaN(p.n))
    .sort((a, b) => a.n - b.n)
    .map((p) => parts[p.name]!);
}

function notesOf(r: Rendered): string[] {
  return numbered(r.parts, /^ppt\/notesSlides\/notesSlide(\d+)\.xml$/);
}

const decode = (text: string) =>
  text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

// --- a small DrawingML reader --------------------------------------------------------------------

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  strike: boolean;
  face: string | undefined;
  size: number | undefined;
  superscript: boolean;
  highlight: boolean;
  link: boolean;
  breakBefore: boolean;
}

interface Para {
  text: string;
  level: number;
  bullet: "char" | "number" | null;
  startAt: number | undefined;
  marL: number;
  spaceBefore: number;
  lineSpacing: number;
  runs: Run[];
  xml: string;
}

interface Shape {
  name: string;
  kind: "sp" | "pic" | "table";
  x: number;
  y: number;
  w: number;
  h: number;
  insets: { l: number; t: number; r: number; b: number };
  paragraphs: Para[];
  xml: string;
}

function attr(xml: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(xml)?.[1];
}

function paragraphs(xml: string): Para[] {
  return [...xml.matchAll(/<a:p>(.*?)<\/a:p>/gs)].map(([whole, body]) => {
    const pPr = /<a:pPr\b[^>]*?(?:\/>|>.*?<\/a:pPr>)/s.exec(body!)?.[0] ?? "";
    const runs: Run[] = [];
    let breakBefore = false;
    for (const [piece] of body!.matchAll(/<a:br\/>|<a:r>.*?<\/a:r>/gs)) {
      if (piece === "<a:br/>") {
        breakBefore = true;
        continue;
      }
      const rPr = /<a:rPr\b[^>]*>/.exec(piece)?.[0] ?? "";
      runs.push({
        text: decode(/<a:t>(.*?)<\/a:t>/s.exec(piece)?.[1] ?? ""),
        bold: attr(rPr, "b") === "1",
        italic: attr(rPr, "i") === "1",
        strike: attr(rPr, "strike") !== undefined,
        face: /<a:latin typeface="([^"]+)"/.exec(piece)?.[1],
        size: attr(rPr, "sz") ? Number(attr(rPr, "sz")) / 100 : undefined,
        superscript: Number(attr(rPr, "baseline") ?? 0) > 0,
        highlight: piece.includes("<a:highlight>"),
        link: piece.includes("<a:hlinkClick"),
        breakBefore,
      });
      breakBefore = false;
    }
    return {
      text: runs.map((r) => (r.breakBefore ? "\n" : "") + r.text).join(""),
      level: Number(attr(pPr, "lvl") ?? 0),
      bullet: pPr.includes("<a:buAutoNum") ? "number" : pPr.includes("<a:buChar") ? "char" : null,
      startAt: attr(/<a:buAutoNum[^>]*>/.exec(pPr)?.[0] ?? "", "startAt") ? Number(attr(/<a:buAutoNum[^>]*>/.exec(pPr)![0], "startAt")) : undefined,
      marL: Number(attr(pPr, "marL") ?? 0) / emu,
      spaceBefore: Number(/<a:spcBef><a:spcPts val="(\d+)"/.exec(pPr)?.[1] ?? 0) / 100,
      lineSpacing: Number(/<a:lnSpc><a:spcPct val="(\d+)"/.exec(pPr)?.[1] ?? 100000) / 100000,
      runs,
      xml: whole,
    };
  });
}

function shapes(slide: string): Shape[] {
  return [...slide.matchAll(/<p:(sp|pic|graphicFrame)>(.*?)<\/p:\1>/gs)].map(([whole, tag, body]) => {
    const off = /<a:off x="(\d+)" y="(\d+)"\/>/.exec(body!)!;
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(body!)!;
    const bodyPr = /<a:bodyPr\b[^>]*>/.exec(body!)?.[0] ?? "";
    const inset = (name: string) => Number(attr(bodyPr, name) ?? 91440) / emu;
    return {
      name: decode(/<p:cNvPr id="\d+" name="([^"]*)"/.exec(body!)?.[1] ?? ""),
      kind: tag === "pic" ? "pic" : tag === "graphicFrame" ? "table" : "sp",
      x: Number(off[1]) / emu,
      y: Number(off[2]) / emu,
      w: Number(ext[1]) / emu,
      h: Number(ext[2]) / emu,
      insets: { l: inset("lIns"), t: inset("tIns"), r: inset("rIns"), b: inset("bIns") },
      paragraphs: tag === "sp" ? paragraphs(body!) : [],
      xml: whole,
    };
  });
}

const titleOf = (slide: string): string => shapes(slide).find((s) => s.name === "Title")?.paragraphs.map((p) => p.text).join(" ") ?? "";

// --- the measuring function ------------------------------------------------------------------------

describe("pptx measure: text width and wrapping", () => {
  it("uses per-character widths: narrow letters, wide letters, bold, monospace", () => {
    assert.ok(charWidth("i") < charWidth("n") && charWidth("n") < charWidth("M") && charWidth("M") < charWidth("W"));
    assert.ok(charWidth("n", true) > charWidth("n"));
    assert.equal(charWidth("i", false, true), 0.6);
    assert.equal(charWidth("á"), charWidth("a"), "accented letters take their base letter's width");
    assert.equal(charWidth("中"), 1);
    // 10 "n" at 72 pt: 10 × 0.556 em × 1 in.
    assert.ok(Math.abs(textWidth("nnnnnnnnnn", 72) - 5.56) < 1e-9);
  });

  const cases: Array<{ name: string; given: MeasureParagraph; width: number; want: number }> = [
    { name: "empty paragraph is one line", given: { runs: [{ text: "" }], size: 20 }, width: 5, want: 1 },
    { name: "short text is one line", given: { runs: [{ text: "Hello world" }], size: 20 }, width: 5, want: 1 },
    // "word " is 2.445 em: 0.679 in at 20 pt, so 7 words make a 5 in line and 40 words 6 lines.
    { name: "long text wraps at word boundaries", given: { runs: [{ text: "word ".repeat(40).trim() }], size: 20 }, width: 5, want: 6 },
    { name: "line breaks start lines", given: { runs: [{ text: "a\nb\nc" }], size: 20 }, width: 5, want: 3 },
    { name: "a word longer than the line is cut", given: { runs: [{ text: "x".repeat(60) }], size: 20 }, width: 2, want: 5 },
    // 3 in left: 4 words a line.
    { name: "the indent narrows the line", given: { runs: [{ text: "word ".repeat(16).trim() }], size: 20, indent: 2 }, width: 5, want: 4 },
    // 1.358 in a word at 40 pt: 3 words a line.
    { name: "bigger type, more lines", given: { runs: [{ text: "word ".repeat(40).trim() }], size: 40 }, width: 5, want: 14 },
  ];
  for (const { name, given, width, want } of cases) {
    it(name, () => assert.equal(lineCount(given, width), want));
  }

  it("line starts are offsets where the wrapped lines begin", () => {
    const p: MeasureParagraph = { runs: [{ text: "alpha " }, { text: "beta gamma", bold: true }], size: 72 };
    // At 72 pt every em is an inch: "alpha " ≈ 2.8 in, "beta " ≈ 2.6 in, "gamma" ≈ 3.3 in.
    assert.deepEqual(lineStarts(p, 6), [0, 11]);
    assert.deepEqual(lineStarts(p, 4), [0, 6, 11]);
  });

  it("height is lines × 1.22 em × spacing, plus space before", () => {
    const p: MeasureParagraph = { runs: [{ text: "a\nb" }], size: 36, lineSpacing: 1.5, spaceBefore: 18 };
    assert.ok(Math.abs(paragraphHeight(p, 5) - (0.25 + 2 * 0.5 * 1.22 * 1.5)) < 1e-9);
    assert.ok(Math.abs(textHeight([p, p], 5) - 2 * paragraphHeight(p, 5)) < 1e-9);
  });

  const faces: Array<{ given: string; want: number }> = [
    { given: "Calibri", want: 1 },
    { given: "Times New Roman", want: 1 },
    { given: "Verdana", want: 1.2 },
    // Not installed where LibreOffice renders: drawn with DejaVu, about 15% wider than Arial.
    { given: "Lato", want: 1.17 },
  ];
  for (const { given, want } of faces) {
    it(`${given} measures ${want} × Arial`, () => {
      assert.ok(Math.abs(textWidth("Presentation", 20, { face: given }) / textWidth("Presentation", 20) - want) < 1e-9);
    });
  }
});

// --- the deck --------------------------------------------------------------------------------------

const sample = `# Plan estratégico

Resultados y próximos pasos

> Notes: Bienvenida. Presentar la agenda.

## Resumen

Texto con **negrita**, *cursiva*, ~~tachado~~, \`código\` y [un enlace](https://example.com/a) con [DATO] y una nota[^1].

- Crecimiento del 24 %
- Mercados nuevos
  - España y Portugal
  - México

> Notas: Subrayar el crecimiento.
>
> - primer punto
> - segundo punto

# Parte uno

## Pasos

3. Definir alcance
4. Priorizar
5. Ejecutar

### Detalle

> Una cita que se ve en la diapositiva.

\`\`\`js
const x = 1;
\`\`\`

## Ventas

| Producto | Importe |
|:--|--:|
| Alfa | 10 |
| Beta | 20 |

---

Una diapositiva sin título.

[^1]: El texto de la nota.
`;

describe("pptx render: package and slide size", async () => {
  const r = await render(sample);

  it("is a 16:9 widescreen deck (13.333 × 7.5 in)", () => {
    assert.match(r.parts["ppt/presentation.xml"]!, /<p:sldSz cx="12192000" cy="6858000"\/>/);
  });

  it("has well-formed parts: one pPr per paragraph, no content types for missing parts", () => {
    for (const slide of r.slides) for (const p of paragraphs(slide)) assert.ok((p.xml.match(/<a:pPr\b/g) ?? []).length <= 1, p.xml);
    for (const [, part] of r.parts["[Content_Types].xml"]!.matchAll(/<Override PartName="\/([^"]+)"/g)) {
      assert.ok(part! in r.parts, `[Content_Types].xml names a missing part ${part}`);
    }
  });

  it("reports no diagnostics for a clean document", () => assert.deepEqual(r.diagnostics, []));

  it("is the pptx plugin", () => {
    assert.equal(pptxPlugin.id, "pptx");
    assert.equal(pptxPlugin.format, "pptx");
    assert.deepEqual(pptxPlugin.mediaTypes, ["application/vnd.openxmlformats-officedocument.presentationml.presentation"]);
  });
});

describe("pptx render: the slide rule", async () => {
  const cases: Array<{ name: string; given: string; name_?: string; want: string[] }> = [
    {
      name: "title slide, then one slide per ## heading",
      given: "# Deck\n\nA subtitle\n\n## One\n\ntext\n\n## Two\n\ntext",
      want: ["Deck", "One", "Two"],
    },
    {
      name: "a # heading with no body of its own is a section divider",
      given: "# Deck\n\n# Part\n\n## One\n\ntext\n\n# Empty end",
      want: ["Deck", "Part", "One", "Empty end"],
    },
    {
      name: "a # heading with a body is an ordinary slide",
      given: "# Deck\n\n# Part\n\ntext of the part",
      want: ["Deck", "Part"],
    },
    {
      name: "### headings stay inside the slide",
      given: "# Deck\n\n## One\n\n### Sub\n\ntext\n\n### Sub two\n\nmore",
      want: ["Deck", "One"],
    },
    {
      name: "--- starts an untitled slide; breaks with nothing before them add none",
      given: "---\n\n# Deck\n\n## One\n\ntext\n\n---\n\n---\n\nmore\n\n---",
      want: ["Deck", "One", ""],
    },
    {
      name: "\\pagebreak starts an untitled slide too",
      given: "# Deck\n\n## One\n\ntext\n\n\\pagebreak\n\nmore",
      want: ["Deck", "One", ""],
    },
    {
      name: "without a title or name there is no title slide",
      given: "## One\n\ntext\n\n## Two\n\ntext",
      want: ["One", "Two"],
    },
    {
      name: "the document name titles the deck when the IR has no title",
      given: "## One\n\ntext",
      name_: "Quarterly review",
      want: ["Quarterly review", "One"],
    },
    {
      name: "a long first paragraph is content, not a subtitle",
      given: `# Deck\n\n${"A long introduction. ".repeat(12)}\n\n## One\n\ntext`,
      want: ["Deck", "", "One"],
    },
  ];
  for (const { name, given, name_, want } of cases) {
    it(name, async () => {
      const r = await render(given, {}, name_ ? { name: name_ } : {});
      assert.deepEqual(r.slides.map(titleOf), want);
    });
  }

  it("the subtitle is on the title slide and nowhere else", async () => {
    const r = await render("# Deck\n\nA subtitle\n\n## One\n\ntext");
    assert.equal(shapes(r.slides[0]!).find((s) => s.name === "Subtitle")?.paragraphs[0]?.text, "A subtitle");
    assert.ok(!r.slides.slice(1).some((s) => s.includes("A subtitle")));
  });

  it("titles are title placeholders, so PowerPoint's outline and accessibility checker see them", async () => {
    const r = await render("# Deck\n\nA subtitle\n\n# Part\n\n## One\n\ntext");
    const ph = (slide: string, name: string) => /<p:ph type="(\w+)"/.exec(shapes(slide).find((s) => s.name === name)?.xml ?? "")?.[1];
    assert.deepEqual(
      [ph(r.slides[0]!, "Title"), ph(r.slides[0]!, "Subtitle"), ph(r.slides[1]!, "Title"), ph(r.slides[2]!, "Title")],
      ["ctrTitle", "subTitle", "title", "title"],
    );
  });

  it("section dividers are filled with the accent colour", async () => {
    const r = await render("# Deck\n\n# Part\n\n## One\n\ntext", { colors: { title: "#111111", headings: "#222222", text: "#333333", accent: "#AA0000" } });
    assert.match(r.slides[1]!, /<p:bg><p:bgPr><a:solidFill><a:srgbClr val="AA0000"/);
    assert.doesNotMatch(r.slides[2]!, /<p:bg>/);
  });
});

describe("pptx render: text, bullets and runs", async () => {
  const r = await render(sample);
  const resumen = r.slides.find((s) => titleOf(s) === "Resumen")!;
  const pasos = r.slides.find((s) => titleOf(s) === "Pasos")!;
  const paras = paragraphs(resumen);
  const find = (list: Para[], text: string) => {
    const found = list.find((p) => p.text.includes(text));
    assert.ok(found, `no paragraph with ${JSON.stringify(text)}`);
    return found;
  };

  const bullets: Array<{ given: string; want: { level: number; bullet: "char" | "number" | null } }> = [
    { given: "Crecimiento del 24 %", want: { level: 0, bullet: "char" } },
    { given: "Mercados nuevos", want: { level: 0, bullet: "char" } },
    { given: "España y Portugal", want: { level: 1, bullet: "char" } },
    { given: "México", want: { level: 1, bullet: "char" } },
    { given: "Texto con", want: { level: 0, bullet: null } },
  ];
  for (const { given, want } of bullets) {
    it(`"${given}" is at level ${want.level} with ${want.bullet ?? "no"} bullet`, () => {
      const p = find(paras, given);
      assert.deepEqual({ level: p.level, bullet: p.bullet }, want);
    });
  }

  it("nested bullets carry lvl=\"1\" and sit further in", () => {
    assert.match(find(paras, "España").xml, /<a:pPr[^>]* lvl="1"/);
    assert.ok(find(paras, "España").marL > find(paras, "Crecimiento").marL);
  });

  it("ordered lists are numbered, each item with its own number", () => {
    const items = ["Definir alcance", "Priorizar", "Ejecutar"].map((t) => find(paragraphs(pasos), t));
    assert.deepEqual(items.map((p) => [p.bullet, p.startAt]), [["number", 3], ["number", 4], ["number", 5]]);
  });

  const runs: Array<{ given: string; want: (run: Run) => boolean; what: string }> = [
    { given: "negrita", want: (x) => x.bold, what: "bold" },
    { given: "cursiva", want: (x) => x.italic, what: "italic" },
    { given: "tachado", want: (x) => x.strike, what: "struck through" },
    { given: "código", want: (x) => x.face === "Courier New", what: "monospace" },
    { given: "un enlace", want: (x) => x.link, what: "a link" },
    { given: "[DATO]", want: (x) => x.highlight && x.bold, what: "highlighted" },
    { given: "1", want: (x) => x.superscript, what: "a superscript footnote number" },
  ];
  for (const { given, want, what } of runs) {
    it(`"${given}" is ${what}`, () => {
      const run = find(paras, "Texto con").runs.find((x) => x.text === given);
      assert.ok(run && want(run), `${given}: ${JSON.stringify(run)}`);
    });
  }

  it("links point at their address", () => {
    const n = r.slides.indexOf(resumen) + 1;
    assert.match(r.parts[`ppt/slides/_rels/slide${n}.xml.rels`]!, /Target="https:\/\/example\.com\/a"[^>]*TargetMode="External"|TargetMode="External"[^>]*Target="https:\/\/example\.com\/a"/);
  });

  it("footnotes are written at the foot of the slide that cites them", () => {
    const foot = shapes(resumen).find((s) => s.name === "Footnotes");
    assert.ok(foot?.paragraphs[0]?.text.includes("El texto de la nota."));
  });

  it("quotes and code blocks are on the slide, styled", () => {
    const quote = find(paragraphs(pasos), "Una cita que se ve");
    assert.ok(quote.runs.every((x) => x.italic));
    const code = shapes(pasos).find((s) => s.paragraphs.some((p) => p.text === "const x = 1;"))!;
    assert.equal(code.paragraphs[0]!.runs[0]!.face, "Courier New");
    assert.match(code.xml, /<p:spPr>.*<a:solidFill>/s, "code sits on a shaded box");
    assert.ok(shapes(pasos).some((s) => s.name.endsWith(" bar")), "quotes have an accent bar");
    assert.equal(find(paragraphs(pasos), "Detalle").runs[0]!.bold, true, "### is a bold line");
  });
});

describe("pptx render: speaker notes", async () => {
  const r = await render(sample);
  const notes = notesOf(r);

  it("every slide has a notes page", () => assert.equal(notes.length, r.slides.length));

  const cases: Array<{ slide: string; want: string[] }> = [
    { slide: "Plan estratégico", want: ["Bienvenida. Presentar la agenda."] },
    { slide: "Resumen", want: ["Subrayar el crecimiento.", "- primer punto", "- segundo punto"] },
  ];
  for (const { slide, want } of cases) {
    it(`"${slide}" has its notes in ppt/notesSlides, one paragraph per line, not on the slide`, () => {
      const i = r.slides.findIndex((s) => titleOf(s) === slide);
      const texts = paragraphs(notes[i]!).map((p) => p.text);
      for (const line of want) {
        assert.ok(texts.includes(line), `notes of ${slide} lack ${JSON.stringify(line)}: ${JSON.stringify(texts)}`);
        assert.ok(!r.slides.some((s) => s.includes(line.replace(/^- /, ""))), `${JSON.stringify(line)} shows on a slide`);
      }
    });
  }

  it("labels are removed and quotes without a label stay on the slide", () => {
    assert.ok(!notes.some((n) => /Notes?:|Notas:/.test(n)));
    assert.ok(r.slides.some((s) => s.includes("Una cita que se ve en la diapositiva.")));
    assert.ok(!notes.some((n) => n.includes("Una cita que se ve")));
  });

  const labels: Array<{ given: string; want: string | null }> = [
    { given: "> Notes: hello", want: "hello" },
    { given: "> **Notes:** hello", want: "hello" },
    { given: "> notas: hola", want: "hola" },
    { given: "> Speaker notes: hi", want: "hi" },
    { given: "> Notas del orador: hola\n>\n> 1. uno\n> 2. dos", want: "hola\n1. uno\n2. dos" },
    { given: "> Note: a callout the audience should read", want: null },
    { given: "> Noted: no label", want: null },
  ];
  for (const { given, want } of labels) {
    it(`${JSON.stringify(given)} is ${want === null ? "a quote on the slide" : "speaker notes"}`, () => {
      const { ir } = readMarkdown(given);
      const quote = ir.blocks[0];
      assert.equal(quote?.type, "quote");
      assert.equal(notesText(quote as Extract<typeof quote, { type: "quote" }>), want);
    });
  }

  it("slides without notes have an empty notes page", () => {
    const i = r.slides.findIndex((s) => titleOf(s) === "Ventas");
    assert.deepEqual(paragraphs(notes[i]!).map((p) => p.text).filter((t) => t !== "" && !/^\d+$/.test(t)), []);
  });
});

// --- tables and overflow -------------------------------------------------------------------------------

function tableRows(slide: string): string[][] {
  const table = /<a:tbl>.*?<\/a:tbl>/s.exec(slide)?.[0] ?? "";
  return [...table.matchAll(/<a:tr\b.*?<\/a:tr>/gs)].map(([row]) => [...row.matchAll(/<a:tc>.*?<\/a:tc>/gs)].map(([cell]) => paragraphs(cell).map((p) => p.text).join("")));
}

/**
 * Every text box in a deck, re-measured from its XML with the measuring function: the text must
 * not be taller than the box, and content must stay above the footer.
 */
function assertNothingOverflows(r: Rendered): void {
  r.slides.forEach((slide, i) => {
    for (const shape of shapes(slide)) {
      assert.ok(shape.x >= -1e-6 && shape.x + shape.w <= slideWidth + 1e-3, `slide ${i + 1} ${shape.name}: off the slide sideways`);
      assert.ok(shape.y >= -1e-6 && shape.y + shape.h <= slideHeight + 1e-3, `slide ${i + 1} ${shape.name}: off the slide`);
      if (shape.name.startsWith("Content") || shape.name === "Footnotes") {
        assert.ok(shape.y + shape.h <= contentBottom + 1e-3, `slide ${i + 1} ${shape.name}: ends at ${shape.y + shape.h} in, below the content area`);
      }
      if (shape.kind !== "sp" || shape.paragraphs.length === 0) continue;
      const face = shape.paragraphs[0]?.runs[0]?.face ?? "Calibri";
      const measured = textHeight(
        shape.paragraphs.map((p) => ({
          runs: p.runs.map((x) => ({ text: (x.breakBefore ? "\n" : "") + x.text, bold: x.bold, mono: x.face === "Courier New", ...(x.superscript ? { scale: 0.7 } : {}) })),
          size: p.runs[0]?.size ?? 18,
          indent: p.marL,
          spaceBefore: p.spaceBefore,
          lineSpacing: p.lineSpacing,
        })),
        shape.w - shape.insets.l - shape.insets.r,
        face,
      );
      const room = shape.h - shape.insets.t - shape.insets.b;
      assert.ok(measured <= room + 1e-3, `slide ${i + 1} ${shape.name}: text ${measured.toFixed(3)} in, box ${room.toFixed(3)} in`);
    }
  });
}

describe("pptx render: tables", async () => {
  const rows = Array.from({ length: 40 }, (_, i) => `| Item ${i + 1} | Region ${i % 4} | ${(i + 1) * 100} |`).join("\n");
  const r = await render(`# Deck\n\n## Sales\n\n| Product | Region | Amount |\n|:--|:--|--:|\n${rows}\n`);
  const tableSlides = r.slides.filter((s) => s.includes("<a:tbl>"));

  it("a short table is one real table with a filled, bold header row", async () => {
    const small = await render(sample);
    const slide = small.slides.find((s) => titleOf(s) === "Ventas")!;
    assert.deepEqual(tableRows(slide), [["Producto", "Importe"], ["Alfa", "10"], ["Beta", "20"]]);
    const header = /<a:tr\b.*?<\/a:tr>/s.exec(slide)![0];
    assert.match(header, /<a:tcPr[^>]*>.*?<a:solidFill><a:srgbClr val="2F5496"/s);
    assert.ok(paragraphs(header).every((p) => p.runs.every((x) => x.bold)));
    const alignOf = (text: string) => attr(/<a:pPr\b[^>]*>/.exec(paragraphs(slide).find((p) => p.text === text)!.xml)![0], "algn");
    assert.deepEqual(["Producto", "Importe", "Alfa", "10"].map(alignOf), ["l", "r", "l", "r"], "columns keep their alignment");
  });

  it("a long table is split over slides, the header repeated, titled (cont.)", () => {
    assert.ok(tableSlides.length >= 2, `${tableSlides.length} table slides`);
    for (const slide of tableSlides) assert.deepEqual(tableRows(slide)[0], ["Product", "Region", "Amount"]);
    assert.deepEqual(tableSlides.map(titleOf), ["Sales", ...tableSlides.slice(1).map(() => "Sales (cont.)")]);
    const body = tableSlides.flatMap((s) => tableRows(s).slice(1).map((row) => row[0]));
    assert.deepEqual(body, Array.from({ length: 40 }, (_, i) => `Item ${i + 1}`), "every row once, in order");
  });

  it("the split is reported as layout.slide_overflow (info)", () => {
    assert.deepEqual(r.diagnostics.map((d) => [d.code, d.severity]), [["layout.slide_overflow", "info"]]);
  });

  it("tables stay inside the content area", () => {
    for (const slide of tableSlides) {
      const table = shapes(slide).find((s) => s.kind === "table")!;
      const heights = [...slide.matchAll(/<a:tr h="(\d+)"/g)].reduce((s, [, h]) => s + Number(h) / emu, 0);
      assert.ok(table.y + heights <= contentBottom + 1e-3, `table ends at ${table.y + heights}`);
    }
  });
});

describe("pptx render: overflow", async () => {
  const bullets = Array.from({ length: 40 }, (_, i) => `- Point number ${i + 1} of the long list, with a few words`).join("\n");
  const r = await render(`# Deck\n\n## Many points\n\n${bullets}\n\n> Notes: Only on the first slide.\n`);
  const listSlides = r.slides.filter((s) => titleOf(s).startsWith("Many points"));

  it("a slide with 40 bullets continues on further slides titled (cont.)", () => {
    assert.ok(listSlides.length >= 3, `${listSlides.length} slides`);
    assert.deepEqual(listSlides.map(titleOf), ["Many points", ...listSlides.slice(1).map(() => "Many points (cont.)")]);
  });

  it("every bullet appears once, in order, as a bullet", () => {
    const texts = listSlides.flatMap((s) => paragraphs(s).filter((p) => p.bullet === "char").map((p) => p.text));
    assert.deepEqual(texts, Array.from({ length: 40 }, (_, i) => `Point number ${i + 1} of the long list, with a few words`));
  });

  it("is reported once as layout.slide_overflow (info) on the heading", () => {
    assert.deepEqual(r.diagnostics.map((d) => [d.code, d.severity, d.nodeId]), [["layout.slide_overflow", "info", "b0"]]);
  });

  it("the notes stay with the first slide of the run", () => {
    const notes = notesOf(r);
    const first = r.slides.indexOf(listSlides[0]!);
    assert.ok(notes[first]!.includes("Only on the first slide."));
    assert.ok(!notes.some((n, i) => i !== first && n.includes("Only on the first slide.")));
  });

  it("nothing exceeds its box by the measuring function", () => assertNothingOverflows(r));

  it("a slide that is a little too full shrinks its text instead (not below 14 pt)", async () => {
    const some = Array.from({ length: 12 }, (_, i) => `- Point ${i + 1} with a few words`).join("\n");
    const shrunk = await render(`## A\n\n${some}`);
    assert.equal(shrunk.slides.length, 1);
    const sizes = paragraphs(shrunk.slides[0]!).filter((p) => p.bullet).map((p) => p.runs[0]!.size!);
    assert.ok(sizes.every((s) => s < 22 && s >= 14), `sizes ${sizes}`);
    assert.deepEqual(shrunk.diagnostics, []);
    assertNothingOverflows(shrunk);
  });

  it("a paragraph taller than a slide breaks between lines", async () => {
    const long = await render(`## Wall\n\n${"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(60)}`);
    assert.ok(long.slides.length >= 2);
    const body = long.slides.flatMap((s) => shapes(s).filter((x) => x.name.startsWith("Content")).flatMap((x) => x.paragraphs.map((p) => p.text)));
    assert.equal(body.join(" ").match(/Lorem/g)?.length, 60, "no words lost at the breaks");
    assert.deepEqual(long.slides.map(titleOf), ["Wall", ...long.slides.slice(1).map(() => "Wall (cont.)")]);
    assertNothingOverflows(long);
  });

  it("the sample deck fits too", async () => assertNothingOverflows(await render(sample, { footer: "ACME", page_numbers: true })));
});

// --- pictures --------------------------------------------------------------------------------------

/** A tiny valid PNG of the given size (a grey square pattern is not needed: the bytes are opaque). */
function png(width: number, height: number): ImageData {
  return { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), width, height, type: "png" };
}

describe("pptx render: pictures", async () => {
  const images = async (src: string) => (src === "img:1" ? png(1600, 400) : src === "img:2" ? png(300, 900) : null);
  const r = await render("## Wide\n\n![wide](img:1)\n\n## Tall\n\n![tall](img:2 \"A caption\")\n\n## Gone\n\n![gone](img:9)", {}, { images });

  const cases: Array<{ slide: number; ratio: number }> = [
    { slide: 0, ratio: 4 },
    { slide: 1, ratio: 1 / 3 },
  ];
  for (const { slide, ratio } of cases) {
    it(`slide ${slide + 1}: the picture keeps its aspect ratio inside the content area`, () => {
      const pic = shapes(r.slides[slide]!).find((s) => s.kind === "pic")!;
      assert.ok(Math.abs(pic.w / pic.h - ratio) < 0.01, `ratio ${pic.w / pic.h}`);
      assert.ok(pic.x >= 0.75 - 1e-3 && pic.x + pic.w <= slideWidth - 0.75 + 1e-3);
      assert.ok(pic.y + pic.h <= contentBottom + 1e-3);
      assert.match(pic.xml, /descr="(wide|tall)"/);
    });
  }

  it("captions go under the picture", () => {
    const caption = shapes(r.slides[1]!).find((s) => s.name.endsWith("caption"))!;
    const pic = shapes(r.slides[1]!).find((s) => s.kind === "pic")!;
    assert.equal(caption.paragraphs[0]!.text, "A caption");
    assert.ok(caption.y >= pic.y + pic.h);
  });

  it("an unavailable picture is left out with image.unavailable (warning)", () => {
    assert.deepEqual(r.diagnostics.map((d) => [d.code, d.severity]), [["image.unavailable", "warning"]]);
    assert.equal(titleOf(r.slides[2]!), "Gone");
    assert.ok(!shapes(r.slides[2]!).some((s) => s.kind === "pic"));
  });
});

// --- style -----------------------------------------------------------------------------------------

describe("pptx render: style", async () => {
  const style: Partial<StyleApplied> = {
    font: "Georgia",
    colors: { title: "#112233", headings: "#445566", text: "#202020", accent: "#AA3300" },
    page_numbers: true,
    footer: "ACME — confidential",
  };
  const r = await render(sample, style);

  it("fonts come from the style", () => {
    const faces = new Set(r.slides.flatMap((s) => paragraphs(s).flatMap((p) => p.runs.map((x) => x.face))));
    assert.deepEqual([...faces].filter((f) => f !== "Courier New").sort(), ["Georgia"]);
    assert.match(r.parts["ppt/theme/theme1.xml"]!, /<a:latin typeface="Georgia"/);
  });

  const colours: Array<{ what: string; slide: (r: Rendered) => string; shape: string; want: string }> = [
    { what: "the deck title", slide: (x) => x.slides[0]!, shape: "Title", want: "112233" },
    { what: "slide titles", slide: (x) => x.slides.find((s) => titleOf(s) === "Resumen")!, shape: "Title", want: "445566" },
  ];
  for (const { what, slide, shape, want } of colours) {
    it(`${what} take the style's colour`, () => {
      const s = shapes(slide(r)).find((x) => x.name === shape)!;
      assert.match(s.xml, new RegExp(`<a:srgbClr val="${want}"`));
    });
  }

  it("body text and bullets take the text and accent colours", () => {
    const slide = r.slides.find((s) => titleOf(s) === "Resumen")!;
    const bullet = paragraphs(slide).find((p) => p.text === "Mercados nuevos")!;
    assert.match(bullet.xml, /<a:buClr><a:srgbClr val="AA3300"\/><\/a:buClr>/);
    assert.match(bullet.xml, /<a:rPr[^>]*>.*?<a:srgbClr val="202020"/s);
  });

  it("content slides carry the footer text and a slide number field; the title slide does not", () => {
    const content = r.slides.slice(1);
    assert.ok(content.every((s) => s.includes("ACME — confidential")));
    assert.ok(content.every((s) => /<a:fld [^>]*type="slidenum"/.test(s)));
    assert.ok(!/type="slidenum"/.test(r.slides[0]!));
  });

  it("a light accent is kept off white text: bullets and links take the heading colour", async () => {
    const light = await render(sample, { colors: { title: "#7B1E1E", headings: "#7B1E1E", text: "#222222", accent: "#FFC000" } });
    const slide = light.slides.find((s) => titleOf(s) === "Resumen")!;
    assert.match(paragraphs(slide).find((p) => p.text === "Mercados nuevos")!.xml, /<a:buClr><a:srgbClr val="7B1E1E"\/>/);
    const link = paragraphs(slide).flatMap((p) => p.runs).find((x) => x.text === "un enlace")!;
    assert.ok(link.link);
    assert.match(/<a:r>(?:(?!<\/a:r>).)*un enlace/s.exec(slide)![0], /<a:srgbClr val="7B1E1E"/);
    const divider = light.slides.find((s) => titleOf(s) === "Parte uno")!;
    assert.match(shapes(divider).find((x) => x.name === "Title")!.xml, /<a:srgbClr val="1A1A1A"/, "dark text on a light divider");
  });

  it("the running header is on every slide", async () => {
    const headed = await render(sample, { header: "Draft 3" });
    assert.ok(headed.slides.every((s) => shapes(s).some((x) => x.name === "Header" && x.paragraphs[0]?.text === "Draft 3")));
  });

  it("no slide numbers without page_numbers", async () => {
    const plain = await render(sample, { page_numbers: false });
    assert.ok(!plain.slides.some((s) => /type="slidenum"/.test(s)));
  });

  it("a render is cancelled by its signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    await assert.rejects(render(sample, {}, { signal: controller.signal }), /cancelled/);
  });
});

// --- LibreOffice -------------------------------------------------------------------------------------

const soffice = "/usr/bin/soffice";
const poppler = ["/usr/bin/pdfinfo", "/usr/bin/pdftotext"];

describe("pptx render: LibreOffice reads it", () => {
  const missing = [soffice, ...poppler].filter((p) => !existsSync(p));
  it(
    "converts to a PDF with one page per slide and the slides' text",
    { skip: missing.length > 0 ? `not installed: ${missing.join(", ")}` : false, timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-pptx-"));
      try {
        const r = await render(sample, { footer: "ACME", page_numbers: true });
        const input = join(dir, "sample.pptx");
        await writeFile(input, r.bytes);
        // A private profile: a shared one would collide with any LibreOffice already running.
        await execFileAsync(
          soffice,
          [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, input],
          { timeout: 110_000 },
        );
        const pdf = join(dir, "sample.pdf");
        const info = (await execFileAsync("pdfinfo", [pdf])).stdout;
        assert.equal(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), r.slides.length);
        await execFileAsync("pdftotext", ["-layout", pdf, join(dir, "sample.txt")]);
        const text = await readFile(join(dir, "sample.txt"), "utf8");
        for (const expected of ["Plan estratégico", "Resultados y próximos pasos", "Resumen", "negrita", "España y Portugal", "Parte uno", "Definir alcance", "Detalle", "const x = 1;", "Producto", "Beta", "Una diapositiva sin título."]) {
          assert.ok(text.includes(expected), `the PDF lacks ${JSON.stringify(expected)}`);
        }
        assert.ok(!text.includes("Subrayar el crecimiento"), "speaker notes are not on the slides");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
