/**
 * The citations check (plugins/checks/citations): which citations of model-written text the request and sources
 * support, what is reported for the others and where, the judge's verdicts through a scripted OpenAI-compatible
 * server on loopback, and a document still checked by code when the judge cannot answer.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import { defaultStyle } from "../../../../core/style/defaults.ts";
import { noModel, type ModelClient } from "../../../../core/contracts/model.ts";
import type { CheckSource, TextCheckContext } from "../../../../core/contracts/check-plugin.ts";
import { citationsCheck } from "../../../../plugins/checks/citations/index.ts";
import { detectCitations } from "../../../../plugins/checks/citations/detect.ts";
import { openAiModel } from "../../../../renderers/openai/index.ts";
import { settingsFor, startModelServer, type ModelServer } from "../../../support/model-server.ts";

const ctx = (over: { author?: TextCheckContext["author"]; prompt?: string; sources?: CheckSource[]; model?: ModelClient; quality?: "fast" | "standard" } = {}): TextCheckContext => ({
  stage: "text",
  operation: "create",
  format: "docx",
  type: "report",
  author: over.author ?? "model",
  style: defaultStyle("report"),
  request: over.prompt === undefined ? null : { prompt: over.prompt },
  sources: over.sources ?? [],
  quality: over.quality ?? "fast",
  model: over.model ?? noModel,
  signal: new AbortController().signal,
});

const DOCUMENT = [
  "# Informe",
  "",
  "El arrendamiento se rige por el Art. 1.544 C.C. y por la Ley 29/1994.",
  "",
  "El despido se ajusta al artículo 54 del Estatuto de los Trabajadores, según la STS 1234/2019.",
  "",
  "- El plazo lo fija el artículo 30 de la Ley 39/2015.",
  "- La protección de datos sigue el Reglamento (UE) 2016/679 (asunto C-131/12).",
].join("\n");

const SOURCES: CheckSource[] = [
  { index: 1, name: "dictamen.txt", text: "Conforme al artículo 1544 del Código Civil y a la Ley 39/2015, artículo 21, el plazo..." },
  { index: 2, name: "sentencia.txt", text: "Roj: ECLI:ES:TS:2019:1234. Regulation (EU) 2016/679 applies." },
];

describe("the citations check", () => {
  it("runs on model-written text only, at every quality level", () => {
    assert.equal(citationsCheck.appliesTo(ctx()), true);
    assert.equal(citationsCheck.appliesTo(ctx({ quality: "standard" })), true);
    assert.equal(citationsCheck.appliesTo(ctx({ author: "caller" })), false);
    assert.equal(citationsCheck.appliesTo(ctx({ author: "file" })), false);
  });

  it("supports what the request or a source cites in any spelling, and reports the rest where it stands without changing the text", async () => {
    const { ir } = readMarkdown(DOCUMENT);
    const result = await citationsCheck.run(ir, ctx({ prompt: "Informe sobre el arrendamiento (Ley 29/1994) y el despido.", sources: SOURCES }));
    assert.equal(result.ir, undefined, "citations are reported, never removed or replaced");
    const byText = new Map(result.diagnostics.map((d) => [d.message.match(/^The citation "([^"]+)"/)?.[1], d]));
    // Supported: Art. 1.544 C.C. (art. 1544 CC in source 1), Ley 29/1994 (the prompt), STS 1234/2019 (its ECLI),
    // Reglamento (UE) 2016/679 (in English in source 2).
    assert.deepEqual([...byText.keys()].sort(), ["artículo 30 de la Ley 39/2015", "artículo 54 del Estatuto de los Trabajadores", "asunto C-131/12"]);
    for (const d of result.diagnostics) {
      assert.equal(d.code, "content.unsupported_citation");
      assert.equal(d.severity, "warning");
      assert.equal(d.category, "content");
    }
    const article = byText.get("artículo 30 de la Ley 39/2015")!;
    assert.equal(article.nodeId, ir.blocks[2]!.type === "list" ? ir.blocks[2]!.items[0]!.blocks[0]!.id : "?");
    assert.match(article.message, /cite ley 39\/2015 but not this article/);
    assert.match(article.message, /\(in "El plazo lo fija el artículo 30 de la Ley 39\/2015\."\)/);
    assert.equal(byText.get("artículo 54 del Estatuto de los Trabajadores")!.nodeId, ir.blocks[1]!.id);
    assert.match(byText.get("asunto C-131/12")!.message, /it is not in the request or the sources/);
    assert.deepEqual(result.events, [{ type: "citations.checked", data: { found: 7, supported: 4, unsupported: 3, to_review: 0 } }]);
  });

  it("reports an authority once per block, and finds citations in tables, quotes and footnotes", async () => {
    const markdown = "Ver STC 31/2010 y de nuevo STC 31/2010.\n\n> Ver [2020] UKSC 1.\n\n| Norma |\n|---|\n| 42 U.S.C. § 1983 |\n\nTexto.[^1]\n\n[^1]: Directiva 93/13/CEE.";
    const { ir } = readMarkdown(markdown);
    const result = await citationsCheck.run(ir, ctx());
    assert.equal(result.diagnostics.length, 4);
    assert.ok(result.diagnostics.every((d) => typeof d.nodeId === "string" && d.nodeId !== ""));
    assert.deepEqual(result.events?.[0]?.data, { found: 4, supported: 0, unsupported: 4, to_review: 0 });
  });

  it("a law is supported by a source that cites one of its articles, an Act by its name after a sentence's opening word", async () => {
    const sources = [{ index: 1, name: "notes.txt", text: "See artículo 21 de la Ley 39/2015 and the Companies Act 2006." }];
    const { ir } = readMarkdown("La Ley 39/2015 regula el plazo. Meanwhile Companies Act 2006 governs the company.");
    const result = await citationsCheck.run(ir, ctx({ sources }));
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.events?.[0]?.data, { found: 2, supported: 2, unsupported: 0, to_review: 0 });
  });

  it("a document without citations is quiet", async () => {
    const result = await citationsCheck.run(readMarkdown("La Ley de Murphy se cumple: el C-3PO llegó tarde.").ir, ctx());
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.events?.[0]?.data, { found: 0, supported: 0, unsupported: 0, to_review: 0 });
  });

  it("finds citations in long hostile text in linear time", () => {
    const hostile = [
      "art. 1 ".repeat(20000),
      "Aaaa Bbbb ".repeat(20000),
      "[2020] ".repeat(20000),
      "1 U.S. ".repeat(20000),
      "Reglamento (UE) ".repeat(20000),
      "C-1/".repeat(20000),
      "ECLI:ES:TS:2019:".repeat(5000),
    ];
    for (const text of hostile) {
      const started = performance.now();
      detectCitations(text);
      const ms = performance.now() - started;
      assert.ok(ms < 1500, `${JSON.stringify(text.slice(0, 20))}… took ${ms.toFixed(0)} ms`);
    }
  });
});

describe("the judge of unsupported citations", () => {
  let server: ModelServer;
  before(async () => {
    server = await startModelServer();
  });
  after(() => server.close());

  const UNSUPPORTED = "El contrato se rige por la Ley 29/1994.\n\nEl despido sigue la STS 9999/2019.\n\nVéase también [2020] UKSC 1.\n\nY el 42 U.S.C. § 1983.";

  it("asks once with each citation and its sentence; doubtful is to review, invented an error, real stays unsupported", async () => {
    server.requests.length = 0;
    server.script = (request) => {
      assert.equal(request.model, "m-judge");
      assert.equal(request.schemaName, "citation_verdicts");
      for (const part of ["c1", "Ley 29/1994", "El contrato se rige por la Ley 29/1994.", "c4", "STS 9999/2019", "United Kingdom"]) assert.ok(request.lastUser.includes(part), part);
      return {
        json: {
          citations: [
            { id: "c1", verdict: "real", reason: "The urban leases act." },
            { id: "c2", verdict: "invented", reason: "No such judgment number." },
            { id: "c3", verdict: "doubtful", reason: "Cannot confirm the case." },
          ],
        },
      };
    };
    const { ir } = readMarkdown(UNSUPPORTED);
    const result = await citationsCheck.run(ir, ctx({ model: openAiModel(settingsFor(server)) }));
    assert.deepEqual(server.violations, []);
    assert.equal(server.requests.length, 1);
    const [real, invented, doubtful, unjudged] = result.diagnostics;
    assert.equal(real!.code, "content.unsupported_citation");
    assert.equal(real!.severity, "warning");
    assert.match(real!.message, /recognised it as a real authority \(The urban leases act\.\), but it does not come from the caller's material/);
    assert.equal(invented!.code, "content.unsupported_citation");
    assert.equal(invented!.severity, "error");
    assert.match(invented!.message, /likely invented \(No such judgment number\.\)/);
    assert.equal(doubtful!.code, "content.citation_to_review");
    assert.equal(doubtful!.severity, "warning");
    assert.match(doubtful!.message, /\[2020\] UKSC 1.*not sure.*Cannot confirm the case/);
    // The answer said nothing of c4: it stays as code found it.
    assert.equal(unjudged!.code, "content.unsupported_citation");
    assert.equal(unjudged!.severity, "warning");
    assert.deepEqual(result.diagnostics.map((d) => d.nodeId), ir.blocks.map((b) => b.id));
    assert.deepEqual(result.events?.[0]?.data, { found: 4, supported: 0, unsupported: 3, to_review: 1 });
  });

  it("is not asked when every citation is supported", async () => {
    server.requests.length = 0;
    server.script = () => ({ json: { citations: [] } });
    const result = await citationsCheck.run(readMarkdown("Según la Ley 29/1994.").ir, ctx({ prompt: "Usa la ley 29/1994.", model: openAiModel(settingsFor(server)) }));
    assert.deepEqual(result.diagnostics, []);
    assert.equal(server.requests.length, 0);
  });

  it("when the judge cannot answer, the findings of code stand and say they were not judged", async () => {
    server.requests.length = 0;
    server.script = () => ({ status: 503 });
    const result = await citationsCheck.run(readMarkdown(UNSUPPORTED).ir, ctx({ model: openAiModel(settingsFor(server, { retries: 0 })) }));
    assert.deepEqual(server.violations, []);
    assert.equal(result.diagnostics.length, 4);
    for (const d of result.diagnostics) {
      assert.equal(d.code, "content.unsupported_citation");
      assert.equal(d.severity, "warning");
      assert.match(d.message, /could not be judged \(the judge model was unavailable/);
    }
    assert.deepEqual(result.events?.[0]?.data, { found: 4, supported: 0, unsupported: 4, to_review: 0 });
  });
});
