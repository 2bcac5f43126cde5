/** What a writer model is told of a deck's Markdown: every `##` a slide, notes apart (plugins/pptx/sections.ts). */
import type { WritingGuide } from "../../core/contracts/format-plugin.ts";

export const pptxWriting: WritingGuide = {
  unit: "slide",
  guide: [
    "Write Markdown that becomes 16:9 PowerPoint slides. Each `##` heading starts one slide and is its title (short: at most 8 words).",
    "A slide holds 3 to 6 short bullets (at most 12 words each), or one small table (at most 6 rows and 5 columns), or two or three short sentences.",
    "A chart (a native chart on the slide; its table is not shown): a fence ```chart holding `type: bar` (or `line`, `pie`) and optionally `title: …`, closed by ```, then directly its pipe table: first column the labels, each column of numbers a series.",
    "Never write a `#` heading (the title slide is made for you). `###` is a bold line inside a slide.",
    "Speaker notes: after a slide's content, a block quote starting `> Notes:` with what the presenter says; notes never appear on the slide.",
    "No HTML, no code fences around the answer, no images unless you were given `img:<n>` pictures to place as ![description](img:<n>).",
  ].join("\n"),
};
