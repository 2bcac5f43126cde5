/**
 * Edited decks open in LibreOffice: a PowerPoint-made deck and a LibreOffice-made one (a corpus deck saved again by
 * LibreOffice, so its markup is LibreOffice's own) take text edits, a new slide and a removed slide, and convert to a
 * PDF with one page per slide of the edited deck and the new text on its pages.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, it } from "node:test";
import type { EditOp } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { relsOf } from "../../../../core/ooxml/rels.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { attr, child, kids, readPart, relAttr } from "../../../../core/ooxml/xml/query.ts";
import { pptxEdit } from "../../../../plugins/pptx/edit/index.ts";
import { corpusPath } from "../../../support/corpus.ts";

const run = promisify(execFile);
const soffice = "/usr/bin/soffice";
const tools = [soffice, "/usr/bin/pdfinfo", "/usr/bin/pdftotext"];
const missing = tools.filter((t) => !existsSync(t));

const convert = (dir: string, to: string, inputs: string[], outdir: string) =>
  // A private profile: a shared one would collide with any LibreOffice already running.
  run(soffice, [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", to, "--outdir", outdir, ...inputs], { timeout: 110_000 });

const edited = (bytes: Uint8Array, plan: EditOp[]) => {
  const result = pptxEdit.apply(bytes, plan, { track: false, author: "Quire", date: "2026-01-01T00:00:00Z" });
  assert.deepEqual(result.edits.map((e) => `${e.op}:${e.outcome}`), plan.map((op) => `${op.op}:applied`), JSON.stringify(result.edits.filter((e) => e.outcome !== "applied")));
  const out = writePackage(openPackage(bytes), result.parts);
  const pkg = openPackage(out);
  // Every listed slide exists and no relationship of the presentation names a part that is gone.
  const presentation = readPart(pkg, "ppt/presentation.xml")!;
  const rels = relsOf(pkg, "ppt/presentation.xml");
  for (const s of kids(child(presentation, "sldIdLst"), "sldId")) assert.ok(pkg.has(rels.get(relAttr(s, "id") ?? "")?.target ?? "?"), `slide ${attr(s, "id")} is missing`);
  for (const rel of rels.values()) assert.ok(rel.external || pkg.has(rel.target), rel.target);
  return { out, doc: pptxEdit.read(out) };
};

describe("pptx edit: the result opens in LibreOffice", () => {
  it(
    "a PowerPoint-made and a LibreOffice-made deck, edited, convert with one page per slide",
    { skip: missing.length > 0 ? `not installed: ${missing.join(", ")}` : false, timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "quire-pptx-edit-"));
      try {
        // LibreOffice's own pptx: the python-pptx-made scans deck saved again by LibreOffice.
        await copyFile(corpusPath("scans/pptx_image_middle.pptx"), join(dir, "source.pptx"));
        await mkdir(join(dir, "lo"), { recursive: true });
        await convert(dir, "pptx", [join(dir, "source.pptx")], join(dir, "lo"));
        const libre = new Uint8Array(await readFile(join(dir, "lo", "source.pptx")));
        const libreBlocks = pptxEdit.read(libre).blocks;
        assert.ok(libreBlocks.some((b) => b.kind === "slide" && b.text === "Architecture"), "LibreOffice's deck reads");
        const title = libreBlocks.find((b) => b.kind === "shape_paragraph" && b.text === "Architecture")!;
        const a = edited(libre, [
          { op: "replace_text", block: title.id, find: "Architecture", replace: "Arquitectura nueva" },
          { op: "add_slide", block: "s3", like: "s2", title: "Diapositiva añadida", body: ["Primer punto", "Segundo punto"] },
          { op: "delete", block: "s1" },
        ]);
        assert.equal(a.doc.pages, 3);

        const office = new Uint8Array(await readFile(corpusPath("pptx/python-pptx-ph-inherit-props.pptx")));
        const b = edited(office, [
          { op: "replace_text", block: "s1.sh2.p1", find: "Body Text", replace: "Texto del cuerpo" },
          { op: "insert_after", block: "s1.sh2.p1", text: "Línea insertada" },
          { op: "add_slide", block: "s1", like: "s1", title: "Otra diapositiva", body: ["Contenido nuevo"] },
          { op: "move", block: "s1", after: "s2" },
          { op: "delete", block: "s2" },
        ]);
        assert.equal(b.doc.pages, 2);

        await writeFile(join(dir, "libre.pptx"), a.out);
        await writeFile(join(dir, "office.pptx"), b.out);
        await convert(dir, "pdf", [join(dir, "libre.pptx"), join(dir, "office.pptx")], dir);
        for (const [name, pages, texts] of [
          ["libre", a.doc.pages, ["Arquitectura nueva", "Diapositiva añadida", "Segundo punto"]],
          ["office", b.doc.pages, ["Texto del cuerpo", "Línea insertada", "Otra diapositiva", "Contenido nuevo"]],
        ] as const) {
          const pdf = join(dir, `${name}.pdf`);
          const info = (await run("pdfinfo", [pdf])).stdout;
          assert.equal(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), pages, `${name}: one page per slide`);
          const text = (await run("pdftotext", [pdf, "-"])).stdout;
          for (const t of texts) assert.ok(text.includes(t), `${name}: the PDF lacks ${JSON.stringify(t)}`);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
