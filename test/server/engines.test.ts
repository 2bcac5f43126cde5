/**
 * The engines are scoped resources: what the layer started (LibreOffice's processes) is gone once the runtime that
 * acquired it is disposed, with no list of things to close by hand.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { startEngines } from "../../server/engines.ts";
import { corpusPath } from "../support/corpus.ts";

/** The processes this test process started (LibreOffice runs as children of the converter pool). */
const children = (): string[] => {
  try {
    return execFileSync("pgrep", ["-P", String(process.pid)]).toString().trim().split("\n").filter(Boolean);
  } catch {
    return [];
  }
};

describe("engines as scoped resources", () => {
  it("starts LibreOffice on first use and stops it when the runtime is disposed", async () => {
    const before = new Set(children());
    const engines = await startEngines({ converters: 1 });
    assert.deepEqual(children().filter((pid) => !before.has(pid)), [], "nothing starts before it is used");
    const converter = await engines.converter();
    const pdf = await converter.convert(readFileSync(corpusPath("docx", "mammoth-empty.docx")), "docx", "pdf");
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString("latin1"), "%PDF-");
    const started = children().filter((pid) => !before.has(pid));
    assert.ok(started.length > 0, "the converter runs in processes of its own");
    await engines.close();
    // The pool waits for its processes to exit before the release ends.
    const left = children().filter((pid) => started.includes(pid));
    assert.deepEqual(left, []);
  });
});
