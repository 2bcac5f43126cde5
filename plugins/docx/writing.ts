/** What a writer model is told of Word's Markdown (the README's "Writing Markdown for Quire", for a model). */
import type { WritingGuide } from "../../core/contracts/format-plugin.ts";

export const docxWriting: WritingGuide = {
  unit: "section",
  guide: [
    "Write GitHub-flavoured Markdown; it is laid out as a Word document with real styles.",
    "Start your section with its `##` heading; use `###` for sub-sections. Never write a `#` heading (the title is added for you).",
    "Paragraphs of full sentences; bulleted or numbered lists only for real enumerations; tables as Markdown pipe tables with a header row.",
    "Bold and italic with ** and *; footnotes as [^1] with their text at the end of the section.",
    "Contract clauses: one `###` heading per clause (they are numbered for you). A letter: the sender and recipient blocks as short lines, one per line.",
    "A chart (drawn as a picture above its table): a fence ```chart holding `type: bar` (or `line`, `pie`) and optionally `title: …`, closed by ```, then directly its pipe table: first column the labels, each column of numbers a series.",
    "A line holding only \\pagebreak starts a new page; use it rarely.",
    "No HTML, no code fences around the answer, no images unless you were given `img:<n>` pictures to place as ![description](img:<n>).",
  ].join("\n"),
};
