/**
 * The Markdown shapes refused before parsing (core/markdown/limits.ts): each hostile shape that makes micromark
 * recurse or go quadratic is refused in one linear pass, and nothing a person writes is (every Markdown file of the
 * repository's examples and fixtures, and deep-but-sane nesting, pass).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { markdownTooComplex, MAX_DEPTH, MAX_RUNS } from "../../../core/markdown/limits.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { ProcessingFailure } from "../../../core/errors.ts";

const staircase = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- item ${i}`).join("\n");

const refused: Array<{ given: string; markdown: string; want: RegExp }> = [
  { given: "20,000 list items, each indented one level deeper", markdown: staircase(20_000), want: /nests lists or block quotes more than 64 levels/ },
  { given: "20,000 list markers on one line", markdown: `${"- ".repeat(20_000)}a`, want: /more than 64 levels/ },
  { given: "50,000 block quote markers", markdown: `${">".repeat(50_000)} a`, want: /more than 64 levels/ },
  { given: "quote and list markers mixed", markdown: `${"> - ".repeat(40)}a`, want: /more than 64 levels/ },
  { given: "50,000 emphasis openers in one paragraph", markdown: "*a".repeat(50_000), want: /more than 10000 emphasis markers/ },
  { given: "underscores that can open emphasis", markdown: " _a".repeat(20_000), want: /emphasis markers/ },
  { given: "50,000 link openers", markdown: "[a](".repeat(50_000), want: /\[ brackets/ },
];

for (const { given, markdown, want } of refused) {
  test(`refused: ${given}`, () => {
    assert.match(markdownTooComplex(markdown) ?? "", want);
    assert.throws(() => readMarkdown(markdown), (error: unknown) => error instanceof ProcessingFailure && error.code === "processing_failed" && want.test(error.message));
  });
}

const accepted: Array<{ given: string; markdown: string }> = [
  { given: `a list nested ${MAX_DEPTH / 2 - 1} levels`, markdown: staircase(MAX_DEPTH / 2 - 1) },
  { given: "intraword underscores in a long table", markdown: Array.from({ length: 5_000 }, (_, i) => `| some_name_${i} | other_value_${i} | x |`).join("\n") },
  { given: "emphasis in many paragraphs", markdown: Array.from({ length: 2_000 }, () => "*one* and **two** and _three_").join("\n\n") },
  { given: "markers inside a fenced code block", markdown: `\`\`\`\n${">".repeat(500)}\n${"*a".repeat(MAX_RUNS + 1)}\n\`\`\`` },
];

for (const { given, markdown } of accepted) {
  test(`accepted: ${given}`, () => {
    assert.equal(markdownTooComplex(markdown), null);
    assert.ok(readMarkdown(markdown).ir.blocks.length > 0);
  });
}

test("every Markdown file of the examples and fixtures is accepted", () => {
  const root = resolve(import.meta.dirname, "../../..");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md")) files.push(path);
    }
  };
  walk(join(root, "examples"));
  walk(join(root, "fixtures"));
  assert.ok(files.length > 10);
  for (const file of files) assert.equal(markdownTooComplex(readFileSync(file, "utf8")), null, file);
});
