/**
 * `replace_all` in a deck (plugins/pptx/edit/replace-all.ts): a python-pptx deck with notes, its slide given a title
 * whose phrase is split across runs, a body with the phrase twice in one run, and a table; the notes hold it too.
 * The result is read back from the parts as unzipped by fflate, and LibreOffice (when installed) opens it.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { strFromU8, unzipSync } from "fflate";
import type { EditOp } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { pptxEdit } from "../../../../plugins/pptx/edit/index.ts";
import { corpusPath } from "../../../support/corpus.ts";

const SLIDE = "ppt/slides/slide1.xml";
const NOTES = "ppt/notesSlides/notesSlide1.xml";
const OPTIONS = { track: false, author: "Ann Editor", date: "2026-03-04T05:06:07Z" };

const shape = (id: number, name: string, paragraphs: string) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${id * 700000}"/><a:ext cx="8000000" cy="600000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs}</p:txBody></p:sp>`;
const r = (text: string, rPr = `<a:rPr lang="en-US"/>`) => `<a:r>${rPr}<a:t>${text}</a:t></a:r>`;

/** The corpus deck with text of ours on its slide and in its notes. */
const deck = (): Uint8Array => {
  const original = new Uint8Array(readFileSync(corpusPath("pptx", "python-pptx-prs-notes.pptx")));
  const pkg = openPackage(original);
  const table = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="3000000"/><a:ext cx="4000000" cy="400000"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid><a:gridCol w="4000000"/></a:tblGrid><a:tr h="400000"><a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p>${r("Client: Acme Corp")}</a:p></a:txBody><a:tcPr/></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;
  const shapes =
    shape(2, "Title", `<a:p>${r("Welcome to Acme ")}${r("Corp", `<a:rPr lang="en-US" b="1"/>`)}${r(" today")}</a:p>`) +
    shape(3, "Body", `<a:p>${r("Acme Corp builds; Acme Corp ships")}</a:p><a:p>${r("ACME CORP shouts and stays")}</a:p>`) +
    table;
  const slide = pkg.text(SLIDE)!.replace("</p:grpSpPr></p:spTree>", `</p:grpSpPr>${shapes}</p:spTree>`);
  const notes = pkg.text(NOTES)!.replace("<a:t>Notes</a:t>", "<a:t>Notes on Acme Corp</a:t>");
  return writePackage(pkg, new Map([[SLIDE, slide], [NOTES, notes]]));
};

const texts = (xml: string): string[] => [...xml.matchAll(/<a:p>(.*?)<\/a:p>/g)].map((p) => [...p[1]!.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join(""));

const apply = (plan: EditOp[], options = OPTIONS) => {
  const original = deck();
  const result = pptxEdit.apply(original, plan, options);
  const bytes = writePackage(openPackage(original), result.parts);
  return { original, result, bytes, parts: unzipSync(bytes) };
};

const REPLACE: EditOp = { op: "replace_all", find: "Acme Corp", replace: "Globex Inc" };

describe("pptx replace_all", () => {
  it("replaces the phrase in the slide's shapes, its table and its notes, split runs included", () => {
    const { result, parts, original } = apply([REPLACE]);
    const slide = strFromU8(parts[SLIDE]!);
    assert.deepEqual(texts(slide), ["Welcome to Globex Inc today", "Globex Inc builds; Globex Inc ships", "ACME CORP shouts and stays", "Client: Globex Inc"]);
    assert.ok(slide.includes(r(" today")), "the run after the phrase is as written");
    assert.ok(!slide.includes(`b="1"`), "the bold part of the phrase went with it");
    assert.ok(texts(strFromU8(parts[NOTES]!)).includes("Notes on Globex Inc"));
    assert.deepEqual([...result.parts.keys()].sort(), [NOTES, SLIDE]);
    const before = unzipSync(original);
    for (const name of Object.keys(before)) if (!result.parts.has(name)) assert.deepEqual(parts[name], before[name], name);
  });

  it("reports each occurrence with its block, before and after", () => {
    const { result } = apply([REPLACE], { ...OPTIONS, track: true });
    assert.deepEqual(
      result.edits.map((e) => [e.op, e.outcome, e.block]),
      [
        ["replace_all", "applied", "s1.sh1.p1"],
        ["replace_all", "applied", "s1.sh2.p1"],
        ["replace_all", "applied", "s1.sh2.p1"],
        ["replace_all", "applied", "s1.sh3.r1.c1.p1"],
        ["replace_all", "applied", "s1.notes.p1"],
      ],
    );
    assert.deepEqual([result.edits[1]!.before, result.edits[1]!.after], ["Acme Corp builds; Acme Corp ships", "Globex Inc builds; Globex Inc ships"]);
    assert.ok(result.edits.every((e) => e.reason === "PowerPoint has no tracked changes: applied directly"));
  });

  it("not found, and beside block edits whose ids still hold", () => {
    const none = apply([{ op: "replace_all", find: "Initech", replace: "x" }]);
    assert.deepEqual(
      none.result.edits.map((e) => [e.outcome, e.block]),
      [["not_found", null]],
    );
    assert.equal(none.result.parts.size, 0);
    const mixed = apply([REPLACE, { op: "replace_text", block: "s1.sh2.p2", find: "stays", replace: "remains" }]);
    assert.equal(mixed.result.edits.at(-1)!.outcome, "applied");
    assert.ok(texts(strFromU8(mixed.parts[SLIDE]!)).includes("ACME CORP shouts and remains"));
  });

  it("LibreOffice opens the result", { skip: existsSync("/usr/bin/soffice") ? false : "LibreOffice not installed", timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-pptx-replace-all-"));
    try {
      await writeFile(join(dir, "deck.pptx"), apply([REPLACE]).bytes);
      await promisify(execFile)("/usr/bin/soffice", [`-env:UserInstallation=file://${dir}/profile`, "--headless", "--convert-to", "pdf", "--outdir", dir, join(dir, "deck.pptx")], { timeout: 110_000 });
      assert.ok((await readdir(dir)).includes("deck.pdf"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
