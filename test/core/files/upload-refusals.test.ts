/**
 * What `inspectUpload` refuses because a reader would refuse it later (issue 11, "refuse at upload what will be refused
 * at use"): zip bombs and DTDs in OOXML packages (core/ooxml/package.ts, `verifyPackage`), PDF streams that inflate
 * past their bounds (core/files/pdf-streams.ts), pictures over the pixel limit (core/images/probe.ts); and that every
 * real file of the corpus still passes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FileRejected } from "../../../core/errors.ts";
import { inspectUpload } from "../../../core/files/store.ts";
import { docxWithDtd, hugePng, minimalDocxParts, overlapEntries, overlappingZipDocx, pdfInflateBomb, pictureHeader, zipFiles } from "../../support/hostile-files.ts";
import { corpusPath } from "../../support/corpus.ts";

const CORPUS = corpusPath();

const WML = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const documentXml = (prologue: string, text = "Hello") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${prologue}<w:document xmlns:w="${WML}"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;
const docx = (parts: Record<string, string | Uint8Array>, document?: string) => zipFiles(minimalDocxParts(document, parts));
const DTD = '<!DOCTYPE x [<!ENTITY e "e">]>';

/** The message `inspectUpload` refuses with, or "accepted: <kind>". */
const outcome = (bytes: Uint8Array, name: string): string => {
  try {
    return `accepted: ${inspectUpload(bytes, name)}`;
  } catch (error) {
    if (error instanceof FileRejected) return error.message;
    throw error;
  }
};

/** A zip with the directory entry of `name` changed by `edit` (given the central record's offset). */
const withCentral = (zip: Buffer, name: string, edit: (b: Buffer, at: number) => void): Buffer => {
  const b = Buffer.from(zip);
  edit(b, b.lastIndexOf(Buffer.from(name)) - 46);
  return b;
};

test("the hostile files of test/support/hostile-files.ts are refused, each in well under a second of work", () => {
  const cases: Array<{ name: string; given: Buffer; want: RegExp }> = [
    { name: "bomb.pdf", given: pdfInflateBomb(1024 ** 3), want: /^The file was rejected: a compressed stream of the PDF .* inflates to over 203 MB, past the 200:1 Quire accepts: a decompression bomb\.$/ },
    { name: "overlap.docx", given: overlappingZipDocx(), want: /^The file was rejected: the file looks like a zip bomb: the zip entries word\/media\/big\.bin and word\/media\/copy0\.bin share stored data/ },
    { name: "dtd.docx", given: docxWithDtd(), want: /^The file was rejected: word\/document\.xml declares a DTD or entities, which Quire refuses/ },
    { name: "huge.png", given: hugePng(30_000, 30_000), want: /^The file was rejected: the picture is 30000 × 30000 pixels \(900 megapixels\), over the limit of 100 megapixels\.$/ },
  ];
  for (const { name, given, want } of cases) {
    // Work done, not time waited: this thread's CPU time, which a loaded machine does not stretch as it does the
    // clock. Inflating the bomb's gigabyte alone takes seconds of it; refusing it from its first 200 MB, well under one.
    const started = process.cpuUsage();
    assert.match(outcome(given, name), want, name);
    const { user, system } = process.cpuUsage(started);
    const took = (user + system) / 1000;
    assert.ok(took < 1000, `${name}: ${took} ms of CPU`);
  }
});

test("a DTD in any XML part of a package is refused, wherever it sits in the part", () => {
  const svgTypes = (minimalDocxParts()["[Content_Types].xml"] as string).replace("<Default Extension=\"xml\"", '<Default Extension="svg" ContentType="image/svg+xml"/><Default Extension="xml"');
  const cases: Array<{ name: string; given: Buffer; part: string }> = [
    { name: "in the document", given: docx({}, documentXml(DTD)), part: "word/document.xml" },
    { name: "an external DTD after a 5 KB comment", given: docx({}, documentXml(`<!--${" ".repeat(5000)}--><!DOCTYPE x SYSTEM "http://example.com/x.dtd">`)), part: "word/document.xml" },
    { name: "written in lower case", given: docx({}, documentXml('<!doctype x [<!entity e "e">]>')), part: "word/document.xml" },
    { name: "an entity declaration alone", given: docx({}, documentXml("", '<!ENTITY e "e">')), part: "word/document.xml" },
    { name: "in a relationships part", given: docx({ "word/_rels/document.xml.rels": `<?xml version="1.0"?>${DTD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>` }), part: "word/_rels/document.xml.rels" },
    { name: "in a UTF-16 custom XML item", given: docx({ "customXml/item1.xml": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`<?xml version="1.0" encoding="UTF-16"?>${DTD}<a/>`, "utf16le")]) }), part: "customXml/item1.xml" },
    { name: "in a VML drawing", given: docx({ "word/vmlDrawing1.vml": `${DTD}<xml/>` }), part: "word/vmlDrawing1.vml" },
    { name: "in an SVG picture (image/svg+xml)", given: docx({ "[Content_Types].xml": svgTypes, "word/media/image1.svg": `<?xml version="1.0"?>${DTD}<svg/>` }), part: "word/media/image1.svg" },
  ];
  for (const { name, given, part } of cases) assert.equal(outcome(given, "a.docx"), `The file was rejected: ${part} declares a DTD or entities, which Quire refuses (a DTD is the road to entity bombs and external entities).`, name);
});

test("zip directories that lie are refused; damage is left to the review", () => {
  const real = readFileSync(join(CORPUS, "docx/pandoc-image.docx"));
  const withExtra = docx({ "word/extra.xml": `<a>${"x".repeat(50_000)}</a>` });
  const garbled = Buffer.from(withExtra);
  const dataAt = garbled.indexOf(Buffer.from("word/extra.xml")) + "word/extra.xml".length;
  garbled.fill(0, dataAt + 2, dataAt + 40);
  const cases: Array<{ name: string; given: Buffer; want: RegExp }> = [
    { name: "a real docx with 3 entries pointing at its picture", given: overlapEntries(real, 3), want: /zip bomb: the zip entries .* share stored data/ },
    { name: "an entry inflating past its declared size", given: withCentral(withExtra, "word/extra.xml", (b, at) => b.writeUInt32LE(100, at + 24)), want: /zip bomb: word\/extra\.xml inflates past the 100 bytes its zip entry declares/ },
    { name: "a part declaring 100 MB (a part may be 64 MB)", given: withCentral(withExtra, "word/extra.xml", (b, at) => b.writeUInt32LE(100_000_000, at + 24)), want: /zip bomb: word\/extra\.xml would inflate to 100000000 bytes\.$/ },
    { name: "a wrong CRC (repaired by the review)", given: withCentral(withExtra, "word/extra.xml", (b, at) => b.writeUInt32LE(1, at + 16)), want: /^accepted: docx$/ },
    { name: "an entry that cannot be inflated (reported by the review)", given: garbled, want: /^accepted: docx$/ },
    { name: "a size declared larger than the data", given: withCentral(withExtra, "word/extra.xml", (b, at) => b.writeUInt32LE(60_000, at + 24)), want: /^accepted: docx$/ },
    { name: "the bytes <!ENTITY in a picture (not XML)", given: docx({ "word/media/image1.png": Buffer.from("\x89PNG <!ENTITY x>", "latin1") }), want: /^accepted: docx$/ },
    { name: "<!DOCTYPE as text of the document (escaped)", given: docx({}, documentXml("", "&lt;!DOCTYPE html&gt;")), want: /^accepted: docx$/ },
  ];
  for (const { name, given, want } of cases) assert.match(outcome(given, "a.docx"), want, name);
});

test("pictures over 100 megapixels are refused from their header, naming the size and the limit", () => {
  const cases: Array<{ given: Buffer; want: string }> = [
    { given: hugePng(10_000, 10_000), want: "accepted: png" },
    { given: pictureHeader("jpg", 12_000, 8_000), want: "accepted: jpg" },
    { given: pictureHeader("png", 10_001, 10_000), want: "The file was rejected: the picture is 10001 × 10000 pixels (100.1 megapixels), over the limit of 100 megapixels." },
    { given: pictureHeader("jpg", 20_000, 20_000), want: "The file was rejected: the picture is 20000 × 20000 pixels (400 megapixels), over the limit of 100 megapixels." },
    { given: pictureHeader("gif", 65_535, 65_535), want: "The file was rejected: the picture is 65535 × 65535 pixels (4294.9 megapixels), over the limit of 100 megapixels." },
    { given: pictureHeader("webp", 16_384, 16_384), want: "The file was rejected: the picture is 16384 × 16384 pixels (268.5 megapixels), over the limit of 100 megapixels." },
  ];
  for (const { given, want } of cases) assert.equal(outcome(given, "picture"), want);
});

test("every file of the corpus is accepted, but for the password-protected PDF and the package without content types", (t) => {
  const mustRefuse: Record<string, RegExp> = {
    "pdf/005-libreoffice-writer-password-libreoffice-writer-password.pdf": /password-protected/,
    "xlsx/exceljs-missing-bits.xlsx": /no \[Content_Types\]\.xml/,
  };
  const times: Record<string, { files: number; bytes: number; ms: number; slowest: [string, number] }> = {};
  for (const folder of readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const name of readdirSync(join(CORPUS, folder.name)).sort()) {
      const file = `${folder.name}/${name}`;
      const bytes = readFileSync(join(CORPUS, file));
      const started = performance.now();
      const got = outcome(bytes, name);
      const ms = performance.now() - started;
      if (mustRefuse[file]) assert.match(got, mustRefuse[file]!, file);
      else assert.match(got, /^accepted: /, file);
      const kind = name.split(".").pop()!;
      const row = (times[kind] ??= { files: 0, bytes: 0, ms: 0, slowest: ["", 0] });
      row.files++;
      row.bytes += bytes.length;
      row.ms += ms;
      if (ms > row.slowest[1]) row.slowest = [file, ms];
    }
  }
  for (const [kind, row] of Object.entries(times)) {
    t.diagnostic(`${kind}: ${row.files} files, ${(row.bytes / 1e6).toFixed(1)} MB, inspected in ${row.ms.toFixed(0)} ms (slowest ${row.slowest[0]}, ${row.slowest[1].toFixed(0)} ms)`);
  }
});
