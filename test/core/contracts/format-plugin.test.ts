/**
 * Format knowledge lives in the plugins' declarations (issue 12, "Format knowledge in plugins only"): a format that
 * core has never heard of, declared only by its plugin, is recognised by media type and extension, counted, placed or
 * read as a source, reviewed through the format it converts to, typed and served as its plugin says, named by the
 * request's judge only when its plugin creates it, and built by the agent with what its plugin says of it.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Knex } from "knex";
import type { FormatPlugin, FormatRegistry } from "../../../core/contracts/format-plugin.ts";
import type { Config } from "../../../core/config.ts";
import { createFormatRegistry } from "../../../plugins/registry.ts";
import { kindOfContentType, kindOfRef } from "../../../core/documents/file-refs.ts";
import { pagesOf } from "../../../core/files/pages.ts";
import { reviewedAs } from "../../../core/review/format.ts";
import { validateCreate, type ValidationContext } from "../../../core/documents/validate.ts";
import { understood, type UnderstandingAnswer } from "../../../core/writing/understand.ts";
import { stepMessages } from "../../../core/agent/prompts.ts";

const noop = async () => {
  throw new Error("not called");
};

/** An OpenDocument reader: read by converting to docx, pages from its own count. */
const odt: FormatPlugin = {
  id: "odt",
  format: "odt",
  mediaTypes: ["application/vnd.oasis.opendocument.text"],
  extensions: ["odt", "fodt"],
  source: "document",
  convertsTo: "docx",
  countPages: () => 7,
};
/** A picture format placed in the Markdown. */
const avif: FormatPlugin = { id: "avif", format: "avif", mediaTypes: ["image/avif"], source: "picture" };
/** A Word stand-in whose files are all memos and that reviews. */
const docx: FormatPlugin = {
  id: "docx",
  format: "docx",
  mediaTypes: ["application/x-test-word"],
  delivers: { file: true, pdf: "converted", previews: true },
  documentType: "memo",
  render: noop,
  inspect: noop,
  sanitize: noop,
  repair: noop,
};
/** A PDF stand-in that delivers a page kept on its own origin. */
const pdfPage: FormatPlugin = { id: "pdf", format: "pdf", mediaTypes: ["text/html"], delivers: { file: true, previews: false, page: true }, render: noop };

const registry = createFormatRegistry([docx, odt, avif, pdfPage]);
const unusedDb = (() => {
  throw new Error("no database for these references");
}) as unknown as Knex;

const context = (plugins: FormatRegistry, kind = "odt"): ValidationContext => ({
  db: unusedDb,
  config: { model: null } as unknown as Config,
  organizationId: "org_test",
  projectStoresNothing: false,
  inspect: async () => ({ kind: kind as never }),
  plugins,
});

describe("a format declared only in its plugin", () => {
  it("is found by its media type (parameters and case aside) and by its extensions", () => {
    assert.equal(registry.byMediaType("Application/VND.oasis.opendocument.text; charset=binary")?.id, "odt");
    assert.equal(registry.byExtension(".FODT")?.id, "odt");
    assert.equal(registry.byExtension("odt")?.id, "odt");
    assert.equal(registry.byExtension("avif")?.id, "avif", "the format id is the extension when none is declared");
    assert.equal(registry.byMediaType("application/x-unknown"), undefined);
  });

  it("tells a source's role from the declaration: picture, document or unsupported", async () => {
    assert.equal(kindOfContentType("image/avif", registry), "picture");
    assert.equal(kindOfContentType("image/avif", createFormatRegistry([docx])), "unsupported", "a picture no plugin places");
    assert.equal(kindOfContentType("application/vnd.oasis.opendocument.text", registry), "document");
    assert.equal(await kindOfRef(unusedDb, "org_test", { url: "https://example.com/a/photo.avif" }, registry), "picture");
    assert.equal(await kindOfRef(unusedDb, "org_test", { data: "aGVsbG8=", filename: "notes.fodt" }, registry), "document");
    assert.equal(await kindOfRef(unusedDb, "org_test", { data: "aGVsbG8=", filename: "notes.xyz" }, registry), "unsupported");
  });

  it("counts its pages itself, and a count that fails is one page", () => {
    assert.equal(pagesOf(new Uint8Array([1]), "odt", registry), 7);
    const broken = createFormatRegistry([{ ...odt, countPages: () => { throw new Error("damaged"); } }]);
    assert.equal(pagesOf(new Uint8Array([1]), "odt", broken), 1);
    assert.equal(pagesOf(new Uint8Array([1]), "avif", registry), 1, "no count declared");
  });

  it("is reviewed as the format it converts to, when that format reviews", () => {
    assert.equal(reviewedAs(registry, "odt"), "docx");
    assert.equal(reviewedAs(registry, "docx"), "docx");
    assert.equal(reviewedAs(registry, "avif"), null);
    assert.equal(reviewedAs(createFormatRegistry([odt, { ...docx, inspect: undefined }]), "odt"), null);
  });

  it("sets the plan: the document type, page settings and the review format come from the declarations", async () => {
    const memo = await validateCreate({ format: "docx", content: { markdown: "# Notes" } }, context(registry));
    assert.equal(memo.type, "memo");
    assert.equal(memo.artifact, null);

    const page = await validateCreate({ format: "pdf", content: { markdown: "# Page" }, artifact: { storage: "local" } }, context(registry));
    assert.deepEqual(page.artifact, { storage: "local" });

    const review = await validateCreate({ operation: "review", file: { data: "aGVsbG8=", filename: "letter.odt" } }, context(registry));
    assert.equal(review.format, "docx");
  });

  it("is a format the judge may name when its plugin creates it, of the type its plugin declares", () => {
    const needs = { comments: false, tracked_changes: false, template: false, copy_design: false, charts: false, free_layout: false };
    const answer = (format: string): UnderstandingAnswer => ({ format, format_confidence: 0.9, type: "contract", language: "en", sector: null, storage: null, harm: "none", harm_reason: "", quality: "fast", quality_reason: "", needs, title: "" });
    assert.deepEqual([understood(answer("docx"), null, registry).format, understood(answer("docx"), null, registry).type], ["docx", "memo"]);
    assert.equal(understood(answer("odt"), null, registry).format, null, "read here, never made");
    assert.equal(understood(answer("odt"), null, registry).type, "contract", "no format: the judge's type");
  });

  it("is built by the agent as its plugin says: what the file is and the library it is built with", () => {
    const building = { what: "an OpenDocument text (.odt)", library: "Use the odt library." };
    const brief = { format: "docx" as const, building, prompt: "A memo", type: "memo" as const, language: "en", title: "Move", asks: [], design: null, inputs: [], markdown: "# Move", budget: { steps: 3, inspections: 1 } };
    const system = (deliveredAsPdf: boolean) => String(stepMessages({ ...brief, deliveredAsPdf }, null, 3)[0]!.content);
    assert.match(system(false), /builds an OpenDocument text \(\.odt\)\. The service runs it/);
    assert.match(system(false), /\n\nUse the odt library\.\n\n/);
    assert.match(system(true), /builds an OpenDocument text \(\.odt\) \(delivered as a PDF\)\./);
  });
});
