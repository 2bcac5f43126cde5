/**
 * The table of contents of the Word output: a real TOC field whose cached result already lists
 * the entries (with their page numbers when `headingPages` gives them), hyperlinked to bookmarks
 * on the headings, and no "update fields" prompt (no `updateFields` in settings.xml, no dirty
 * field). One test converts the file with LibreOffice, when installed, and reads the entries
 * back from the PDF text.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { StyleApplied } from "../../../core/style/types.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";
import type { RenderContext } from "../../../core/contracts/format-plugin.ts";

async function render(
  markdown: string,
  style: Partial<StyleApplied> = {},
  ctx: Partial<RenderContext> = {},
): Promise<{ parts: Record<string, string>; bytes: Uint8Array; diagnostics: Diagnostic[] }> {
  const type = ctx.type ?? "report";
  const { ir } = readMarkdown(markdown);
  const { bytes, diagnostics } = await docxPlugin.render!(ir, { ...defaultStyle(type), table_of_contents: true, ...style }, { type, ...ctx });
  const parts: Record<string, string> = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) parts[name] = strFromU8(data);
  return { parts, bytes, diagnostics };
}

const markdown = `# Annual report

## Summary

Text.

## Results & outlook

Text.

### Details

Text.

#### Too deep for the TOC

Text.

- item

  ## A heading inside a list item

- ## A list item's own first line, not a Word heading
`;

/** Heading ids in the IR of `markdown`: b0 Summary, b2 Results, b4 Details, b6 level 4, b8.i0.b1 in the list. */
const pages = { b0: 2, b2: 3, b4: 3, b6: 4, "b8.i0.b1": 5 };

/** The TOC's entry paragraphs: those with a TOC1-9 style. */
const entries = (doc: string) => [...doc.matchAll(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="TOC(\d)"\/>.*?<\/w:p>/gs)].map((m) => ({ level: m[1], xml: m[0] }));
const text = (xml: string) =>
  [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1]!)
    .join("")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("docx TOC with page numbers", async () => {
  const { parts, diagnostics } = await render(markdown, {}, { headingPages: pages });
  const doc = parts["word/document.xml"]!;
  const toc = entries(doc);

  it("is a TOC field over levels 1-3 with hyperlinks, inside a Table of Contents content control", () => {
    assert.match(doc, /<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"\/>/);
    assert.match(doc, /<w:fldChar w:fldCharType="begin"\/><\/w:r><w:r><w:instrText xml:space="preserve">TOC \\o (&quot;|")1-3(&quot;|") \\h \\z<\/w:instrText>/);
    assert.equal((doc.match(/fldCharType="begin"/g) ?? []).length, (doc.match(/fldCharType="end"/g) ?? []).length, "every field ends");
  });

  it("lists each heading of levels 1-3 with its page number, in order", () => {
    assert.deepEqual(
      toc.map((e) => [e.level, text(e.xml)]),
      [
        ["2", "Summary2"],
        ["2", "Results & outlook3"],
        ["3", "Details3"],
        ["2", "A heading inside a list item5"],
      ],
    );
  });

  it("each entry links to a bookmark on its heading and its PAGEREF caches the page", () => {
    const cases = [
      { heading: "Summary", bookmark: "_Toc_b0", page: 2 },
      { heading: "Results &amp; outlook", bookmark: "_Toc_b2", page: 3 },
      { heading: "Details", bookmark: "_Toc_b4", page: 3 },
      { heading: "A heading inside a list item", bookmark: "_Toc_b8_i0_b1", page: 5 },
    ];
    for (const { heading, bookmark, page } of cases) {
      const entry = toc.find((e) => e.xml.includes(`>${heading}<`));
      assert.ok(entry, heading);
      assert.match(entry.xml, new RegExp(`<w:hyperlink w:anchor="${bookmark}" w:history="1">`));
      assert.match(entry.xml, new RegExp(`PAGEREF ${bookmark} \\\\h </w:instrText>.*?<w:fldChar w:fldCharType="separate"/></w:r><w:r>(?:<w:rPr>.*?</w:rPr>)?<w:t xml:space="preserve">${page}</w:t>`));
      assert.match(entry.xml, /<w:tab w:val="right" w:leader="dot" w:pos="9072"\/>/, "right tab at the text width, dot leader");
      const headingParagraph = [...doc.matchAll(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="Heading\d"\/>.*?<\/w:p>/gs)].find((m) => m[0].includes(`>${heading}<`));
      assert.ok(headingParagraph, `heading ${heading}`);
      assert.match(headingParagraph[0], new RegExp(`<w:bookmarkStart w:name="${bookmark}" w:id="(\\d+)"/>.*<w:bookmarkEnd w:id="\\1"/>`, "s"));
    }
  });

  it("bookmark ids are unique", () => {
    const ids = [...doc.matchAll(/<w:bookmarkStart [^>]*w:id="(\d+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids.length, 4);
  });

  it("opens without the update prompt: no updateFields, no dirty field", () => {
    assert.doesNotMatch(parts["word/settings.xml"]!, /updateFields/);
    assert.doesNotMatch(doc, /w:dirty/);
  });

  it("has a visible title and no diagnostics", () => {
    assert.match(doc, /<w:pStyle w:val="TOCHeading"\/><\/w:pPr><w:r><w:t xml:space="preserve">Contents<\/w:t>/);
    assert.match(parts["word/styles.xml"]!, /w:styleId="TOCHeading"/);
    assert.deepEqual(diagnostics, []);
  });

  it("the document title comes before the TOC and the body after it", () => {
    assert.ok(doc.indexOf(">Annual report<") < doc.indexOf(">TOC "));
    assert.ok(doc.lastIndexOf('fldCharType="end"') < doc.indexOf('<w:pStyle w:val="Heading2"/>'));
  });
});

describe("docx TOC without page numbers", () => {
  it("lists the entries without numbers, leaders or PAGEREF, still without a prompt", async () => {
    const { parts } = await render(markdown);
    const doc = parts["word/document.xml"]!;
    assert.deepEqual(
      entries(doc).map((e) => text(e.xml)),
      ["Summary", "Results & outlook", "Details", "A heading inside a list item"],
    );
    assert.doesNotMatch(doc, /PAGEREF/);
    assert.match(doc, /<w:hyperlink w:anchor="_Toc_b0"/);
    assert.doesNotMatch(parts["word/settings.xml"]!, /updateFields/);
  });

  it("a page given for some headings only numbers those", async () => {
    const { parts } = await render(markdown, {}, { headingPages: { b2: 9 } });
    assert.deepEqual(entries(parts["word/document.xml"]!).map((e) => text(e.xml)), ["Summary", "Results & outlook9", "Details", "A heading inside a list item"]);
  });

  it("a Spanish document titles it Índice", async () => {
    const { parts } = await render("# Informe\n\n## Resumen de la situación\n\nEl texto de la sección.");
    assert.match(parts["word/document.xml"]!, />Índice</);
  });

  it("a document without headings gets no TOC and says so", async () => {
    const { parts, diagnostics } = await render("Just a paragraph.");
    assert.doesNotMatch(parts["word/document.xml"]!, /TOC \\o/);
    assert.deepEqual(diagnostics.map((d) => d.code), ["style.toc_skipped"]);
  });

  it("a contract's entries carry the clause numbers Word shows", async () => {
    const { parts } = await render("# Contrato\n\n## Objeto\n\n### Alcance\n\n## Precio", {}, { type: "contract", headingPages: { b0: 2, b1: 2, b2: 3 } });
    assert.deepEqual(entries(parts["word/document.xml"]!).map((e) => text(e.xml)), ["1. Objeto2", "1.1. Alcance2", "2. Precio3"]);
  });

  it("renders the same document body twice (bookmark ids do not depend on earlier renders)", async () => {
    const [a, b] = await Promise.all([render(markdown, {}, { headingPages: pages }), render(markdown, {}, { headingPages: pages })]);
    assert.equal(a.parts["word/document.xml"], b.parts["word/document.xml"]);
  });
});

const soffice = "/usr/bin/soffice";
const pdftotext = "/usr/bin/pdftotext";

describe("docx TOC: LibreOffice shows the cached entries", () => {
  it(
    "the PDF lists the entries with the given page numbers",
    { skip: existsSync(soffice) && existsSync(pdftotext) ? false : "LibreOffice or pdftotext not installed", timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-toc-"));
      try {
        // Page numbers no layout would give: they can only come from the cached result.
        const { bytes } = await render(markdown, {}, { headingPages: { b0: 7, b2: 8, b4: 9, "b8.i0.b1": 11 } });
        const input = join(dir, "toc.docx");
        await writeFile(input, bytes);
        const run = promisify(execFile);
        await run(soffice, [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, input], { timeout: 110_000 });
        const { stdout } = await run(pdftotext, ["-layout", "-f", "1", "-l", "1", join(dir, "toc.pdf"), "-"]);
        for (const [entry, page] of [["Summary", 7], ["Results & outlook", 8], ["Details", 9]] as const) {
          assert.match(stdout, new RegExp(`${entry}\\s*\\.{3,}\\s*${page}\\b`), `${entry} … ${page} in:\n${stdout}`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
