/**
 * The repair loop on a toy format whose "file" is a line of text: findings are derived from the bytes by a real
 * inspection function, and fixes are real transformations of the bytes. Proves the rules of the ledger: a fix is kept
 * only when its issue goes, no issue is added and the content is unchanged; package fixes and errors go first; a
 * failing fix is recorded, not thrown; each fix is tried once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { contentDifference, repairLoop } from "../../../core/review/loop.ts";
import type { Finding, Inspection } from "../../../core/contracts/review.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** Toy file: words; `<dup>` is an error fixed by `package.dedupe`, `<wide>` a warning fixed by `toy.narrow`, `<odd>` a warning whose fix changes text. */
const inspect = async (bytes: Uint8Array): Promise<Inspection> => {
  const text = dec(bytes);
  const findings: Finding[] = [];
  const add = (code: string, severity: Finding["severity"], fix?: string) =>
    findings.push({ code, severity, category: "structural", message: code, fixable: fix !== undefined, ...(fix ? { fix } : {}) });
  for (const _ of text.matchAll(/<wide>/g)) add("toy.wide", "warning", "toy.narrow");
  for (const _ of text.matchAll(/<dup>/g)) add("toy.dup", "error", "package.dedupe");
  for (const _ of text.matchAll(/<odd>/g)) add("toy.odd", "warning", "toy.reword");
  for (const _ of text.matchAll(/<stuck>/g)) add("toy.stuck", "warning", "toy.noop");
  for (const _ of text.matchAll(/<boom>/g)) add("toy.boom", "warning", "toy.throw");
  return { findings, content: text.replace(/<[^>]+>/g, "").split(/\s+/).filter(Boolean) };
};

const repair = async (bytes: Uint8Array, fix: string): Promise<Uint8Array> => {
  const text = dec(bytes);
  if (fix === "package.dedupe") return enc(text.replaceAll("<dup>", ""));
  if (fix === "toy.narrow") return enc(text.replaceAll("<wide>", ""));
  if (fix === "toy.reword") return enc(text.replaceAll("<odd>", "").replace("hello", "HELLO"));
  if (fix === "toy.noop") return bytes;
  if (fix === "toy.throw") throw new Error("cannot");
  throw new Error(`unknown fix ${fix}`);
};

const run = async (text: string) => {
  const bytes = enc(text);
  return repairLoop({ bytes, inspection: await inspect(bytes), inspect, repair });
};

describe("repair loop", () => {
  it("applies safe fixes, package fixes and errors first, and leaves the content as it was", async () => {
    const result = await run("hello <wide> world <dup> <dup>");
    assert.deepEqual(result.ledger.map((l) => [l.iteration, l.fix, l.issue_code, l.outcome, l.issues_before, l.issues_after]), [
      [1, "package.dedupe", "toy.dup", "applied", 3, 1],
      [2, "toy.narrow", "toy.wide", "applied", 1, 0],
    ]);
    assert.equal(dec(result.bytes), "hello  world  ");
    assert.deepEqual(result.inspection.findings, []);
    assert.deepEqual(result.summary, { iterations: 2, applied: 2, rejected: 0 });
  });

  it("rejects a fix that would change the text, saying what would change", async () => {
    const result = await run("hello <odd> world");
    assert.equal(result.ledger.length, 1);
    assert.equal(result.ledger[0]!.outcome, "rejected");
    assert.match(result.ledger[0]!.reason!, /text or values would change \("hello" would become "HELLO"\)/);
    assert.equal(dec(result.bytes), "hello <odd> world", "the file is kept as it was");
    assert.deepEqual(result.inspection.findings.map((f) => f.code), ["toy.odd"]);
  });

  it("rejects a fix that does not remove its issue, records one that throws, and tries each fix once", async () => {
    const result = await run("a <stuck> <stuck> b <boom>");
    assert.deepEqual(result.ledger.map((l) => [l.fix, l.outcome]), [
      ["toy.noop", "rejected"],
      ["toy.throw", "failed"],
    ]);
    assert.match(result.ledger[0]!.reason!, /did not remove the issue/);
    assert.match(result.ledger[1]!.reason!, /could not run: cannot/);
    assert.deepEqual(result.summary, { iterations: 2, applied: 0, rejected: 2 });
  });

  it("content differences are described at the first place they differ", () => {
    assert.equal(contentDifference(["a", "b"], ["a", "b"]), null);
    assert.equal(contentDifference(["a"], ["a", "b"]), '"b" would be added');
    assert.equal(contentDifference(["a", "b"], ["a"]), '"b" would be lost');
  });
});
