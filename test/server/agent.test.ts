/**
 * The agent path through the real service (issue 16): a scripted model on loopback plays the agent, the programs it
 * sends are real JavaScript run in the real sandbox, the files are rendered by the real LibreOffice pool and their
 * pages sent back as images. A session with an error, its fix, an inspection that finds an overflow and its fix; a
 * session that never succeeds (fallback to the fast path, charged as standard); a deck built on a corpus PowerPoint
 * as its template.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import Database from "better-sqlite3";
import { startService, type Service } from "../support/service.ts";
import { startModelServer, type ChatRequest, type ModelServer, type Reply } from "../support/model-server.ts";
import { outline, stepOf, understanding, writer } from "../support/writer-script.ts";
import { docxText, download, readEvents, waitFor, type Doc } from "../support/documents.ts";

let svc: Service;
let model: ModelServer;

before(async () => {
  model = await startModelServer(writer());
  svc = await startService({
    QUIRE_MODEL_BASE_URL: model.url,
    QUIRE_MODEL_FAST: "m-fast",
    QUIRE_MODEL_WRITER: "m-writer",
    QUIRE_MODEL_BEST: "m-best",
    QUIRE_MODEL_JUDGE: "m-judge",
    QUIRE_MODEL_TIMEOUT_MS: "3000",
    QUIRE_MODEL_RETRIES: "1",
    QUIRE_MODEL_REPAIR_ROUNDS: "1",
  });
});

after(async () => {
  await svc?.stop();
  await model?.close();
  assert.deepEqual(model.violations, [], "every request sent to the model must be a valid chat request with strict schemas");
});

const create = async (body: Record<string, unknown>) => {
  const { data, error, response } = await svc.client.POST("/documents", { body: { background: true, ...body } as never });
  assert.equal(response.status, 202, JSON.stringify(error));
  return (data as Doc).id;
};

const finished = (id: string) => waitFor(svc.client, id, undefined, 120_000);

const events = async (id: string) => (await readEvents(svc.client, id)).events;

const chargeOf = (id: string) => {
  const db = new Database(join(svc.dataDir, "quire.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select charge_level as level, charged from documents where id = ?").get(id) as { level: string | null; charged: number };
  } finally {
    db.close();
  }
};

const fileOf = async (doc: Doc, kind: string) => {
  const output = doc.outputs?.find((o) => o.kind === kind);
  assert.ok(output, `no ${kind} output among ${doc.outputs?.map((o) => o.kind).join(", ")}`);
  const { res, bytes } = await download(output.url);
  assert.equal(res.status, 200);
  return bytes;
};

/** A program that lays quire.markdown out with `docx`, a comment on its first line, and `width` as its table's width. */
const wordProgram = (options: { overflow: boolean }) => `
const { Document, Paragraph, TextRun, HeadingLevel, CommentRangeStart, CommentRangeEnd, CommentReference } = require("docx");
const children = [];
for (const line of quire.markdown.split("\\n")) {
  if (!line.trim()) continue;
  const heading = /^(#{1,3}) (.*)$/.exec(line);
  if (heading) children.push(new Paragraph({ text: heading[2], heading: [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3][heading[1].length - 1] }));
  else children.push(new Paragraph({ children: [new TextRun({ text: line.replace(/^- /, "• "), size: ${options.overflow ? 96 : 22} })] }));
}
children.unshift(new Paragraph({ children: [new CommentRangeStart(0), new TextRun("Draft for the team"), new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] })] }));
console.log("paragraphs:", children.length);
await quire.save(new Document({
  comments: { children: [{ id: 0, author: "Quire", date: new Date(), children: [new Paragraph("Check the dates with facilities.")] }] },
  sections: [{ children }],
}));`;

const imagesIn = (req: ChatRequest) =>
  req.messages.flatMap((m) => (typeof m.content === "string" ? [] : m.content.filter((p) => p.type === "image_url").map((p) => (p as { image_url: { url: string } }).image_url.url)));

describe("the agent path", () => {
  test("an error, its fix, an inspection that finds an overflow, its fix: the file has the comment and every heading", async () => {
    const agentRequests: ChatRequest[] = [];
    const inspections: ChatRequest[] = [];
    const programs = ["const x = ;\nawait quire.save(x);", wordProgram({ overflow: true }), wordProgram({ overflow: false })];
    const script = writer({
      understand: { json: understanding({ quality: "standard", needs: { comments: true, tracked_changes: false, template: false, copy_design: false, charts: false, free_layout: false } }) },
    });
    model.script = async (req, i): Promise<Reply> => {
      const step = stepOf(req);
      if (step === "agent") {
        agentRequests.push(req);
        return { json: { plan: `attempt ${agentRequests.length}`, program: programs[Math.min(agentRequests.length, programs.length) - 1] } };
      }
      if (step === "inspect") {
        inspections.push(req);
        return inspections.length === 1
          ? { json: { problems: [{ page: 1, kind: "overflow", description: "the body text is huge and runs past the margins", fix: "use 11 pt body text" }], verdict: "correct" } }
          : { json: { problems: [], verdict: "good" } };
      }
      return script(req, i);
    };
    const id = await create({ format: "docx", quality: "standard", prompt: "A memo on the office move with comments for the team [AGENT-1]." });
    const doc = await finished(id);
    assert.ok(["ready", "ready_with_warnings"].includes(doc.status), `${doc.status} ${JSON.stringify(doc.error)}`);
    assert.equal(doc.route?.path, "agent", doc.route?.reason);
    assert.match(doc.route?.reason ?? "", /comments/);

    const list = await events(id);
    const steps = list.filter((e) => e.type === "agent.step").map((e) => e.data as Record<string, unknown>);
    assert.deepEqual(steps.map((s) => s.outcome), ["error", "file", "file"]);
    assert.match(String(steps[0]!.message), /line 1/i, "the error names the program's own line");
    const checked = list.filter((e) => e.type === "agent.checked").map((e) => e.data as Record<string, unknown>);
    assert.deepEqual(checked.map((c) => c.verdict), ["correct", "good"]);
    assert.ok(!list.some((e) => e.type === "agent.fallback"));

    // The second step was told the first one's error; the third what the inspection saw.
    assert.match(agentRequests[1]!.lastUser, /SyntaxError|Unexpected token/);
    assert.match(agentRequests[2]!.lastUser, /overflow.*huge/s);
    // The inspection saw the pages as PNG images.
    const shots = imagesIn(inspections[0]!);
    assert.ok(shots.length >= 1 && shots.every((u) => u.startsWith("data:image/png;base64,")), "pages sent as PNG images");

    const bytes = await fileOf(doc, "docx");
    const parts = unzipSync(bytes);
    assert.match(strFromU8(parts["word/comments.xml"]!), /Check the dates with facilities/, "the comment is a real Word comment");
    const text = docxText(bytes);
    for (const heading of ["Why we move", "Timeline"]) assert.ok(text.includes(heading), `the docx lacks "${heading}"`);
    assert.ok(doc.outputs?.some((o) => o.kind === "pdf"));
    assert.deepEqual(chargeOf(id), { level: "standard", charged: 1 });
  });

  test("a session that never produces a valid file falls back to the fast path: best charged as standard, the design not copied", async () => {
    const script = writer({
      understand: { json: understanding({ quality: "best", needs: { comments: false, tracked_changes: false, template: false, copy_design: true, charts: false, free_layout: false } }) },
    });
    let steps = 0;
    model.script = async (req, i): Promise<Reply> => {
      if (stepOf(req) === "agent") {
        steps += 1;
        return { json: { plan: "try again", program: "throw new Error('the layout engine is not ready');" } };
      }
      if (stepOf(req) === "inspect") throw new Error("no file was ever made, so nothing is inspected");
      return script(req, i);
    };
    const design = readFileSync(join(import.meta.dirname, "../../../shared/corpus/docx/pandoc-headers.docx"));
    const id = await create({
      format: "docx",
      prompt: "A memo on the office move that copies the look of the attached file [AGENT-2].",
      sources: [{ data: design.toString("base64"), filename: "house-style.docx" }],
    });
    const doc = await finished(id);
    assert.ok(["ready", "ready_with_warnings"].includes(doc.status), `${doc.status} ${JSON.stringify(doc.error)}`);
    assert.equal(doc.quality?.level, "best");
    assert.equal(doc.route?.path, "fast");
    assert.match(doc.route?.reason ?? "", /agent could not finish.*60 steps.*fast path/);
    assert.equal(steps, 60, "the whole budget of best was used");

    const list = await events(id);
    assert.deepEqual(
      list.filter((e) => e.type === "design.chosen").map((e) => e.data),
      [{ source: "house-style.docx", index: 1, as: "design" }],
    );
    const stepEvents = list.filter((e) => e.type === "agent.step").map((e) => e.data as Record<string, unknown>);
    assert.equal(stepEvents.length, 60);
    assert.ok(stepEvents.every((e) => e.outcome === "error" && /layout engine is not ready/.test(String(e.message))));
    const fallback = list.find((e) => e.type === "agent.fallback")?.data as Record<string, unknown>;
    assert.equal(fallback?.steps, 60);
    assert.deepEqual(chargeOf(id), { level: "standard", charged: 1 });

    const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: id } } });
    assert.ok(report?.issues.some((i) => i.code === "design.not_copied" && /agent could not finish/.test(i.message)), "the design that could not be copied is an issue");
    const text = docxText(await fileOf(doc, "docx"));
    for (const heading of ["Why we move", "Timeline"]) assert.ok(text.includes(heading), `the fast path's docx lacks "${heading}"`);
  });

  test("a deck from a prompt with a corpus PowerPoint as its template: its masters, layouts and theme are the deck's", async () => {
    const template = readFileSync(join(import.meta.dirname, "../../../shared/corpus/pptx/python-pptx-test.pptx"));
    model.script = writer({
      understand: { json: understanding({ format: "pptx", type: "presentation", quality: "fast", title: "Office move" }) },
      outline: { json: outline([{ heading: "Why we move", size: 1 }, { heading: "Timeline", size: 1 }]) },
    });
    const id = await create({
      prompt: "A short deck on the office move, in the look of our template [AGENT-3].",
      sources: [{ data: template.toString("base64"), filename: "company-template.pptx" }],
    });
    const doc = await finished(id);
    assert.ok(["ready", "ready_with_warnings"].includes(doc.status), `${doc.status} ${JSON.stringify(doc.error)}`);
    assert.equal(doc.route?.path, "fast", "a deck's template needs no agent");
    const list = await events(id);
    assert.deepEqual(
      list.filter((e) => e.type === "design.chosen").map((e) => e.data),
      [{ source: "company-template.pptx", index: 1, as: "template" }],
    );
    const deck = unzipSync(await fileOf(doc, "pptx"));
    const original = unzipSync(template);
    for (const name of Object.keys(original).filter((n) => /^ppt\/(theme|slideMasters|slideLayouts)\/[^/]+\.xml$/.test(n))) {
      assert.ok(deck[name] && Buffer.from(deck[name]).equals(Buffer.from(original[name]!)), `${name} is the template's own`);
    }
    const slides = Object.keys(deck).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    assert.ok(slides.length >= 2);
    for (const slide of slides) {
      const rels = strFromU8(deck[slide.replace("slides/", "slides/_rels/") + ".rels"]!);
      const layout = /Target="\.\.\/slideLayouts\/(slideLayout\d+\.xml)"/.exec(rels)?.[1];
      assert.ok(layout && original[`ppt/slideLayouts/${layout}`], `${slide} is laid out on one of the template's layouts`);
    }
    const text = slides.map((n) => strFromU8(deck[n]!)).join(" ");
    for (const heading of ["Why we move", "Timeline"]) assert.ok(text.includes(heading), `the deck lacks "${heading}"`);
  });

  test("programs that reach for the network, the service's data or a child process are stopped and told why; the service stays healthy", async () => {
    let connections = 0;
    const outside = createServer((_req, res) => res.end("reached")).on("connection", () => void (connections += 1));
    await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
    const port = (outside.address() as AddressInfo).port;
    try {
      const database = join(svc.dataDir, "quire.sqlite");
      const programs = [
        `const r = await fetch("http://127.0.0.1:${port}/"); console.log(await r.text());`,
        // Past the kit's require: Node's own way to a built-in module, so the sandbox itself must refuse.
        `const fs = process.getBuiltinModule("fs"); console.log(fs.readFileSync(${JSON.stringify(database)}).length);`,
        `process.getBuiltinModule("child_process").execSync("id");`,
        wordProgram({ overflow: false }),
      ];
      const script = writer({ understand: { json: understanding({ quality: "fast", needs: { comments: true, tracked_changes: false, template: false, copy_design: false, charts: false, free_layout: false } }) } });
      const seen: string[] = [];
      model.script = async (req, i): Promise<Reply> => {
        if (stepOf(req) === "agent") {
          seen.push(req.lastUser);
          return { json: { plan: `attempt ${seen.length}`, program: programs[Math.min(seen.length, programs.length) - 1] } };
        }
        if (stepOf(req) === "inspect") return { json: { problems: [], verdict: "good" } };
        return script(req, i);
      };
      const id = await create({ format: "docx", prompt: "A memo on the office move with comments [AGENT-4]." });
      const doc = await finished(id);
      assert.ok(["ready", "ready_with_warnings"].includes(doc.status), `${doc.status} ${JSON.stringify(doc.error)}`);
      assert.equal(doc.route?.path, "agent");
      const steps = (await events(id)).filter((e) => e.type === "agent.step").map((e) => e.data as Record<string, unknown>);
      assert.deepEqual(steps.map((s) => s.outcome), ["error", "error", "error", "file"]);
      assert.equal(connections, 0, "the sandboxed program never reached the server on loopback");
      // Each refusal went back to the model as the next step's input.
      assert.match(seen[1]!, /did not produce a file[\s\S]*fetch|ECONNREFUSED|network/i);
      assert.match(seen[2]!, /ENOENT|no such file|ERR_ACCESS_DENIED|restricted/i);
      assert.match(seen[3]!, /ERR_ACCESS_DENIED|not permitted|restricted/i);
      const health = await fetch(`${svc.origin}/healthz`);
      assert.equal(health.status, 200);
    } finally {
      await new Promise((resolve) => outside.close(resolve));
    }
  });
});
