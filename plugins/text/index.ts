/**
 * Readers for plain text and Markdown (interface: `txt`/`md` extract as given). The charset is detected: UTF-8,
 * UTF-16 with a byte-order mark, else Windows-1252; line ends become `\n`.
 */
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import { ExtractRefused, type Extract } from "../../core/contracts/extract.ts";
import { decodeText } from "../../core/files/kinds.ts";

const readText: Extract = async (bytes) => {
  const text = decodeText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (text === null) throw new ExtractRefused("The file is not text in a charset Quire can read.", "unreadable");
  return { markdown: text.replace(/\r\n?/g, "\n"), pages: 1, diagnostics: [] };
};

export const txtPlugin: FormatPlugin = { id: "txt", format: "txt", mediaTypes: ["text/plain"], extract: readText };
export const mdPlugin: FormatPlugin = { id: "md", format: "md", mediaTypes: ["text/markdown"], extract: readText };
