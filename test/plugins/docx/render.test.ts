/**
 * The Word renderer, checked by content: the .docx is unzipped and its parts are searched for
 * the structures Word relies on (styles, numbering, footnotes, section properties), never
 * compared as bytes. One test converts the file with LibreOffice when it is installed.
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
import type { DocType } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";
import type { RenderContext } from "../../../core/contracts/format-plugin.ts";
import { formatPlugins } from "../../../plugins/index.ts";

const sample = `# Informe anual

## Resumen

Texto con **negrita**, *cursiva*, ~~tachado~~, \`código\` y [un enlace](https://example.com/a) con [DATO] y una nota[^1].

# Parte uno

1. uno
2. dos
   - sub
3. tres

Entre listas.

3. tres-b
4. cuatro

| Producto | Importe |
|:--|--:|
| Alfa | 10 |
| Beta | 20 |

> Una cita.

\`\`\`js
const x = 1;
\`\`\`

\\pagebreak

## Después del salto

- [x] hecho

[^1]: El texto de la nota.
`;

type Parts = Record<string, string>;

async function render(
  markdown: string,
  style: Partial<StyleApplied> = {},
  ctx: Partial<RenderContext> = {},
): Promise<{ parts: Parts; bytes: Uint8Array; diagnostics: Diagnostic[] }> {
  const type = ctx.type ?? "report";
  const { ir } = readMarkdown(markdown);
  const { bytes, diagnostics } = await docxPlugin.render!(ir, { ...defaultStyle(type), ...style }, { type, ...ctx });
  const parts: Parts = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) parts[name] = strFromU8(data);
  return { parts, bytes, diagnostics };
}

interface Para {
  style: string | undefined;
  text: string;
  numId: string | undefined;
  level: string | undefined;
  xml: string;
}

/** The paragraphs of a part, with what the assertions need. `<w:p>` never nests in our output. */
function paragraphs(xml: string): Para[] {
  return [...xml.matchAll(/<w:p[ >].*?<\/w:p>/gs)].map(([p]) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1],
    text: [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(""),
    numId: /<w:numId w:val="(\d+)"/.exec(p)?.[1],
    level: /<w:ilvl w:val="(\d+)"/.exec(p)?.[1],
    xml: p,
  }));
}

const find = (paras: Para[], text: string): Para => {
  const found = paras.find((p) => p.text.includes(text));
  assert.ok(found, `no paragraph with ${JSON.stringify(text)}`);
  return found;
};

describe("docx render: document.xml structure", async () => {
  const { parts, diagnostics } = await render(sample);
  const doc = parts["word/document.xml"]!;
  const paras = paragraphs(doc);

  const styled: Array<{ given: string; want: string }> = [
    { given: "Informe anual", want: "Title" },
    { given: "Resumen", want: "Heading2" },
    { given: "Parte uno", want: "Heading1" },
    { given: "Después del salto", want: "Heading2" },
    { given: "Una cita.", want: "Quote" },
    { given: "const x = 1;", want: "SourceCode" },
    { given: "Alfa", want: "TableText" },
  ];
  for (const { given, want } of styled) {
    it(`"${given}" has style ${want}`, () => assert.equal(find(paras, given).style, want));
  }

  it("list items carry numbering; nested items a deeper level; ordered lists restart", () => {
    const [uno, dos, sub, tres, tresB] = ["uno", "dos", "sub", "tres", "tres-b"].map((t) => paras.find((p) => p.text === t)!);
    for (const p of [uno, dos, sub, tres, tresB]) assert.ok(p?.xml.includes("<w:numPr>"), `${p?.text} has numPr`);
    assert.equal(uno!.level, "0");
    assert.equal(sub!.level, "1");
    assert.equal(uno!.numId, tres!.numId);
    assert.notEqual(uno!.numId, tresB!.numId, "a second ordered list is a new numbering instance");
    assert.notEqual(sub!.numId, uno!.numId, "the bullet sublist has its own definition");
    const numbering = parts["word/numbering.xml"]!;
    assert.match(numbering, new RegExp(`<w:num w:numId="${tresB!.numId}">.*?<w:startOverride w:val="3"/>`, "s"));
    assert.match(numbering, /<w:numFmt w:val="bullet"\/>/);
    assert.match(numbering, /<w:numFmt w:val="decimal"\/>/);
  });

  it("task items show a box instead of a bullet", () => {
    const task = find(paras, "hecho");
    assert.ok(task.text.startsWith("☒ "));
    assert.equal(task.numId, undefined);
  });

  it("tables have their cells, a repeated header row, full width and column alignment", () => {
    for (const text of ["Producto", "Importe", "Alfa", "10", "Beta", "20"]) find(paras, text);
    assert.match(doc, /<w:tblW w:type="pct" w:w="5000"\/>/);
    assert.match(doc, /<w:trPr>(?:(?!<\/w:trPr>).)*<w:tblHeader\/>/s);
    assert.match(find(paras, "Importe").xml, /<w:jc w:val="right"\/>/);
    assert.match(find(paras, "Producto").xml, /<w:b\/>/, "header cells are bold");
  });

  const runs: Array<{ name: string; given: string; want: RegExp }> = [
    { name: "bold", given: "negrita", want: /<w:rPr><w:b\/>/ },
    { name: "italic", given: "cursiva", want: /<w:i\/>/ },
    { name: "strike", given: "tachado", want: /<w:strike\/>/ },
    { name: "inline code", given: "código", want: /<w:rStyle w:val="VerbatimChar"\/>/ },
    { name: "gap marker", given: "[DATO]", want: /<w:rStyle w:val="GapMarker"\/>/ },
    { name: "hyperlink", given: "un enlace", want: /<w:rStyle w:val="Hyperlink"\/>/ },
  ];
  for (const { name, given, want } of runs) {
    it(`${name} run properties`, () => {
      const run = [...doc.matchAll(/<w:r>.*?<\/w:r>/gs)].map(([r]) => r).find((r) => r.includes(`>${given}</w:t>`));
      assert.ok(run, `no run with ${given}`);
      assert.match(run, want);
    });
  }

  it("links are external hyperlinks", () => {
    assert.match(doc, /<w:hyperlink [^>]*r:id="[^"]+"/);
    assert.match(parts["word/_rels/document.xml.rels"]!, /Target="https:\/\/example.com\/a" TargetMode="External"/);
  });

  it("footnotes are real Word footnotes", () => {
    assert.match(doc, /<w:footnoteReference w:id="1"\/>/);
    const note = paragraphs(parts["word/footnotes.xml"]!).find((p) => p.text.includes("El texto de la nota."));
    assert.equal(note?.style, "FootnoteText");
  });

  it("the block after a table gets space above it", () => {
    assert.match(find(paras, "Una cita.").xml, /<w:spacing w:before="160"\/>/);
  });

  it("a page break becomes page-break-before on the next heading", () => {
    assert.match(find(paras, "Después del salto").xml, /<w:pageBreakBefore\/>/);
  });

  it("has no diagnostics", () => assert.deepEqual(diagnostics, []));
});

describe("docx render: styles and page setup", () => {
  it("document defaults and heading styles follow the style object", async () => {
    const { parts } = await render("# T\n\n## H", { font: "Georgia", font_size: 12, line_spacing: 1.5, colors: { title: "#112233", headings: "#445566", text: "#000000", accent: "#778899" } });
    const styles = parts["word/styles.xml"]!;
    const defaults = /<w:docDefaults>.*?<\/w:docDefaults>/s.exec(styles)![0];
    assert.match(defaults, /w:ascii="Georgia"/);
    assert.match(defaults, /<w:sz w:val="24"\/>/);
    assert.match(defaults, /w:line="360"/);
    assert.match(/<w:style [^>]*w:styleId="Heading2".*?<\/w:style>/s.exec(styles)![0], /<w:color w:val="445566"\/>/);
    assert.match(/<w:style [^>]*w:styleId="Title".*?<\/w:style>/s.exec(styles)![0], /<w:color w:val="112233"\/>/);
  });

  const pages: Array<{ name: string; given: Partial<StyleApplied>; want: RegExp[] }> = [
    { name: "portrait A4, 2.5 cm", given: {}, want: [/<w:pgSz w:w="11906" w:h="16838"/, /<w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417"/] },
    { name: "landscape, 2 cm", given: { orientation: "landscape", margins_cm: 2 }, want: [/<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/, /<w:pgMar w:top="1134"/] },
  ];
  for (const { name, given, want } of pages) {
    it(name, async () => {
      const { parts } = await render("Text.", given);
      const section = /<w:sectPr>.*?<\/w:sectPr>/s.exec(parts["word/document.xml"]!)![0];
      for (const pattern of want) assert.match(section, pattern);
    });
  }

  it("page numbers are a PAGE field in the footer, with the footer text", async () => {
    const { parts } = await render("Text.", { footer: "Confidencial", header: "ACME" });
    const footer = Object.entries(parts).find(([name]) => /^word\/footer\d+\.xml$/.test(name))?.[1];
    assert.ok(footer);
    assert.match(footer, /<w:instrText xml:space="preserve">PAGE<\/w:instrText>/);
    assert.match(footer, />Confidencial</);
    const header = Object.entries(parts).find(([name]) => /^word\/header\d+\.xml$/.test(name))?.[1];
    assert.match(header ?? "", />ACME</);
  });

  it("a letter has no page numbers", async () => {
    const { parts } = await render("Dear Sir,", {}, { type: "letter" });
    assert.ok(!Object.keys(parts).some((name) => /^word\/footer\d+\.xml$/.test(name)));
  });

  it("the file's author is the caller's organisation, or nobody: never the service (issue 17, item 13)", async () => {
    const given = (await render("# T\n\nText.", {}, { author: "Northwind Consulting" })).parts["docProps/core.xml"]!;
    assert.match(given, /<dc:creator>Northwind Consulting<\/dc:creator>/);
    assert.match(given, /<cp:lastModifiedBy>Northwind Consulting<\/cp:lastModifiedBy>/);
    const none = (await render("# T\n\nText.")).parts["docProps/core.xml"]!;
    assert.doesNotMatch(none, /creator|lastModifiedBy|Quire|Un-named/);
  });

  it("cover page and table of contents", async () => {
    const { parts } = await render("# Big title\n\n# One\n\n## Two", { cover_page: true, table_of_contents: true });
    const doc = parts["word/document.xml"]!;
    assert.match(doc, /<w:titlePg\/>|<w:titlePg w:val="(true|1)"\/>/);
    assert.match(doc, /<w:instrText[^>]*>TOC [^<]*\\o/);
    assert.ok(doc.indexOf(">Big title<") < doc.indexOf(">TOC "));
  });

  it("contracts number their clauses unless the author did", async () => {
    const numbered = await render("# Contrato\n\n## Objeto\n\n## Precio", {}, { type: "contract" });
    assert.ok(paragraphs(numbered.parts["word/document.xml"]!).filter((p) => p.style === "Heading2").every((p) => p.numId !== undefined));
    const manual = await render("# Contrato\n\n## 1. Objeto\n\n## 2. Precio", {}, { type: "contract" });
    assert.ok(paragraphs(manual.parts["word/document.xml"]!).filter((p) => p.style === "Heading2").every((p) => p.numId === undefined));
  });
});

// A 1×1 PNG; the sizes handed to the renderer are what it scales.
const png = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"),
);

describe("docx render: images", () => {
  it("embeds a resolved picture, scaled to the text width", async () => {
    const { parts, diagnostics } = await render("Text.\n\n![A chart](img:1)", {}, {
      images: async (src) => (src === "img:1" ? { data: png, width: 4000, height: 2000, type: "png" } : null),
    });
    assert.deepEqual(diagnostics, []);
    assert.ok(Object.keys(parts).some((name) => name.startsWith("word/media/")));
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(parts["word/document.xml"]!);
    assert.ok(extent);
    // Text width of A4 portrait with 2.5 cm margins: 16 cm = 5 760 000 EMU; half as tall.
    const [cx, cy] = [Number(extent[1]), Number(extent[2])];
    assert.ok(cx <= 5_760_000 && cx > 5_700_000, `width ${cx}`);
    assert.ok(Math.abs(cx / cy - 2) < 0.01, "keeps the aspect ratio");
    assert.match(parts["word/document.xml"]!, /descr="A chart"/);
  });

  const missing: Array<{ name: string; given: Partial<RenderContext> }> = [
    { name: "no resolver", given: {} },
    { name: "resolver answers null", given: { images: async () => null } },
    { name: "resolver fails", given: { images: async () => Promise.reject(new Error("network")) } },
  ];
  for (const { name, given } of missing) {
    it(`leaves the picture out with image.unavailable: ${name}`, async () => {
      const { parts, diagnostics } = await render("Text.\n\n![A chart](img:1)", {}, given);
      assert.deepEqual(diagnostics, [{ code: "image.unavailable", severity: "warning", category: "image", message: diagnostics[0]!.message, nodeId: "b1" }]);
      assert.doesNotMatch(parts["word/document.xml"]!, /<w:drawing>/);
    });
  }
});

describe("docx render: behaviour", () => {
  it("the same Markdown renders the same document body", async () => {
    const markdown = "# T\n\nA **b** [DATO][^1].\n\n1. x\n   - y\n\n| a |\n|-|\n| 1 |\n\n[^1]: note";
    const [a, b] = await Promise.all([render(markdown), render(markdown)]);
    for (const part of ["word/document.xml", "word/numbering.xml", "word/styles.xml", "word/footnotes.xml"]) {
      assert.equal(a.parts[part], b.parts[part], part);
    }
  });

  it("an aborted signal stops the render with its reason", async () => {
    const controller = new AbortController();
    const reason = new Error("canceled");
    controller.abort(reason);
    await assert.rejects(render("Text.", {}, { signal: controller.signal }), (error) => error === reason);
  });

  it("unsafe links keep their text only", async () => {
    const { parts, diagnostics } = await render("[click](javascript:alert(1))");
    assert.doesNotMatch(parts["word/document.xml"]!, /<w:hyperlink/);
    assert.match(parts["word/document.xml"]!, />click</);
    assert.deepEqual(diagnostics.map((d) => d.code), ["link.unsafe"]);
  });

  it("is registered for the docx format", () => {
    assert.equal(formatPlugins.get("docx"), docxPlugin);
    assert.equal(formatPlugins.get("nope"), undefined);
    assert.ok(Object.isFrozen(formatPlugins));
  });
});

const soffice = "/usr/bin/soffice";

describe("docx render: LibreOffice reads it", () => {
  it(
    "converts to text with every word of the source",
    { skip: existsSync(soffice) ? false : `LibreOffice not installed (${soffice} missing)`, timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-docx-"));
      try {
        const { bytes } = await render(sample);
        const input = join(dir, "sample.docx");
        await writeFile(input, bytes);
        // A private profile: a shared one would collide with any LibreOffice already running.
        await promisify(execFile)(
          soffice,
          [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "txt:Text", "--outdir", dir, input],
          { timeout: 110_000 },
        );
        const text = await readFile(join(dir, "sample.txt"), "utf8");
        for (const expected of ["Informe anual", "Resumen", "negrita", "un enlace", "[DATO]", "Parte uno", "uno", "sub", "tres-b", "Producto", "Beta", "20", "Una cita.", "const x = 1;", "Después del salto", "hecho"]) {
          assert.ok(text.includes(expected), `LibreOffice text lacks ${JSON.stringify(expected)}`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe("docx render: every document type renders", () => {
  const types: DocType[] = ["report", "letter", "contract", "memo", "minutes"];
  for (const type of types) {
    it(type, async () => {
      const { parts } = await render(sample, {}, { type });
      assert.ok(parts["word/document.xml"]!.includes("Informe anual"));
    });
  }
});
