/**
 * The format plugin registry: rejects empty and duplicate ids, serves plugins by format, and
 * cannot be changed once built.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import { createFormatRegistry } from "../../plugins/registry.ts";
import { formatPlugins } from "../../plugins/index.ts";

const plugin = (id: string, format = id): FormatPlugin => ({ id, format, mediaTypes: [] });

describe("createFormatRegistry", () => {
  const rejects: Array<{ name: string; given: FormatPlugin[]; want: RegExp }> = [
    { name: "empty id", given: [plugin("")], want: /empty id/ },
    { name: "blank id", given: [plugin("  ", "x")], want: /empty id/ },
    { name: "duplicate id", given: [plugin("docx"), plugin("docx", "pdf")], want: /duplicate.*docx/ },
  ];
  for (const { name, given, want } of rejects) {
    it(`rejects ${name}`, () => assert.throws(() => createFormatRegistry(given), want));
  }

  it("serves the first plugin listed for a format", () => {
    const first = plugin("docx");
    const registry = createFormatRegistry([first, plugin("docx-reader", "docx"), plugin("pdf")]);
    assert.equal(registry.get("docx"), first);
    assert.equal(registry.get("pdf")?.id, "pdf");
    assert.equal(registry.get("xlsx"), undefined);
  });

  it("finds the first plugin declaring a media type or an extension", () => {
    const first: FormatPlugin = { id: "md", format: "md", mediaTypes: ["text/markdown; charset=utf-8"], extensions: ["md", "markdown"] };
    const registry = createFormatRegistry([first, { id: "md-too", format: "md2", mediaTypes: ["text/markdown"], extensions: ["md"] }]);
    assert.equal(registry.byMediaType("text/markdown"), first);
    assert.equal(registry.byExtension(".Markdown"), first);
    assert.equal(registry.byExtension("md2"), undefined, "declared extensions replace the format id");
  });

  it("is frozen", () => {
    const registry = createFormatRegistry([plugin("docx")]);
    assert.ok(Object.isFrozen(registry));
    assert.ok(Object.isFrozen(registry.plugins));
    assert.throws(() => (registry.plugins as FormatPlugin[]).push(plugin("pdf")));
  });
});

describe("the service's formats, as their plugins declare them", () => {
  const cases: Array<{ mediaType: string; extension: string; want: string }> = [
    { mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx", want: "docx" },
    { mediaType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", extension: "pptx", want: "pptx" },
    { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx", want: "xlsx" },
    { mediaType: "application/pdf", extension: "pdf", want: "pdf" },
    { mediaType: "application/msword", extension: "doc", want: "doc" },
    { mediaType: "text/plain", extension: "txt", want: "txt" },
    { mediaType: "text/markdown; charset=utf-8", extension: "markdown", want: "md" },
    { mediaType: "image/jpeg", extension: "jpeg", want: "jpg" },
    { mediaType: "text/html", extension: "html", want: "artifact" },
  ];
  for (const { mediaType, extension, want } of cases) {
    it(`${want}: ${mediaType}, .${extension}`, () => {
      assert.equal(formatPlugins.byMediaType(mediaType)?.format, want);
      assert.equal(formatPlugins.byExtension(extension)?.format, want);
    });
  }

  it("says what each output format delivers (interface, format table)", () => {
    const delivered = (format: string) => formatPlugins.get(format)?.delivers;
    assert.deepEqual(delivered("docx"), { file: true, pdf: "converted", previews: true });
    assert.deepEqual(delivered("pdf"), { file: false, pdf: "self", previews: true });
    assert.equal(delivered("artifact")?.page, true);
    assert.equal(formatPlugins.get("pptx")?.documentType, "presentation");
    assert.equal(formatPlugins.get("xlsx")?.documentType, "spreadsheet");
    assert.equal(formatPlugins.get("docx")?.documentType, undefined, "a Word document's type is read from its text");
    assert.equal(formatPlugins.get("xls")?.convertsTo, "xlsx");
  });
});
