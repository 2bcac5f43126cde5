/**
 * `image.beyond_margins`: a picture of the rendered PDF that reaches into the page margins (Word and PowerPoint
 * files) or off the page. The renderers scale pictures to the text area, so this catches what they could not:
 * a picture LibreOffice placed differently, or a slide picture pushed down by text. Reported with its pages.
 */
import type { PagesCheck } from "../../../core/contracts/check-plugin.ts";

/** Half a millimetre of slack: rounding in the PDF writer is not an overflow. */
const SLACK_PT = 1.5;

export const pictureMarginsCheck: PagesCheck = {
  id: "layout.picture-margins",
  stage: "pages",
  appliesTo: (ctx) => ctx.pictures.length > 0 && ctx.format !== "xlsx",
  run: async (_ir, ctx) => {
    const margin = ctx.format === "pptx" ? 0 : (ctx.style.margins_cm / 2.54) * 72;
    const pages = new Set<number>();
    for (const p of ctx.pictures) {
      const { x, y, width, height } = p.box;
      const out =
        x < margin - SLACK_PT ||
        x + width > p.pageSize.width - margin + SLACK_PT ||
        // Top and bottom margins hold the header and footer; a picture may not pass the page edge.
        y < -SLACK_PT ||
        y + height > p.pageSize.height + SLACK_PT;
      if (out) pages.add(p.page);
    }
    if (pages.size === 0) return { diagnostics: [] };
    const list = [...pages].sort((a, b) => a - b);
    return {
      diagnostics: [
        {
          code: "image.beyond_margins",
          severity: "warning",
          category: "layout",
          message: `A picture reaches beyond the ${ctx.format === "pptx" ? "slide" : "margins"} on page${list.length > 1 ? "s" : ""} ${list.join(", ")}.`,
          location: { pages: list },
        },
      ],
    };
  },
};
