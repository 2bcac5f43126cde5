/**
 * Where a finding is (the report's `location.pages`): a check on the text names the IR node, and the rendered PDF
 * says on which page that node's words landed. The probe is the node's longest run of plain text (a gap renders as
 * the renderer likes, so text around it is what is looked for), matched in each page's text with whitespace, case
 * and hyphenation at line ends set aside. A node not found on any page keeps no pages rather than a guess.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { PdfPageText } from "../contracts/engines.ts";
import type { IRDocument } from "../ir/types.ts";

const PROBE_CHARS = 40;
const MIN_PROBE_CHARS = 8;

const squeeze = (text: string) => text.replace(/-\s*\n\s*/g, "").replace(/\s+/g, " ").trim().toLowerCase();

/** The node with this id anywhere in the document (blocks, list items, cells, inlines, footnotes). */
const findNode = (root: unknown, id: string): Record<string, unknown> | null => {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === "object") {
      const node = value as Record<string, unknown>;
      if (node.id === id) return node;
      for (const child of Object.values(node)) if (child && typeof child === "object") stack.push(child);
    }
  }
  return null;
};

/** Every run of text inside a node, in order. */
const runsOf = (node: unknown): string[] => {
  const runs: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    if (node.type === "text" && typeof node.text === "string") runs.push(node.text);
    else if (node.type === "image" && typeof node.alt === "string") runs.push(node.alt);
    else for (const child of Object.values(node)) walk(child);
  };
  walk(node);
  return runs;
};

const probeOf = (node: unknown): string | null => {
  const longest = runsOf(node)
    .map(squeeze)
    .sort((a, b) => b.length - a.length)[0];
  if (!longest || longest.length < MIN_PROBE_CHARS) return null;
  // The middle of a long run: its ends may be split by marks or a gap in the rendering.
  const start = Math.max(0, Math.floor((longest.length - PROBE_CHARS) / 2));
  return longest.slice(start, start + PROBE_CHARS).trim();
};

export const locate = (diagnostics: ReadonlyArray<Diagnostic>, ir: IRDocument, pages: ReadonlyArray<PdfPageText>): Diagnostic[] => {
  if (pages.length === 0) return [...diagnostics];
  const texts = pages.map((p) => ({ page: p.page, text: squeeze(p.text) }));
  const cache = new Map<string, number[]>();
  const pagesOf = (nodeId: string): number[] => {
    if (!cache.has(nodeId)) {
      const probe = probeOf(findNode(ir, nodeId));
      cache.set(nodeId, probe ? texts.filter((p) => p.text.includes(probe)).map((p) => p.page).slice(0, 1) : []);
    }
    return cache.get(nodeId)!;
  };
  return diagnostics.map((d) => {
    if (!d.nodeId || (d.location?.pages?.length ?? 0) > 0) return d;
    const found = pagesOf(d.nodeId);
    return found.length ? { ...d, location: { ...d.location, pages: found } } : d;
  });
};
