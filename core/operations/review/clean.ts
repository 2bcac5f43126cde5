/**
 * Cleaning a file: sanitize before anything opens it (external relationships, OLE/ActiveX, DDE, remote fonts, PDF
 * JavaScript); inspect it (the OOXML package checks and the plugin's own, with the file's text and values); then the
 * repair loop (core/review/loop.ts): safe structural fixes, each kept only when its issue goes and the text and
 * values stay equal to the sanitized file's, every attempt in the ledger.
 */
import * as Effect from "effect/Effect";
import { repairLoop } from "../../review/loop.ts";
import { inspectPackage, repairPackage } from "../../ooxml/review/index.ts";
import type { Inspection, ReviewContext } from "../../contracts/review.ts";
import { Converter, Fonts } from "../../services/engines.ts";
import { event, phase } from "../job.ts";
import { refusing, type Opened } from "./open.ts";

export const clean = (opened: Opened) =>
  Effect.gen(function* () {
    const { plugin } = opened;
    const converter = yield* Converter;
    const fonts = yield* Effect.promise((yield* Fonts).installed);
    const context = (signal: AbortSignal): ReviewContext => ({ signal, converter, fonts });
    const ooxml = plugin.package === "ooxml";
    const inspectAll = async (candidate: Uint8Array, ctx: ReviewContext): Promise<Inspection> => {
      const own = await plugin.inspect(candidate, ctx);
      return ooxml ? { findings: [...inspectPackage(candidate).findings, ...own.findings], content: own.content } : own;
    };

    yield* phase("sanitizing");
    const sanitized = yield* refusing(plugin, (signal) => plugin.sanitize(opened.bytes, context(signal)));
    yield* event("review.sanitized", { removed: sanitized.removed });
    yield* phase("inspecting");
    const first = yield* refusing(plugin, (signal) => inspectAll(sanitized.bytes, context(signal)));
    yield* event("review.inspected", { issues: first.findings.length, fixable: first.findings.filter((f) => f.fix).length });
    yield* phase("repairing");
    const repaired = yield* refusing(plugin, (signal) =>
      repairLoop({
        bytes: sanitized.bytes,
        inspection: first,
        inspect: (candidate) => inspectAll(candidate, context(signal)),
        repair: (candidate, fix) => (fix.startsWith("package.") ? Promise.resolve(repairPackage(candidate, fix)) : plugin.repair(candidate, fix, context(signal))),
        signal,
      }),
    );
    return { sanitized, repaired };
  });
