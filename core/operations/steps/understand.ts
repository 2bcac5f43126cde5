/**
 * Understanding the request: the document type (which sets the style's defaults) and the style the caller's words
 * ask for. A format whose files all have one type says so in its plugin (a deck is a presentation); the others'
 * type is read from the text. The outcome is the `request.understood` event.
 */
import * as Effect from "effect/Effect";
import { Registry } from "../../services/plugins.ts";
import { detectType } from "../../doctype/detect.ts";
import { defaultStyle } from "../../style/defaults.ts";
import { readStyle } from "../../style/read.ts";
import { fontToUse } from "../../style/fonts.ts";
import type { StyleApplied } from "../../style/types.ts";
import { Fonts } from "../../services/engines.ts";
import type { DocType, IRDocument } from "../../ir/types.ts";
import type { CreateRequest } from "../../documents/validate.ts";
import { event } from "../job.ts";

export const documentType = (ir: IRDocument, format: string, extra: Record<string, unknown> = {}) =>
  Effect.gen(function* () {
    const declared: DocType | undefined = (yield* Registry).get(format)?.documentType;
    const detected = declared ? { type: declared, confidence: 1, signals: [`format ${format}`] } : detectType(ir);
    yield* event("request.understood", { format, type: detected.type, confidence: detected.confidence, signals: detected.signals, source: "content", ...extra });
    return detected;
  });

/** The type sets the defaults (a contract is serif and justified); the caller's words then win. */
export const style = (request: CreateRequest | null, type: DocType) =>
  Effect.sync(() => {
    const base = defaultStyle(type);
    return request?.style ? readStyle(request.style, base) : { applied: base, unsupported: [] as string[] };
  });

/**
 * A font the caller chose (in words, or through the judge) that this machine cannot draw is swapped for one it can,
 * and `style_unsupported` names both: the Word file and the PDF then show the same font, and the layout checks and a
 * table of contents' page numbers hold for both. The house font of the type was not asked for and is left alone.
 */
export const installedFont = (style: { applied: StyleApplied; unsupported: string[] }, type: DocType) =>
  Effect.gen(function* () {
    if (style.applied.font === defaultStyle(type).font) return style;
    const { font, note } = fontToUse(style.applied.font, yield* Effect.promise((yield* Fonts).installed));
    return { applied: { ...style.applied, font }, unsupported: note ? [...style.unsupported, note] : style.unsupported };
  });
