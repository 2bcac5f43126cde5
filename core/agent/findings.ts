/**
 * The service's own look at an agent's file, beside the model's (issue: "the service's own layout checks run too,
 * and their findings are given to the agent"): what the format's review finds in the file, and the text of the
 * document that never reached the rendered pages (a program that dropped a section, or text hidden off its box).
 * Deterministic, so a weak inspecting model cannot wave a broken file through.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { IRDocument, Block } from "../ir/types.ts";
import { plainText } from "../ir/text.ts";

/** Text compared as a reader sees it: case, spacing, hyphenation and typographic quotes set aside. */
const normal = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u00ad\u200b]/g, "")
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The pieces of text a reader must find: every heading, and the opening words of each paragraph, item and table header. */
const expected = (blocks: ReadonlyArray<Block>, out: Array<{ what: string; text: string }>) => {
  for (const block of blocks) {
    if (block.type === "heading") out.push({ what: "heading", text: plainText(block.inlines) });
    else if (block.type === "paragraph") out.push({ what: "paragraph", text: plainText(block.inlines).split(/\s+/).slice(0, 6).join(" ") });
    else if (block.type === "list") for (const item of block.items) expected(item.blocks.slice(0, 1), out);
    else if (block.type === "table") for (const cell of block.header[0]?.cells ?? []) out.push({ what: "table header", text: plainText(cell.inlines) });
    else if (block.type === "quote") expected(block.blocks, out);
  }
  return out;
};

/** The pieces of the document's text that are on no rendered page (at most `limit`, in document order). */
export const missingPieces = (ir: IRDocument, pageTexts: ReadonlyArray<string>, limit = 8): Array<{ what: string; text: string }> => {
  const rendered = ` ${normal(pageTexts.join(" "))} `;
  const missing: Array<{ what: string; text: string }> = [];
  for (const piece of expected(ir.blocks, [])) {
    const words = normal(piece.text);
    if (words.length < 3 || rendered.includes(` ${words} `)) continue;
    missing.push(piece);
    if (missing.length >= limit) break;
  }
  return missing;
};

/** What of the document's text is not on any rendered page, as the builder reads it. */
export const missingText = (ir: IRDocument, pageTexts: ReadonlyArray<string>, limit = 8): string[] =>
  missingPieces(ir, pageTexts, limit).map((p) => `the ${p.what} "${p.text.slice(0, 80)}" is not on any page (dropped, or hidden outside its box)`);

/** The same, as the report's issues of the delivered file. */
export const missingIssues = (ir: IRDocument, pageTexts: ReadonlyArray<string>, limit = 8): Diagnostic[] =>
  missingPieces(ir, pageTexts, limit).map((p) => ({
    code: "layout.text_missing",
    severity: "warning",
    category: "layout",
    message: `The ${p.what} "${p.text.slice(0, 80)}" of the text is on no page of the file the agent made (dropped, or hidden outside its box).`,
  }));

/** A review finding as the builder reads it. */
export const findingText = (d: Pick<Diagnostic, "code" | "message" | "location">): string =>
  `${d.code}${d.location?.pages?.length ? ` (page ${d.location.pages.join(", ")})` : ""}: ${d.message}`;
