/**
 * `layout.empty_page`: a page of the rendered PDF with no text at all, in a document that has no pictures to put
 * there (typically two page breaks in a row). Reported with its page; not repaired, because removing a break is
 * the author's call.
 */
import type { Block } from "../../../core/ir/types.ts";
import { visitBlocks } from "../../../core/ir/visit.ts";
import type { PagesCheck } from "../../../core/contracts/check-plugin.ts";

const hasPictures = (blocks: Block[]): boolean => {
  let found = false;
  visitBlocks(blocks, (b) => {
    if (b.type === "image") found = true;
  });
  return found;
};

export const emptyPagesCheck: PagesCheck = {
  id: "layout.empty-pages",
  stage: "pages",
  appliesTo: (ctx) => ctx.format === "docx" || ctx.format === "pdf",
  run: async (ir, ctx) => {
    if (hasPictures(ir.blocks)) return { diagnostics: [] };
    const empty = ctx.pages.filter((p) => p.text.trim() === "").map((p) => p.page);
    if (empty.length === 0) return { diagnostics: [] };
    return {
      diagnostics: [
        {
          code: "layout.empty_page",
          severity: "warning",
          category: "layout",
          message: `Page${empty.length > 1 ? "s" : ""} ${empty.join(", ")} ${empty.length > 1 ? "are" : "is"} empty (page breaks in a row?).`,
          location: { pages: empty },
        },
      ],
    };
  },
};
