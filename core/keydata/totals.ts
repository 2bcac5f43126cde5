/**
 * Totals that do not add up (issue 5, key data): in a table, a row labelled "Total" (or "Subtotal", "Suma", "Importe
 * total"…) whose amount differs from the sum of the amounts above it in the same column. Flagged, never corrected
 * (service-interface.md: "a mistyped amount is flagged, not corrected").
 *
 * The reading is conservative, because a false alarm on a correct invoice costs more than a missed one:
 * - only columns where the rows above hold at least two amounts are checked, and percentages are never summed;
 * - with a subtotal, the subtotal is checked against the items, and the total against the subtotal plus the rows
 *   between them (taxes as written, discounts subtracted);
 * - a difference within a cent per summed amount is rounding, not an error.
 */
import type { Diagnostic } from "../diagnostics.ts";
import { diagnostic } from "../diagnostics.ts";
import { plainText } from "../ir/text.ts";
import type { Block, IRDocument, TableBlock } from "../ir/types.ts";
import { parseNumber } from "./extract.ts";

const TOTAL = /^(grand\s+)?total(\s+(general|amount|due|a\s+pagar|factura|importe))?\b|^importe\s+total\b|^suma(\s+total)?\b|^sum\b/i;
const SUBTOTAL = /^(sub-?\s?total|base\s+imponible|net(\s+amount)?|neto|importe\s+neto)\b/i;
const DISCOUNT = /descuento|discount|rebaja|bonificaci[oó]n/i;

/** A cell's amount: digits with optional grouping, currency and sign; `(300)` is negative; null for text or %. */
export const cellAmount = (text: string): number | null => {
  const t = text.trim();
  if (t === "" || /%/.test(t)) return null;
  const negative = /^\(.*\)$/.test(t) || /^[-−–]/.test(t) || /[-−–]$/.test(t);
  const core = t.replace(/^\(|\)$/g, "").replace(/(US\$|\$|€|£|¥|\b[A-Z]{3}\b|euros?|d[oó]lares|dollars?)/gi, "").trim().replace(/^[-−–+]\s*|\s*[-−–]$/g, "");
  if (!/^\d{1,3}(?:(?:[.,\u00A0\u202F ]\d{3})+)?(?:[.,]\d{1,2})?$|^\d+(?:[.,]\d{1,2})?$/.test(core)) return null;
  const value = parseNumber(core);
  return Number.isFinite(value) ? (negative ? -value : value) : null;
};

const label = (cells: string[]) => cells.find((c) => c.trim() !== "" && cellAmount(c) === null)?.trim() ?? "";
const close = (a: number, b: number, terms: number) => Math.abs(a - b) <= 0.01 * Math.max(1, terms) + 1e-9;
const show = (n: number) => (Math.round(n * 100) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });

const checkTable = (table: TableBlock): Diagnostic[] => {
  const rows = table.rows.map((row) => ({ id: row.id, cells: row.cells.map((c) => plainText(c.inlines)) }));
  const out: Diagnostic[] = [];
  const columns = table.align.length;
  for (let col = 0; col < columns; col++) {
    const items: number[] = [];
    let subtotal: { value: number; seen: boolean } = { value: 0, seen: false };
    const adjustments: number[] = [];
    for (const row of rows) {
      const name = label(row.cells);
      const value = cellAmount(row.cells[col] ?? "");
      const isTotal = TOTAL.test(name) && !SUBTOTAL.test(name);
      if (SUBTOTAL.test(name)) {
        if (value !== null && items.length >= 2 && !close(value, sum(items), items.length)) {
          out.push(mismatch(row.cells[col]!, name, sum(items), items.length, row.id));
        }
        if (value !== null) subtotal = { value, seen: true };
        continue;
      }
      if (isTotal) {
        if (value !== null) {
          const expected = subtotal.seen ? subtotal.value + sum(adjustments) : sum(items);
          const terms = subtotal.seen ? adjustments.length + 1 : items.length;
          if ((subtotal.seen || items.length >= 2) && !close(value, expected, terms)) out.push(mismatch(row.cells[col]!, name, expected, terms, row.id));
        }
        // A total closes its group: what follows is a new group (another section of the table).
        items.length = 0;
        adjustments.length = 0;
        subtotal = { value: 0, seen: false };
        continue;
      }
      if (value === null) continue;
      if (subtotal.seen) adjustments.push(DISCOUNT.test(name) && value > 0 ? -value : value);
      else items.push(value);
    }
  }
  return out;
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const mismatch = (written: string, name: string, expected: number, terms: number, nodeId: string): Diagnostic =>
  diagnostic(
    "key_data.total_mismatch",
    "warning",
    "key_data",
    `The row "${name}" says ${written.trim()}, but the ${terms} amount${terms === 1 ? "" : "s"} it sums add up to ${show(expected)}.`,
    nodeId,
  );

/** Every table of the document, lists and quotes included. */
export function checkTotals(ir: IRDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  const walk = (blocks: Block[]) => {
    for (const block of blocks) {
      if (block.type === "table") out.push(...checkTable(block));
      else if (block.type === "list") for (const item of block.items) walk(item.blocks);
      else if (block.type === "quote") walk(block.blocks);
    }
  };
  walk(ir.blocks);
  return out;
}
