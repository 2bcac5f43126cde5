/**
 * Reading a Word file into Markdown (interface, Extraction; core/contracts/extract.ts). The package is opened with the
 * safe opener (zip bombs, DTDs and damaged zips are refused there), macros are refused, the main part is found
 * through the package relationships, and the body is read into blocks (reader.ts) and written as GFM
 * (markdown.ts). Footnotes and endnotes become `[^n]` definitions at the end; comments become `[^cN]` definitions
 * naming the author and quoting the commented text. With `ctx.ocr`, text inside pictures is read too (pictures.ts).
 * Parts that cannot be read are reported and skipped; an empty document gives "" and `extract.empty`. `pages` is
 * Word's own count from `docProps/app.xml`, else 1: the real number needs a rendering.
 *
 * Not written, by choice: headers and footers (repeated page furniture, as pandoc leaves them out), bookmarks
 * (internal links keep their `#name` target), page and section breaks, underline (Markdown has none).
 */
import { diagnostic, type Diagnostic, type Severity } from "../../../core/diagnostics.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { ExtractRefused, type Extract } from "../../../core/contracts/extract.ts";
import { escapeText, plainOf, writeBlocks } from "./markdown.ts";
import type { Block } from "./model.ts";
import { textPara } from "./model.ts";
import { Notes, type NoteRef } from "./notes.ts";
import { Numbering } from "./numbering.ts";
import { Parts } from "./parts.ts";
import { readPictures } from "./pictures.ts";
import { Reader } from "./reader.ts";
import { Styles } from "./styles.ts";
import { child, lazyElements, parsePart, textContent } from "./xml.ts";

export { MACROS_REFUSED } from "./parts.ts";

const QUOTE_LIMIT = 300;

/** The text each comment was made on, from its range markers, in reading order. */
const commentedText = (blocks: readonly Block[], into = new Map<string, string>(), open = new Set<string>()): Map<string, string> => {
  const add = (text: string) => {
    for (const id of open) into.set(id, (into.get(id) ?? "") + text);
  };
  for (const b of blocks) {
    if (b.k === "p") {
      for (const p of b.pieces) {
        if (p.k === "cs") open.add(p.id);
        else if (p.k === "ce") open.delete(p.id);
        else add(plainOf([p]));
      }
      add(" ");
    } else if (b.k === "table") for (const row of b.rows) for (const cell of row) commentedText(cell, into, open);
  }
  return into;
};

const startsBlock = (line: string) => /^(\||#|```|>|[-+] |\d+[.)] )/.test(line);

/** A footnote definition: the first line after the label, the rest indented four spaces. */
const definition = (label: string, body: string, prefix = ""): string => {
  let text = body;
  if (prefix) text = text === "" ? prefix.trimEnd() : startsBlock(text) ? `${prefix.trimEnd()}\n\n${text}` : `${prefix}${text}`;
  if (text === "") text = "(empty)";
  const [first, ...rest] = text.split("\n");
  return [`[^${label}]: ${first}`, ...rest.map((l) => (l === "" ? "" : `    ${l}`))].join("\n");
};

const readPages = (parts: Parts): number => {
  const part = parts.related("", "extended-properties", "extendedProperties") ?? (parts.exists("docProps/app.xml") ? "docProps/app.xml" : undefined);
  const root = part ? parts.read(part) : null;
  const pages = root ? Number.parseInt(textContent(child(root, "Pages") ?? { name: "", attrs: {}, children: [] }).trim(), 10) : NaN;
  return Number.isFinite(pages) && pages > 0 ? pages : 1;
};

export const extractDocx: Extract = async (bytes, ctx) => {
  ctx.signal?.throwIfAborted();
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const report = (code: string, severity: Severity, message: string) => {
    const key = `${code}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push(diagnostic(code, severity, "extract", message));
  };
  try {
    const pkg = openPackage(bytes);
    const parts = new Parts(pkg, (part, error) =>
      report("extract.part_unreadable", "warning", `${part} could not be read (${(error as Error).message}); what it holds is missing from the text.`),
    );
    const main = parts.main;
    // The main part is the document: unlike other parts, a damaged one is the file's failure, not a diagnostic.
    const root = parsePart(pkg.text(main) ?? "", main);
    if (!root || root.name !== "document") throw new ExtractRefused("The file is not a Word document: its main part is not a document.", "unreadable");

    const notes = new Notes(parts, main);
    const flat = (part: string | undefined, name: string, idAttr: string) => {
      const text = part ? parts.text(part) : null;
      return text === null || part === undefined ? new Map<string, () => null>() : lazyElements(text, part, name, idAttr, (error) => parts.unreadable(part, error));
    };
    const loadStyles = () => new Styles(flat(parts.related(main, "styles"), "style", "styleId"));
    const loadNumbering = () => {
      const part = parts.related(main, "numbering");
      if (part === undefined) return null;
      return new Numbering(flat(part, "num", "numId"), flat(part, "abstractNum", "abstractNumId"), reader.styles);
    };
    const reader: Reader = new Reader(parts, loadStyles, loadNumbering, notes, report, ctx.ocr !== undefined);

    const blocks = reader.blocks(child(root, "body")?.children ?? [], reader.story(main));
    ctx.signal?.throwIfAborted();

    const bodies = new Map<NoteRef, Block[]>();
    const readQueue = (from: number) => {
      for (let i = from; i < notes.queue.length; i++) {
        const ref = notes.queue[i]!;
        const source = notes.source(ref.kind);
        const el = source?.byId.get(ref.id);
        if (!source || !el) {
          report("extract.note_missing", "warning", `A ${ref.kind} referenced in the text is missing from the package.`);
          bodies.set(ref, [textPara(`(${ref.kind} text missing)`)]);
          continue;
        }
        bodies.set(ref, reader.blocks(el.children, reader.story(source.part)));
      }
    };
    readQueue(0);
    const referenced = notes.queue.length;
    notes.unreferencedComments();
    readQueue(referenced);
    ctx.signal?.throwIfAborted();
    if (reader.pictures) await readPictures(reader.pictures, parts, ctx, report);

    const quotes = commentedText(blocks);
    for (const body of bodies.values()) commentedText(body, quotes);
    const comments = notes.queue.some((r) => r.kind === "comment") ? notes.source("comment") : null;
    const definitions = notes.queue.map((ref) => {
      const body = writeBlocks(bodies.get(ref) ?? []);
      if (ref.kind !== "comment") return definition(ref.label, body);
      const el = comments?.byId.get(ref.id);
      const author = el?.attrs["author"]?.trim();
      let quote = (quotes.get(ref.id) ?? "").replace(/\s+/g, " ").trim();
      if (quote.length > QUOTE_LIMIT) quote = `${quote.slice(0, QUOTE_LIMIT).trimEnd()}…`;
      const prefix = `Comment${author ? ` by ${escapeText(author)}` : ""}${quote ? ` on “${escapeText(quote)}”` : ""}: `;
      return definition(ref.label, body, prefix);
    });

    let markdown = [writeBlocks(blocks), ...definitions].filter((s) => s.trim() !== "").join("\n\n");
    if (markdown.trim() === "") {
      markdown = "";
      report("extract.empty", "warning", "The document has no text.");
    } else markdown += "\n";
    return { markdown, pages: readPages(parts), diagnostics };
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new ExtractRefused("The document is nested too deeply to be read.", "unreadable");
    }
    throw error;
  }
};
