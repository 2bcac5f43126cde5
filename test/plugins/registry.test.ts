/**
 * The format plugin registry: rejects empty and duplicate ids, serves plugins by format, and
 * cannot be changed once built.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FormatPlugin } from "../../core/contracts/format-plugin.ts";
import { createFormatRegistry } from "../../plugins/registry.ts";

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

  it("is frozen", () => {
    const registry = createFormatRegistry([plugin("docx")]);
    assert.ok(Object.isFrozen(registry));
    assert.ok(Object.isFrozen(registry.plugins));
    assert.throws(() => (registry.plugins as FormatPlugin[]).push(plugin("pdf")));
  });
});
