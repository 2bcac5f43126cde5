/**
 * The day the writer was told is today (core/writing/write.ts) backs a date of the document, as the request does: the
 * facts check takes it from the context's time (the Clock service's), so a test can hold it still.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { noModel } from "../../../../core/contracts/model.ts";
import type { TextCheckContext } from "../../../../core/contracts/check-plugin.ts";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import { factsCheck } from "../../../../plugins/checks/facts/index.ts";

const context = (now: Date): TextCheckContext => ({
  stage: "text",
  operation: "create",
  format: "docx",
  type: "letter",
  author: "model",
  style: null,
  request: null,
  sources: [],
  model: noModel,
  signal: new AbortController().signal,
  quality: "fast",
  now,
});

const unsupported = async (markdown: string, now: Date) =>
  (await factsCheck.run(readMarkdown(markdown).ir, context(now))).diagnostics.filter((d) => d.code === "content.unsupported_fact").map((d) => d.message);

describe("facts check: today's date", () => {
  const letter = "Madrid, 29 de febrero de 2020.\n\nEstimados señores:\n\nLes escribimos por la mudanza de la oficina.";
  it("a letter dated the Clock's day is dated from what the writer was told", async () => {
    assert.deepEqual(await unsupported(letter, new Date("2020-02-29T18:30:00Z")), []);
  });
  it("dated another day, the date is nobody's", async () => {
    const reported = await unsupported(letter, new Date("2020-03-01T09:00:00Z"));
    assert.equal(reported.length, 1);
    assert.match(reported[0]!, /29 de febrero de 2020/);
  });
});
