/**
 * The source whose design a document takes (interface, POST /documents rule 2): a PowerPoint source of a deck is its
 * template at any quality (a legacy `.ppt` is converted first, as its plugin's `convertsTo` says); any other design
 * is copied only at `best`, by the agent. The file is read like any source; `design.chosen` names it.
 */
import * as Effect from "effect/Effect";
import { extensionOfName, type FileRef } from "../../documents/file-refs.ts";
import type { ConvertTarget, OfficeFormat } from "../../contracts/engines.ts";
import { loadFileRef } from "../../files/load.ts";
import { Db } from "../../store/db.ts";
import { Blobs } from "../../services/blobs.ts";
import { HttpOut } from "../../services/http-out.ts";
import { Converter } from "../../services/engines.ts";
import { Registry } from "../../services/plugins.ts";
import { attempt } from "../attempt.ts";
import { event, Job } from "../job.ts";

export interface Design {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** `template`: a deck built on the PowerPoint's masters and layouts; `design`: a look the agent copies. */
  readonly as: "template" | "design";
}

export interface DesignChoice {
  readonly ref: FileRef;
  /** 1-based position among the request's `sources`. */
  readonly index: number;
  readonly name: string;
  readonly as: Design["as"];
}

const POWERPOINT = /\.pptx?$/i;
const OFFICE = /\.(docx?|pptx?|xlsx?|pdf)$/i;

/** Which source gives the design, if any: the deck's first PowerPoint, or at `best` the first office file given. */
export const chooseDesign = (
  /** The format is written on a template when one is given (its plugin's `takesTemplate`). */
  takesTemplate: boolean,
  sources: ReadonlyArray<{ ref: FileRef; name: string; kind: "document" | "picture" }>,
  copy: boolean,
): DesignChoice | null => {
  const documents = sources.map((s, i) => ({ ...s, index: i + 1 })).filter((s) => s.kind === "document");
  const deck = takesTemplate ? documents.find((s) => POWERPOINT.test(s.name)) : undefined;
  if (deck) return { ref: deck.ref, index: deck.index, name: deck.name, as: "template" };
  if (!copy) return null;
  const given = documents.find((s) => OFFICE.test(s.name)) ?? documents[0];
  return given ? { ref: given.ref, index: given.index, name: given.name, as: "design" } : null;
};

export const loadDesign = (choice: DesignChoice) =>
  Effect.gen(function* () {
    const { row, allowPrivateUrls } = yield* Job;
    const deps = { db: yield* Db, blobs: yield* Blobs, organizationId: row.organization_id, allowPrivateUrls, http: yield* HttpOut };
    const loaded = yield* attempt((signal) => loadFileRef(deps, choice.ref, signal));
    const converter = yield* Converter;
    // The template of a deck is read as a .pptx; a legacy file its plugin reads by converting (a .ppt) becomes one first.
    const extension = extensionOfName(loaded.name);
    const legacy = choice.as === "template" && extension ? (yield* Registry).byExtension(extension) : undefined;
    const to = legacy?.convertsTo;
    const bytes = legacy && to ? yield* attempt((signal) => converter.convert(loaded.bytes, legacy.format as OfficeFormat, to as ConvertTarget, { signal })) : loaded.bytes;
    yield* event("design.chosen", { source: choice.name, index: choice.index, as: choice.as });
    return { name: choice.name, bytes, as: choice.as } satisfies Design;
  });
