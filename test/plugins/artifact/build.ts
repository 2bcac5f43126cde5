/** Builds artifact pages from Markdown the way the pipeline does: Markdown → IR → `artifactPlugin.render`. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import type { RenderContext, RenderResult } from "../../../core/contracts/format-plugin.ts";
import { artifactPlugin } from "../../../plugins/artifact/index.ts";
import type { StyleApplied } from "../../../core/style/types.ts";

export const examplesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../examples/artifacts");

export const exampleNames = (): string[] =>
  readdirSync(examplesDir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.slice(0, -3))
    .sort();

export async function buildMarkdown(
  markdown: string,
  ctx: Partial<RenderContext> = {},
  style: StyleApplied = defaultStyle("artifact"),
): Promise<RenderResult & { html: string }> {
  const { ir } = readMarkdown(markdown);
  const result = await artifactPlugin.render!(ir, style, { type: "artifact", artifact: { storage: "shared" }, ...ctx });
  return { ...result, html: new TextDecoder().decode(result.bytes) };
}

export const buildExample = (name: string, ctx: Partial<RenderContext> = {}) =>
  buildMarkdown(readFileSync(path.join(examplesDir, `${name}.md`), "utf8"), ctx);
