/**
 * Consistency checks over key data, for the review and key-data check plugins to call: values that
 * cannot be right as written. Each finding is a diagnostic (core/diagnostics.ts) pointing at the
 * IR node; nothing is corrected (service-interface.md: "a mistyped amount is flagged, not
 * corrected").
 *
 * - `key_data.impossible_date`: a date that is not in the calendar (31 February, 2026-04-31).
 * - `key_data.invalid_check_digits`: an IBAN, tax id or BIC whose check digits or country fail.
 * - `key_data.amount_words_mismatch`: an amount written in digits and in words that disagree,
 *   "EUR 1,200 (one thousand five hundred euros)" or "MIL DOSCIENTOS EUROS (1.500 €)",
 *   English and Spanish.
 */
import type { Diagnostic } from "../diagnostics.ts";
import { diagnostic } from "../diagnostics.ts";
import type { KeyData } from "./extract.ts";
import { extractKeyData } from "./extract.ts";
import { wordsToNumber } from "./words.ts";

const kindNames: Record<string, string> = { iban: "IBAN", tax_id: "tax id", bic: "BIC" };

export function impossibleDates(items: readonly KeyData[]): Diagnostic[] {
  return items
    .filter((item) => item.kind === "date" && item.valid === false)
    .map((item) =>
      diagnostic("key_data.impossible_date", "warning", "key_data", `The date "${item.value}" does not exist in the calendar.`, item.nodeId),
    );
}

export function invalidCheckDigits(items: readonly KeyData[]): Diagnostic[] {
  return items
    .filter((item) => item.kind in kindNames && item.valid === false)
    .map((item) =>
      diagnostic(
        "key_data.invalid_check_digits",
        "warning",
        "key_data",
        `The ${kindNames[item.kind]} "${item.value}" fails its check digits or format; it may be mistyped.`,
        item.nodeId,
      ),
    );
}

export interface WordsMismatch {
  digits: string;
  words: string;
  digitsValue: number;
  wordsValue: number;
  nodeId?: string;
}

/** Number words (and currency words) ending right before `end`: the longest run that reads as a number. */
function wordsBefore(text: string, end: number): { words: string; value: number } | null {
  const tokens = [...text.slice(Math.max(0, end - 200), end).matchAll(/[\p{L}]+|[^\p{L}]+/gu)].map((m) => m[0]);
  let best: { words: string; value: number } | null = null;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const candidate = tokens.slice(i).join("").trim();
    // The run starts at a number word ("MIL doscientos"), not at a filler ("a", "de").
    if (!/^\p{L}/u.test(candidate) || wordsToNumber(tokens[i]!) === null) continue;
    const value = wordsToNumber(candidate);
    if (value !== null) best = { words: candidate, value };
    else if (best) break;
  }
  return best;
}

/**
 * Amounts written twice, in digits and in words, that disagree. Looks at "digits (words)" and
 * "words (digits)", the two ways contracts and cheques write them.
 */
export function amountWordsMismatches(blocks: ReadonlyArray<{ text: string; nodeId?: string }>): WordsMismatch[] {
  const out: WordsMismatch[] = [];
  for (const block of blocks) {
    for (const item of extractKeyData([block])) {
      if (item.kind !== "amount" || item.normalized === undefined) continue;
      const digitsValue = Number(item.normalized.split(" ")[1]);
      const at = block.text.indexOf(item.value);
      if (at < 0) continue;
      const after = /^\s*\(([^()]{3,200})\)/.exec(block.text.slice(at + item.value.length));
      const inWords = after
        ? (() => {
            const value = wordsToNumber(after[1]!);
            return value === null ? null : { words: after[1]!.trim(), value };
          })()
        : /\(\s*$/.test(block.text.slice(0, at))
          ? wordsBefore(block.text, block.text.slice(0, at).lastIndexOf("("))
          : null;
      if (inWords && Math.abs(inWords.value - digitsValue) >= 0.005) {
        out.push({
          digits: item.value,
          words: inWords.words,
          digitsValue,
          wordsValue: inWords.value,
          ...(block.nodeId !== undefined ? { nodeId: block.nodeId } : {}),
        });
      }
    }
  }
  return out;
}

/** All consistency findings for a document's blocks, as diagnostics. */
export function checkConsistency(blocks: ReadonlyArray<{ text: string; nodeId?: string }>, items: readonly KeyData[] = extractKeyData(blocks)): Diagnostic[] {
  return [
    ...impossibleDates(items),
    ...invalidCheckDigits(items),
    ...amountWordsMismatches(blocks).map((m) =>
      diagnostic(
        "key_data.amount_words_mismatch",
        "warning",
        "key_data",
        `The amount "${m.digits}" is written in words as "${m.words}" (${m.wordsValue}); they disagree.`,
        m.nodeId,
      ),
    ),
  ];
}
