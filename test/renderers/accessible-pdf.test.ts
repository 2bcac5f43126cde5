/**
 * Accessible PDFs by default (PDF/UA, ISO 14289-1): a German document with a heading, a list, a table, a picture with
 * image text and one without, built in each format as the service builds it (core's compile with the real plugins,
 * LibreOffice and the mupdf finishing), then read with poppler's pdfinfo (the structure tree, the XMP metadata) and
 * the PDF's own objects: the document's language, its title shown, one Document element, headings, lists and table
 * header cells tagged, the picture with its text as /Alt, and the picture without text left out of the tags.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type * as Mupdf from "mupdf";
import { strFromU8, unzipSync } from "fflate";
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { compile, type OfficeKind } from "../../core/compile/compile.ts";
import { forPrint } from "../../core/compile/printed.ts";
import { noModel } from "../../core/contracts/model.ts";
import type { DocType } from "../../core/ir/types.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { pdfOutline, pdfPictures, pdfReader, startOfficeConverter, type OfficeConverterPool } from "../../renderers/index.ts";
import { loadMupdf } from "../../renderers/mupdf/pages.ts";
import { finishTags } from "../../renderers/mupdf/accessible.ts";
import { png } from "../support/pictures.ts";

let converter: OfficeConverterPool;
let mupdf: typeof Mupdf;
before(async () => {
  converter = await startOfficeConverter({ size: 1 });
  mupdf = await loadMupdf();
});
after(async () => {
  await converter?.close();
});

const markdown = `# Jahresbericht 2025

Das Geschäftsjahr verlief für die Gesellschaft insgesamt erfreulich, und der Umsatz stieg deutlich gegenüber dem Vorjahr.

## Ergebnisse

- Der Umsatz stieg auf 184,7 Mio. €.
- Die Marge verbesserte sich auf 12,5 %.

| Region | Umsatz |
|---|---|
| Nord | 120 |
| Süd | 64 |

![Balkendiagramm des Umsatzes nach Region](umsatz.png)

![](logo.png)
`;

const picture = { data: new Uint8Array(png()), width: 2, height: 1, type: "png" as const };

const build = async (format: OfficeKind | "pdf", type: DocType) => {
  const printed = forPrint(readMarkdown(markdown).ir, formatPlugins.get(format)!);
  const signal = new AbortController().signal;
  const told = { author: "caller" as const, request: { format, content: { markdown } }, sources: [] };
  return compile(
    { ir: printed.ir, format, type, style: defaultStyle(type), name: "Jahresbericht 2025", images: async () => picture, told, signal },
    { plugin: (kind) => formatPlugins.get(kind)!, converter, pdf: pdfReader, outline: pdfOutline, pictures: pdfPictures, checks: [] },
  );
};

/** poppler's pdfinfo on the bytes: its output and whatever it complained about. */
const pdfinfo = (pdf: Uint8Array, args: string[]): { out: string; err: string } => {
  const dir = mkdtempSync(join(tmpdir(), "quire-a11y-"));
  try {
    writeFileSync(join(dir, "in.pdf"), pdf);
    const run = spawnSync("pdfinfo", [...args, join(dir, "in.pdf")], { encoding: "utf8" });
    return { out: run.stdout, err: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** The element lines of `pdfinfo -struct-text` (attributes and text left out), indentation kept. */
const elements = (structText: string) =>
  structText
    .split("\n")
    .filter((line) => /^\s*[A-Z][A-Za-z0-9]*\b/.test(line))
    .map((line) => line.replace(/\s*\((block|inline)\)|:$/g, "").replace(/:\s*$/, ""));

/** The catalog's language and viewer preference, and every Figure element's /Alt, from the PDF's own objects. */
const catalog = (pdf: Uint8Array) => {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const root = doc.getTrailer().get("Root");
    const figures: Array<string | null> = [];
    const walk = (obj: Mupdf.PDFObject) => {
      const k = obj.get("K");
      const kids = k.isArray() ? Array.from({ length: k.length }, (_, i) => k.get(i)) : k.isNull() ? [] : [k];
      for (const kid of kids) {
        if (!kid.isDictionary() || kid.get("S").isNull()) continue;
        if (kid.get("S").asName() === "Figure") figures.push(kid.get("Alt").isNull() ? null : kid.get("Alt").asString());
        walk(kid);
      }
    };
    walk(root.get("StructTreeRoot"));
    return {
      lang: root.get("Lang").isNull() ? null : root.get("Lang").asString(),
      displayTitle: root.get("ViewerPreferences", "DisplayDocTitle").isNull() ? false : root.get("ViewerPreferences", "DisplayDocTitle").asBoolean(),
      figures,
    };
  } finally {
    doc.destroy();
  }
};

const common = (pdf: Uint8Array) => {
  const info = pdfinfo(pdf, []).out;
  assert.match(info, /^Tagged:\s+yes$/m);
  assert.match(info, /^Title:\s+Jahresbericht 2025$/m);
  assert.match(pdfinfo(pdf, ["-meta"]).out, /<pdfuaid:part>1<\/pdfuaid:part>/, "declares PDF/UA-1 in its XMP metadata");
  const struct = pdfinfo(pdf, ["-struct-text"]);
  assert.doesNotMatch(struct.err, /StructTreeRoot/, "poppler finds nothing wrong with the structure tree's root");
  const tree = elements(struct.out);
  assert.equal(tree[0], "Document", "one Document element at the root");
  assert.equal(tree.filter((line) => line === "Document").length, 1);
  const own = catalog(pdf);
  assert.equal(own.lang, "de-DE", "the catalog says German");
  assert.equal(own.displayTitle, true, "a viewer shows the title, not the file name");
  return { tree, figures: own.figures };
};

describe("accessible PDFs", () => {
  for (const format of ["docx", "pdf"] as const) {
    test(`${format}: title H1, section H2, list, table header cells, the described picture as a Figure with its text`, async () => {
      const { pdf } = await build(format, "report");
      const { tree, figures } = common(pdf);
      const names = tree.map((line) => line.trim());
      assert.equal(names[1], "H1", "the title is the first heading, level 1");
      assert.ok(names.includes("H2"), "the section heading is level 2, under the title");
      assert.ok(names.includes("L") && names.filter((n) => n === "LI").length === 2, "the list is a list of two items");
      assert.equal(names.filter((n) => n === "TH").length, 2, "the header row's cells are header cells");
      assert.match(pdfinfo(pdf, ["-struct"]).out, /TH:\s*\n(\s+\/\S.*\n)*?\s+\/Scope \/Column/, "header cells head their column");
      assert.deepEqual(figures, ["Balkendiagramm des Umsatzes nach Region"], "one Figure, described by the Markdown's image text only");
    });
  }

  test("pptx: slide titles are headings, the accent shapes and the undescribed picture are not figures", async () => {
    const { pdf, office } = await build("pptx", "presentation");
    const { tree, figures } = common(pdf);
    assert.ok(tree.some((line) => line.trim() === "H"), "slide titles are headings");
    assert.ok(tree.some((line) => line.trim() === "L"), "bullets are a list");
    assert.deepEqual(figures, ["Balkendiagramm des Umsatzes nach Region"]);
    const parts = unzipSync(office.bytes);
    const slides = Object.keys(parts).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).map((name) => strFromU8(parts[name]!)).join("");
    assert.match(slides, /name="Accent[^"]*"><a:extLst><a:ext uri="\{C183D7F6-B498-43B3-948B-1728B52AA6E4\}"><adec:decorative [^>]*val="1"\/>/, "PowerPoint is told the accents are decorative");
    assert.doesNotMatch(slides, /descr="preencoded\.png"/, "no file name stands in for a description");
  });

  test("xlsx: the workbook's PDF says its language and has one root (Calc tags no cells)", async () => {
    const { pdf } = await build("xlsx", "spreadsheet");
    common(pdf);
  });

  test("finishTags leaves a PDF that needs nothing as it was", async () => {
    const { pdf } = await build("docx", "report");
    assert.equal(await finishTags(pdf, { language: "de-DE" }), pdf);
  });
});
