/** What a writer model is told of a page's Markdown: sections as cards and the interactive blocks (README.md here). */
import type { WritingGuide } from "../../core/contracts/format-plugin.ts";

export const artifactWriting: WritingGuide = {
  unit: "page",
  guide: [
    "Write the whole page as Markdown. It becomes one self-contained web page that keeps its data: a header with the `#` title and the paragraphs before the first `##`, then one card per `##` section; two or more `###` sub-sections in a section are laid out side by side.",
    "Interactive blocks are fenced code blocks whose language is a block kind. Inside, each line is a setting `key: value` or an item. Kinds:",
    "- ```form: one field per line `Label: type [required] [\"placeholder\"]` (types text, email, number, date, time, textarea, checkbox, select Option A, Option B, url, tel); settings `collection:`, `submit:` (button label), `done:` (message after saving).",
    "- ```list: shows the records of a collection, live; settings `collection:`, `columns: Name, Team`, `remove: yes`, `empty:`.",
    "- ```vote: one option per line; live counts. ```counter: settings `label:`, `step:`, `min:`.",
    "- ```chart: settings `type:` bar|line|pie|doughnut, `collection:`, `by:` field, `sum:` or `average:` a number field; a chart with no collection directly followed by a pipe table draws that table.",
    "- ```stat: settings `collection:`, `sum:` or `average:`, `label:`. ```todo: starting tasks as `- [ ] task` lines, `placeholder:`. ```habits: one habit per line, `days:` 3 to 14.",
    "Collections: letters, digits, `_`, `-`, `.`; a form's list and chart under the same `##` heading need no collection names.",
    "Never ask visitors for passwords, card numbers or other secrets. No HTML, no scripts, no external links to scripts or styles, no code fences around the whole answer.",
  ].join("\n"),
};
