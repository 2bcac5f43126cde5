/**
 * The file's text as extraction reads it (the reader's IR), and the checks' `text` stage on it: key data, its
 * consistency and totals, reported and never corrected. The document type comes with it: the format's own (a deck is
 * a presentation) or detected from the text. A text that cannot be read costs the key data, not the review.
 */
import * as Effect from "effect/Effect";
import { detectType } from "../../doctype/detect.ts";
import type { DocType } from "../../ir/types.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import type { CheckScope } from "../../contracts/check-plugin.ts";
import { Converter, OcrEngine } from "../../services/engines.ts";
import { checkText } from "../steps/checks.ts";
import { phase } from "../job.ts";
import type { Opened } from "./open.ts";

export const readText = (opened: Opened, bytes: Uint8Array, request: CheckScope["request"]) =>
  Effect.gen(function* () {
    yield* phase("reading key data");
    const { plugin, format } = opened;
    const fallbackType: DocType = plugin.documentType ?? "report";
    const extract = plugin.extract;
    if (!extract) return { keyData: [], diagnostics: [] as Diagnostic[], type: fallbackType };
    const ctx = { converter: yield* Converter, ocr: yield* OcrEngine };
    const read = yield* Effect.either(Effect.tryPromise((signal) => extract(bytes, { ...ctx, signal })));
    if (read._tag === "Left") {
      const reason = (read.left.error as Error)?.message ?? read.left.message;
      const unreadable: Diagnostic = { code: "key_data.unreadable", severity: "warning", category: "data", message: `The text could not be read for key data: ${reason}.`, fixable: false };
      return { keyData: [], diagnostics: [unreadable], type: fallbackType };
    }
    const ir = read.right.ir;
    const type = plugin.documentType ?? detectType(ir).type;
    const checked = yield* checkText(ir, { operation: "review", format, type, style: null, author: "file", request, sources: [] });
    return { keyData: checked.keyData, diagnostics: checked.diagnostics, type };
  });
