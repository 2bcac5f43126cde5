/**
 * Key data (interface, checks: "Key data"): the amounts, dates, tax ids and bank account identifiers of the text,
 * each with its role, for the report's `key_data`; their consistency (check digits, impossible dates) and totals
 * that do not add up are flagged, never corrected. The reading itself is core/keydata; this is its check.
 */
import type { TextCheck } from "../../core/contracts/check-plugin.ts";
import { keyDataBlocks } from "../../core/keydata/blocks.ts";
import { extractKeyData } from "../../core/keydata/extract.ts";
import { checkConsistency } from "../../core/keydata/consistency.ts";
import { checkTotals } from "../../core/keydata/totals.ts";

export const keyDataCheck: TextCheck = {
  id: "key-data",
  stage: "text",
  // An artifact is a page that keeps data, not a document whose figures are reported. A prompt's `fast` level does
  // not include key data (interface, quality levels); the caller's own text and reviewed files always get it.
  appliesTo: (ctx) => ctx.type !== "artifact" && ctx.quality !== "fast",
  run: async (ir) => {
    const blocks = keyDataBlocks(ir);
    const found = extractKeyData(blocks);
    return {
      diagnostics: [...checkConsistency(blocks, found), ...checkTotals(ir)],
      report: { keyData: found.map(({ value, kind, role, context }) => ({ value, kind, role, context })) },
    };
  },
};
