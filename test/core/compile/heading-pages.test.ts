/**
 * Where each heading landed in the first PDF, for the contents list's page numbers: from the PDF's outline, else
 * from the pages' text. Headings in quotes and list items are listed in the contents too, so they get their pages.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { headingPages, headingPagesFromOutline, headingsOf } from "../../../core/compile/heading-pages.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";

const { ir } = readMarkdown(
  ["# Report", "## Summary", "Text.", "> ### Quoted heading\n>\n> Quoted text.", "- Item text.\n\n  ### Later in the item\n\n  More.", "## Close", "End."].join("\n\n"),
);
const ids = () => Object.fromEntries(headingsOf(ir).map((h) => [h.text, h.id]));

describe("the headings of a document and their pages", () => {
  it("lists the body's headings in reading order, those in a quote and in a list item too", () => {
    assert.deepEqual(
      headingsOf(ir).map((h) => [h.level, h.text]),
      [[2, "Summary"], [3, "Quoted heading"], [3, "Later in the item"], [2, "Close"]],
    );
  });

  it("takes each heading's page from the outline, in order", () => {
    const outline = [
      { title: "Summary", page: 2 },
      { title: "Quoted heading", page: 3 },
      { title: "Later in the item", page: 3 },
      { title: "Close", page: 4 },
    ];
    const { Summary, "Quoted heading": quoted, "Later in the item": inItem, Close } = ids();
    assert.deepEqual(headingPagesFromOutline(ir, outline), { [Summary!]: 2, [quoted!]: 3, [inItem!]: 3, [Close!]: 4 });
  });

  it("finds them in the pages' text after the contents list", () => {
    const pages = [
      { page: 1, text: "Contents Summary 2 Quoted heading 3 Later in the item 3 Close 4" },
      { page: 2, text: "Summary Text." },
      { page: 3, text: "Quoted heading Quoted text. Item text. Later in the item More." },
      { page: 4, text: "Close End." },
    ];
    const { Summary, "Quoted heading": quoted, "Later in the item": inItem, Close } = ids();
    assert.deepEqual(headingPages(ir, pages), { [Summary!]: 2, [quoted!]: 3, [inItem!]: 3, [Close!]: 4 });
  });
});
