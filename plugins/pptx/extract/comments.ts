/**
 * Slide comments, kept as Word comments are (plugins/docx/extract/index.ts): note references `[^cN]` where the
 * comment is anchored — a comment is made on a slide, so at the end of the slide's heading — and definitions at the
 * end, `Comment by <author> on slide N: <text>`, replies after it. Both kinds PowerPoint writes are read, each found
 * through the slide's `comments` relationship: the older comments (`ppt/comments/comment*.xml`, `p:cm` with
 * `p:text`, authors in `commentAuthors.xml`) and modern ones (`ppt/comments/modernComment_*.xml`, `p188:cm` with a
 * text body and replies, authors in `authors.xml`). A comments part that cannot be read costs its comments and a
 * warning, not the slide.
 */
import type { Diagnostic } from "../../../core/diagnostics.ts";
import type { Block, FootnoteRefInline, Footnote, Inline } from "../../../core/ir/types.ts";
import { PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { attr, child, descendants, kids, ownText, readPart } from "../../../core/ooxml/xml/query.ts";

/** A text body's paragraphs, one a line. */
const bodyText = (body: XEl | undefined): string =>
  kids(body, "p")
    .map((p) => descendants(p, "t").map(ownText).join(""))
    .join("\n")
    .trim();

/** A comment's text as a paragraph, its line breaks kept. */
const paragraph = (prefix: string, text: string): Block => {
  const inlines: Inline[] = [];
  `${prefix}${text || "(empty)"}`.split(/\r\n?|\n/).forEach((line, i) => {
    if (i > 0) inlines.push({ type: "lineBreak", id: "" });
    if (line !== "") inlines.push({ type: "text", id: "", text: line, marks: [] });
  });
  return { type: "paragraph", id: "", inlines };
};

export class SlideComments {
  readonly footnotes: Footnote[] = [];
  private authorNames: Map<string, string> | undefined;

  constructor(
    private readonly pkg: Package,
    private readonly presentationPart: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Comment authors by id, from the older and the modern authors part; read when a slide first has comments. */
  private get authors(): Map<string, string> {
    if (!this.authorNames) {
      this.authorNames = new Map();
      const rels = relsOf(this.pkg, this.presentationPart);
      for (const rel of [...relsOfType(rels, "commentAuthors"), ...relsOfType(rels, "authors")]) {
        const root = rel.external ? null : this.readOrWarn(rel.target);
        for (const a of [...kids(root ?? undefined, "cmAuthor"), ...kids(root ?? undefined, "author")]) this.authorNames.set(attr(a, "id") ?? "", (attr(a, "name") ?? "").trim());
      }
    }
    return this.authorNames;
  }

  private readOrWarn(part: string): XEl | null {
    try {
      return readPart(this.pkg, part);
    } catch (error) {
      if (!(error instanceof PackageRefused) || error.reason === "zip_bomb" || error.reason === "xml_dtd") throw error;
      this.diagnostics.push({ code: "extract.comments_unreadable", severity: "warning", category: "extract", message: `${part} could not be read (${error.message}); its comments are missing.` });
      return null;
    }
  }

  /** References to the comments of a slide, in the order they were made; their definitions are kept. */
  forSlide(slidePart: string, number: number): FootnoteRefInline[] {
    const refs: FootnoteRefInline[] = [];
    for (const rel of relsOfType(relsOf(this.pkg, slidePart), "comments")) {
      const root = rel.external ? null : this.readOrWarn(rel.target);
      for (const cm of kids(root ?? undefined, "cm")) {
        const legacy = child(cm, "text");
        const text = legacy ? ownText(legacy).trim() : bodyText(child(cm, "txBody"));
        const author = this.authors.get(attr(cm, "authorId") ?? "") ?? "";
        const replies = kids(child(cm, "replyLst"), "reply").map((r) => {
          const by = this.authors.get(attr(r, "authorId") ?? "") ?? "";
          return paragraph(`Reply${by ? ` by ${by}` : ""}: `, bodyText(child(r, "txBody")));
        });
        const n = this.footnotes.length + 1;
        this.footnotes.push({ id: `fn${n}`, label: `c${n}`, blocks: [paragraph(`Comment${author ? ` by ${author}` : ""} on slide ${number}: `, text), ...replies] });
        refs.push({ type: "footnoteRef", id: "", footnoteId: `fn${n}` });
      }
    }
    return refs;
  }
}
