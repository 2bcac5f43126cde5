/**
 * The checks of the interface's table on a document a model wrote (issue 14), through the real service, the real
 * client and a scripted model on loopback: an invented figure comes out as a visible `[DATO]` gap in the Word file
 * and its PDF, an invented ruling is flagged, a contradiction and an unanswered question are found, the sector
 * checklist scores the text (a document of no sector on the general checklist of its type), each finding has its
 * location, and the status follows the findings.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { startModelServer, type ChatRequest, type ModelServer, type Reply } from "../support/model-server.ts";
import { outline, understanding, writer } from "../support/writer-script.ts";
import { docxText, download, readEvents, type Doc } from "../support/documents.ts";
import { pdfReader } from "../../renderers/mupdf/index.ts";

const pdfText = async (bytes: Uint8Array) => (await pdfReader.info(bytes)).text.map((p) => p.text).join("\n");

let svc: Service;
let model: ModelServer;

const SOURCE = "Fee schedule.\n\nQuote A: EUR 1,200 for the whole move. Quote B: EUR 1,500 with packing.\n";

const PARTS: Record<string, string> = {
  Fees: "## Fees\n\nThe grand total is EUR 1,200. A late fee of EUR 350 applies to every missed day, as held in STS 4321/2017.\n\nThe work starts after signature.",
  Timeline: "## Timeline\n\nThe move takes two weeks. The grand total is EUR 1,500.",
};

/** The schema's enum of ids a check asked about, read from the request as a real model would see it. */
const idsAsked = (req: ChatRequest, path: string[]): string[] => {
  let node = (req.body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema?.schema as Record<string, unknown> | undefined;
  for (const key of path) node = (node?.[key] as Record<string, unknown> | undefined) ?? undefined;
  return (node?.enum as string[] | undefined) ?? [];
};

const checks = (req: ChatRequest): Reply | null => {
  switch (req.schemaName) {
    case "facts_verdicts":
      return { json: { verdicts: [] } };
    case "citation_verdicts":
      return { json: { citations: idsAsked(req, ["properties", "citations", "items", "properties", "id"]).map((id) => ({ id, verdict: "invented", reason: "no such judgment" })) } };
    case "sector_checklist": {
      const ids = idsAsked(req, ["properties", "points", "items", "properties", "id"]);
      return {
        json: {
          points: ids.map((id, i) =>
            i === 0 ? { id, verdict: "met", evidence: "The work starts after signature.", reason: "stated" } : { id, verdict: "unmet", evidence: null, reason: `point ${id} is missing` },
          ),
        },
      };
    }
    case "reader_questions":
      return { json: { reader: "a client", questions: [{ question: "What is the grand total?", why: "to pay it" }, { question: "Who pays for the storage?", why: "to budget it" }] } };
    case "reader_answers":
      return {
        json: {
          answers: [
            { question: 1, status: "answered", answer: "EUR 1,200", block_ids: ["b0"] },
            { question: 2, status: "unanswered", answer: null, block_ids: [] },
          ],
          contradictions: [],
        },
      };
    case "source_instructions":
      return { json: { instructions: [] } };
    default:
      return null;
  }
};

before(async () => {
  const write = writer({
    // The warehouse report is a general business document: the judge recognises no sector in it.
    understand: (req) => ({ json: understanding({ format: "docx", type: "report", sector: /warehouse/.test(req.lastUser) ? null : "legal", quality: "standard", title: "Moving services" }) }),
    outline: { json: outline([{ heading: "Fees" }, { heading: "Timeline" }], { title: "Moving services" }) },
    part: (heading) => ({ text: PARTS[heading] ?? `## ${heading}\n\nText.` }),
  });
  model = await startModelServer(async (req, i) => checks(req) ?? write(req, i));
  svc = await startInProcess({ QUIRE_MODEL_BASE_URL: model.url, QUIRE_MODEL_WRITER: "m-writer", QUIRE_MODEL_JUDGE: "m-judge", QUIRE_MODEL_READER: "m-reader" });
});

after(async () => {
  await svc?.stop();
  await model?.close();
  assert.deepEqual(model.violations, []);
});

test("a model's invented figure becomes a visible gap, and every other finding is reported with its place", async () => {
  const { data, error } = await svc.client.POST("/documents", {
    body: { prompt: "A short report for a client on our moving services, from the fee schedule.", format: "docx", sources: [{ data: Buffer.from(SOURCE).toString("base64"), filename: "fees.txt" }] },
  });
  const doc = data as Doc;
  assert.ok(doc, JSON.stringify(error));
  assert.equal(doc.status, "needs_review", "an invented ruling is an error-level finding");
  const word = docxText((await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes);
  assert.ok(!word.includes("350"), "the invented late fee is gone");
  assert.match(word, /A late fee of \[DATO: amount\] applies/);
  assert.match(word, /EUR 1,200/, "a figure from the source stays");
  const pdf = await pdfText((await download(doc.outputs!.find((o) => o.kind === "pdf")!.url)).bytes);
  assert.match(pdf.replace(/\s+/g, " "), /\[DATO: amount\]/, "the gap is in the PDF too");

  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  const by = (code: string) => report!.issues.filter((i) => i.code === code);
  assert.equal(by("content.unsupported_fact").length, 1, JSON.stringify(report!.issues));
  assert.match(by("content.unsupported_fact")[0]!.message, /350/);
  assert.equal(by("content.unsupported_citation").length, 1);
  assert.equal(by("content.unsupported_citation")[0]!.severity, "error");
  assert.match(by("content.unsupported_citation")[0]!.message, /STS 4321\/2017/);
  assert.equal(by("content.contradiction").length, 1, "two grand totals");
  assert.match(by("content.contradiction")[0]!.message, /1,200[^]*1,500|1,500[^]*1,200/);
  assert.equal(by("content.unclear").length, 1);
  assert.match(by("content.unclear")[0]!.message, /storage/);
  assert.ok(by("quality.check_failed").length >= 1);
  for (const issue of [...by("content.unsupported_fact"), ...by("content.unsupported_citation"), ...by("content.contradiction")]) {
    assert.deepEqual(issue.location.pages, [1], `${issue.code} is located`);
  }
  assert.ok(report!.key_data.length > 0, "key data is reported at standard");

  const events = (await readEvents(svc.client, doc.id)).events;
  const checked = events.find((e) => e.type === "quality.checked")!.data as { score: number; sector: string };
  assert.equal(checked.sector, "legal");
  assert.ok(checked.score > 0 && checked.score < 100);
  for (const type of ["facts.checked", "citations.checked", "reader.checked"]) assert.ok(events.some((e) => e.type === type), type);
  // The reader is a second model that never sees the sources; the checklist is the judge's.
  const readerCalls = model.requests.filter((r) => r.body.model === "m-reader");
  assert.equal(readerCalls.length, 2);
  assert.ok(readerCalls.every((r) => !JSON.stringify(r.body.messages).includes("Quote B")));
  // The writer was given the sector's guide.
  assert.ok(model.requests.some((r) => r.body.model === "m-writer" && /Good practice for this kind of document/.test(JSON.stringify(r.body.messages))));
});

test("at fast, only the checks of data not supplied by the caller run", async () => {
  const before = model.requests.length;
  const { data } = await svc.client.POST("/documents", { body: { prompt: "A short report for a client on our moving services [FAST].", format: "docx", quality: "fast" } });
  const doc = data as Doc;
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  const codes = new Set(report!.issues.map((i) => i.code));
  assert.ok(codes.has("content.unsupported_fact"));
  assert.ok(!codes.has("content.unclear") && !codes.has("quality.check_failed"));
  assert.deepEqual(report!.key_data, []);
  const asked = model.requests.slice(before).map((r) => r.body.model);
  assert.ok(!asked.includes("m-reader"), "no reader test at fast");
});

test("a general business document, of no sector, is scored on the general checklist of its type", async () => {
  const before = model.requests.length;
  const { data, error } = await svc.client.POST("/documents", { body: { prompt: "A board report on opening a warehouse in Zaragoza.", format: "docx", quality: "standard" } });
  const doc = data as Doc;
  assert.ok(doc, JSON.stringify(error));
  assert.equal(doc.sector, null);
  const events = (await readEvents(svc.client, doc.id)).events;
  const checked = events.filter((e) => e.type === "quality.checked").map((e) => e.data);
  // The scripted judge meets the first point with a quote from the text and fails the other eight.
  assert.deepEqual(checked, [{ score: 11, checklist: "general-report", sector: null, points: 9, met: 1, unmet: 8, skipped: 0 }]);
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  const failed = report!.issues.filter((i) => i.code === "quality.check_failed");
  assert.equal(failed.length, 8);
  assert.ok(failed.every((i) => i.severity === "warning" && i.message.startsWith("General checklist (report): ")), JSON.stringify(failed));
  // The writer was told what a good report holds, as a sector's writer is told its sector's guide.
  const written = model.requests.slice(before).filter((r) => r.body.model === "m-writer");
  assert.ok(written.some((r) => /no sector checklist applies/.test(JSON.stringify(r.body.messages))));
});
