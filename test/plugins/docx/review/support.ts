/**
 * What the Word review tests share: a fixed font list (so results do not depend on this machine), and the check
 * every repair must pass — the finding is there with its fix, the repair removes it, the text proof is unchanged,
 * the parts the repair does not concern are byte-identical, and our Markdown reader still reads the same text.
 */
import assert from "node:assert/strict";
import { unzipSync } from "fflate";
import type { Finding, Inspection, ReviewContext } from "../../../../core/contracts/review.ts";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { inspectDocx, repairDocx } from "../../../../plugins/docx/review/index.ts";

export const ctx: ReviewContext = {
  fonts: new Set(["liberation sans", "liberation serif", "liberation mono", "carlito", "caladea", "dejavu sans", "opensymbol"]),
};

export const inspect = (bytes: Uint8Array): Promise<Inspection> => inspectDocx(bytes, ctx);

export const only = (inspection: Inspection, code: string): Finding => {
  const found = inspection.findings.filter((f) => f.code === code);
  assert.equal(found.length, 1, `one ${code} finding expected, got ${JSON.stringify(inspection.findings.map((f) => f.code))}`);
  return found[0]!;
};

export const codes = (inspection: Inspection): string[] => inspection.findings.map((f) => f.code).sort();

/** The file as our Markdown reader reads it. */
const markdownText = async (bytes: Uint8Array) => extractedMarkdown(await extractDocx(bytes, {}));

export interface Repaired {
  readonly before: Inspection;
  readonly after: Inspection;
  readonly bytes: Uint8Array;
  /** The parts whose bytes changed. */
  readonly changed: string[];
}

/**
 * Runs one repair and checks what every repair owes: the finding `code` (with `fix`, fixable) goes, the content is
 * deep-equal, nothing but `parts` changed, and the Markdown reader reads the repaired file (the same Markdown when
 * `sameMarkdown`).
 */
export const repairs = async (bytes: Uint8Array, code: string, fix: string, parts: readonly string[], sameMarkdown = true): Promise<Repaired> => {
  const before = await inspect(bytes);
  const finding = only(before, code);
  assert.equal(finding.fix, fix);
  assert.equal(finding.fixable, true);
  assert.deepEqual(finding.location, {});
  const repaired = await repairDocx(bytes, fix, ctx);
  const after = await inspect(repaired);
  assert.equal(after.findings.filter((f) => f.code === code).length, 0, `${code} is still there: ${JSON.stringify(after.findings)}`);
  assert.deepEqual(after.content, before.content);
  const a = unzipSync(bytes);
  const b = unzipSync(repaired);
  assert.deepEqual(Object.keys(b).sort(), Object.keys(a).sort());
  const changed = Object.keys(a).filter((name) => Buffer.compare(Buffer.from(a[name]!), Buffer.from(b[name]!)) !== 0);
  assert.deepEqual(changed.sort(), [...parts].sort());
  const md = await markdownText(repaired);
  if (sameMarkdown) assert.equal(md, await markdownText(bytes));
  return { before, after, bytes: repaired, changed };
};
