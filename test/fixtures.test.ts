/**
 * Golden fixtures (DESIGN.md, convention 3): `fixtures/<format>/<case>/input.md` (+ optional `request.json` with
 * `name`, `style` and `author`) is compiled by the real compiler (Markdown reader, type detection, style reader, format
 * plugin, the warm LibreOffice pool, mupdf, layout checks) after the same preparation the service gives it (the
 * checks' text stage, typesetting, charts: core/compile/printed.ts), and compared by content with `expected.json`:
 * OOXML parts as canonical XML with the file's author, the PDF as page count and text per page, the issues the
 * service would report. `UPDATE=1` rewrites the expected files.
 * Beside the goldens, readers we did not write check each file: pandoc reads the Word text back, LibreOffice opens
 * and converts every file (the PDF), spreadsheets show no formula error once recalculated, slides and notes read back.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { readMarkdown } from "../core/markdown/read.ts";
import { detectType } from "../core/doctype/detect.ts";
import { defaultStyle } from "../core/style/defaults.ts";
import { readStyle } from "../core/style/read.ts";
import { compile, type Compiled, type OfficeKind } from "../core/compile/compile.ts";
import { headingsOf } from "../core/compile/heading-pages.ts";
import { formatPlugins } from "../plugins/index.ts";
import { checks } from "../plugins/checks/index.ts";
import { runChecks } from "../core/checks/run.ts";
import { forPrint } from "../core/compile/printed.ts";
import { noModel } from "../core/contracts/model.ts";
import { startOfficeConverter, pdfReader, pdfOutline, pdfPictures } from "../renderers/index.ts";
import type { OfficeConverter } from "../core/contracts/engines.ts";
import type { DocType } from "../core/ir/types.ts";
import { ooxmlAuthor, ooxmlParts, pdfDigest } from "./support/canonical.ts";

const ROOT = resolve(import.meta.dirname, "..");
const FIXTURES = join(ROOT, "fixtures");
const UPDATE = process.env.UPDATE === "1";

let converter: OfficeConverter;
before(async () => {
  converter = await startOfficeConverter({});
});
after(async () => {
  await converter?.close();
});

const cases = readdirSync(FIXTURES).flatMap((format) => readdirSync(join(FIXTURES, format)).map((name) => ({ format: format as OfficeKind | "pdf", name, dir: join(FIXTURES, format, name) })));

const compileCase = async (format: OfficeKind | "pdf", dir: string) => {
  const markdown = readFileSync(join(dir, "input.md"), "utf8");
  const request = existsSync(join(dir, "request.json")) ? JSON.parse(readFileSync(join(dir, "request.json"), "utf8")) : {};
  const { ir: read, diagnostics: readDiagnostics } = readMarkdown(markdown);
  const type: DocType = format === "pptx" ? "presentation" : format === "xlsx" ? "spreadsheet" : detectType(read).type;
  const style = request.style ? readStyle(request.style, defaultStyle(type)) : { applied: defaultStyle(type), unsupported: [] };
  // As core/operations/create-content.ts prepares the caller's Markdown: the text checks, then print's typesetting.
  const signal = new AbortController().signal;
  const told = { author: "caller" as const, request: { format, content: { markdown }, ...(request.name ? { name: request.name } : {}), ...(request.style ? { style: request.style } : {}) }, sources: [] };
  const text = await runChecks(checks, read, { operation: "create", format, type, style: style.applied, ...told, stage: "text", model: noModel, signal }, async () => {});
  const printed = forPrint(text.ir, formatPlugins.get(format)!);
  const ir = printed.ir;
  const compiled = await compile(
    { ir, format, type, style: style.applied, name: request.name, author: request.author, images: async () => null, told, signal },
    { plugin: (kind) => formatPlugins.get(kind)!, converter, pdf: pdfReader, outline: pdfOutline, pictures: pdfPictures, checks },
  );
  const diagnostics = [...readDiagnostics, ...text.diagnostics, ...printed.diagnostics, ...compiled.diagnostics];
  return { ir, type, style, compiled, diagnostics };
};

const digestOf = (type: DocType, style: { applied: unknown; unsupported: string[] }, compiled: Compiled, diagnostics: ReadonlyArray<{ code: string }>, format: string) => ({
  type,
  style_applied: compiled.style,
  style_unsupported: style.unsupported,
  issues: diagnostics.map((d) => d.code).sort(),
  ledger: compiled.ledger.map((l) => ({ fix: l.fix, outcome: l.outcome })),
  pdf: pdfDigest(compiled.pages, compiled.text),
  ...(format === "pdf" ? {} : { author: ooxmlAuthor(compiled.office.bytes), parts: ooxmlParts(compiled.office.bytes) }),
});

/** Word text as pandoc (a reader we did not write) sees it. */
const pandocText = (docx: Uint8Array) => {
  const dir = mkdtempSync(join(tmpdir(), "quire-pandoc-"));
  try {
    writeFileSync(join(dir, "in.docx"), docx);
    return execFileSync("pandoc", ["-f", "docx", "-t", "plain", "--wrap=none", join(dir, "in.docx")], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const squash = (s: string) => s.replace(/\s+/g, " ").toLowerCase();
const FORMULA_ERRORS = /#(REF!|DIV\/0!|VALUE!|NAME\?|N\/A|NUM!|NULL!)|Err:\d{3}/;

describe("golden fixtures", () => {
  for (const c of cases) {
    test(`${c.format}/${c.name}`, async () => {
      const { ir, type, style, compiled, diagnostics } = await compileCase(c.format, c.dir);
      const digest = digestOf(type, style, compiled, diagnostics, c.format);
      const expectedFile = join(c.dir, "expected.json");
      if (UPDATE || !existsSync(expectedFile)) {
        assert.ok(UPDATE, `${expectedFile} is missing: run with UPDATE=1 to write it`);
        writeFileSync(expectedFile, `${JSON.stringify(digest, null, 1)}\n`);
      } else {
        const expected = JSON.parse(readFileSync(expectedFile, "utf8"));
        assert.deepEqual(digest, expected);
      }

      assert.ok(compiled.pages >= 1, "LibreOffice opened and converted it");
      const pdfText = squash(compiled.text.map((t) => t.text).join(" "));
      for (const heading of headingsOf(ir)) assert.ok(pdfText.includes(squash(heading.text)), `the PDF shows the heading "${heading.text}"`);

      if (c.format === "docx" || c.format === "pdf") {
        const plain = squash(pandocText(compiled.office.bytes));
        for (const heading of headingsOf(ir)) assert.ok(plain.includes(squash(heading.text)), `pandoc reads the heading "${heading.text}"`);
      }
      if (c.format === "xlsx") {
        assert.doesNotMatch(compiled.text.map((t) => t.text).join("\n"), FORMULA_ERRORS, "no formula error after LibreOffice recalculated");
        const sheets = Object.entries(unzipSync(compiled.office.bytes)).filter(([n]) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
        for (const [part, xml] of sheets) assert.doesNotMatch(strFromU8(xml), /<\/f><\/c>/, `every formula of ${part} stores its result`);
      }
      if (c.format === "pptx") {
        const files = unzipSync(compiled.office.bytes);
        const slides = Object.keys(files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length;
        assert.equal(compiled.pages, slides, "one PDF page per slide");
        const notes = Object.keys(files).filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n)).map((n) => strFromU8(files[n]!)).join(" ");
        for (const [, note] of readFileSync(join(c.dir, "input.md"), "utf8").matchAll(/^> Notes: (.+)$/gm)) {
          assert.ok(notes.includes(note!.split(" ").slice(0, 3).join(" ")), `speaker notes hold "${note}"`);
          assert.ok(!pdfText.includes(squash(note!)), "notes are not on the slide");
        }
      }
    });
  }
});
