/**
 * Shared helpers of the xlsx review tests: inspecting without a converter, picking findings by code, and the
 * corpus folders.
 */
import assert from "node:assert/strict";
import type { Finding, Inspection, ReviewContext } from "../../../../core/contracts/review.ts";
import { inspectXlsx } from "../../../../plugins/xlsx/review/index.ts";

export const NO_CONVERTER: ReviewContext = { fonts: new Set() };

export const inspect = (bytes: Uint8Array, ctx: ReviewContext = NO_CONVERTER): Promise<Inspection> => inspectXlsx(bytes, ctx);

export const codes = (inspection: Inspection): string[] => inspection.findings.map((f) => f.code).sort();

/** The one finding of `code` (fails when there is none or several). */
export const one = (inspection: Inspection, code: string): Finding => {
  const found = inspection.findings.filter((f) => f.code === code);
  assert.equal(found.length, 1, `expected one ${code}, got ${JSON.stringify(inspection.findings, null, 1)}`);
  return found[0]!;
};

/** The finding minus its message, for exact comparison. */
export const shape = ({ message: _message, ...rest }: Finding) => rest;
