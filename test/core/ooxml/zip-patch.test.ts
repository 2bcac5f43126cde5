import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { strToU8, unzipSync, zipSync } from "fflate";
import { openPackage, verifyPackage, zipDirectory } from "../../../core/ooxml/package.ts";
import { patchZip, zipLayout } from "../../../core/ooxml/zip-patch.ts";
import { entryProof, storedBytes } from "../../../core/ooxml/entry-proof.ts";
import { corpusPath } from "../../support/corpus.ts";

const read = (kind: string, name: string) => new Uint8Array(readFileSync(corpusPath(kind, name)));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const has = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const tmp = mkdtempSync(join(tmpdir(), "zip-patch-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

/** `unzip -t` on the bytes: the independent reader's word that every CRC and size is right. */
const unzipTest = (bytes: Uint8Array, label: string) => {
  if (!has("unzip")) return; // No unzip here: the fflate and package readers below still check CRCs and sizes.
  const path = join(tmp, `${label}.zip`);
  writeFileSync(path, bytes);
  const run = spawnSync("unzip", ["-t", path], { encoding: "utf8" });
  assert.equal(run.status, 0, `unzip -t ${label}: ${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /No errors detected/);
};

/** The central directory record of each entry, by name (duplicates do not occur in these files). */
const records = (zip: Uint8Array) => new Map(zipLayout(zip).entries.map((e) => [e.entry.name, e.record]));
const withoutOffset = (record: Buffer) => Buffer.concat([record.subarray(0, 42), record.subarray(46)]);

/** Real files: Word (growth-hint padding in local headers), data descriptors, Unix extra fields, NTFS times, stored pictures. */
const CASES: Array<{ kind: string; file: string; part: string }> = [
  { kind: "docx", file: "mammoth-comments.docx", part: "word/document.xml" },
  { kind: "docx", file: "pandoc-lists.docx", part: "word/document.xml" },
  { kind: "docx", file: "mammoth-empty.docx", part: "word/document.xml" },
  { kind: "docx", file: "pandoc-adjacent_codeblocks.docx", part: "word/document.xml" },
  { kind: "xlsx", file: "exceljs-dateIssue.xlsx", part: "xl/workbook.xml" },
  { kind: "xlsx", file: "exceljs-test-issue-1575.xlsx", part: "xl/workbook.xml" },
  { kind: "xlsx", file: "exceljs-1519293514-KRISHNAPATNAM_LINE_UP.xlsx", part: "xl/workbook.xml" },
];

const firstPptx = () => readdirSync(corpusPath("pptx")).filter((f) => f.endsWith(".pptx")).sort()[0]!;

/** The part with an XML comment inserted after its declaration: a real change that every reader accepts. */
const edited = (xml: string, mark: string) => xml.replace(/^(\uFEFF?<\?xml[^>]*\?>)?/, (decl) => `${decl}<!-- ${mark} -->`);

test("patching one part leaves every other entry's stored bytes as they were, on real files", () => {
  const cases = [...CASES, { kind: "pptx", file: firstPptx(), part: "ppt/presentation.xml" }];
  let descriptors = 0;
  for (const { kind, file, part } of cases) {
    const original = read(kind, file);
    const before = zipLayout(original);
    assert.ok(before.entries.some((e) => e.entry.name === part), `${file} has ${part}`);
    descriptors += before.entries.filter((e) => e.entry.flags & 8).length;
    const next = edited(openPackage(original).text(part)!, `patched ${file}`);
    const result = patchZip(original, new Map([[part, next]]));

    const after = zipLayout(result);
    assert.deepEqual(after.entries.map((e) => e.entry.name), before.entries.map((e) => e.entry.name), `${file}: order kept`);
    const recordsBefore = records(original);
    const recordsAfter = records(result);
    for (const { entry } of before.entries) {
      if (entry.name === part) continue;
      assert.deepEqual(storedBytes(result, entry.name), storedBytes(original, entry.name), `${file}: ${entry.name} stored as it was`);
      assert.deepEqual(withoutOffset(recordsAfter.get(entry.name)!), withoutOffset(recordsBefore.get(entry.name)!), `${file}: ${entry.name} directory record`);
    }

    // The changed part: right content, CRC and sizes in both headers, no descriptor, the original's time kept.
    const data = strToU8(next);
    assert.equal(text(unzipSync(result)[part]!), next);
    assert.equal(openPackage(result).text(part), next.replace(/^\uFEFF/, ""));
    const was = before.entries.find((e) => e.entry.name === part)!;
    const now = after.entries.find((e) => e.entry.name === part)!;
    assert.equal(now.entry.crc, crc32(data) >>> 0);
    assert.equal(now.entry.size, data.length);
    assert.equal(now.entry.flags & 8, 0);
    assert.equal(now.entry.flags & 0x800, was.entry.flags & 0x800, "the UTF-8 name flag is kept");
    const local = now.stored;
    assert.equal(local.readUInt32LE(14), now.entry.crc);
    assert.equal(local.readUInt32LE(18), now.entry.compressed);
    assert.equal(local.readUInt32LE(22), now.entry.size);
    assert.equal(local.length, now.dataStart + now.entry.compressed);
    assert.equal(local.readUInt32LE(10), was.stored.readUInt32LE(10), `${file}: the local header's time and date kept`);
    assert.equal(now.record.readUInt32LE(12), was.record.readUInt32LE(12), `${file}: the directory's time and date kept`);
    assert.deepEqual(now.stored.subarray(30, 30 + now.stored.readUInt16LE(26)), was.stored.subarray(30, 30 + was.stored.readUInt16LE(26)));

    assert.doesNotThrow(() => verifyPackage(result), file);
    assert.deepEqual(zipDirectory(result).entries.length, before.entries.length);
    unzipTest(result, file);

    const proof = entryProof(original, result);
    assert.deepEqual(proof.filter((p) => p.status !== "unchanged").map((p) => [p.name, p.status, p.unchanged]), [[part, "changed", false]]);
    for (const p of proof) assert.equal(p.sha256, sha(storedBytes(result, p.name)!));
  }
  assert.ok(descriptors > 0, "some of these files use data descriptors");
});

test("an unchanged package comes out byte for byte, for every file of the corpus", () => {
  let files = 0;
  for (const kind of ["docx", "pptx", "xlsx"]) {
    for (const file of readdirSync(corpusPath(kind))) {
      const original = read(kind, file);
      let layout;
      try {
        layout = zipLayout(original);
      } catch {
        continue; // Damaged or refused on purpose: not a package to patch.
      }
      assert.ok(Buffer.from(patchZip(original, new Map())).equals(original), `${file} with no changes`);
      // A "change" that gives a part its own content back is no change.
      const first = layout.entries.find((e) => !e.entry.name.endsWith("/"))!;
      const same = unzipSync(original, { filter: (f) => f.name === first.entry.name })[first.entry.name]!;
      assert.ok(Buffer.from(patchZip(original, new Map([[first.entry.name, same]]))).equals(original), `${file} with its own bytes`);
      files++;
    }
  }
  assert.ok(files > 150, `${files} files`);
});

test("removing and adding parts: the rest stays, content types stay in place, new parts go last", () => {
  const original = read("docx", "pandoc-lists.docx");
  const names = zipLayout(original).entries.map((e) => e.entry.name);
  const removed = names.find((n) => n === "docProps/app.xml") ?? names.find((n) => n.startsWith("docProps/"))!;
  const types = openPackage(original).text("[Content_Types].xml")!;
  const newTypes = types.replace("</Types>", `<Override PartName="/customXml/item9.xml" ContentType="application/xml"/></Types>`);
  const added = `<?xml version="1.0" encoding="UTF-8"?><data>é ✓</data>`;
  const result = patchZip(
    original,
    new Map<string, string | null>([
      ["/" + removed, null],
      ["/customXml/item9.xml", added],
      ["[content_types].xml", newTypes],
      ["word/never-there.xml", null],
    ]),
  );
  const after = zipLayout(result).entries.map((e) => e.entry.name);
  assert.deepEqual(after, [...names.filter((n) => n !== removed), "customXml/item9.xml"]);
  // Here the content types part is the original's last entry, and it stays there, before the added part.
  assert.equal(after.indexOf("[Content_Types].xml"), names.filter((n) => n !== removed).indexOf("[Content_Types].xml"));
  const files = unzipSync(result);
  assert.equal(text(files["customXml/item9.xml"]!), added);
  assert.equal(text(files["[Content_Types].xml"]!), newTypes);
  assert.equal(files[removed], undefined);
  const entry = zipDirectory(result).entries.find((e) => e.name === "customXml/item9.xml")!;
  assert.equal(entry.crc, crc32(strToU8(added)) >>> 0);
  assert.equal(entry.size, strToU8(added).length);
  verifyPackage(result);
  unzipTest(result, "add-remove");

  const proof = entryProof(original, result);
  const status = new Map(proof.map((p) => [p.name, p.status]));
  assert.equal(status.get(removed), "removed");
  assert.equal(status.get("customXml/item9.xml"), "added");
  assert.equal(status.get("[Content_Types].xml"), "changed");
  assert.equal(proof.filter((p) => p.status === "unchanged").length, names.length - 2);
  assert.equal(proof.find((p) => p.name === removed)!.sha256, sha(storedBytes(original, removed)!));
  assert.ok(proof.every((p) => p.unchanged === (p.status === "unchanged")));
  assert.equal(proof.length, names.length + 1);
});

test("a new content types part goes first; a part that does not shrink is stored; a non-ASCII name is flagged UTF-8", () => {
  const original = zipSync({ "a.xml": strToU8("<a/>"), "b.bin": new Uint8Array(3000).fill(7) });
  const random = new Uint8Array(randomBytes(2000));
  const result = patchZip(original, new Map<string, Uint8Array | string>([["ü/c.bin", random], ["[Content_Types].xml", "<Types/>"]]));
  const entries = zipDirectory(result).entries;
  assert.deepEqual(entries.map((e) => e.name), ["[Content_Types].xml", "a.xml", "b.bin", "ü/c.bin"]);
  const c = entries.find((e) => e.name === "ü/c.bin")!;
  assert.equal(c.method, 0);
  assert.equal(c.compressed, random.length);
  assert.equal(c.flags & 0x800, 0x800);
  assert.deepEqual(unzipSync(result)["ü/c.bin"], random);
  unzipTest(result, "fresh");
  assert.throws(() => patchZip(original, new Map([["a.xml", "x"], ["/A.XML", "y"]])), /changed twice/);
});

test("zip64 is refused, in a real zip64 file and in an entry with a zip64 extra field", () => {
  const plain = zipSync({ "a.xml": strToU8("<a/>") });
  const marked = zipSync({ "a.xml": [strToU8("<a/>"), { extra: { 1: new Uint8Array(16) } }] });
  assert.throws(() => patchZip(marked, new Map([["a.xml", "<b/>"]])), /zip64/);
  assert.throws(() => entryProof(marked, plain), /zip64/);
  // An output past what the end record can count would need zip64 too.
  const many = new Map<string, string>();
  for (let i = 0; i < 0xffff; i++) many.set(`p/${i}.xml`, "");
  assert.throws(() => patchZip(plain, many), /zip64/);
  if (!has("zip")) return; // Info-ZIP absent: the hand-made case above stands alone.
  const source = join(tmp, "z64.xml");
  writeFileSync(source, "<a/>");
  const target = join(tmp, "z64.zip");
  execFileSync("zip", ["-q", "-fz", "-j", target, source]);
  const real = new Uint8Array(readFileSync(target));
  assert.throws(() => patchZip(real, new Map([["z64.xml", "<b/>"]])), /zip64/);
});

test("a patched Word file opens in LibreOffice and shows the new text", { timeout: 60_000 }, (t) => {
  if (!has("soffice")) return t.skip("soffice is not installed");
  const original = read("docx", "pandoc-lists.docx");
  const xml = openPackage(original).text("word/document.xml")!;
  const first = /<w:t(?: [^>]*)?>([^<]+)<\/w:t>/.exec(xml)!;
  const next = xml.replace(first[0], first[0].replace(first[1]!, "Zipatchedmarker"));
  const result = patchZip(original, new Map([["word/document.xml", next]]));
  const dir = mkdtempSync(join(tmp, "lo-"));
  writeFileSync(join(dir, "patched.docx"), result);
  // A profile of its own, so a LibreOffice already running elsewhere is neither used nor disturbed.
  execFileSync("soffice", [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, join(dir, "patched.docx")], {
    timeout: 55_000,
    stdio: "ignore",
  });
  const pdf = join(dir, "patched.pdf");
  assert.ok(existsSync(pdf), "LibreOffice made a PDF");
  assert.equal(readFileSync(pdf).subarray(0, 5).toString(), "%PDF-");
  if (has("pdftotext")) assert.match(execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }), /Zipatchedmarker/);
});
