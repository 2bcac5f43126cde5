/**
 * Cell comments, kept as Word comments are (plugins/docx/extract/index.ts): a note reference `[^cN]` in the cell it
 * was made on and a definition at the end, `Comment by <author> on B3 (“<the cell's text>”): <text>`, replies after
 * it. Two kinds are read: threaded comments (`xl/threadedComments/*.xml`, authors in the workbook's `persons` part),
 * with their replies; and notes, the older comments (`xl/comments*.xml`). Excel writes a note beside each threaded
 * comment for older versions (author `tc={id}`, text "[Threaded comment] Your version of Excel…"), so a note on a
 * cell that has a threaded comment is that copy and is left out. A comment on an empty cell makes the cell appear.
 */
import type { Block, Footnote, Inline, TableCell } from "../../../core/ir/types.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import { attr, child, descendants, kids, ownText, readPart } from "../../../core/ooxml/xml/query.ts";
import { parseRef } from "./cell-ref.ts";
import type { Workbook } from "./workbook.ts";
import { workbookPartOf } from "./workbook.ts";

interface SheetComment {
  readonly ref: string;
  readonly author: string;
  readonly text: string;
  readonly replies: readonly { readonly author: string; readonly text: string }[];
}

const QUOTE_LIMIT = 300;

/** A note's text is in runs (`t`); a threaded comment's is the `text` element's own. */
const textOf = (el: ReturnType<typeof child>): string => {
  const runs = descendants(el, "t");
  return (runs.length > 0 ? runs.map(ownText).join("") : ownText(el)).replace(/\r\n?/g, "\n").trim();
};

/** The people named by threaded comments (`xl/persons/person.xml`), by id. */
export const readPersons = (pkg: Package, workbook: Workbook): Map<string, string> => {
  const part = workbookPartOf(workbook, "person");
  const root = part ? readPart(pkg, part) : null;
  return new Map(kids(root ?? undefined, "person").map((p) => [attr(p, "id") ?? "", attr(p, "displayName") ?? ""]));
};

/** A sheet's comments, threaded ones first, by cell in reading order. */
const readComments = (pkg: Package, sheetPart: string, persons: ReadonlyMap<string, string>): SheetComment[] => {
  const rels = relsOf(pkg, sheetPart);
  const out: SheetComment[] = [];
  const threaded = new Set<string>();
  for (const rel of relsOfType(rels, "threadedComment")) {
    const root = rel.external ? null : readPart(pkg, rel.target);
    const all = kids(root ?? undefined, "threadedComment");
    for (const c of all) {
      if (attr(c, "parentId")) continue;
      const id = attr(c, "id");
      const ref = (attr(c, "ref") ?? "").toUpperCase();
      threaded.add(ref);
      const replies = all.filter((r) => id !== undefined && attr(r, "parentId") === id).map((r) => ({ author: persons.get(attr(r, "personId") ?? "") ?? "", text: textOf(child(r, "text")) }));
      out.push({ ref, author: persons.get(attr(c, "personId") ?? "") ?? "", text: textOf(child(c, "text")), replies });
    }
  }
  for (const rel of relsOfType(rels, "comments")) {
    const root = rel.external ? null : readPart(pkg, rel.target);
    const authors = kids(child(root ?? undefined, "authors"), "author").map(ownText);
    for (const c of kids(child(root ?? undefined, "commentList"), "comment")) {
      const ref = (attr(c, "ref") ?? "").toUpperCase();
      if (threaded.has(ref)) continue;
      const author = (authors[Number(attr(c, "authorId") ?? -1)] ?? "").trim();
      let text = textOf(child(c, "text"));
      // Excel starts a note with its author's name in bold on a line of its own.
      if (author && text.startsWith(`${author}:`)) text = text.slice(author.length + 1).trim();
      out.push({ ref, author: author.startsWith("tc=") ? "" : author, text, replies: [] });
    }
  }
  const at = (ref: string) => parseRef(ref) ?? { row: Infinity, col: Infinity };
  return out.sort((a, b) => at(a.ref).row - at(b.ref).row || at(a.ref).col - at(b.ref).col);
};

const words = (text: string) => [{ type: "text" as const, id: "", text, marks: [] }];

/** A comment's text as paragraphs, its line breaks kept. */
const lines = (prefix: string, text: string): Block => {
  const inlines: Inline[] = [];
  `${prefix}${text || "(empty)"}`.split("\n").forEach((line, i) => {
    if (i > 0) inlines.push({ type: "lineBreak", id: "" });
    if (line !== "") inlines.push(...words(line));
  });
  return { type: "paragraph", id: "", inlines };
};

/** Workbook-wide numbering of comments: labels `c1`, `c2`… in reading order, and their definitions. */
export class Comments {
  readonly footnotes: Footnote[] = [];

  constructor(
    private readonly pkg: Package,
    private readonly persons: ReadonlyMap<string, string>,
  ) {}

  /** Puts a reference to each comment of the sheet into its cell, and keeps the definitions. */
  addSheet(sheetPart: string, rows: Map<number, Map<number, TableCell>>): void {
    for (const c of readComments(this.pkg, sheetPart, this.persons)) {
      const n = this.footnotes.length + 1;
      const footnoteId = `fn${n}`;
      const at = parseRef(c.ref);
      let cell: TableCell | undefined;
      if (at) {
        let cells = rows.get(at.row);
        if (!cells) rows.set(at.row, (cells = new Map()));
        cell = cells.get(at.col);
        if (!cell) cells.set(at.col, (cell = { id: "", inlines: [] }));
      }
      let quote = (cell?.inlines ?? [])
        .map((i) => (i.type === "text" ? i.text : i.type === "lineBreak" ? " " : ""))
        .join("")
        .replace(/\s+/g, " ")
        .trim();
      if (quote.length > QUOTE_LIMIT) quote = `${quote.slice(0, QUOTE_LIMIT).trimEnd()}…`;
      cell?.inlines.push({ type: "footnoteRef", id: "", footnoteId });
      const where = `${c.ref}${quote ? ` (“${quote}”)` : ""}`;
      const blocks = [
        lines(`Comment${c.author ? ` by ${c.author}` : ""}${where ? ` on ${where}` : ""}: `, c.text),
        ...c.replies.map((r) => lines(`Reply${r.author ? ` by ${r.author}` : ""}: `, r.text)),
      ];
      this.footnotes.push({ id: footnoteId, label: `c${n}`, blocks });
    }
  }
}
