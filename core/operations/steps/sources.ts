/**
 * The request's sources: documents among them are material, never orders. They are read (as extraction reads
 * them), and selected to the budget a writer is given; the selection is the `source.selected` event. The checks'
 * text stage looks for instructions hidden in them.
 */
import * as Effect from "effect/Effect";
import { Db } from "../../store/db.ts";
import { Blobs } from "../../services/blobs.ts";
import { HttpOut } from "../../services/http-out.ts";
import { Registry } from "../../services/plugins.ts";
import { Converter, OcrEngine } from "../../services/engines.ts";
import { readSources } from "../../sources/read.ts";
import { selectPassages } from "../../sources/select.ts";
import type { FileRef } from "../../documents/file-refs.ts";
import { attempt } from "../attempt.ts";
import { event, Job } from "../job.ts";

/** How much source text a writer is given; longer sources are cut to their most relevant passages. */
export const SOURCE_BUDGET_CHARS = 60_000;

export const sources = (refs: ReadonlyArray<FileRef>, topic: string) =>
  Effect.gen(function* () {
    const job = yield* Job;
    const deps = { db: yield* Db, blobs: yield* Blobs, plugins: yield* Registry, organizationId: job.row.organization_id, allowPrivateUrls: job.allowPrivateUrls, http: yield* HttpOut };
    const converter = yield* Converter;
    const ocr = yield* OcrEngine;
    const texts = yield* attempt((signal) => readSources({ ...deps, context: async () => ({ converter, ocr }) }, refs, signal));
    const selected = texts.length ? selectPassages(texts, topic, SOURCE_BUDGET_CHARS) : [];
    if (selected.length) yield* event("source.selected", { budget_chars: SOURCE_BUDGET_CHARS, sources: selected.map(({ text: _text, ...rest }) => rest) });
    // The whole texts for the checks (an instruction may hide anywhere); the selection for a writer.
    return { texts, selected };
  });
