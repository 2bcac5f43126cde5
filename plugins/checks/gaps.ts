/**
 * Unfilled gaps (interface, "Unsupported facts": a visible gap marker `[DATO]`): every `[DATO]` or `[DATO: label]`
 * the text still holds is a place a person must fill before the document goes out, so each is one warning
 * (`content.gap`) and the document is `ready_with_warnings`. It runs before the facts check, so it sees the gaps the
 * caller or the model wrote; the gaps the facts check puts in are reported by that check, once.
 *
 * A finding names the paragraph, heading or table the gap is in, not the gap: the gap has no words of its own, and
 * the report's pages are found from the words around it (core/compile/locate.ts). A table rather than its row, since
 * a row such as "Fianza | [DATO]" has too few words to be found on a page.
 */
import type { TextCheck } from "../../core/contracts/check-plugin.ts";
import { diagnostic, type Diagnostic } from "../../core/diagnostics.ts";
import type { GapInline, Inline, IRDocument } from "../../core/ir/types.ts";
import { visitDocument, visitInlines } from "../../core/ir/visit.ts";

export const GAP_CODE = "content.gap";

export const gapsCheck: TextCheck = {
  id: "gaps",
  stage: "text",
  appliesTo: (ctx) => ctx.operation === "create",
  run: async (ir) => ({ diagnostics: gapsOf(ir).map(({ gap, nodeId }) => report(gap, nodeId)) }),
};

const report = (gap: GapInline, nodeId: string): Diagnostic =>
  diagnostic(
    GAP_CODE,
    "warning",
    "content",
    `The gap ${gap.label ? `[DATO: ${gap.label}]` : "[DATO]"} is still to be filled in before the document goes out.`,
    nodeId,
  );

/** Every gap in reading order (body, then footnotes), with the block or table it is in. */
function gapsOf(ir: IRDocument): Array<{ gap: GapInline; nodeId: string }> {
  const out: Array<{ gap: GapInline; nodeId: string }> = [];
  const gaps = (inlines: Inline[], nodeId: string) =>
    visitInlines(inlines, (inline) => {
      if (inline.type === "gap") out.push({ gap: inline, nodeId });
    });
  visitDocument(ir, (block) => {
    if (block.type === "heading" || block.type === "paragraph") gaps(block.inlines, block.id);
    else if (block.type === "table" || block.type === "chart") {
      // A chart's cells are read here and reported on the chart, so its table is not walked again.
      const table = block.type === "table" ? block : block.table;
      for (const row of [...table.header, ...table.rows]) for (const cell of row.cells) gaps(cell.inlines, block.id);
      return "skip";
    }
  });
  return out;
}
