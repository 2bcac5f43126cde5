import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sniffFormat } from "../../../core/documents/sniff.ts";
import { corpusPath } from "../../support/corpus.ts";

const CORPUS = corpusPath();

test("office files and PDFs of the corpus are told by their bytes, not their names", () => {
  let seen = 0;
  for (const folder of ["docx", "pptx", "xlsx", "pdf"]) {
    for (const name of readdirSync(join(CORPUS, folder))) {
      const ext = name.split(".").pop();
      if (ext !== folder) continue;
      const bytes = readFileSync(join(CORPUS, folder, name));
      const got = sniffFormat(bytes);
      // A few corpus files are deliberately broken (missing parts, strict OOXML); those may be unknown, never wrong.
      if (got !== null) assert.equal(got, folder, name);
      else assert.notEqual(folder, "pdf", `${name} is a PDF and must be recognised`);
      seen += got === folder ? 1 : 0;
    }
  }
  assert.ok(seen >= 220, `recognised ${seen} corpus files`);
});

test("short or foreign bytes are not office files", () => {
  for (const given of [Buffer.alloc(0), Buffer.from("PK"), Buffer.from("hello world, not a zip at all"), Buffer.from([0x89, 0x50, 0x4e, 0x47])]) {
    assert.equal(sniffFormat(given), null);
  }
});
