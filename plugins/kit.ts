/**
 * `quire.compile()` of the agent's kit (issue 16, "The program"): the service's own layout of a Markdown text in
 * Word, PowerPoint or Excel, so a program written by the agent can start from it. This is the entry of a bundle
 * (renderers/bubblewrap/kit.ts) that runs inside the sandbox, where there is no tsx (it starts esbuild, a child
 * process, which the sandbox refuses): the bundle holds the reader and the three renderers, with `docx`,
 * `pptxgenjs` and `exceljs` left out so the program and the kit share one copy of each.
 * It sits beside the plugin folders rather than in one, as it is the one place that takes three of them.
 */
import { readMarkdown } from "../core/markdown/read.ts";
import { chartBlocks } from "../core/ir/chart.ts";
import { defaultStyle } from "../core/style/defaults.ts";
import { probePicture } from "../core/images/probe.ts";
import { docTypes, type DocType } from "../core/ir/types.ts";
import type { StyleApplied } from "../core/style/types.ts";
import type { FormatPlugin, ImageData } from "../core/contracts/format-plugin.ts";
import type { SandboxFormat } from "../core/contracts/sandbox.ts";
import { docxPlugin } from "./docx/index.ts";
import { pptxPlugin } from "./pptx/index.ts";
import { xlsxPlugin } from "./xlsx/index.ts";

const renderers: Record<SandboxFormat, FormatPlugin> = { docx: docxPlugin, pptx: pptxPlugin, xlsx: xlsxPlugin };

/** The type a format's files always have, else the one given when it is a type at all, else a report. */
const typeFor = (format: SandboxFormat, type: string): DocType => {
  if (format === "pptx") return "presentation";
  if (format === "xlsx") return "spreadsheet";
  return (docTypes as readonly string[]).includes(type) ? (type as DocType) : "report";
};

/** A style from the agent may name only what it changes: the rest is the type's house look. */
const fullStyle = (style: unknown, type: DocType): StyleApplied => {
  const base = defaultStyle(type);
  if (typeof style !== "object" || style === null) return base;
  const given = style as Partial<StyleApplied>;
  return { ...base, ...given, colors: { ...base.colors, ...given.colors }, align: { ...base.align, ...given.align } };
};

export interface KitCompile {
  readonly markdown: string;
  readonly format: SandboxFormat;
  readonly style: unknown;
  readonly type: string;
  readonly title: string;
  /** A file given to the program, by name (`logo.png` or `in/logo.png`); null when there is none. */
  readonly read: (name: string) => Uint8Array | null;
  readonly template?: Uint8Array;
}

export const compile = async (input: KitCompile): Promise<Uint8Array> => {
  const type = typeFor(input.format, input.type);
  // As the fast path reads it: a chart fence and its table become a chart (core/operations/create-content.ts).
  const { ir } = chartBlocks(readMarkdown(input.markdown).ir);
  const images = async (src: string): Promise<ImageData | null> => {
    const bytes = input.read(src.replace(/^(\.\/)?in\//, ""));
    const info = bytes ? probePicture(bytes) : null;
    // Office files take PNG, JPEG and GIF; a WebP picture is left out as unavailable, as the fast path leaves it out.
    return bytes && info && info.type !== "webp" ? { data: bytes, width: info.width, height: info.height, type: info.type } : null;
  };
  const render = renderers[input.format].render!;
  const { bytes } = await render(ir, fullStyle(input.style, type), {
    type,
    name: input.title,
    images,
    ...(input.template ? { template: input.template } : {}),
  });
  return bytes;
};
