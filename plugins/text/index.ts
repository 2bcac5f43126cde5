/**
 * Readers for plain text and Markdown (interface: `txt`/`md` extract as given). The charset is detected
 * (core/files/charset.ts) and reported; line ends become `\n`. The text is given as written; its IR, read
 * when asked for, is the Markdown reader's for `md`, and for `txt` one paragraph per block of lines (the lines kept),
 * each with its range in the text.
 */
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import { ExtractRefused, type Extract } from "../../core/contracts/extract.ts";
import { decodeText } from "../../core/files/charset.ts";
import { ProcessingFailure } from "../../core/errors.ts";
import { assignIds } from "../../core/ir/ids.ts";
import type { Block, Inline, IRDocument } from "../../core/ir/types.ts";
import { readMarkdown } from "../../core/markdown/read.ts";

const paragraphs = (text: string): IRDocument => {
  const blocks: Block[] = [];
  for (const match of text.matchAll(/[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*/g)) {
    const inlines: Inline[] = [];
    match[0].split("\n").forEach((line, i) => {
      if (i > 0) inlines.push({ type: "lineBreak", id: "" });
      inlines.push({ type: "text", id: "", text: line, marks: [] });
    });
    const start = match.index ?? 0;
    blocks.push({ type: "paragraph", id: "", source: { part: "", start, end: start + match[0].length }, inlines });
  }
  return assignIds({ id: "doc", blocks, footnotes: [] });
};

/** Markdown the reader refuses as too complex (issue 11) is still given as written; its IR is then its paragraphs. */
const markdownIr = (text: string): IRDocument => {
  try {
    return readMarkdown(text).ir;
  } catch (error) {
    if (error instanceof ProcessingFailure) return paragraphs(text);
    throw error;
  }
};

const readText =
  (ir: (text: string) => IRDocument): Extract =>
  async (bytes) => {
    const decoded = decodeText(bytes);
    if (decoded === null) throw new ExtractRefused("The file is not text in a charset Quire can read.", "unreadable");
    const text = decoded.text.replace(/\r\n?/g, "\n");
    let read: IRDocument | undefined;
    // Read only when wanted: extraction gives the text as written, and reading a large Markdown file takes seconds.
    return {
      get ir() {
        return (read ??= ir(text));
      },
      asWritten: text,
      charset: decoded.charset,
      pages: 1,
      diagnostics: [],
    };
  };

export const txtPlugin: FormatPlugin = { id: "txt", format: "txt", mediaTypes: ["text/plain; charset=utf-8"], source: "document", extract: readText(paragraphs) };
export const mdPlugin: FormatPlugin = { id: "md", format: "md", mediaTypes: ["text/markdown; charset=utf-8"], extensions: ["md", "markdown"], source: "document", extract: readText(markdownIr) };
