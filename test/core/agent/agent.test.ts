/**
 * The agent path's pure parts (issue 16): the route the service chooses, the pages an inspection shows, an
 * inspection's answer made safe, the text that never reached a page, and what a design source's theme says.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { chooseRoute, lostInFallback } from "../../../core/agent/route.ts";
import { pagesToInspect, AGENT_BUDGET } from "../../../core/agent/budget.ts";
import { inspected } from "../../../core/agent/schemas.ts";
import { missingIssues, missingText } from "../../../core/agent/findings.ts";
import { offTemplate } from "../../../core/agent/template-kept.ts";
import { defaultStyle } from "../../../core/style/defaults.ts";
import { pptxPlugin } from "../../../plugins/pptx/index.ts";
import { docxBuilding } from "../../../plugins/docx/building.ts";
import { feedbackText, stepMessages, type BuildBrief } from "../../../core/agent/prompts.ts";
import { chooseDesign } from "../../../core/operations/steps/design.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";
import { openPackage } from "../../../core/ooxml/package.ts";
import { designWords, themeDesign } from "../../../core/ooxml/theme-design.ts";
import { withAuthor } from "../../../core/ooxml/authorship.ts";

const none = { comments: false, trackedChanges: false, template: false, copyDesign: false, charts: false, freeLayout: false };
const corpus = (dir: string, name: string) => readFileSync(join(import.meta.dirname, "../../../../shared/corpus", dir, name));

describe("route", () => {
  test("what only the agent builds takes the agent at any level; best always does; the rest is the fast path", () => {
    assert.equal(chooseRoute({ format: "docx", page: false, level: "fast", needs: none, deckTemplate: false }).path, "fast");
    assert.equal(chooseRoute({ format: "docx", page: false, level: "best", needs: none, deckTemplate: false }).path, "agent");
    for (const need of ["comments", "trackedChanges", "charts", "freeLayout"] as const) {
      const route = chooseRoute({ format: "docx", page: false, level: "fast", needs: { ...none, [need]: true }, deckTemplate: false });
      assert.equal(route.path, "agent", need);
    }
    assert.match(chooseRoute({ format: "xlsx", page: false, level: "standard", needs: { ...none, charts: true }, deckTemplate: false }).reason, /charts/);
  });

  test("a design to copy needs best (rule 2); a deck's PowerPoint template needs neither best nor the agent", () => {
    assert.equal(chooseRoute({ format: "docx", page: false, level: "standard", needs: { ...none, copyDesign: true }, deckTemplate: false }).path, "fast");
    assert.match(chooseRoute({ format: "docx", page: false, level: "best", needs: { ...none, copyDesign: true }, deckTemplate: false }).reason, /design of a given file/);
    assert.equal(chooseRoute({ format: "pptx", page: false, level: "fast", needs: { ...none, copyDesign: true, template: true }, deckTemplate: true }).path, "fast");
  });

  test("pages have their own builder", () => {
    assert.equal(chooseRoute({ format: "artifact", page: true, level: "best", needs: { ...none, charts: true }, deckTemplate: false }).path, "fast");
  });

  test("the design source: a deck's first PowerPoint at any level, another file only when a copy is asked", () => {
    const sources = [
      { ref: "file_a", name: "photo.png", kind: "picture" as const },
      { ref: "file_b", name: "notes.docx", kind: "document" as const },
      { ref: "file_c", name: "brand.pptx", kind: "document" as const },
    ];
    assert.deepEqual(chooseDesign(true, sources, false), { ref: "file_c", index: 3, name: "brand.pptx", as: "template" });
    assert.equal(chooseDesign(false, sources, false), null);
    assert.deepEqual(chooseDesign(false, sources, true), { ref: "file_b", index: 2, name: "notes.docx", as: "design" });
    assert.equal(chooseDesign(false, sources.slice(0, 1), true), null);
  });
});

describe("budget and inspection", () => {
  test("the quality table's budgets", () => {
    assert.deepEqual([AGENT_BUDGET.fast, AGENT_BUDGET.standard, AGENT_BUDGET.best], [{ steps: 25, inspections: 1 }, { steps: 40, inspections: 2 }, { steps: 60, inspections: 4 }]);
  });

  test("an inspection shows every page of a short document, the first three and an even spread of a long one", () => {
    assert.deepEqual(pagesToInspect(3), [1, 2, 3]);
    const long = pagesToInspect(40);
    assert.equal(long.length, 8);
    assert.deepEqual(long.slice(0, 3), [1, 2, 3]);
    assert.equal(long.at(-1), 40);
    assert.ok(long.every((p, i) => i === 0 || p > long[i - 1]!), "in order, no page twice");
  });

  test("an inspection's answer is made safe: pages in range, known kinds, and a 'good' with problems is not good", () => {
    const answer = inspected({ verdict: "good", problems: [{ page: 99, kind: "wobbly" as never, description: "x".repeat(1000), fix: "" }] }, 3);
    assert.equal(answer.verdict, "correct");
    assert.equal(answer.problems[0]!.page, 1);
    assert.equal(answer.problems[0]!.kind, "other");
    assert.equal(answer.problems[0]!.description.length, 400);
    assert.equal(inspected({ verdict: "correct", problems: [] }, 2).verdict, "good");
  });
});

describe("the service's own findings", () => {
  const { ir } = readMarkdown("# Move\n\n## Why we move\n\nThe lease ends in March and the new floor is larger.\n\n## Timeline\n\n- Pack the archive in the first week\n\n| Task | Owner |\n|---|---|\n| Pack | Ana |\n");

  test("text that reached no page is named; text spread over lines, hyphenated or re-quoted is found", () => {
    const pages = ["Move Why we", "move The lease ends in March and the new floor is larger. Timeline • Pack the ar\u00adchive in the first week Task Owner Pack Ana"];
    assert.deepEqual(missingText(ir, pages), []);
    const missing = missingText(ir, ["Move Why we move The lease ends in March"]);
    assert.ok(missing.some((m) => m.includes('"Timeline"')));
    assert.ok(missing.some((m) => m.includes('"Task"')), "a table header");
  });

  test("the same text, as the report's issues of the delivered file", () => {
    const issues = missingIssues(ir, ["Move Why we move The lease ends in March"]);
    assert.ok(issues.length >= 2 && issues.every((i) => i.code === "layout.text_missing" && i.severity === "warning"));
    assert.ok(issues.some((i) => /"Timeline"/.test(i.message)));
  });

  test("the builder gets back the error, the look's problems and the findings, with what is left of its budget", () => {
    assert.match(feedbackText({ kind: "failed", reason: "error", message: "TypeError: x is not a function\n  at line 4", log: "" }, 3), /TypeError.*line 4.*3 programs left/s);
    const looked = feedbackText({ kind: "looked", problems: [{ page: 2, kind: "overflow", description: "the table runs off the page", fix: "narrow it" }], findings: ["docx.table_too_wide: …"], pages: 3 }, 1);
    assert.match(looked, /page 2, overflow: the table runs off the page Fix: narrow it/);
    assert.match(looked, /docx\.table_too_wide/);
    assert.match(looked, /1 program left/);
  });

  test("only the last program and its feedback travel with a step", () => {
    const brief: BuildBrief = { format: "docx", building: docxBuilding, deliveredAsPdf: false, prompt: "A memo", type: "memo", language: "en", title: "Move", asks: ["comments"], design: null, inputs: [], markdown: "# Move", budget: AGENT_BUDGET.fast };
    assert.equal(stepMessages(brief, null, 25).length, 2);
    const next = stepMessages(brief, { program: "await quire.save(1)", feedback: { kind: "invalid", message: "not a zip" } }, 24);
    assert.equal(next.length, 4);
    assert.match(String(next[1]!.content), /BEGIN request[\s\S]*comments[\s\S]*BEGIN document/);
  });
});

describe("what a fallback loses", () => {
  test("comments, tracked changes and a free layout always; charts only when the fast path draws none; a design is not this", () => {
    const asks = ["comments", "tracked changes", "a template", "the design of a given file", "charts", "a free layout"];
    assert.deepEqual(lostInFallback(asks, false), ["comments", "tracked changes", "charts", "a free layout"]);
    assert.deepEqual(lostInFallback(asks, true), ["comments", "tracked changes", "a free layout"]);
    assert.deepEqual(lostInFallback(["charts"], true), []);
  });
});

describe("a deck still on its template", () => {
  const template = corpus("pptx", "python-pptx-test.pptx");
  const { ir } = readMarkdown("# Move\n\n## Why we move\n\n- The lease ends\n\n## Timeline\n\n- March\n");
  const render = (withTemplate: boolean) =>
    pptxPlugin.render!(ir, defaultStyle("presentation"), { type: "presentation", ...(withTemplate ? { template } : {}) }).then((r) => r.bytes);

  test("a deck laid out on the template is; a deck of its own design, or one whose layout was changed, is not", async () => {
    const on = await render(true);
    assert.equal(offTemplate(on, template), null);
    assert.match(offTemplate(await render(false), template) ?? "", /slide 1 is not laid out on one of the template's slide layouts/);
    const { unzipSync, zipSync, strToU8, strFromU8 } = await import("fflate");
    const parts = unzipSync(on);
    const layout = /Target="\.\.\/slideLayouts\/(slideLayout\d+\.xml)"/.exec(strFromU8(parts["ppt/slides/_rels/slide1.xml.rels"]!))![1]!;
    parts[`ppt/slideLayouts/${layout}`] = strToU8(strFromU8(parts[`ppt/slideLayouts/${layout}`]!).replace(/<p:cSld( name="[^"]*")?/, '<p:cSld name="Imitated"'));
    assert.match(offTemplate(zipSync(parts), template) ?? "", /slide 1 is not laid out/);
  });

  test("a template that gives nothing to compare judges nothing", async () => {
    assert.equal(offTemplate(await render(false), new Uint8Array([1, 2, 3])), null);
  });
});

describe("a design source's theme", () => {
  test("Word, PowerPoint and Excel files give their theme's faces and colours", () => {
    const deck = themeDesign(openPackage(corpus("pptx", "python-pptx-test.pptx")));
    assert.ok(deck.fonts.major && deck.fonts.minor, JSON.stringify(deck));
    assert.match(deck.colors.accent1 ?? "", /^[0-9A-F]{6}$/);
    const word = themeDesign(openPackage(corpus("docx", "pandoc-headers.docx")));
    assert.match(designWords(word), /headings in .+ and body text in .+; its colours are dk1 #/);
  });
});

describe("the agent's file names the caller's organisation as its author", () => {
  test("a library's own name is replaced, or left empty, and the rest of the package is untouched", async () => {
    const { Document, Packer, Paragraph } = await import("docx");
    const { unzipSync, strFromU8 } = await import("fflate");
    const made = new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("Hello")] }] })));
    const core = (bytes: Uint8Array) => strFromU8(unzipSync(bytes)["docProps/core.xml"]!);
    assert.match(core(made), /<dc:creator>Un-named<\/dc:creator>/, "the library's default, as made");
    const named = withAuthor(made, "Acme & Co");
    assert.match(core(named), /<dc:creator>Acme &amp; Co<\/dc:creator>/);
    assert.match(core(named), /<cp:lastModifiedBy>Acme &amp; Co<\/cp:lastModifiedBy>/);
    assert.match(core(withAuthor(made, undefined)), /<dc:creator><\/dc:creator>/);
    assert.deepEqual(unzipSync(named)["word/document.xml"], unzipSync(made)["word/document.xml"]);
  });

  test("the comments and tracked changes an agent's program wrote carry the organisation's name too", async () => {
    const { Document, Packer, Paragraph, TextRun, CommentRangeStart, CommentRangeEnd, CommentReference, InsertedTextRun, DeletedTextRun } = await import("docx");
    const { unzipSync, strFromU8 } = await import("fflate");
    const date = new Date("2026-11-29T10:00:00Z");
    const made = new Uint8Array(
      await Packer.toBuffer(
        new Document({
          comments: { children: [{ id: 0, author: "Quire", initials: "Q", date, children: [new Paragraph("Open question: which office?")] }] },
          sections: [
            {
              children: [
                new Paragraph({ children: [new CommentRangeStart(0), new TextRun("The lease starts in May."), new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] })] }),
                new Paragraph({ children: [new DeletedTextRun({ text: "twelve", id: 1, author: "Quire", date: "2026-11-29T10:00:00Z" }), new InsertedTextRun({ text: "twenty", id: 2, author: "Quire", date: "2026-11-29T10:00:00Z" })] }),
              ],
            },
          ],
        }),
      ),
    );
    const part = (bytes: Uint8Array, name: string) => strFromU8(unzipSync(bytes)[name]!);
    assert.match(part(made, "word/comments.xml"), /w:author="Quire"/, "as the program wrote it");
    const named = withAuthor(made, "Acme & Co");
    assert.doesNotMatch(part(named, "word/comments.xml") + part(named, "word/document.xml"), /Quire/);
    assert.match(part(named, "word/comments.xml"), /<w:comment [^>]*w:author="Acme &amp; Co"/);
    assert.match(part(named, "word/comments.xml"), /<w:comment [^>]*w:initials="A&amp;C"/);
    assert.equal(part(named, "word/document.xml").match(/<w:(?:ins|del) [^>]*w:author="Acme &amp; Co"/g)?.length, 2);
    // The text is untouched: only the attributes changed.
    assert.equal(part(named, "word/document.xml").replace(/w:author="[^"]*"/g, ""), part(made, "word/document.xml").replace(/w:author="[^"]*"/g, ""));
  });
});
