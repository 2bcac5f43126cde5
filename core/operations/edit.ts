/**
 * `edit` (interface, "edit": the changes a prompt asks for, the rest identical): load the file → open it (legacy
 * formats converted to OOXML) → sanitize it (what must not be opened is neutralised, as for a review) → its addressable
 * blocks (about 50 pages or more: `document_too_long`) → the level and the model's edit plan → the format plugin applies
 * it by splicing only the changed ranges of only the changed parts → the package written with every untouched entry
 * copied as stored (core/ooxml/zip-patch.ts) → the proof, entry by entry (`edit.identity`) → the review inspection of
 * the result (issues it did not have before are reported) → its PDF → the report's `edits` and `changes`.
 * Nothing applied ends the document `failed` with `edit_not_applied`; none of the failures is charged.
 */
import * as Effect from "effect/Effect";
import { ProcessingFailure } from "../errors.ts";
import type { AppliedEdit, EditOp } from "../contracts/edit.ts";
import type { Diagnostic } from "../diagnostics.ts";
import type { Finding, ReviewContext } from "../contracts/review.ts";
import type { OfficeFormat } from "../contracts/engines.ts";
import { inspectPackage } from "../ooxml/review/index.ts";
import { patchZip } from "../ooxml/zip-patch.ts";
import { entryProof } from "../ooxml/entry-proof.ts";
import { Clock } from "../services/clock.ts";
import { Converter, Fonts, PdfEngine } from "../services/engines.ts";
import * as read from "./steps/read.ts";
import { requestFile } from "./steps/file.ts";
import { outputs } from "./steps/deliver.ts";
import { fileBase } from "../documents/file-name.ts";
import { author } from "./steps/author.ts";
import { attempt } from "./attempt.ts";
import { event, Job, phase } from "./job.ts";
import { open, refusing } from "./review/open.ts";
import { editLevel, planEdits } from "./edit/plan.ts";
import { blockChanges, reportEdits } from "./edit/report.ts";
import type { ReviewFormat } from "../review/format.ts";

/** "About 50 pages or more cannot be edited" (interface, edit). */
const MAX_PAGES = 50;

const key = (f: Pick<Finding, "code" | "message">) => `${f.code}\u0000${f.message}`;

/** What a format's file is counted in, from what its plugin writes at once (a deck's slides, a workbook's sheets). */
const unitsOf = (plugin: { writing?: { unit: string } }): string => (plugin.writing?.unit === "slide" ? "slides" : plugin.writing?.unit === "sheet" ? "sheets" : "pages");

/**
 * The pages LibreOffice lays the file out in; null when it cannot (the rendering after the edit reports that).
 * PdfEngine is asked inside, so a file that does not need it does not pay for it.
 */
const pagesLaidOut = (converter: Effect.Effect.Success<typeof Converter>, bytes: Uint8Array, format: OfficeFormat) =>
  Effect.gen(function* () {
    const pdf = yield* Effect.tryPromise((signal) => converter.convert(bytes, format, "pdf", { signal })).pipe(Effect.orElseSucceed(() => null));
    if (!pdf) return null;
    const pdfEngine = yield* PdfEngine;
    return yield* Effect.promise(() => pdfEngine.info(pdf).then((info) => info.pages).catch(() => null));
  });

export const edit = Effect.gen(function* () {
  const { row } = yield* Job;
  const request = (yield* read.request)!;
  const loaded = yield* requestFile(request, "edit");
  const opened = yield* open({ ...loaded, outputName: row.name, expected: row.format as ReviewFormat | null });
  const { plugin, format } = opened;
  const editor = plugin.edit;
  if (!editor) return yield* new ProcessingFailure({ code: "file_rejected", message: `A ${format} file cannot be edited: edit takes Word, PowerPoint and Excel files.` });

  const converter = yield* Converter;
  const fonts = yield* Effect.promise((yield* Fonts).installed);
  const context = (signal: AbortSignal): ReviewContext => ({ signal, converter, fonts });
  yield* phase("sanitizing");
  const sanitized = yield* refusing(plugin, (signal) => plugin.sanitize(opened.bytes, context(signal)));
  yield* event("edit.sanitized", { removed: sanitized.removed });
  const original = sanitized.bytes;

  const document = yield* refusing(plugin, async () => editor.read(original));
  const tooLong = (pages: number, how = "") =>
    new ProcessingFailure({ code: "document_too_long", message: `The file has ${pages} ${unitsOf(plugin)}${how}; files of about ${MAX_PAGES} or more cannot be edited.` });
  if (document.pages >= MAX_PAGES) return yield* tooLong(document.pages);
  // A count the file does not give (or gives wrong) is not trusted: the pages a reader sees decide, before any model call.
  if (!document.pagesKnown) {
    const laidOut = yield* pagesLaidOut(converter, original, format as OfficeFormat);
    if (laidOut !== null && laidOut >= MAX_PAGES) return yield* tooLong(laidOut, " as LibreOffice lays it out");
  }
  const quality = editLevel(request);
  if (quality.requested === "auto") yield* event("quality.chosen", { ...quality });
  const planned = yield* planEdits(request.prompt ?? "", document.blocks, quality.level);

  yield* phase("editing");
  // Changes and comments are the organisation's (or the author metadata names), as a made file's author is.
  const by = yield* author;
  const date = (yield* Clock).now().toISOString().replace(/\.\d{3}Z$/, "Z");
  const valid = planned.ops.filter((op): op is EditOp => !("invalid" in op));
  const applied = yield* refusing(plugin, async () => editor.apply(original, valid, { track: planned.track, author: by ?? "", date }));
  // The plugin numbers the edits it was given; the plan's own numbering includes the ones dropped as invalid. A
  // replace_all comes back as one edit per occurrence, all under its number.
  const outcomes = new Map<number, AppliedEdit[]>();
  for (const e of applied.edits) outcomes.set(e.index, [...(outcomes.get(e.index) ?? []), e]);
  let given = 0;
  const edits: AppliedEdit[] = planned.ops.flatMap((op, index): AppliedEdit[] => {
    if ("invalid" in op) return [{ index, op: op.op as AppliedEdit["op"], outcome: "rejected", block: op.block || null, target: null, before: null, after: null, reason: op.invalid }];
    const done = outcomes.get(given++);
    return done ? done.map((e) => ({ ...e, index })) : [{ index, op: op.op, outcome: "rejected", block: "block" in op ? op.block : null, target: null, before: null, after: null, reason: "the editor gave no outcome for this change" }];
  });
  yield* event("edit.applied", { applied: edits.filter((e) => e.outcome === "applied").length, of: edits.length });
  if (!edits.some((e) => e.outcome === "applied")) {
    const reasons = edits.map((e) => `${e.op} ${e.block ?? ""}: ${e.outcome}${e.reason ? ` (${e.reason})` : ""}`).slice(0, 8);
    return yield* new ProcessingFailure({ code: "edit_not_applied", message: `None of the changes could be applied: ${reasons.join("; ")}.`, edits: reportEdits(edits) });
  }

  const edited = yield* attempt(async () => patchZip(original, applied.parts));
  // Against the file as given (as converted, for a legacy one): what sanitizing neutralised shows as changed too.
  const proof = entryProof(opened.bytes, edited);
  yield* event("edit.identity", {
    entries: proof,
    unchanged: proof.filter((e) => e.unchanged).length,
    changed: proof.filter((e) => !e.unchanged).map((e) => e.name),
  });

  yield* phase("inspecting");
  const inspectAll = async (candidate: Uint8Array, signal: AbortSignal) => [...inspectPackage(candidate).findings, ...(await plugin.inspect(candidate, context(signal))).findings];
  const before = new Set((yield* refusing(plugin, (signal) => inspectAll(original, signal))).map(key));
  const after = yield* refusing(plugin, (signal) => inspectAll(edited, signal));
  // What the edit broke, not what the file already had.
  const introduced: Diagnostic[] = after.filter((f) => !before.has(key(f))).map(({ fix: _fix, ...f }) => ({ ...f, fixable: false }));

  yield* phase("rendering");
  const pdf = yield* Effect.tryPromise((signal) => converter.convert(edited, format as OfficeFormat, "pdf", { signal })).pipe(
    Effect.catchAll((error) => new ProcessingFailure({ code: "processing_failed", message: `The edited file did not open in LibreOffice: ${(error.error as Error)?.message ?? error.message}.` })),
  );
  const pdfEngine = yield* PdfEngine;
  const info = yield* Effect.promise(() => pdfEngine.info(pdf).catch(() => null));
  const changed = yield* refusing(plugin, async () => blockChanges(document.blocks, editor.read(edited).blocks));
  const notApplied: Diagnostic[] = edits
    .filter((e) => e.outcome !== "applied")
    .map((e) => ({ code: "edit.not_applied", severity: "warning", category: "content", message: `The change ${e.op}${e.block ? ` on ${e.block}` : ""} was ${e.outcome.replace("_", " ")}${e.reason ? `: ${e.reason}` : ""}.` }));
  const base = fileBase(row.name ?? loaded.name.replace(/\.[A-Za-z0-9]{1,5}$/, ""));
  return {
    outputs: yield* outputs(format, base, { file: edited, pdf, readable: info !== null }),
    diagnostics: [...opened.notes, ...introduced, ...notApplied],
    pages: info?.pages ?? document.pages,
    edits: reportEdits(edits),
    changes: changed,
    sanitized: { removed: sanitized.removed },
    format,
    quality: { requested: quality.requested, level: quality.level, reason: quality.reason },
    route: { path: "fast" as const, reason: "the model plans the changes and the service applies them to the file's own parts" },
    chargeLevel: quality.level,
    renderer: `${format} editor · ${yield* Effect.promise(converter.version)}`,
  };
});
