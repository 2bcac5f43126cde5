/**
 * Unfilled gaps: every `[DATO]` the caller's or a model's text still holds is one `content.gap` warning at the block
 * or table it is in, so the document is `ready_with_warnings`; the gaps the facts check puts in are its own to report.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runChecks } from "../../../core/checks/run.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { noModel } from "../../../core/contracts/model.ts";
import { statusFor } from "../../../core/documents/status.ts";
import { locate } from "../../../core/compile/locate.ts";
import { checks } from "../../../plugins/checks/index.ts";
import { gapsCheck } from "../../../plugins/checks/gaps.ts";
import { factsCheck } from "../../../plugins/checks/facts/index.ts";
import type { TextCheckContext } from "../../../core/contracts/check-plugin.ts";

const ctx = (author: "caller" | "model", operation: "create" | "review" = "create"): TextCheckContext => ({
  stage: "text",
  operation,
  format: "docx",
  type: "contract",
  author,
  style: defaultStyle("contract"),
  request: null,
  sources: [],
  model: noModel,
  signal: new AbortController().signal,
});

const CONTRACT = [
  "# Contrato de arrendamiento",
  "",
  "El arrendatario, [DATO: nombre del arrendatario], con DNI [DATO], alquila la vivienda.",
  "",
  "- La renta es de [DATO: importe] euros al mes.",
  "",
  "| Concepto | Importe |",
  "|---|---|",
  "| Fianza | [DATO] |",
  "",
  "Véase [el anexo [DATO: anexo]](https://example.com).",
  "",
  "Un ejemplo de marcador: `[DATO]`.[^1]",
  "",
  "[^1]: Fecha de firma: [DATO: fecha].",
].join("\n");

describe("gaps check", () => {
  for (const author of ["caller", "model"] as const) {
    it(`one warning per gap in the ${author}'s text, at its block or table, and the document is ready_with_warnings`, async () => {
      const { ir } = readMarkdown(CONTRACT);
      const found = (await runChecks([gapsCheck], ir, ctx(author), async () => {})).diagnostics;
      assert.deepEqual(
        found.map((d) => [d.code, d.severity, d.category, d.message.match(/\[DATO[^\]]*\]/)![0]]),
        [
          ["content.gap", "warning", "content", "[DATO: nombre del arrendatario]"],
          ["content.gap", "warning", "content", "[DATO]"],
          ["content.gap", "warning", "content", "[DATO: importe]"],
          ["content.gap", "warning", "content", "[DATO]"],
          ["content.gap", "warning", "content", "[DATO: anexo]"],
          ["content.gap", "warning", "content", "[DATO: fecha]"],
        ],
      );
      const paragraph = ir.blocks[0]!;
      const table = ir.blocks[2]!;
      assert.equal(found[0]!.nodeId, paragraph.id);
      assert.equal(found[3]!.nodeId, table.id, "a cell's gap points at its table, whose words locate it");
      assert.equal(statusFor(found), "ready_with_warnings");
    });
  }

  it("a document without gaps gets nothing, and a review is not a document to fill", async () => {
    const { ir } = readMarkdown("# Informe\n\nTodo está completo. El código `[DATO]` es un ejemplo.");
    assert.deepEqual((await runChecks([gapsCheck], ir, ctx("caller"), async () => {})).diagnostics, []);
    assert.deepEqual((await runChecks([gapsCheck], readMarkdown(CONTRACT).ir, ctx("caller", "review"), async () => {})).diagnostics, []);
  });

  it("runs before the facts check, so a gap the facts check puts in is reported once, by that check", () => {
    const ids = checks.map((c) => c.id);
    assert.ok(ids.indexOf(gapsCheck.id) >= 0 && ids.indexOf(gapsCheck.id) < ids.indexOf(factsCheck.id), ids.join(", "));
  });

  it("through the whole list, the caller's gaps are reported", async () => {
    const { diagnostics } = await runChecks(checks, readMarkdown(CONTRACT).ir, ctx("caller"), async () => {});
    assert.equal(diagnostics.filter((d) => d.code === "content.gap").length, 6);
  });

  it("the report's pages are found from the words around each gap", async () => {
    const { ir } = readMarkdown(CONTRACT);
    const found = (await runChecks([gapsCheck], ir, ctx("caller"), async () => {})).diagnostics;
    const pages = [
      { page: 1, text: "Contrato de arrendamiento\nEl arrendatario, [DATO: nombre del arrendatario], con DNI [DATO], alquila la vivienda.\nLa renta es de [DATO: importe] euros al mes." },
      { page: 2, text: "Concepto Importe\nFianza [DATO]\nVéase el anexo [DATO: anexo].\n1 Fecha de firma: [DATO: fecha]." },
    ];
    assert.deepEqual(locate(found, ir, pages).map((d) => d.location?.pages), [[1], [1], [1], [2], [2], [2]]);
  });
});
