import type { OfficeConverter, OfficeFormat } from "../contracts/engines.ts";
import type { Delivery } from "../contracts/format-plugin.ts";
import type { LedgerEntry } from "../compile/compile.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { ReviewFormat } from "./format.ts";

/**
 * The PDF of the reviewed file, which is also the proof that it still opens: the file itself when it is a PDF, else
 * LibreOffice's conversion. A repaired file LibreOffice cannot convert while the unrepaired one converts loses its
 * repairs (recorded in the ledger); a file that does not convert either way is delivered without a PDF and an error
 * issue says so.
 */
export const toPdf = async (
  repaired: Uint8Array,
  sanitized: Uint8Array,
  format: ReviewFormat,
  delivers: Delivery,
  converter: OfficeConverter,
  signal: AbortSignal,
): Promise<{ bytes: Uint8Array; pdf: Uint8Array | null; diagnostics: Diagnostic[]; ledger: LedgerEntry[] }> => {
  if (delivers.pdf !== "converted") return { bytes: repaired, pdf: delivers.pdf === "self" ? repaired : null, diagnostics: [], ledger: [] };
  const convert = (bytes: Uint8Array) => converter.convert(bytes, format as OfficeFormat, "pdf", { signal });
  try {
    return { bytes: repaired, pdf: await convert(repaired), diagnostics: [], ledger: [] };
  } catch (error) {
    signal.throwIfAborted();
    const reason = (error as Error).message;
    if (repaired !== sanitized) {
      try {
        const pdf = await convert(sanitized);
        const undo: LedgerEntry = { iteration: 1, fix: "review.undo_repairs", issue_code: "file.not_convertible", outcome: "applied", issues_before: 1, issues_after: 0, reason: null };
        return {
          bytes: sanitized,
          pdf,
          diagnostics: [{ code: "review.repairs_undone", severity: "warning", category: "structural", message: `LibreOffice could not open the repaired file (${reason}); the repairs were undone and the file is delivered as it came, sanitized.`, fixable: false }],
          ledger: [undo],
        };
      } catch {
        signal.throwIfAborted();
      }
    }
    return {
      bytes: repaired,
      pdf: null,
      diagnostics: [{ code: "file.not_convertible", severity: "error", category: "structural", message: `LibreOffice could not open the file to make its PDF (${reason}); other readers are likely to fail too.`, fixable: false }],
      ledger: [],
    };
  }
};
