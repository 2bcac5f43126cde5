/**
 * `replace_all` in Word (plugins/docx/edit/replace-all.ts) on a file written here with the phrase in every story:
 * body paragraphs (once split across runs of different formatting, twice in one run), a table cell, a text box, the
 * header, the footer and a footnote. The result is read back by readers we did not write: pandoc (body, table and
 * footnote; accepting and rejecting tracked changes) and the parts' XML as unzipped by fflate (header, footer).
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { EditOp, EditOptions } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { docxEdit } from "../../../../plugins/docx/edit/index.ts";

const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:v="urn:schemas-microsoft-com:vml"`;
const run = (text: string, rPr = "") => `<w:r>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (...runs: string[]) => `<w:p>${runs.join("")}</w:p>`;

/** The split paragraph's last run, which the replacement must leave as written. */
const UNTOUCHED = run(" signed today.");

const DOCUMENT = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>${para(run("Contract with Acme "), run("Corp", "<w:rPr><w:b/></w:rPr>"), UNTOUCHED)}${para(
  run("Acme Corp pays and Acme Corp delivers"),
  `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>`,
  run("."),
)}<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(run("Client: Acme Corp"))}</w:tc></w:tr></w:tbl>${para(
  run("A box: "),
  `<w:r><w:pict><v:shape id="box1" style="width:200pt;height:40pt"><v:textbox><w:txbxContent>${para(run("Boxed Acme Corp"))}</w:txbxContent></v:textbox></v:shape></w:pict></w:r>`,
)}${para(run("acme corp in lower case stays."))}<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`;

const HEADER = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr ${W}>${para(run("Acme Corp confidential"))}</w:hdr>`;
const FOOTER = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:ftr ${W}>${para(run("Page by Acme "), run("Corp", "<w:rPr><w:i/></w:rPr>"))}</w:ftr>`;
const FOOTNOTES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote><w:footnote w:id="1">${para(
  `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>`,
  run(" See the Acme Corp annual report."),
)}</w:footnote></w:footnotes>`;

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const docx = (): Uint8Array =>
  zipSync({
    "[Content_Types].xml": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/><Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>`),
    "_rels/.rels": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`),
    "word/_rels/document.xml.rels": strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdH" Type="${REL}/header" Target="header1.xml"/><Relationship Id="rIdF" Type="${REL}/footer" Target="footer1.xml"/><Relationship Id="rIdN" Type="${REL}/footnotes" Target="footnotes.xml"/></Relationships>`),
    "word/document.xml": strToU8(DOCUMENT),
    "word/header1.xml": strToU8(HEADER),
    "word/footer1.xml": strToU8(FOOTER),
    "word/footnotes.xml": strToU8(FOOTNOTES),
  });

const PLAIN: EditOptions = { track: false, author: "Ann Editor", date: "2026-03-04T05:06:07Z" };
const TRACKED: EditOptions = { ...PLAIN, track: true };
const REPLACE: EditOp = { op: "replace_all", find: "Acme Corp", replace: "Globex Inc" };

const applied = (plan: EditOp[], options = PLAIN) => {
  const original = docx();
  const result = docxEdit.apply(original, plan, options);
  const bytes = writePackage(openPackage(original), result.parts);
  return { original, result, bytes, parts: unzipSync(bytes) };
};

const pandoc = (bytes: Uint8Array, track: "accept" | "reject" = "accept"): string =>
  execFileSync("pandoc", ["-f", "docx", "-t", "plain", `--track-changes=${track}`, "--wrap=none"], { input: Buffer.from(bytes) }).toString("utf8");

/** The visible text of a part as unzipped: `w:t` kept, `w:delText` (deleted) not. */
const partText = (parts: Record<string, Uint8Array>, name: string): string => [...strFromU8(parts[name]!).matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("");

describe("docx replace_all", () => {
  it("replaces the phrase in the body, a table, a text box, the header, the footer and a footnote", () => {
    const { result, bytes, parts, original } = applied([REPLACE]);
    const text = pandoc(bytes);
    assert.doesNotMatch(text, /Acme Corp/, text);
    assert.match(text, /Contract with Globex Inc signed today\./);
    assert.match(text, /Globex Inc pays and Globex Inc delivers/);
    assert.match(text, /Client: Globex Inc/);
    assert.match(text, /See the Globex Inc annual report\./, "the footnote");
    assert.match(text, /acme corp in lower case stays\./, "matched with its case");
    assert.match(partText(parts, "word/document.xml"), /A box: Boxed Globex Inc/, "the text box");
    assert.equal(partText(parts, "word/header1.xml"), "Globex Inc confidential");
    assert.equal(partText(parts, "word/footer1.xml"), "Page by Globex Inc");
    // Only the parts holding the phrase change; every other entry is copied as stored.
    assert.deepEqual([...result.parts.keys()].sort(), ["word/document.xml", "word/footer1.xml", "word/footnotes.xml", "word/header1.xml"]);
    const before = unzipSync(original);
    for (const name of Object.keys(before)) if (!result.parts.has(name)) assert.deepEqual(parts[name], before[name], name);
  });

  it("finds an occurrence split across runs and keeps the runs it does not touch as written", () => {
    const { parts } = applied([REPLACE]);
    const xml = strFromU8(parts["word/document.xml"]!);
    assert.ok(xml.includes(UNTOUCHED), "the run after the phrase is byte-identical");
    assert.match(xml, /<w:r><w:t xml:space="preserve">Contract with <\/w:t><w:t xml:space="preserve">Globex Inc<\/w:t><\/w:r>|<w:r><w:t xml:space="preserve">Contract with <\/w:t><\/w:r><w:r><w:t xml:space="preserve">Globex Inc<\/w:t><\/w:r>/);
    assert.doesNotMatch(xml, /<w:b\/><\/w:rPr><w:t[^>]*>Corp/, "the bold part of the phrase is gone");
    // The footer's phrase ends in an italic run: the replacement takes the first run's look, the italic run goes.
    assert.doesNotMatch(strFromU8(parts["word/footer1.xml"]!), /<w:i\/>/);
  });

  it("reports each occurrence with its block or part, and its paragraph before and after", () => {
    const { result } = applied([REPLACE]);
    assert.ok(result.edits.every((e) => e.op === "replace_all" && e.outcome === "applied" && e.index === 0 && e.target === "Acme Corp"));
    assert.deepEqual(
      result.edits.map((e) => e.block),
      ["p1", "p2", "p2", "t1.r1.c1", "p3", "header1.p1", "footer1.p1", "footnote1"],
    );
    const p2 = result.edits.find((e) => e.block === "p2")!;
    assert.equal(p2.before, "Acme Corp pays and Acme Corp delivers.");
    assert.equal(p2.after, "Globex Inc pays and Globex Inc delivers.");
    assert.deepEqual(
      result.edits.filter((e) => e.block === "p3").map((e) => [e.before, e.after]),
      [["Boxed Acme Corp", "Boxed Globex Inc"]],
    );
    assert.deepEqual([result.edits.at(-1)!.before, result.edits.at(-1)!.after], [" See the Acme Corp annual report.", " See the Globex Inc annual report."]);
  });

  it("tracked: every occurrence is a w:del of the old text and a w:ins of the new, by the author, in every part", () => {
    const { result, bytes, parts } = applied([REPLACE], TRACKED);
    assert.equal(result.edits.length, 8);
    assert.match(pandoc(bytes, "accept"), /Contract with Globex Inc signed today\./);
    const rejected = pandoc(bytes, "reject");
    assert.doesNotMatch(rejected, /Globex/);
    assert.match(rejected, /Acme Corp pays and Acme Corp delivers/);
    assert.match(rejected, /See the Acme Corp annual report\./);
    for (const name of ["word/document.xml", "word/header1.xml", "word/footer1.xml", "word/footnotes.xml"]) {
      const xml = strFromU8(parts[name]!);
      assert.match(xml, /<w:del w:id="\d+" w:author="Ann Editor" w:date="2026-03-04T05:06:07Z">/, name);
      assert.match(xml, /<w:ins w:id="\d+" w:author="Ann Editor"[^>]*><w:r>(?:<w:rPr>.*?<\/w:rPr>)?<w:t xml:space="preserve">Globex Inc<\/w:t><\/w:r><\/w:ins>/, name);
      assert.match(xml, /<w:delText[^>]*>(?:Acme |Acme Corp)<\/w:delText>/, name);
    }
    const ids = Object.entries(parts)
      .filter(([n]) => n.startsWith("word/") && n.endsWith(".xml"))
      .flatMap(([, b]) => [...strFromU8(b).matchAll(/<w:(?:ins|del) w:id="(\d+)"/g)].map((m) => m[1]));
    assert.equal(new Set(ids).size, ids.length, "revision ids are unique across the parts");
  });

  it("a text box written twice (mc:Choice and its mc:Fallback) is replaced in both and reported once", () => {
    const box = (inner: string) => `<w:txbxContent>${para(run(inner))}</w:txbxContent>`;
    const alternate = `<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:drawing><wps:txbx xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">${box("Twice Acme Corp")}</wps:txbx></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>${box("Twice Acme Corp")}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    const original = writePackage(openPackage(docx()), new Map([["word/document.xml", DOCUMENT.replace("<w:sectPr>", `${alternate}<w:sectPr>`)]]));
    const result = docxEdit.apply(original, [REPLACE], PLAIN);
    const xml = String(result.parts.get("word/document.xml"));
    assert.equal(xml.match(/Twice <\/w:t><\/w:r><w:r><w:t xml:space="preserve">Globex Inc/g)?.length, 2);
    assert.doesNotMatch(xml, /Acme Corp/);
    assert.deepEqual(
      result.edits.filter((e) => e.block === "p5").map((e) => e.after),
      ["Twice Globex Inc"],
    );
  });

  it("a phrase found nowhere is not_found and changes nothing; it sits beside the plan's other edits", () => {
    const { result } = applied([{ op: "replace_all", find: "Initech", replace: "X" }]);
    assert.deepEqual(
      result.edits.map((e) => [e.op, e.outcome, e.block]),
      [["replace_all", "not_found", null]],
    );
    assert.equal(result.parts.size, 0);
    const mixed = applied([{ op: "replace_text", block: "p4", find: "stays", replace: "remains" }, REPLACE, { op: "insert_after", block: "p1", text: "Added after." }]);
    assert.deepEqual(
      mixed.result.edits.map((e) => [e.index, e.outcome]),
      [[0, "applied"], ...Array.from({ length: 8 }, () => [1, "applied"]), [2, "applied"]],
    );
    const text = pandoc(mixed.bytes);
    assert.match(text, /Contract with Globex Inc signed today\.\s+Added after\./);
    assert.match(text, /acme corp in lower case remains\./);
  });
});
