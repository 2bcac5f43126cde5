import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { detectKind } from "../../../core/files/kinds.ts";
import { corpusPath } from "../../support/corpus.ts";

const CORPUS = corpusPath();
const legacy = (ext: string) => gunzipSync(readFileSync(resolve(import.meta.dirname, `../../renderers/fixtures/legacy.${ext}.gz`)));

test("every office file and PDF of the corpus is told by its bytes", () => {
  for (const folder of ["docx", "pptx", "xlsx", "pdf", "scans"]) {
    for (const name of readdirSync(join(CORPUS, folder))) {
      const want = name.split(".").pop();
      const got = detectKind(readFileSync(join(CORPUS, folder, name)), "renamed.bin");
      if (name === "exceljs-missing-bits.xlsx") {
        assert.equal(got.ok, false, "a package without content types is refused");
        continue;
      }
      assert.deepEqual(got, { ok: true, kind: want }, `${folder}/${name}`);
    }
  }
});

test("legacy Office files are told by their streams; text by decoding; the name only picks Markdown", () => {
  const cases: Array<{ given: Buffer; name?: string; want: string }> = [
    { given: legacy("doc"), want: "doc" },
    { given: legacy("xls"), want: "xls" },
    { given: legacy("ppt"), want: "ppt" },
    { given: Buffer.from("plain words\n"), name: "a.txt", want: "txt" },
    { given: Buffer.from("# Title\n"), name: "a.md", want: "md" },
    { given: Buffer.from("# Title\n"), name: "a.txt", want: "txt" },
    { given: Buffer.from("caf\xe9", "latin1"), want: "txt" },
    { given: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("hola", "utf16le")]), want: "txt" },
  ];
  for (const { given, name, want } of cases) assert.deepEqual(detectKind(given, name), { ok: true, kind: want }, want);
});

test("what must be refused is refused, saying why", () => {
  const doc = legacy("doc");
  // A VBA storage name at a directory-entry boundary, as Word writes it for a document with macros.
  const withMacros = Buffer.from(doc);
  const at = withMacros.indexOf(Buffer.from("WordDocument\0", "utf16le"));
  Buffer.from("Macros\0", "utf16le").copy(withMacros, withMacros.length - 128 * 2);
  assert.ok(at % 128 === 0);
  const cases: Array<{ given: Buffer; reason: RegExp }> = [
    { given: Buffer.alloc(0), reason: /empty/ },
    { given: Buffer.from([0, 1, 2, 3, 0, 5]), reason: /not a supported kind/ },
    { given: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), reason: /damaged/ },
  ];
  for (const { given, reason } of cases) {
    const got = detectKind(given);
    assert.equal(got.ok, false);
    if (!got.ok) assert.match(got.reason, reason);
  }
  const macro = detectKind(withMacros);
  assert.equal(macro.ok, false);
  if (!macro.ok) assert.match(macro.reason, /macros/);
});
