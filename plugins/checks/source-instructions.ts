/**
 * `source.instructions` (interface, checks: "Instructions inside sources"): a source that tries to instruct the AI
 * is reported and not obeyed. The patterns live in core/sources/instructions.ts; this check names each hit with its
 * source, so the caller can see which document tried what.
 */
import type { TextCheck } from "../../core/contracts/check-plugin.ts";
import type { Diagnostic } from "../../core/diagnostics.ts";
import { findInstructions } from "../../core/sources/instructions.ts";

export const sourceInstructionsCheck: TextCheck = {
  id: "source.instructions",
  stage: "text",
  appliesTo: (ctx) => ctx.sources.length > 0,
  run: async (_ir, ctx) => ({
    diagnostics: ctx.sources.flatMap((s) =>
      findInstructions(s.text).map(
        (hit): Diagnostic => ({
          code: "source.instructions",
          severity: "warning",
          category: "security",
          message: `Source ${s.index} (${s.name}) tries to instruct the AI ("${hit.excerpt}"); it was treated as quoted material and not obeyed.`,
        }),
      ),
    ),
  }),
};
