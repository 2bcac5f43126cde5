/**
 * Reading a Word file into the IR (interface, Extraction; core/contracts/extract.ts). The package is opened with the
 * safe opener (zip bombs, DTDs and damaged zips are refused there), macros are refused, the main part is found
 * through the package relationships, and the body is read into blocks (reader.ts) and turned into IR blocks
 * (blocks.ts), each with the part and the range of the element it came from. Footnotes and endnotes become the IR's
 * footnotes (`[^n]`); comments become footnotes too (`[^cN]`), naming the author and quoting the commented text.
 * With `ctx.ocr`, text inside pictures is read too (pictures.ts). Parts that cannot be read are reported and
 * skipped; an empty document gives no blocks and `extract.empty`. `pages` is 1 (issue 20): a Word file has no
 * pages until it is laid out, and the count Word saves in `docProps/app.xml` is often stale (52 for a 118-page file).
 *
 * Not written, by choice: headers and footers (repeated page furniture, as pandoc leaves them out), bookmarks
 * (internal links keep their `#name` target), page and section breaks, underline (Markdown has none).
 */
import { diagnostic, type Diagnostic, type Severity } from "../../../core/diagnostics.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { ExtractRefused, type Extract } from "../../../core/contracts/extract.ts";
import { assignIds } from "../../../core/ir/ids.ts";
import type { Block as IrBlock, Footnote } from "../../../core/ir/types.ts";
import { hasTitle, irBlocks } from "./blocks.ts";
import { plainOf, text } from "./inlines.ts";
import type { Block } from "./model.ts";
import { textPara } from "./model.ts";
import { Notes, type NoteRef } from "./notes.ts";
import { Numbering } from "./numbering.ts";
import { Parts } from "./parts.ts";
import { readPictures } from "./pictures.ts";
import { Reader } from "./reader.ts";
import { Styles } from "./styles.ts";
import { lazyElements } from "../../../core/ooxml/xml/lazy.ts";
import { child, kids, readTree } from "../../../core/ooxml/xml/tree.ts";

export { MACROS_REFUSED } from "./parts.ts";

const QUOTE_LIMIT = 300;

/** The text each comment was made on, from its range markers, in reading order. */
const commentedText = (blocks: readonly Block[], into = new Map<string, string>(), open = new Set<string>()): Map<string, string> => {
  const add = (shown: string) => {
    for (const id of open) into.set(id, (into.get(id) ?? "") + shown);
  };
  for (const b of blocks) {
    if (b.k === "p") {
      for (const p of b.pieces) {
        if (p.k === "cs") open.add(p.id);
        else if (p.k === "ce") open.delete(p.id);
        else add(plainOf([p]));
      }
      add(" ");
    } else if (b.k === "table") for (const row of b.rows) for (const cell of row) commentedText(cell.blocks, into, open);
  }
  return into;
};

/** A note's blocks; a comment's start with who made it on what text, run into its first paragraph. */
const noteBlocks = (body: IrBlock[], prefix = ""): IrBlock[] => {
  const first = body[0];
  if (prefix && first?.type === "paragraph") first.inlines.unshift(text(prefix));
  else if (prefix || body.length === 0) body.unshift({ type: "paragraph", id: "", inlines: [text(prefix.trimEnd() || "(empty)")] });
  return body;
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
    const root = readTree(pkg.text(main) ?? "", main);
    if (root.local !== "document") throw new ExtractRefused("The file is not a Word document: its main part is not a document.", "unreadable");

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

    const blocks = reader.blocks(kids(child(root, "body")), reader.story(main));
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
        bodies.set(ref, reader.blocks(kids(el), reader.story(source.part)));
      }
    };
    readQueue(0);
    const referenced = notes.queue.length;
    notes.unreferencedComments();
    readQueue(referenced);
    ctx.signal?.throwIfAborted();
    if (reader.pictures) await readPictures(reader.pictures, parts, ctx, report);

    const comments = notes.queue.some((r) => r.kind === "comment") ? notes.source("comment") : null;
    // Only comments quote text: without them the text is not walked again.
    const quotes = comments ? commentedText(blocks) : new Map<string, string>();
    if (comments) for (const body of bodies.values()) commentedText(body, quotes);
    // Headings in notes keep the levels of the body's.
    const titled = hasTitle(blocks);
    const footnotes = notes.queue.map((ref): Footnote => {
      const body = irBlocks(bodies.get(ref) ?? [], titled);
      if (ref.kind !== "comment") return { id: ref.footnoteId, label: ref.label, blocks: noteBlocks(body) };
      const el = comments?.byId.get(ref.id);
      const author = el?.attrs["author"]?.trim();
      let quote = (quotes.get(ref.id) ?? "").replace(/\s+/g, " ").trim();
      if (quote.length > QUOTE_LIMIT) quote = `${quote.slice(0, QUOTE_LIMIT).trimEnd()}…`;
      const prefix = `Comment${author ? ` by ${author}` : ""}${quote ? ` on “${quote}”` : ""}: `;
      return { id: ref.footnoteId, label: ref.label, blocks: noteBlocks(body, prefix) };
    });

    const ir = assignIds({ id: "doc", blocks: irBlocks(blocks, titled), footnotes });
    if (ir.blocks.length === 0 && footnotes.length === 0) report("extract.empty", "warning", "The document has no text.");
    return { ir, pages: 1, diagnostics };
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      throw new ExtractRefused("The document is nested too deeply to be read.", "unreadable");
    }
    throw error;
  }
};
