/**
 * The general checklists (issue 29, point 2): a document a model wrote at `standard` or `best` that no sector
 * checklist claims is held to the general checklist of its type, through the same judge on the loopback model
 * server, with the same quotes, score and `quality.check_failed` issues; a known sector still gets its own; `fast`
 * documents and the caller's Markdown get no checklist at all. And the general checklists as data.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runChecks } from "../../../../core/checks/run.ts";
import type { ModelClient } from "../../../../core/contracts/model.ts";
import type { CheckEvent, TextCheckContext } from "../../../../core/contracts/check-plugin.ts";
import { docTypes, type IRDocument } from "../../../../core/ir/types.ts";
import { readMarkdown } from "../../../../core/markdown/read.ts";
import { defaultStyle } from "../../../../core/style/defaults.ts";
import { openAiModel } from "../../../../renderers/openai/index.ts";
import { settingsFor, startModelServer, type ChatRequest, type ModelServer } from "../../../../test/support/model-server.ts";
import { sectorCheck } from "../../../../plugins/checks/sector/index.ts";
import { checklistFor, checklistOf, checklists, generalChecklists, pointsFor, type Checklist } from "../../../../plugins/checks/sector/match.ts";

const GENERAL_DIR = fileURLToPath(new URL("../../../../plugins/checks/sector/general/", import.meta.url));

/** The board report of the issue: opening a warehouse, no sector. */
const BOARD_REPORT = [
  "# Opening a warehouse in Zaragoza",
  "",
  "## Summary",
  "",
  "We recommend opening a 12,000 m² warehouse in Zaragoza in the second quarter of 2026.",
  "",
  "## Costs",
  "",
  "| Item | Cost (EUR) |",
  "|---|---|",
  "| Lease, first year | 480,000 |",
  "| Fit-out | 350,000 |",
  "",
  "The figures come from the landlord's offer of 3 March 2026.",
  "",
  "## Risks",
  "",
  "Demand in the region may grow more slowly than planned.",
  "",
  "We will decide once the lease is signed.",
].join("\n");

const REQUEST = "A board report on opening a warehouse in Zaragoza. Use only the headings Summary, Costs and Risks.";

let server: ModelServer;
let model: ModelClient;

before(async () => {
  server = await startModelServer();
  model = openAiModel(settingsFor(server, { retries: 0 }));
});
after(() => server.close());

const ctx = (over: Partial<TextCheckContext> = {}): TextCheckContext => ({
  stage: "text",
  operation: "create",
  format: "docx",
  type: "report",
  author: "model",
  style: defaultStyle("report"),
  request: { prompt: REQUEST },
  sources: [],
  quality: "standard",
  sector: null,
  language: "en",
  model,
  signal: new AbortController().signal,
  ...over,
});

const run = async (ir: IRDocument, context: TextCheckContext) => {
  const events: CheckEvent[] = [];
  const result = await runChecks([sectorCheck], ir, context, async (type, data) => void events.push({ type, data }));
  return { ...result, events };
};

const answer = (id: string, verdict: string, evidence: string | null, reason: string) => ({ id, verdict, evidence, reason });

/** The point ids the judge was asked about, read from the schema as a real model would see it. */
const idsAsked = (body: Record<string, any>): string[] => body.response_format.json_schema.schema.properties.points.items.properties.id.enum;

const system = (body: Record<string, any>): string => body.messages[0].content;
const user = (body: Record<string, any>): string => body.messages.at(-1).content;

describe("general checklists as data", () => {
  it("one file a document type, each the checklist of its type with a guide of 5–10 rules and 6–12 points", async () => {
    const files = readdirSync(GENERAL_DIR).filter((f) => f.endsWith(".ts")).sort();
    assert.deepEqual(files, [...docTypes].sort().map((t) => `${t}.ts`));
    for (const type of docTypes) {
      // A path the bundler of the test runs can see (scripts/build-tests.ts), so the module is the one the table holds.
      const module = (await import(`../../../../plugins/checks/sector/general/${type}.ts`)) as Record<string, Checklist>;
      const lists = Object.values(module);
      assert.equal(lists.length, 1, `${type}.ts exports one checklist`);
      const list = lists[0]!;
      assert.equal(generalChecklists[type], list, `${type}.ts is the general checklist of ${type}`);
      assert.equal(list.general, type);
      assert.equal(list.id, `general-${type}`);
      const rules = list.guide.split("\n");
      assert.ok(rules.length >= 5 && rules.length <= 10, `${list.id}: ${rules.length} rules`);
      assert.ok(list.points.length >= 6 && list.points.length <= 12, `${list.id}: ${list.points.length} points`);
      assert.equal(new Set(list.points.map((p) => p.id)).size, list.points.length, `${list.id}: unique point ids`);
      for (const p of list.points) {
        assert.match(p.id, /^[a-z][a-z-]*$/, `${list.id}.${p.id}`);
        assert.ok(p.text.length > 5 && p.test.includes("?"), `${list.id}.${p.id} has a text and a question`);
        assert.equal(p.types, undefined, `${list.id}.${p.id}: every point of a type's checklist applies to the type`);
      }
      assert.ok(!checklists.includes(list), `${list.id} is no sector`);
    }
  });

  it("a sector's checklist when one matches, else the general one of the type; never a general one by sector name", () => {
    const cases: Array<[string | null, (typeof docTypes)[number], string]> = [
      [null, "report", "general-report"],
      ["", "minutes", "general-minutes"],
      ["logistics", "report", "general-report"],
      ["hospitality", "letter", "general-letter"],
      ["construction", "contract", "general-contract"],
      [null, "artifact", "general-artifact"],
      ["finanzas", "report", "finance"],
      ["Jurídico", "contract", "legal"],
      ["Real Estate", "letter", "real-estate"],
    ];
    for (const [sector, type, id] of cases) assert.equal(checklistOf(sector, type).id, id, `${sector} × ${type}`);
    for (const name of ["report", "general-report", "general", "minutes"]) assert.equal(checklistFor(name), undefined, name);
  });
});

describe("general checklist judged", () => {
  it("a board report with no sector gets the report checklist: a score, and issues from failed points with their quotes", async () => {
    const ir = readMarkdown(BOARD_REPORT).ir;
    server.script = () => ({
      json: {
        points: [
          answer("summary", "met", "We recommend opening a 12,000 m² warehouse in Zaragoza", "The summary comes first."),
          answer("purpose", "unmet", null, "The report never says which decision it supports."),
          // Evidence the document does not hold: the judge's word alone is no "met".
          answer("supported-conclusions", "met", "Opening the warehouse saves EUR 2 million a year.", "The saving supports it."),
          answer("figures", "met", "Lease, first year | 480,000", "Amounts in EUR."),
          answer("sources", "met", "The figures come from the landlord's offer", "Source named."),
          answer("assumptions", "not_applicable", null, "Nothing is projected."),
          answer("risks", "met", "Demand in the region may grow more slowly than planned.", "A risk is named."),
          answer("next-steps", "unmet", "We will decide once the lease is signed.", "A next step without an owner or a date."),
          answer("headings", "contradicted_by_request", null, "The request fixes the headings."),
        ],
      },
    });
    const before = server.requests.length;
    const result = await run(ir, ctx());
    assert.deepEqual(server.violations, []);
    assert.equal(server.requests.length, before + 1, "one judge call");

    const body = server.requests.at(-1)!.body as Record<string, any>;
    assert.equal(body.model, "m-judge");
    assert.equal(body.response_format.json_schema.name, "sector_checklist", "the same judge and schema as the sectors'");
    assert.deepEqual(idsAsked(body), generalChecklists.report.points.map((p) => p.id));
    assert.match(system(body), /^You are a demanding editor of the document type named below, reviewing a document/);
    assert.match(user(body), /^Checklist: the general one for any report \(no sector\)\. Document type: report\./);
    assert.ok(user(body).includes("- next-steps: Does the text set out next steps or actions with an owner or a date?"));
    assert.match(user(body), /<<< BEGIN request \(data[^\n]*\nA board report on opening a warehouse/);

    assert.deepEqual(result.events, [
      { type: "quality.checked", data: { score: 57, checklist: "general-report", sector: null, points: 9, met: 4, unmet: 3, skipped: 2 } },
    ]);
    const failed = result.diagnostics.filter((d) => d.code === "quality.check_failed");
    assert.equal(failed.length, 3);
    for (const d of failed) assert.deepEqual([d.severity, d.category], ["warning", "quality"]);
    const [purpose, conclusions, next] = failed;
    assert.equal(purpose!.message, "General checklist (report): States its purpose and scope early — not met: The report never says which decision it supports.");
    assert.match(conclusions!.message, /^General checklist \(report\): Draws conclusions or recommendations that the body supports — not met: the judge found it met, but its evidence "Opening the warehouse saves EUR 2 million a year\." is not in the document/);
    assert.equal(next!.message, 'General checklist (report): Ends with concrete next steps: what, who and by when — not met: A next step without an owner or a date. At "We will decide once the lease is signed.".');
    assert.equal(next!.nodeId, ir.blocks.find((b) => b.type === "paragraph" && JSON.stringify(b).includes("lease is signed"))!.id);

    assert.deepEqual(
      result.diagnostics.filter((d) => d.code === "quality.check_skipped").map((d) => d.message),
      ['General checklist (report): "Gives each section a heading that says what it holds." was not applied because the request asks otherwise (The request fixes the headings); the caller\'s instruction won.'],
    );
    assert.equal(result.diagnostics.length, 4);
  });

  it("every type without a sector is judged on its own general checklist, at standard and at best", async () => {
    const ir = readMarkdown("# Note\n\nMinutes of the board, 3 March 2026.").ir;
    server.script = (req: ChatRequest) => {
      const ids = idsAsked(req.body);
      return { json: { points: ids.map((id, i) => (i === 0 ? answer(id, "met", "Minutes of the board", "There.") : answer(id, "unmet", null, `${id} is missing`))) } };
    };
    for (const type of docTypes) {
      for (const [quality, sector] of [["standard", null], ["best", "hospitality"]] as const) {
        const result = await run(ir, ctx({ type, quality, sector, style: defaultStyle(type) }));
        const list = generalChecklists[type];
        assert.deepEqual(idsAsked(server.requests.at(-1)!.body), list.points.map((p) => p.id), type);
        const n = list.points.length;
        assert.deepEqual(result.events, [{ type: "quality.checked", data: { score: Math.round(100 / n), checklist: `general-${type}`, sector: null, points: n, met: 1, unmet: n - 1, skipped: 0 } }], `${type} at ${quality}`);
        const failed = result.diagnostics.filter((d) => d.code === "quality.check_failed");
        assert.equal(failed.length, n - 1);
        assert.ok(failed.every((d) => d.message.startsWith(`General checklist (${type}): `)), type);
      }
    }
    assert.deepEqual(server.violations, []);
  });

  it("a matching sector still gets its sector checklist, not the general one", async () => {
    server.script = (req: ChatRequest) => ({ json: { points: idsAsked(req.body).map((id) => answer(id, "unmet", null, "Missing.")) } });
    const result = await run(readMarkdown(BOARD_REPORT).ir, ctx({ sector: "finanzas" }));
    const body = server.requests.at(-1)!.body as Record<string, any>;
    const finance = checklistFor("finance")!;
    assert.deepEqual(idsAsked(body), pointsFor(finance, "report").map((p) => p.id));
    assert.match(system(body), /^You are a senior professional of the sector named below/);
    assert.match(user(body), /^Sector: finance\. Document type: report\./);
    const n = pointsFor(finance, "report").length;
    assert.deepEqual(result.events, [{ type: "quality.checked", data: { score: 0, checklist: "finance", sector: "finance", points: n, met: 0, unmet: n, skipped: 0 } }]);
    assert.ok(result.diagnostics.every((d) => d.message.startsWith("Sector checklist (finance): ")));
  });

  it("an unavailable judge gives no score and says the general checklist was not checked", async () => {
    server.script = () => ({ status: 503 });
    const result = await run(readMarkdown(BOARD_REPORT).ir, ctx({ type: "memo" }));
    assert.deepEqual(result.events, []);
    assert.equal(result.diagnostics.length, 1);
    assert.match(result.diagnostics[0]!.message, /^The general memo checklist was not checked: the judgment model could not answer \(.+\)\. No quality score was given\.$/);
  });

  it("a fast document, the caller's Markdown and a file under review get no checklist and no judge call", async () => {
    server.script = () => ({ json: { points: [] } });
    const before = server.requests.length;
    for (const over of [
      { quality: "fast" },
      { quality: "fast", sector: "legal" },
      { author: "caller", quality: undefined },
      { author: "caller", quality: undefined, sector: "legal" },
      { author: "file", operation: "review", quality: undefined, style: null },
    ] as const) {
      const context = ctx(over);
      assert.equal(sectorCheck.appliesTo(context), false, JSON.stringify(over));
      const result = await run(readMarkdown(BOARD_REPORT).ir, context);
      assert.deepEqual([result.events, result.diagnostics], [[], []], JSON.stringify(over));
    }
    assert.equal(server.requests.length, before, "the judge was never asked");
  });
});
