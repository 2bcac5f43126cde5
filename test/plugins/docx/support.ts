/**
 * Helpers for the Word tests that read the output with readers we did not write: Markdown rendered by the docx
 * plugin (or compiled with the checks and their repairs), converted to PDF by the shared LibreOffice pool, the PDF's
 * words with their positions (mupdf's structured text), and pandoc's plain text of the .docx.
 */
import { execFileSync } from "node:child_process";
import { strFromU8, unzipSync } from "fflate";
import type { RenderContext } from "../../../core/contracts/format-plugin.ts";
import { compile } from "../../../core/compile/compile.ts";
import { detectType } from "../../../core/doctype/detect.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { readStyle } from "../../../core/style/read.ts";
import { checks } from "../../../plugins/checks/index.ts";
import { docxPlugin } from "../../../plugins/docx/index.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { pdfOutline, pdfPictures, pdfReader, sharedOfficeConverter } from "../../../renderers/index.ts";
import { loadMupdf, openPdfPages, type LayoutWord } from "../../../renderers/mupdf/pages.ts";

const styled = (markdown: string, styleWords?: string) => {
  const { ir } = readMarkdown(markdown);
  const type = detectType(ir).type;
  const style = styleWords ? readStyle(styleWords, defaultStyle(type)).applied : defaultStyle(type);
  return { ir, type, style };
};

/** The .docx the plugin makes of the Markdown, with the detected type and the style the words ask for. */
export const renderDocx = async (markdown: string, options: { style?: string; ctx?: Partial<RenderContext> } = {}) => {
  const { ir, type, style } = styled(markdown, options.style);
  const result = await docxPlugin.render!(ir, style, { type, ...options.ctx });
  return { ...result, type, style };
};

/** The whole compile (rendering, LibreOffice, the pages checks and their repairs), as a create runs it. */
export const compileDocx = async (markdown: string, styleWords?: string) => {
  const { ir, type, style } = styled(markdown, styleWords);
  return compile(
    { ir, format: "docx", type, style, images: async () => null, signal: new AbortController().signal },
    { plugin: (kind) => formatPlugins.get(kind)!, converter: sharedOfficeConverter(), pdf: pdfReader, outline: pdfOutline, pictures: pdfPictures, checks },
  );
};

export const toPdf = (docx: Uint8Array): Promise<Uint8Array> => sharedOfficeConverter().convert(docx, "docx", "pdf");

export const pdfPages = async (pdf: Uint8Array) => (await pdfReader.info(pdf)).text.map((p) => p.text);

/** The PDF's lines, page by page: each with its words and their boxes, in points from the page's top left. */
export const pdfLines = async (pdf: Uint8Array): Promise<{ page: number; text: string; words: LayoutWord[] }[][]> => {
  const doc = await openPdfPages(pdf);
  try {
    return Array.from({ length: doc.count }, (_, i) =>
      doc.layout(i).blocks.flatMap((b) => (b.kind === "text" ? b.lines.map((l) => ({ page: i + 1, text: l.text, words: l.words })) : [])),
    );
  } finally {
    doc.close();
  }
};

/** The PDF's Author entry ("" when there is none). */
export const pdfAuthor = async (pdf: Uint8Array): Promise<string> => {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  try {
    return doc.getMetaData("info:Author") ?? "";
  } finally {
    doc.destroy();
  }
};

/** The language the PDF says its text is in (the catalog's /Lang, what a screen reader reads it with); "" when none. */
export const pdfLanguage = async (pdf: Uint8Array): Promise<string> => {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  try {
    const lang = doc.asPDF()?.getTrailer().get("Root").get("Lang");
    return lang && lang.isString() ? lang.asString() : "";
  } finally {
    doc.destroy();
  }
};

/** Word text as pandoc reads it. */
export const pandocText = (docx: Uint8Array): string =>
  execFileSync("pandoc", ["-f", "docx", "-t", "plain", "--wrap=none"], { input: docx, encoding: "utf8" });

export const part = (docx: Uint8Array, name: string): string => strFromU8(unzipSync(docx)[name]!);
