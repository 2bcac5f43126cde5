/**
 * `layout.letter_spills`: a letter that runs a few lines onto a second page (its closing, signature or cc over the
 * page). A letter that nearly fits one page is sent on one page, so the repair tightens the page within limits
 * (narrower margins, single line spacing) and the compiler keeps it only when the letter then fits. A long letter
 * (more than two pages, or a second page with more than a few lines) is left as it is.
 */
import type { PagesCheck } from "../../../core/contracts/check-plugin.ts";

/**
 * About eight lines of a letter (the closing block pulls the last paragraph over with it): more than that on page 2
 * is a two-page letter, not a spill. Tightening gains about a quarter of a page, so more would not fit anyway.
 */
const FEW_LINES_CHARS = 700;
/** The tightest the repair goes: margins a reader still finds normal, and single spacing. */
const MIN_MARGINS_CM = 1.8;
const MARGIN_STEP_CM = 0.7;

export const letterFitCheck: PagesCheck = {
  id: "layout.letter-fit",
  stage: "pages",
  appliesTo: (ctx) => ctx.type === "letter" && (ctx.format === "docx" || ctx.format === "pdf") && ctx.pages.length === 2,
  run: async (_ir, ctx) => {
    const spill = ctx.pages[1]!.text.replace(/\s+/g, " ").trim();
    if (spill === "" || spill.length > FEW_LINES_CHARS) return { diagnostics: [] };
    const margins = Math.max(MIN_MARGINS_CM, ctx.style.margins_cm - MARGIN_STEP_CM);
    const tighter = margins < ctx.style.margins_cm || ctx.style.line_spacing > 1;
    return {
      diagnostics: [
        {
          code: "layout.letter_spills",
          severity: "warning",
          category: "layout",
          message: "The letter runs a few lines onto a second page.",
          location: { pages: [2] },
        },
      ],
      repairs: tighter ? [{ fix: "letter.tighten", style: { margins_cm: margins, line_spacing: Math.min(1, ctx.style.line_spacing) } }] : [],
    };
  },
};
