/**
 * Editing decks of the shared corpus (PowerPoint-made python-pptx test files, and python-pptx-made decks among the
 * scans): every op applied, the result written and read again. The changed text is there, every other block is as
 * it was, a changed part differs from the original only inside the range of what was edited, and every part not
 * returned is copied byte for byte. Slides added and removed leave the package consistent: every listed slide, content
 * type and relationship points at a part that exists, and no slide part is left unlisted.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import type { EditBlock, EditOp, EditOptions } from "../../../../core/contracts/edit.ts";
import { openPackage, type Package } from "../../../../core/ooxml/package.ts";
import { relsOf, relsOfType, sourceOfRels } from "../../../../core/ooxml/rels.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { attr, child, kids, readPart, relAttr } from "../../../../core/ooxml/xml/query.ts";
import { pptxEdit } from "../../../../plugins/pptx/edit/index.ts";
import { pptxPlugin } from "../../../../plugins/pptx/index.ts";
import { corpusPath } from "../../../support/corpus.ts";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";

const OPTIONS: EditOptions = { track: false, author: "Quire", date: "2026-01-01T00:00:00Z" };
const deck = (name: string): Uint8Array => readFileSync(corpusPath(name));
const INHERIT = "pptx/python-pptx-ph-inherit-props.pptx"; // title, body and notes on PowerPoint's own template
const SPACING = "pptx/python-pptx-txt-paragraph-spacing.pptx"; // text boxes with several paragraphs
const TEXT = "pptx/python-pptx-txt-text.pptx"; // runs, line breaks, a table
const SCANS = "scans/pptx_image_middle.pptx"; // made by python-pptx: three titled slides

const edit = (bytes: Uint8Array, plan: EditOp[]) => {
  const result = pptxEdit.apply(bytes, plan, OPTIONS);
  const original = openPackage(bytes);
  const out = writePackage(original, result.parts);
  return { result, original, out, pkg: openPackage(out), doc: pptxEdit.read(out) };
};

const byId = (blocks: readonly EditBlock[]) => new Map(blocks.map((b) => [b.id, b]));

/** Every part the result did not return is the original's, byte for byte. */
const untouchedParts = (original: Package, pkg: Package, parts: ReadonlyMap<string, unknown>) => {
  for (const name of original.names) {
    if (parts.has(name) || name.endsWith("/")) continue;
    assert.deepEqual(Buffer.from(pkg.bytes(name)!), Buffer.from(original.bytes(name)!), `${name} changed though it was not returned`);
  }
};

/** A changed part differs only inside `[start, end)` of the original text. */
const onlyInside = (before: string, after: string, start: number, end: number) => {
  assert.equal(after.slice(0, start), before.slice(0, start));
  assert.equal(after.slice(after.length - (before.length - end)), before.slice(end));
};

/** The blocks not named in `changed` are as they were (text, kind and context). */
const othersSame = (before: readonly EditBlock[], after: readonly EditBlock[], changed: (id: string) => boolean) => {
  const now = byId(after);
  for (const b of before) {
    if (changed(b.id)) continue;
    const a = now.get(b.id);
    assert.ok(a, `${b.id} is gone`);
    assert.deepEqual({ text: a.text, kind: a.kind, context: a.context }, { text: b.text, kind: b.kind, context: b.context }, b.id);
  }
};

/** Package consistency: listed slides, content types and internal relationships all name parts that exist. */
const consistent = (pkg: Package) => {
  const presentation = readPart(pkg, "ppt/presentation.xml")!;
  const rels = relsOf(pkg, "ppt/presentation.xml");
  const listed = kids(child(presentation, "sldIdLst"), "sldId").map((s) => {
    const rel = rels.get(relAttr(s, "id") ?? "");
    assert.ok(rel && pkg.has(rel.target), `p:sldId ${attr(s, "id")} names no slide`);
    return rel.target;
  });
  assert.equal(new Set(listed).size, listed.length, "a slide is listed twice");
  const ids = kids(child(presentation, "sldIdLst"), "sldId").map((s) => attr(s, "id"));
  assert.equal(new Set(ids).size, ids.length, "two slides share an id");
  for (const name of pkg.names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))) assert.ok(listed.includes(name), `${name} is not listed`);
  const types = readPart(pkg, "[Content_Types].xml")!;
  for (const o of kids(types, "Override")) assert.ok(pkg.has(attr(o, "PartName")!.replace(/^\//, "")), `an Override names ${attr(o, "PartName")}, which is gone`);
  for (const slide of listed) {
    assert.ok(kids(types, "Override").some((o) => attr(o, "PartName") === `/${slide}`), `${slide} has no content type`);
  }
  for (const relsPart of pkg.names.filter((n) => n.endsWith(".rels"))) {
    const source = sourceOfRels(relsPart)!;
    assert.ok(source === "" || pkg.has(source), `${relsPart} belongs to no part`);
    for (const rel of relsOf(pkg, source).values()) {
      if (rel.external) continue;
      assert.ok(pkg.has(rel.target), `${relsPart} ${rel.id} points at ${rel.target}, which is gone`);
    }
  }
};

describe("pptx edit: read", () => {
  it("lists slides, shape paragraphs and notes with exact ranges", () => {
    const bytes = deck(INHERIT);
    const doc = pptxEdit.read(bytes);
    assert.equal(doc.pages, 2);
    assert.deepEqual(
      doc.blocks.map((b) => [b.id, b.kind, b.text, b.context]),
      [
        ["s1", "slide", "Title Text", "slide 1"],
        ["s1.sh1.p1", "shape_paragraph", "Title Text", "slide 1, title"],
        ["s1.sh2.p1", "shape_paragraph", "Body Text", "slide 1, body"],
        ["s1.notes.p1", "notes_paragraph", "Notes in inherited position and size.", "slide 1, notes"],
        ["s2", "slide", "", "slide 2"],
        ["s2.notes.p1", "notes_paragraph", "Notes in modified position and size.", "slide 2, notes"],
      ],
    );
    const pkg = openPackage(bytes);
    for (const b of doc.blocks) {
      const slice = pkg.text(b.part)!.slice(b.start, b.end);
      assert.match(slice, b.kind === "slide" ? /^<p:cSld[\s>][\s\S]*<\/p:cSld>$/ : /^<a:p>[\s\S]*<\/a:p>$/, b.id);
    }
    assert.deepEqual(pptxEdit.read(bytes), doc, "ids and ranges are stable");
  });

  it("reads table cells' paragraphs and every corpus deck", () => {
    const doc = pptxEdit.read(deck(TEXT));
    assert.deepEqual(byId(doc.blocks).get("s2.sh1.r1.c1.p1")?.context, "slide 2, table 1, row 1, column 1");
    assert.equal(byId(doc.blocks).get("s1.sh2.p2")?.text, "a\nb\nc");
    assert.equal(pptxPlugin.edit, pptxEdit);
  });
});

describe("pptx edit: text ops", () => {
  it("replace_text inside one run keeps its properties and touches nothing else", () => {
    const bytes = deck(INHERIT);
    const before = pptxEdit.read(bytes).blocks;
    const target = byId(before).get("s1.sh2.p1")!;
    const { result, original, pkg, doc } = edit(bytes, [{ op: "replace_text", block: "s1.sh2.p1", find: "Body", replace: "Cuerpo & <más>" }]);
    assert.deepEqual(result.edits[0], { index: 0, op: "replace_text", outcome: "applied", block: "s1.sh2.p1", target: "Body", before: "Body Text", after: "Cuerpo & <más> Text", reason: null });
    assert.deepEqual([...result.parts.keys()], ["ppt/slides/slide1.xml"]);
    assert.equal(byId(doc.blocks).get("s1.sh2.p1")!.text, "Cuerpo & <más> Text");
    othersSame(before, doc.blocks, (id) => id === "s1.sh2.p1");
    untouchedParts(original, pkg, result.parts);
    const after = pkg.text("ppt/slides/slide1.xml")!;
    onlyInside(original.text("ppt/slides/slide1.xml")!, after, target.start, target.end);
    assert.match(after, /<a:rPr lang="en-US" dirty="0" smtClean="0"\/>\s*<a:t>Cuerpo &amp; &lt;más&gt; Text<\/a:t>/);
  });

  it("replace_text across runs and a line break keeps the first and last runs' own properties", () => {
    const bytes = deck(TEXT);
    const p = byId(pptxEdit.read(bytes).blocks).get("s1.sh1.p1")!;
    assert.equal(p.text, " Foo Bar \n Baz Zoo \n1");
    const { result, doc, original, pkg } = edit(bytes, [{ op: "replace_text", block: "s1.sh1.p1", find: "Bar \n Baz", replace: "X" }]);
    assert.equal(result.edits[0]!.outcome, "applied");
    assert.equal(byId(doc.blocks).get("s1.sh1.p1")!.text, " Foo X Zoo \n1");
    onlyInside(original.text("ppt/slides/slide1.xml")!, pkg.text("ppt/slides/slide1.xml")!, p.start, p.end);
    // A line break in the replacement becomes a break between runs of the same look.
    const two = edit(bytes, [{ op: "replace_text", block: "s1.sh2.p1", find: "abc", replace: "one\ntwo" }]);
    assert.equal(byId(two.doc.blocks).get("s1.sh2.p1")!.text, "one\ntwo");
    assert.match(two.pkg.text("ppt/slides/slide1.xml")!, /<a:t>one<\/a:t><\/a:r><a:br>/);
  });

  it("replace_text in notes and in a table cell", () => {
    const notes = edit(deck(INHERIT), [{ op: "replace_text", block: "s2.notes.p1", find: "modified", replace: "changed" }]);
    assert.equal(byId(notes.doc.blocks).get("s2.notes.p1")!.text, "Notes in changed position and size.");
    assert.deepEqual([...notes.result.parts.keys()], ["ppt/notesSlides/notesSlide2.xml"]);
    const table = edit(deck(TEXT), [{ op: "replace_text", block: "s2.sh1.r1.c1.p1", find: "table cell", replace: "celda" }]);
    assert.equal(byId(table.doc.blocks).get("s2.sh1.r1.c1.p1")!.text, "Text run in celda");
  });

  it("ambiguous, not_found and rejected ops leave the deck alone, and never stop the others", () => {
    const bytes = deck(TEXT);
    const { result, doc } = edit(bytes, [
      { op: "replace_text", block: "s1.sh2.p2", find: "b", replace: "B" },
      { op: "replace_text", block: "s1.sh2.p1", find: "zzz", replace: "B" },
      { op: "replace_text", block: "s9.sh1.p1", find: "a", replace: "B" },
      { op: "replace_text", block: "s1", find: "a", replace: "B" },
      { op: "set_cell", block: "s2.sh1.r1.c1.p1", value: "1", formula: false },
      { op: "insert_row", block: "s2.sh1.r1.c1.p1", values: ["1"] },
      { op: "comment", block: "s1.sh2.p1", find: "", text: "?" },
      { op: "replace_text", block: "s1.sh2.p1", find: "abc", replace: "xyz" },
    ]);
    assert.deepEqual(
      result.edits.map((e) => e.outcome),
      ["applied", "not_found", "not_found", "rejected", "rejected", "rejected", "rejected", "applied"],
    );
    const tracked = pptxEdit.apply(bytes, [{ op: "replace_text", block: "s1.sh2.p1", find: "abc", replace: "xyz" }], { ...OPTIONS, track: true });
    assert.match(tracked.edits[0]!.reason ?? "", /no tracked changes/);
    const ambiguous = edit(bytes, [{ op: "replace_text", block: "s1.sh2.p2", find: "\n", replace: " " }]);
    assert.equal(ambiguous.result.edits[0]!.outcome, "ambiguous");
    assert.equal(ambiguous.result.parts.size, 0);
    for (const e of result.edits.filter((e) => e.outcome === "rejected")) assert.ok(e.reason && e.reason.length > 10, e.op);
    assert.equal(byId(doc.blocks).get("s1.sh2.p1")!.text, "xyz");
    assert.equal(byId(doc.blocks).get("s1.sh2.p2")!.text, "a\nB\nc");
  });

  it("insert_after and insert_before copy the neighbour's paragraph and run properties", () => {
    const bytes = deck(SPACING);
    const before = pptxEdit.read(bytes).blocks;
    const { result, doc, pkg } = edit(bytes, [
      { op: "insert_after", block: "s1.sh1.p2", text: "After <2>" },
      { op: "insert_before", block: "s1.sh1.p2", text: "Before 2" },
      // Ids of the original read still name their paragraphs after the inserts moved them.
      { op: "replace_text", block: "s1.sh1.p2", find: "6 pt", replace: "six points" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied", "applied"]);
    const texts = doc.blocks.filter((b) => b.id.startsWith("s1.sh1.")).map((b) => b.text);
    assert.deepEqual(texts, ["Paragraph having space before of no explicit setting", "Before 2", "Paragraph having space before of six points", "After <2>"]);
    othersSame(before, doc.blocks, (id) => id.startsWith("s1.sh1."));
    const xml = pkg.text("ppt/slides/slide1.xml")!;
    const p2 = byId(before).get("s1.sh1.p2")!;
    const pPr = /<a:pPr[\s\S]*?<\/a:pPr>|<a:pPr[^>]*\/>/.exec(openPackage(bytes).text(p2.part)!.slice(p2.start, p2.end))![0];
    assert.ok(xml.includes(`<a:p>${pPr}<a:r>`), "the new paragraphs take the neighbour's a:pPr");
    assert.ok(xml.includes("After &lt;2&gt;"));
  });

  it("delete removes a paragraph, and empties a body's last one", () => {
    const spacing = edit(deck(SPACING), [{ op: "delete", block: "s1.sh1.p1" }, { op: "delete", block: "s1.sh1.p1" }]);
    assert.deepEqual(spacing.result.edits.map((e) => e.outcome), ["applied", "not_found"]);
    assert.deepEqual(spacing.doc.blocks.filter((b) => b.id.startsWith("s1.")).map((b) => b.text), ["Paragraph having space before of 6 pt"]);
    const inherit = edit(deck(INHERIT), [{ op: "delete", block: "s1.sh2.p1" }]);
    assert.equal(byId(inherit.doc.blocks).get("s1.sh2.p1"), undefined);
    assert.equal(inherit.result.edits[0]!.after, "");
    // The body still holds a paragraph, so the shape stays valid.
    assert.match(inherit.pkg.text("ppt/slides/slide1.xml")!, /<a:lstStyle\/>\s*<a:p>(<a:endParaRPr[^>]*\/>)?<\/a:p>\s*<\/p:txBody>/);
  });

  it("move reorders paragraphs within a shape only", () => {
    const bytes = deck(SPACING);
    const { result, doc } = edit(bytes, [
      { op: "move", block: "s3.sh1.p1", after: "s3.sh1.p3" },
      { op: "replace_text", block: "s3.sh1.p1", find: "no explicit", replace: "default" },
      { op: "move", block: "s3.sh1.p2", after: "s1.sh1.p1" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied", "rejected"]);
    assert.deepEqual(
      doc.blocks.filter((b) => b.id.startsWith("s3.sh1.")).map((b) => b.text),
      ["Paragraph having line spacing of 1.5 lines", "Paragraph having line spacing of 20pt", "Paragraph having line spacing of default setting"],
    );
  });
});

describe("pptx edit: slides", () => {
  it("add_slide copies the layout and placeholders of `like`, with the title and body given", () => {
    const bytes = deck(INHERIT);
    const before = pptxEdit.read(bytes);
    const { result, doc, pkg, original } = edit(bytes, [{ op: "add_slide", block: "s1", like: "s1", title: "Nueva & última", body: ["Uno", "Dos <b>"] }]);
    assert.equal(result.edits[0]!.outcome, "applied", result.edits[0]!.reason ?? "");
    assert.equal(doc.pages, before.pages + 1);
    const added = doc.blocks.filter((b) => b.id.startsWith("s2"));
    assert.deepEqual(
      added.map((b) => [b.id, b.text, b.context]),
      [
        ["s2", "Nueva & última", "slide 2"],
        ["s2.sh1.p1", "Nueva & última", "slide 2, title"],
        ["s2.sh2.p1", "Uno", "slide 2, body"],
        ["s2.sh2.p2", "Dos <b>", "slide 2, body"],
      ],
    );
    const part = added[0]!.part;
    assert.ok(!original.has(part) && result.parts.has(part));
    const layoutOf = (p: Package, slide: string) => relsOfType(relsOf(p, slide), "slideLayout")[0]!.target;
    assert.equal(layoutOf(pkg, part), layoutOf(original, "ppt/slides/slide1.xml"));
    // The old slide 2 is now slide 3, unchanged.
    assert.equal(byId(doc.blocks).get("s3.notes.p1")!.text, "Notes in modified position and size.");
    consistent(pkg);
    untouchedParts(original, pkg, result.parts);
    assert.deepEqual([...result.parts.keys()].sort(), ["[Content_Types].xml", "ppt/_rels/presentation.xml.rels", "ppt/presentation.xml", part, `ppt/slides/_rels/${part.split("/").pop()}.rels`].sort());
  });

  it("add_slide on a slide without placeholders takes its layout's", () => {
    const bytes = deck(SCANS);
    const { result, doc, pkg } = edit(bytes, [
      { op: "add_slide", block: "s3", like: "s2", title: "Resumen", body: ["Punto"] },
      { op: "add_slide", block: "s1", like: "s1", title: "Otra", body: [] },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied"]);
    assert.deepEqual(doc.blocks.filter((b) => b.kind === "slide").map((b) => b.text), ["Introduction", "Otra", "Architecture", "Conclusion", "Resumen"]);
    assert.equal(byId(doc.blocks).get("s5.sh2.p1")?.text, "Punto");
    consistent(pkg);
  });

  it("delete removes a slide, its notes, relationship and content types, and later ids still work", () => {
    const bytes = deck(INHERIT);
    const { result, doc, pkg, original } = edit(bytes, [
      { op: "delete", block: "s1" },
      { op: "replace_text", block: "s2.notes.p1", find: "modified", replace: "kept" },
      { op: "replace_text", block: "s1.sh1.p1", find: "Title", replace: "x" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "applied", "not_found"]);
    assert.equal(doc.pages, 1);
    assert.deepEqual(doc.blocks.map((b) => [b.id, b.text]), [["s1", ""], ["s1.notes.p1", "Notes in kept position and size."]]);
    for (const gone of ["ppt/slides/slide1.xml", "ppt/slides/_rels/slide1.xml.rels", "ppt/notesSlides/notesSlide1.xml", "ppt/notesSlides/_rels/notesSlide1.xml.rels"]) {
      assert.equal(result.parts.get(gone), null, gone);
      assert.ok(!pkg.has(gone));
    }
    consistent(pkg);
    untouchedParts(original, pkg, result.parts);
  });

  it("sections follow slides added, moved and removed; a link jumping to a removed slide is unlinked", () => {
    // PowerPoint's sections and a slide-jump link, added to a corpus deck (none of the corpus has them).
    const files = unzipSync(deck(INHERIT));
    const text = (name: string) => strFromU8(files[name]!);
    const sections =
      '<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"><p14:sectionLst xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main">' +
      '<p14:section name="A" id="{00000000-0000-0000-0000-000000000001}"><p14:sldIdLst><p14:sldId id="256"/></p14:sldIdLst></p14:section>' +
      '<p14:section name="B" id="{00000000-0000-0000-0000-000000000002}"><p14:sldIdLst><p14:sldId id="257"/></p14:sldIdLst></p14:section></p14:sectionLst></p:ext></p:extLst>';
    files["ppt/presentation.xml"] = strToU8(text("ppt/presentation.xml").replace("</p:presentation>", `${sections}</p:presentation>`));
    files["ppt/slides/_rels/slide1.xml.rels"] = strToU8(
      text("ppt/slides/_rels/slide1.xml.rels").replace("</Relationships>", '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slide2.xml"/></Relationships>'),
    );
    files["ppt/slides/slide1.xml"] = strToU8(text("ppt/slides/slide1.xml").replace('<a:rPr lang="en-US" dirty="0" smtClean="0"/>\n              <a:t>Body', '<a:rPr lang="en-US" dirty="0" smtClean="0"><a:hlinkClick r:id="rId9" action="ppaction://hlinksldjump"/></a:rPr>\n              <a:t>Body'));
    const bytes = zipSync(files);
    assert.match(strFromU8(unzipSync(bytes)["ppt/slides/slide1.xml"]!), /hlinkClick/);
    const ids = (xml: string) => [...xml.matchAll(/<p14:section name="(\w)"[^>]*><p14:sldIdLst>(.*?)<\/p14:sldIdLst>/g)].map((m) => `${m[1]}:${[...m[2]!.matchAll(/id="(\d+)"/g)].map((i) => i[1]).join(",")}`);

    const added = edit(bytes, [{ op: "add_slide", block: "s1", like: "s1", title: "Nueva", body: [] }, { op: "move", block: "s2", after: "s1" }]);
    assert.deepEqual(added.result.edits.map((e) => e.outcome), ["applied", "applied"]);
    assert.deepEqual(ids(added.pkg.text("ppt/presentation.xml")!), ["A:256,257,258", "B:"]);
    consistent(added.pkg);

    const removed = edit(bytes, [{ op: "delete", block: "s2" }]);
    assert.deepEqual(ids(removed.pkg.text("ppt/presentation.xml")!), ["A:256", "B:"]);
    const slide1 = removed.pkg.text("ppt/slides/slide1.xml")!;
    assert.ok(!slide1.includes("hlinkClick") && !removed.pkg.text("ppt/slides/_rels/slide1.xml.rels")!.includes("rId9"));
    assert.equal(byId(removed.doc.blocks).get("s1.sh2.p1")!.text, "Body Text");
    consistent(removed.pkg);
    // A paragraph inserted beside a linked run takes its look, not its link.
    const inserted = edit(bytes, [{ op: "insert_after", block: "s1.sh2.p1", text: "Sin enlace" }]);
    assert.equal(inserted.pkg.text("ppt/slides/slide1.xml")!.match(/hlinkClick/g)!.length, 1);
    assert.match(inserted.pkg.text("ppt/slides/slide1.xml")!, /<a:rPr lang="en-US" dirty="0" smtClean="0"><\/a:rPr><a:t>Sin enlace<\/a:t>/);
  });

  it("move reorders slides; a slide op on a paragraph, or the reverse, is refused", () => {
    const bytes = deck(SCANS);
    const { result, doc, pkg } = edit(bytes, [
      { op: "move", block: "s1", after: "s3" },
      { op: "move", block: "s2", after: "s2" },
      { op: "move", block: "s2", after: "s1.sh1.p1" },
      { op: "add_slide", block: "s1.sh1.p1", like: "s1", title: "x", body: [] },
      { op: "insert_after", block: "s1", text: "x" },
    ]);
    assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", "rejected", "rejected", "rejected", "rejected"]);
    assert.deepEqual(doc.blocks.filter((b) => b.kind === "slide").map((b) => b.text), ["Architecture", "Conclusion", "Introduction"]);
    assert.deepEqual([...result.parts.keys()], ["ppt/presentation.xml"]);
    consistent(pkg);
  });

  it("every corpus deck with slides takes an add, a move and a delete and stays consistent", () => {
    for (const name of ["pptx/python-pptx-sld-notes.pptx", "pptx/python-pptx-ph-populated-placeholders.pptx", "pptx/python-pptx-tbl-cell.pptx", "pptx/python-pptx-shp-groupshape.pptx", "scans/pptx_complex_layout.pptx"]) {
      const bytes = deck(name);
      const pages = pptxEdit.read(bytes).pages;
      const { result, doc, pkg } = edit(bytes, [
        { op: "add_slide", block: "s1", like: "s1", title: "Added", body: ["Line"] },
        { op: "move", block: "s1", after: `s${pages}` },
        { op: "delete", block: "s1" },
      ]);
      // A one-slide deck has no other original slide to move after.
      assert.deepEqual(result.edits.map((e) => e.outcome), ["applied", pages > 1 ? "applied" : "rejected", "applied"], name);
      assert.equal(doc.pages, pages, name);
      assert.ok(doc.blocks.some((b) => b.kind === "slide" && b.text === "Added"), name);
      consistent(pkg);
    }
  });
});
