/**
 * Word edit (plugins/docx/edit) on corpus files made by Word, LibreOffice, pandoc and mammoth: blocks, every op plain
 * and tracked, each result re-opened and re-read. A tracked result is checked with a tiny accept-all / reject-all
 * (written here): accepting gives what the plain edit gives, rejecting gives the original. Two results are converted
 * by LibreOffice to prove they open.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import type { EditBlock, EditOp, EditResult } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { readTree, type XEl } from "../../../../core/ooxml/xml/tree.ts";
import { docxEdit } from "../../../../plugins/docx/edit/index.ts";
import { paragraphText } from "../../../../plugins/docx/edit/runs.ts";

const corpus = (name: string): Uint8Array => new Uint8Array(readFileSync(`/work/shared/corpus/docx/${name}`));

const OPTIONS = { track: false, author: "Ann Editor", date: "2026-03-04T05:06:07.890Z" } as const;
const TRACKED = { ...OPTIONS, track: true } as const;

interface Applied {
  readonly result: EditResult;
  /** The package written with the changed parts. */
  readonly bytes: Uint8Array;
  readonly blocks: readonly EditBlock[];
  readonly xml: string;
}

const apply = (bytes: Uint8Array, plan: EditOp[], options: { track: boolean; author: string; date: string } = OPTIONS): Applied => {
  const result = docxEdit.apply(bytes, plan, options);
  const out = writePackage(openPackage(bytes), result.parts);
  return { result, bytes: out, blocks: docxEdit.read(out).blocks, xml: openPackage(out).text("word/document.xml")! };
};

const texts = (blocks: readonly EditBlock[]): string[] => blocks.map((b) => b.text);
const byId = (blocks: readonly EditBlock[], id: string): EditBlock => {
  const b = blocks.find((x) => x.id === id);
  if (!b) throw new Error(`no block ${id}`);
  return b;
};

type Rule = "drop" | "unwrap" | "keep" | { rename: string };

/** The part with each element kept, dropped, unwrapped (its content kept) or renamed, by `rule`. */
const transform = (xml: string, rule: (el: XEl) => Rule): string => {
  const root = readTree(xml, "word/document.xml");
  const emit = (el: XEl): string => {
    const r = rule(el);
    if (r === "drop") return "";
    const inner = () => {
      let s = "";
      let at = el.openEnd;
      for (const c of el.children) {
        s += xml.slice(at, c.start) + emit(c);
        at = c.end;
      }
      return s + xml.slice(at, el.closeStart);
    };
    if (r === "unwrap") return el.openEnd === el.end ? "" : inner();
    if (el.openEnd === el.end && r === "keep") return xml.slice(el.start, el.end);
    const prefix = el.name.slice(0, el.name.length - el.local.length);
    const name = typeof r === "object" ? `${prefix}${r.rename}` : el.name;
    const open = `<${name}${xml.slice(el.start + 1 + el.name.length, el.openEnd)}`;
    return el.openEnd === el.end ? open : `${open}${inner()}</${name}>`;
  };
  return xml.slice(0, root.start) + emit(root) + xml.slice(root.end);
};

const markOf = (el: XEl, holder: string, mark: string): boolean => {
  const props = el.children.find((c) => c.local === holder);
  const target = el.local === "p" ? props?.children.find((c) => c.local === "rPr") : props;
  return !!target?.children.some((c) => c.local === mark);
};

/** Accept all: deletions dropped, insertions kept as plain content, paragraphs whose mark was deleted (and that hold nothing) gone. */
const acceptAll = (xml: string): string =>
  transform(xml, (el) => {
    if (el.local === "del") return "drop";
    if (el.local === "ins") return "unwrap";
    if (el.local === "p" && markOf(el, "pPr", "del") && paragraphText(el).text === "") return "drop";
    if (el.local === "tr" && markOf(el, "trPr", "del")) return "drop";
    return "keep";
  });

/** Reject all: insertions dropped (inserted paragraphs and rows whole), deletions restored as plain text. */
const rejectAll = (xml: string): string =>
  transform(xml, (el) => {
    if (el.local === "ins") return "drop";
    if (el.local === "p" && markOf(el, "pPr", "ins")) return "drop";
    if (el.local === "tr" && markOf(el, "trPr", "ins")) return "drop";
    if (el.local === "del") return "unwrap";
    if (el.local === "delText") return { rename: "t" };
    if (el.local === "delInstrText") return { rename: "instrText" };
    return "keep";
  });

/** The blocks of a package whose document part is replaced by `xml`. */
const blocksWith = (bytes: Uint8Array, xml: string): readonly EditBlock[] =>
  docxEdit.read(writePackage(openPackage(bytes), new Map([["word/document.xml", xml]]))).blocks;

/** Every numeric `w:id` of the document, comments and notes parts. */
const allIds = (bytes: Uint8Array, elements: RegExp = /<w:(?:ins|del|commentRangeStart|commentRangeEnd|commentReference|comment|bookmarkStart|footnote|endnote)\b[^>]*?\sw:id="(-?\d+)"/g): number[] => {
  const pkg = openPackage(bytes);
  const out: number[] = [];
  for (const part of ["word/document.xml", "word/comments.xml", "word/footnotes.xml", "word/endnotes.xml"]) {
    for (const m of (pkg.text(part) ?? "").matchAll(elements)) out.push(Number(m[1]));
  }
  return out;
};

/** Parts the result must hold, and nothing else: every other entry stays as stored. */
const assertParts = (result: EditResult, names: string[]) => assert.deepEqual([...result.parts.keys()].sort(), [...names].sort());

/** The tracked plan, accepted, reads as the plain plan's result; rejected, as the original. */
const assertTracked = (name: string, plan: EditOp[]) => {
  const bytes = corpus(name);
  const original = docxEdit.read(bytes).blocks;
  const plain = apply(bytes, plan);
  const tracked = apply(bytes, plan, TRACKED);
  for (const r of [plain, tracked]) assert.ok(r.result.edits.every((e) => e.outcome === "applied"), JSON.stringify(r.result.edits));
  assert.deepEqual(texts(blocksWith(bytes, acceptAll(tracked.xml))), texts(plain.blocks), "accepted");
  assert.deepEqual(blocksWith(bytes, rejectAll(tracked.xml)).map((b) => [b.id, b.kind, b.text]), original.map((b) => [b.id, b.kind, b.text]), "rejected");
  return { plain, tracked, original };
};

describe("docx edit: blocks", () => {
  it("reads headings, paragraphs, list items and cells with their contexts and exact ranges", () => {
    const bytes = corpus("pandoc-tables.docx");
    const doc = docxEdit.read(bytes);
    const xml = openPackage(bytes).text("word/document.xml")!;
    assert.deepEqual(doc.blocks.slice(0, 3).map((b) => [b.id, b.kind, b.context, b.text]), [
      ["p1", "heading", "heading 2", "A table, with and without a header row"],
      ["p2", "paragraph", "paragraph", ""],
      ["t1.r1.c1", "table_cell", "table 1, row 1, column 1", "Name"],
    ]);
    for (const b of doc.blocks) {
      assert.equal(b.part, "word/document.xml");
      const el = xml.slice(b.start, b.end);
      assert.match(el, b.kind === "table_cell" ? /^<w:tc[\s>][\s\S]*<\/w:tc>$/ : /^<w:p[\s>/][\s\S]*(?:<\/w:p>|\/>)$/);
    }
    assert.deepEqual(docxEdit.read(bytes), doc, "the same file gives the same blocks");
    assert.deepEqual(docxEdit.read(corpus("mammoth-simple-list.docx")).blocks.map((b) => [b.id, b.kind, b.context, b.text]), [
      ["p1", "list_item", "list item", "Apple"],
      ["p2", "list_item", "list item", "Banana"],
    ]);
    assert.deepEqual(docxEdit.read(corpus("pandoc-headers.docx")).blocks.slice(0, 3).map((b) => b.context), ["heading 1", "heading 2", "paragraph"]);
  });

  it("reads tabs as tabs, inserted text in and deleted text out", () => {
    assert.deepEqual(texts(docxEdit.read(corpus("pandoc-tabs.docx")).blocks), ["Some text separated\tby a tab.", "\tTab-indented text."]);
    assert.equal(docxEdit.read(corpus("pandoc-track_changes_deletion.docx")).blocks[0]!.text, "This is a text with a deletion.");
    assert.equal(docxEdit.read(corpus("pandoc-track_changes_insertion.docx")).blocks[0]!.text, "This is a text with two exciting insertions.");
  });

  it("gives a cell's paragraphs joined by newlines", () => {
    const cell = docxEdit.read(corpus("pandoc-table_with_list_cell.docx")).blocks.find((b) => b.kind === "table_cell" && b.text.includes("\n"));
    assert.ok(cell, "a cell with several paragraphs");
  });

  it("takes pages from docProps/app.xml, else estimates them from the words", () => {
    assert.equal(docxEdit.read(corpus("pandoc-0_level_headers.docx")).pages, 7);
    assert.equal(openPackage(corpus("pandoc-ns0-reference.docx")).has("docProps/app.xml"), false);
    assert.equal(docxEdit.read(corpus("pandoc-ns0-reference.docx")).pages, 1);
  });
});

describe("docx edit: replace_text", () => {
  it("rewrites only the runs the range touches, keeping each run's formatting", () => {
    const bytes = corpus("pandoc-inline_formatting.docx");
    const before = docxEdit.read(bytes);
    const { result, blocks, xml } = apply(bytes, [{ op: "replace_text", block: "p1", find: "text italics bo", replace: "words & <more>" }]);
    assert.equal(result.edits[0]!.outcome, "applied");
    assert.equal(result.edits[0]!.before, "Regular text italics bold bold italics.");
    assert.equal(result.edits[0]!.after, "Regular words & <more>ld bold italics.");
    assertParts(result, ["word/document.xml"]);
    assert.equal(byId(blocks, "p1").text, "Regular words & <more>ld bold italics.");
    assert.deepEqual(texts(blocks.slice(1)), texts(before.blocks.slice(1)), "other blocks untouched");
    const p1 = xml.slice(byId(blocks, "p1").start, byId(blocks, "p1").end);
    assert.ok(p1.includes(`<w:r><w:t xml:space="preserve">Regular </w:t></w:r><w:r><w:t xml:space="preserve">words &amp; &lt;more&gt;</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">ld </w:t></w:r>`), p1);
    assert.ok(!p1.includes("<w:i/></w:rPr><w:t>italics"), "the run wholly inside the range is gone");
    // Everything outside the paragraph is byte for byte as it was.
    const old = openPackage(bytes).text("word/document.xml")!;
    const p = before.blocks[0]!;
    assert.equal(xml.slice(0, p.start), old.slice(0, p.start));
    assert.equal(xml.slice(byId(blocks, "p1").end), old.slice(p.end));
  });

  it("tracked: the old text deleted, the new inserted, by author and date", () => {
    const { tracked } = assertTracked("pandoc-inline_formatting.docx", [
      { op: "replace_text", block: "p1", find: "text italics bo", replace: "words" },
      { op: "replace_text", block: "p3", find: "Small Caps", replace: "tiny" },
    ]);
    assert.match(tracked.xml, /<w:del w:id="\d+" w:author="Ann Editor" w:date="2026-03-04T05:06:07Z"><w:r><w:delText xml:space="preserve">text <\/w:delText><\/w:r><\/w:del>/);
    assert.match(tracked.xml, /<w:ins w:id="\d+" w:author="Ann Editor" w:date="2026-03-04T05:06:07Z"><w:r><w:t xml:space="preserve">words<\/w:t><\/w:r><\/w:ins>/);
    assert.equal(byId(tracked.blocks, "p1").text, "Regular wordsld bold italics.", "read keeps inserted text and leaves deleted text out");
    assertParts(tracked.result, ["word/document.xml"]);
  });

  it("in a cell, and across a tab", () => {
    assertTracked("pandoc-tabs.docx", [{ op: "replace_text", block: "p1", find: "separated\tby", replace: "split by" }]);
    const { plain } = assertTracked("mammoth-tables.docx", [{ op: "replace_text", block: "t1.r2.c2", find: "right", replace: "corner" }]);
    assert.equal(byId(plain.blocks, "t1.r2.c2").text, "Bottom corner");
  });

  it("says not_found, ambiguous and rejected without stopping the plan", () => {
    const bytes = corpus("pandoc-inline_formatting.docx");
    const { result, blocks } = apply(bytes, [
      { op: "replace_text", block: "p1", find: "nowhere", replace: "x" },
      { op: "replace_text", block: "p1", find: "bold", replace: "x" },
      { op: "replace_text", block: "p99", find: "x", replace: "y" },
      { op: "set_cell", block: "p1", value: "1", formula: false },
      { op: "add_slide", block: "p1", like: "p1", title: "t", body: [] },
      { op: "insert_row", block: "p1", values: ["a"] },
      { op: "replace_text", block: "p1", find: "Regular", replace: "Plain" },
    ]);
    assert.deepEqual(result.edits.map((e) => [e.index, e.outcome]), [
      [0, "not_found"],
      [1, "ambiguous"],
      [2, "not_found"],
      [3, "rejected"],
      [4, "rejected"],
      [5, "rejected"],
      [6, "applied"],
    ]);
    assert.ok(result.edits.slice(0, 6).every((e) => e.reason));
    assert.equal(byId(blocks, "p1").text, "Plain text italics bold bold italics.");
  });
});

describe("docx edit: insert, delete, move", () => {
  it("insert_after / insert_before copy the neighbour's paragraph and run properties (list level, style)", () => {
    const bytes = corpus("mammoth-simple-list.docx");
    const { plain, tracked } = assertTracked("mammoth-simple-list.docx", [
      { op: "insert_after", block: "p1", text: "Apricot" },
      { op: "insert_before", block: "p1", text: "Almond" },
    ]);
    assert.deepEqual(plain.blocks.map((b) => [b.kind, b.text]), [["list_item", "Almond"], ["list_item", "Apple"], ["list_item", "Apricot"], ["list_item", "Banana"]]);
    assert.equal(plain.result.edits[0]!.after, "Apricot");
    assert.ok(plain.xml.includes(`<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">Apricot</w:t></w:r></w:p>`));
    assert.match(tracked.xml, /<w:pPr><w:pStyle w:val="ListParagraph"\/><w:numPr>.*?<\/w:numPr><w:rPr><w:ins w:id="\d+" w:author="Ann Editor"[^>]*\/><\/w:rPr><\/w:pPr><w:ins [^>]*><w:r><w:t xml:space="preserve">Apricot/);
    assert.equal(docxEdit.read(bytes).blocks.length, 2);
    const heading = apply(corpus("pandoc-headers.docx"), [{ op: "insert_after", block: "p2", text: "Also second" }]);
    assert.deepEqual([heading.blocks[2]!.context, heading.blocks[2]!.text], ["heading 2", "Also second"]);
  });

  it("insert in a table cell adds a paragraph inside the cell", () => {
    const { plain } = assertTracked("mammoth-tables.docx", [
      { op: "insert_after", block: "t1.r1.c1", text: "more" },
      { op: "insert_before", block: "t1.r2.c1", text: "first" },
    ]);
    assert.equal(byId(plain.blocks, "t1.r1.c1").text, "Top left\nmore");
    assert.equal(byId(plain.blocks, "t1.r2.c1").text, "first\nBottom left");
  });

  it("delete removes a paragraph; tracked, its runs and mark are deleted", () => {
    const { plain, tracked } = assertTracked("pandoc-headers.docx", [{ op: "delete", block: "p3" }]);
    assert.ok(!texts(plain.blocks).includes("Some plain text."));
    assert.equal(byId(tracked.blocks, "p3").text, "");
    assert.match(tracked.xml, /<w:rPr><w:del w:id="\d+"[^>]*\/><\/w:rPr>/);
    assert.match(tracked.xml, /<w:delText>Some plain text.<\/w:delText>/);
  });

  it("delete of a cell removes its text and keeps the cell", () => {
    const { plain } = assertTracked("mammoth-tables.docx", [{ op: "delete", block: "t1.r1.c2" }]);
    assert.equal(byId(plain.blocks, "t1.r1.c2").text, "");
    assert.equal(plain.blocks.filter((b) => b.kind === "table_cell").length, 4);
  });

  it("move places a paragraph after another; tracked, as a deletion and an insertion", () => {
    const { plain, tracked } = assertTracked("pandoc-headers.docx", [
      { op: "move", block: "p3", after: "p5" },
      { op: "replace_text", block: "p3", find: "plain", replace: "moved" },
    ]);
    assert.deepEqual(texts(plain.blocks).slice(0, 5), ["A Test of Headers", "Second Level", "Third level", "Some more plain text.", "Some moved text."]);
    assert.equal(tracked.result.edits[1]!.outcome, "applied", "the moved block is followed to where it went");
  });

  it("a paragraph holding part of a field over several paragraphs is not deleted or moved alone, except tracked", () => {
    const bytes = corpus("pandoc-0_level_headers.docx");
    const { result } = apply(bytes, [
      { op: "delete", block: "p4" },
      { op: "move", block: "p4", after: "p6" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["rejected", "rejected"]);
    assert.match(result.edits[0]!.reason!, /field/);
    assert.equal(result.parts.size, 0, "nothing changed");
    assert.equal(apply(bytes, [{ op: "delete", block: "p4" }], TRACKED).result.edits[0]!.outcome, "applied");
  });

  it("deleting a paragraph keeps its bookmarks, so cross-references still find them", () => {
    const bytes = corpus("pandoc-table_captions_with_field.docx");
    const names = (xml: string) => [...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]*)"/g)].map((m) => m[1]).sort();
    const old = openPackage(bytes).text("word/document.xml")!;
    const marked = docxEdit.read(bytes).blocks.filter((b) => b.kind !== "table_cell" && old.slice(b.start, b.end).includes("<w:bookmarkStart"));
    assert.ok(marked.length > 0);
    for (const b of marked) {
      const { result, xml } = apply(bytes, [{ op: "delete", block: b.id }]);
      if (result.edits[0]!.outcome !== "applied") continue;
      assert.deepEqual(names(xml), names(old), b.id);
      assert.equal(xml.match(/<w:bookmarkStart /g)!.length, xml.match(/<w:bookmarkEnd /g)!.length);
    }
  });

  it("a tracked move of a paragraph with a picture gives the copy fresh drawing ids", () => {
    const { tracked } = assertTracked("pandoc-inline_images.docx", [{ op: "move", block: "p1", after: "p3" }]);
    const ids = [...tracked.xml.matchAll(/<wp:docPr [^>]*?id="(\d+)"/g)].map((m) => m[1]);
    assert.ok(ids.length >= 2);
    assert.equal(new Set(ids).size, ids.length);
  });

  it("a block deleted earlier in the plan is not found afterwards", () => {
    const { result } = apply(corpus("pandoc-headers.docx"), [
      { op: "delete", block: "p3" },
      { op: "replace_text", block: "p3", find: "plain", replace: "x" },
      { op: "replace_text", block: "p5", find: "more", replace: "less" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "not_found", "applied"]);
    assert.equal(result.edits[2]!.after, "Some less plain text.");
  });
});

describe("docx edit: insert_row", () => {
  it("copies the row after it with the new values; tracked, the row is marked inserted", () => {
    const { plain, tracked } = assertTracked("mammoth-tables.docx", [{ op: "insert_row", block: "t1.r1.c2", values: ["New left"] }]);
    assert.deepEqual(plain.blocks.filter((b) => b.kind === "table_cell").map((b) => [b.id, b.text]), [
      ["t1.r1.c1", "Top left"],
      ["t1.r1.c2", "Top right"],
      ["t1.r2.c1", "New left"],
      ["t1.r2.c2", ""],
      ["t1.r3.c1", "Bottom left"],
      ["t1.r3.c2", "Bottom right"],
    ]);
    assert.match(tracked.xml, /<w:trPr>(?:(?!<\/w:trPr>).)*<w:ins w:id="\d+" w:author="Ann Editor"[^>]*\/><\/w:trPr>/);
  });

  it("keeps the cells' properties on a pandoc table", () => {
    const bytes = corpus("pandoc-tables.docx");
    const first = docxEdit.read(bytes).blocks.find((b) => b.kind === "table_cell")!;
    const { result, xml, blocks } = apply(bytes, [{ op: "insert_row", block: first.id, values: ["a", "b", "c", "d"] }]);
    assert.equal(result.edits[0]!.outcome, "applied");
    assert.deepEqual(texts(blocks.filter((b) => b.id.startsWith("t1.r2."))), ["a", "b", "c", "d"]);
    assert.equal(xml.match(/w14:paraId="13615F00"/g)?.length, 1, "paragraph ids stay unique");
  });
});

describe("docx edit: comments", () => {
  it("creates the comments part, its relationship and content type when the file has none", () => {
    const bytes = corpus("mammoth-tables.docx");
    assert.equal(openPackage(bytes).has("word/comments.xml"), false);
    const { result, bytes: out, blocks } = apply(bytes, [
      { op: "comment", block: "t1.r1.c1", find: "left", text: "Check this & that" },
      { op: "comment", block: "p1", find: "", text: "Whole paragraph" },
    ]);
    assert.ok(result.edits.every((e) => e.outcome === "applied"));
    assertParts(result, ["word/document.xml", "word/comments.xml", "word/_rels/document.xml.rels", "[Content_Types].xml"]);
    const pkg = openPackage(out);
    const comments = pkg.text("word/comments.xml")!;
    assert.match(comments, /<w:comment w:id="(\d+)" w:author="Ann Editor" w:date="2026-03-04T05:06:07Z" w:initials="AE">.*Check this &amp; that/);
    assert.match(pkg.text("word/_rels/document.xml.rels")!, /<Relationship Id="rId7" Type="http:\/\/schemas.openxmlformats.org\/officeDocument\/2006\/relationships\/comments" Target="comments.xml"\/>/);
    assert.match(pkg.text("[Content_Types].xml")!, /<Override PartName="\/word\/comments.xml" ContentType="application\/vnd.openxmlformats-officedocument.wordprocessingml.comments\+xml"\/>/);
    const xml = pkg.text("word/document.xml")!;
    const id = /<w:comment w:id="(\d+)"/.exec(comments)![1];
    assert.ok(xml.includes(`<w:t xml:space="preserve">Top </w:t></w:r><w:commentRangeStart w:id="${id}"/><w:r><w:t xml:space="preserve">left</w:t></w:r><w:commentRangeEnd w:id="${id}"/><w:r><w:commentReference w:id="${id}"/></w:r>`), xml);
    assert.deepEqual(texts(blocks), texts(docxEdit.read(bytes).blocks), "comments change no text");
  });

  it("adds to the comments a file has, with ids above every id in use", () => {
    const bytes = corpus("pandoc-comments.docx");
    const before = allIds(bytes);
    const { result, bytes: out } = apply(
      bytes,
      [
        { op: "comment", block: "p2", find: "new paragraph", text: "Another" },
        { op: "replace_text", block: "p1", find: "want", replace: "wish" },
        { op: "insert_after", block: "p1", text: "Added" },
      ],
      TRACKED,
    );
    assert.ok(result.edits.every((e) => e.outcome === "applied"), JSON.stringify(result.edits));
    assertParts(result, ["word/document.xml", "word/comments.xml"]);
    const after = allIds(out);
    const added = after.slice();
    for (const id of before) added.splice(added.indexOf(id), 1);
    assert.ok(added.length >= 5, `new ids: ${added}`);
    const fresh = new Set(added);
    // A comment's id appears on its comment, range marks and reference; a revision's on itself alone.
    assert.ok(added.every((id) => id > Math.max(...before)), `${added} above ${Math.max(...before)}`);
    assert.equal(openPackage(out).text("word/comments.xml")!.match(/<w:comment /g)!.length, openPackage(bytes).text("word/comments.xml")!.match(/<w:comment /g)!.length + 1);
    assert.ok(fresh.size >= 4);
    // Each revision has an id of its own, shared with nothing else.
    const xml = openPackage(out).text("word/document.xml")!;
    const revisions = [...xml.matchAll(/<w:(?:ins|del) w:id="(\d+)"/g)].map((m) => Number(m[1]));
    assert.ok(revisions.length >= 3);
    assert.equal(new Set(revisions).size, revisions.length);
    const commentIds = new Set([...xml.matchAll(/<w:commentRangeStart w:id="(\d+)"/g)].map((m) => Number(m[1])));
    assert.ok(revisions.every((id) => !commentIds.has(id)));
  });
});

describe("docx edit: several corpus files", () => {
  const files = ["pandoc-lists.docx", "pandoc-trim_last_inline.docx", "mammoth-footnotes.docx", "pandoc-links.docx", "pandoc-table_variable_width.docx", "pandoc-ns0-reference.docx", "mammoth-utf8-bom.docx", "mammoth-strict-format.docx"];
  for (const name of files) {
    it(name, () => {
      const bytes = corpus(name);
      const blocks = docxEdit.read(bytes).blocks;
      const paras = blocks.filter((b) => /\S{3,}/.test(b.text));
      assert.ok(paras.length >= 1, "a block with text");
      const p = paras[0]!;
      const word = p.text.match(/\S{3,}/)![0];
      const find = p.text.indexOf(word) === p.text.lastIndexOf(word) ? word : p.text;
      const plan: EditOp[] = [
        { op: "replace_text", block: p.id, find, replace: "REPLACED" },
        { op: "insert_after", block: p.id, text: "INSERTED" },
        { op: "comment", block: p.id, find: "", text: "a comment" },
      ];
      const plain = apply(bytes, plan);
      assert.deepEqual(plain.result.edits.map((e) => e.outcome), ["applied", "applied", "applied"], JSON.stringify(plain.result.edits));
      // A cell takes the new paragraph inside it.
      assert.equal(byId(plain.blocks, p.id).text, p.kind === "table_cell" ? `${p.text.replace(find, "REPLACED")}\nINSERTED` : p.text.replace(find, "REPLACED"));
      if (p.kind !== "table_cell") assert.equal(plain.blocks[plain.blocks.indexOf(byId(plain.blocks, p.id)) + 1]!.text, "INSERTED");
      for (const b of blocks) if (b.start < p.start) assert.equal(byId(plain.blocks, b.id).text, b.text, "blocks before it untouched");
      if (name !== "mammoth-footnotes.docx") assertTracked(name, plan.slice(0, 2));
      if (name === "mammoth-strict-format.docx") {
        assert.match(String(plain.result.parts.get("word/_rels/document.xml.rels")), /Type="http:\/\/purl.oclc.org\/ooxml\/officeDocument\/relationships\/comments"/, "a Strict document gets a Strict relationship");
        assert.match(String(plain.result.parts.get("word/comments.xml")), /xmlns:w="http:\/\/purl.oclc.org\/ooxml\/wordprocessingml\/main"/);
      }
      if (name === "mammoth-utf8-bom.docx") {
        const part = plain.result.parts.get("word/document.xml");
        assert.ok(part instanceof Uint8Array && part[0] === 0xef, "the byte-order mark is kept");
      }
    });
  }
});

const soffice = "/usr/bin/soffice";
describe("docx edit: LibreOffice opens the results", () => {
  it("converts a tracked and a plain result", { skip: existsSync(soffice) ? false : "LibreOffice not installed", timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-docx-edit-"));
    try {
      const tracked = apply(
        corpus("mammoth-tables.docx"),
        [
          { op: "replace_text", block: "p1", find: "Above", replace: "Over" },
          { op: "insert_row", block: "t1.r1.c1", values: ["Middle left", "Middle right"] },
          { op: "comment", block: "t1.r2.c2", find: "", text: "Noted" },
          { op: "delete", block: "p2" },
        ],
        TRACKED,
      );
      const plain = apply(corpus("pandoc-lists.docx"), [
        { op: "replace_text", block: "p1", find: docxEdit.read(corpus("pandoc-lists.docx")).blocks[0]!.text, replace: "Edited by the plan" },
        { op: "insert_after", block: "p2", text: "A new item" },
      ]);
      await writeFile(join(dir, "tracked.docx"), tracked.bytes);
      await writeFile(join(dir, "plain.docx"), plain.bytes);
      const profile = [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless"];
      await promisify(execFile)(soffice, [...profile, "--convert-to", "pdf", "--outdir", dir, join(dir, "tracked.docx")], { timeout: 110_000 });
      await promisify(execFile)(soffice, [...profile, "--convert-to", "txt:Text", "--outdir", dir, join(dir, "plain.docx")], { timeout: 110_000 });
      assert.equal((await readFile(join(dir, "tracked.pdf"))).subarray(0, 5).toString(), "%PDF-");
      // Read back by LibreOffice as revisions and a comment, not as plain text.
      await promisify(execFile)(soffice, [...profile, "--convert-to", "odt", "--outdir", dir, join(dir, "tracked.docx")], { timeout: 110_000 });
      const content = Buffer.from(unzipSync(await readFile(join(dir, "tracked.odt")))["content.xml"]!).toString("utf8");
      for (const element of ["<text:insertion", "<text:deletion", "<office:annotation"]) assert.ok(content.includes(element), element);
      const text = await readFile(join(dir, "plain.txt"), "utf8");
      assert.ok(text.includes("Edited by the plan") && text.includes("A new item"), text);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
