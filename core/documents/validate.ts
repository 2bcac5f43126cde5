/**
 * Every rule of `POST /documents` (interface, POST /documents: fields, rules and limits), checked before anything
 * is created. The schema (generated from the spec) catches shapes, enums and lengths; the rules below catch what a
 * schema cannot say: exactly one of prompt/content, create-only fields, source counts by kind, retention with
 * shared artifacts, and what this deployment can do (no model → 501, no plugin for a format → 501). What a format
 * is (its document type, whether it is a page with `artifact` settings, what review makes of a file) is its plugin's
 * declaration, asked of the registry.
 * Artifacts (interface, Limits): 30 days of retention by default and 90 at most (the largest value `retention`
 * takes); `retention: none` (or `store: false`) only with `local` storage, which it then defaults to.
 * All input errors are gathered and answered together, each with a JSON pointer.
 */
import type { Knex } from "knex";
import { validateCreateDocumentRequest } from "../../generated/validators.js";
import type { components } from "../../generated/openapi.ts";
import type { Config } from "../config.ts";
import { FeatureUnavailable, FileRejected, InputInvalid, NotFound, RetentionNoneShared, type FieldError } from "../errors.ts";
import { fieldErrors } from "./ajv-errors.ts";
import { resolveRetention, type Retention } from "./retention.ts";
import { defaultStyle } from "../style/defaults.ts";
import { readStyle } from "../style/read.ts";
import type { DocType } from "../ir/types.ts";
import { creates, type FormatRegistry } from "../contracts/format-plugin.ts";
import { kindOfRef, type FileRef, type RefKind } from "./file-refs.ts";
import type { FileKind } from "../files/kinds.ts";
import { reviewedAs } from "../review/format.ts";

export type CreateRequest = components["schemas"]["CreateDocumentRequest"];
export type StyleApplied = components["schemas"]["StyleApplied"];
export type Format = NonNullable<CreateRequest["format"]>;
export type Operation = NonNullable<CreateRequest["operation"]>;
export type QualityLevel = "fast" | "standard" | "best";

export interface Plan {
  readonly operation: Operation;
  readonly name: string | null;
  readonly format: Format | null;
  readonly type: DocType | null;
  readonly mode: "prompt" | "content" | null;
  readonly style: { applied: StyleApplied | null; unsupported: string[] };
  readonly quality: { requested: "auto" | QualityLevel; level: QualityLevel | null; reason: string | null };
  readonly stream: boolean;
  readonly background: boolean;
  readonly metadata: Record<string, string>;
  readonly store: boolean;
  readonly retention: Retention;
  readonly artifact: { storage: "local" | "shared" } | null;
  readonly request: CreateRequest;
}

const FILE_REF_FORMS = "must be a file id (file_…), a document id (doc_…), an object {url, filename?} or an object {data, filename}";

/**
 * The document type a format implies before any reading of the text: the one every file of the format has, else
 * `report` until content type detection refines it.
 */
const typeForFormat = (plugins: FormatRegistry, format: Format | null): DocType | null => (format ? (plugins.get(format)?.documentType ?? "report") : null);

/** A format whose files are pages kept on their own origin, with `artifact` settings (interface: artifacts). */
const isPage = (plugins: FormatRegistry, format: string | null | undefined) => (format ? plugins.get(format)?.delivers?.page === true : false);

/** The formats a create can deliver here, for messages: those a plugin renders, itself or through another. */
const creatable = (plugins: FormatRegistry) => plugins.plugins.filter(creates).map((p) => p.format);

/** The kinds accepted among sources here, for messages: documents to read and pictures to place. */
const sourceKinds = (plugins: FormatRegistry, role: "document" | "picture") => [...new Set(plugins.plugins.filter((p) => p.source === role).map((p) => p.format))].join(", ");

const LEVELS: QualityLevel[] = ["fast", "standard", "best"];

/** Content mode needs no model, so the cheapest level is charged unless the caller asked for one. */
const chooseQuality = (req: CreateRequest): Plan["quality"] => {
  const requested = req.quality ?? "auto";
  if (requested !== "auto") return { requested, level: requested, reason: "requested by the caller" };
  // A prompt's level is chosen once the request is understood (core/writing/quality.ts).
  if (["create", "edit"].includes(req.operation ?? "create") && req.prompt !== undefined) return { requested, level: null, reason: null };
  const cap = req.max_quality ?? "best";
  const level = LEVELS[Math.min(LEVELS.indexOf("fast"), LEVELS.indexOf(cap))]!;
  const reason =
    (req.operation ?? "create") === "review" ? "review runs without a model" : req.content ? "content given by the caller: laid out without a model" : "cheapest level that serves the request";
  return { requested, level, reason };
};

export interface ValidationContext {
  readonly db: Knex;
  readonly config: Config;
  readonly organizationId: string;
  readonly projectStoresNothing: boolean;
  /** Inline files are checked on arrival, in a worker thread (core/work). */
  readonly inspect: (bytes: Uint8Array, filename?: string) => Promise<{ kind: FileKind }>;
  readonly plugins: FormatRegistry;
}

/**
 * What a review will deliver, known before anything is queued where the bytes are at hand (an upload's kind, a
 * document's format, base64 data read now, refused now if it must be); null for a URL, learnt once fetched.
 */
const reviewFormatOf = async (ctx: ValidationContext, ref: FileRef): Promise<Format | "unsupported" | null> => {
  if (typeof ref === "string") {
    const row = ref.startsWith("doc_")
      ? await ctx.db("documents").where({ id: ref, organization_id: ctx.organizationId }).first("format as kind")
      : await ctx.db("files").where({ id: ref, organization_id: ctx.organizationId }).first("kind");
    return ((row?.kind && reviewedAs(ctx.plugins, row.kind)) as Format | null) || "unsupported";
  }
  if ("data" in ref) {
    try {
      return (reviewedAs(ctx.plugins, (await ctx.inspect(Buffer.from(ref.data, "base64"), ref.filename)).kind) as Format | null) ?? "unsupported";
    } catch (error) {
      if (error instanceof FileRejected) throw new FileRejected({ message: error.message, errors: [{ path: "/file/data", message: error.message }] });
      throw error;
    }
  }
  return null;
};

export const validateCreate = async (body: unknown, ctx: ValidationContext): Promise<Plan> => {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new InputInvalid({ message: "The body must be a JSON object.", errors: [{ path: "", message: "must be an object" }] });
  }
  const errors: FieldError[] = [];
  if (!validateCreateDocumentRequest(body)) {
    errors.push(...fieldErrors(validateCreateDocumentRequest.errors, { "^/file$|^/sources/\\d+$": FILE_REF_FORMS }));
  }
  const req = body as CreateRequest;
  const operation: Operation = req.operation ?? "create";
  const has = (field: keyof CreateRequest) => req[field] !== undefined;

  if (operation === "create") {
    if (has("prompt") && has("content")) {
      errors.push({ path: "/prompt", message: "give either prompt or content, not both" }, { path: "/content", message: "give either prompt or content, not both" });
    } else if (!has("prompt") && !has("content")) {
      errors.push({ path: "/content", message: "create needs exactly one of prompt (a model writes) or content.markdown (your own text)" });
    }
    if (has("file")) errors.push({ path: "/file", message: "file is for review, edit and extract; use sources with create" });
    if (!has("format") && !ctx.config.model) {
      errors.push({ path: "/format", message: `format is required in this deployment (no model to infer it): ${creatable(ctx.plugins).join(", ")}` });
    }
  } else if (operation === "review" || operation === "edit" || operation === "extract") {
    // An unknown operation is reported once, at /operation, by the schema; its rules are not guessed.
    if (!has("file")) errors.push({ path: "/file", message: `${operation} needs the file to work on` });
    if (has("sources")) errors.push({ path: "/sources", message: "sources are for create only" });
    if (has("content")) errors.push({ path: "/content", message: "content is for create only" });
    if (operation === "edit" && !has("prompt")) errors.push({ path: "/prompt", message: "edit needs a prompt saying what to change" });
    if (operation !== "edit" && has("prompt")) errors.push({ path: "/prompt", message: `prompt is not used by ${operation}` });
    if (operation !== "edit") {
      for (const field of ["style", "quality", "max_quality"] as const) if (has(field)) errors.push({ path: `/${field}`, message: `${field} is for create and edit; ${operation} does not use it` });
    }
  }
  // Without a format, a prompt's artifact settings wait for the judge to say the request is a page.
  if (has("artifact") && !isPage(ctx.plugins, req.format) && !(operation === "create" && !has("format") && has("prompt") && ctx.config.model)) {
    errors.push({ path: "/artifact", message: `artifact settings need format: ${ctx.plugins.plugins.filter((p) => p.delivers?.page).map((p) => p.format).join(" or ")}` });
  }
  if (req.stream === true && req.background === true) errors.push({ path: "/background", message: "choose stream or background, not both" });
  if (has("max_quality") && (req.quality ?? "auto") !== "auto") errors.push({ path: "/max_quality", message: "max_quality caps quality: auto only" });
  if (req.store === false && req.retention !== undefined && req.retention !== "none") {
    errors.push({ path: "/retention", message: "store: false means retention none" });
  }

  // Sources: at most 5 documents and 10 pictures; ids must exist and belong to the caller's organization.
  if (Array.isArray(req.sources) && errors.every((e) => !e.path.startsWith("/sources"))) {
    const kinds: RefKind[] = [];
    for (const [i, ref] of req.sources.entries()) {
      const kind = await kindOfRef(ctx.db, ctx.organizationId, ref, ctx.plugins);
      if (kind === "missing") throw new NotFound({ message: `sources/${i} names a file or document that does not exist.` });
      if (kind === "unsupported") {
        errors.push({ path: `/sources/${i}`, message: `not a supported source kind: documents (${sourceKinds(ctx.plugins, "document")}) or pictures (${sourceKinds(ctx.plugins, "picture")})` });
      }
      kinds.push(kind);
    }
    if (kinds.filter((k) => k === "document").length > 5) errors.push({ path: "/sources", message: "at most 5 documents among sources" });
    if (kinds.filter((k) => k === "picture").length > 10) errors.push({ path: "/sources", message: "at most 10 pictures among sources" });
  }
  let reviewFormat: Format | null = null;
  if (operation !== "create" && has("file") && errors.every((e) => e.path !== "/file")) {
    const kind = await kindOfRef(ctx.db, ctx.organizationId, req.file!, ctx.plugins);
    if (kind === "missing") throw new NotFound({ message: "file names a file or document that does not exist." });
    if (operation === "review") {
      const reviewed = await reviewFormatOf(ctx, req.file!);
      if (reviewed === "unsupported") errors.push({ path: "/file", message: "review takes Word, PowerPoint, Excel and PDF files (also .doc, .ppt and .xls)" });
      else reviewFormat = reviewed;
      if (req.format && reviewFormat && req.format !== reviewFormat) errors.push({ path: "/format", message: `the file is reviewed as ${reviewFormat}; leave format out or send ${reviewFormat}` });
      if (isPage(ctx.plugins, req.format)) errors.push({ path: "/format", message: `${req.format} pages cannot be reviewed` });
    }
    if (operation === "edit" && ctx.config.model) {
      // Without a model an edit answers 501 below, before its file is opened. Edit works on the file a review would open (legacy files converted), when that format's plugin can edit it.
      const opened = await reviewFormatOf(ctx, req.file!);
      const editable = opened !== "unsupported" && (opened === null || ctx.plugins.get(opened)?.edit !== undefined);
      if (!editable) errors.push({ path: "/file", message: "edit takes Word, PowerPoint and Excel files (also .doc, .ppt and .xls, returned as .docx, .pptx and .xlsx)" });
      else reviewFormat = opened;
      if (req.format && reviewFormat && req.format !== reviewFormat) errors.push({ path: "/format", message: `the file is edited as ${reviewFormat}; leave format out or send ${reviewFormat}` });
      if (isPage(ctx.plugins, req.format)) errors.push({ path: "/format", message: `${req.format} pages cannot be edited` });
    }
  }
  if (errors.length > 0) throw new InputInvalid({ message: "The request has invalid fields; see errors.", errors });

  const { store, retention } = resolveRetention({ store: req.store, retention: req.retention });
  const format = req.format ?? reviewFormat;
  // Default storage: shared, or local in a project that stores nothing or for a page kept no time at all.
  const artifact = isPage(ctx.plugins, format) ? { storage: req.artifact?.storage ?? (ctx.projectStoresNothing || retention === "none" ? "local" : "shared") } : null;
  if (artifact?.storage === "shared" && retention === "none") {
    throw new RetentionNoneShared({
      message: "An artifact kept for no time (retention none) can only store data in visitors' browsers: use artifact.storage local.",
      errors: [{ path: "/artifact/storage", message: "must be local when retention is none" }],
    });
  }

  // What this deployment can do. Model-driven parts answer 501 when no model is configured (interface, Errors).
  const noModel = !ctx.config.model;
  // A review's type is read from the file once it is open, and it applies no style.
  const type = operation === "review" || operation === "edit" ? null : typeForFormat(ctx.plugins, format);
  let style: Plan["style"] = { applied: type ? defaultStyle(type) : null, unsupported: [] };
  if (req.style !== undefined && type) {
    const read = readStyle(req.style, style.applied!);
    if (read.understood === 0 && noModel) {
      throw new FeatureUnavailable({
        message: "No part of this style could be read without a model, and no model is configured here.",
        errors: [{ path: "/style", message: "use plain words such as: font Georgia, 11pt, justified, margins 2 cm, landscape, page numbers" }],
      });
    }
    style = { applied: read.applied, unsupported: read.unsupported };
  }
  if (has("prompt") && noModel) {
    throw new FeatureUnavailable({
      message:
        operation === "edit"
          ? "Editing from a prompt needs a model, and none is configured in this deployment."
          : "Writing from a prompt needs a model, and none is configured in this deployment. Send content.markdown instead.",
      errors: [{ path: "/prompt", message: "needs a model" }],
    });
  }
  const plugin = format ? ctx.plugins.get(format) : undefined;
  const capability = operation === "create" ? "render" : operation === "extract" ? "extract" : operation === "review" ? "inspect" : "edit";
  const capable = plugin && (capability in plugin || (capability === "render" && plugin.renderedAs !== undefined));
  if (format && !capable) {
    throw new FeatureUnavailable({
      message: `This deployment cannot ${operation} ${format} documents yet.`,
      errors: [{ path: "/format", message: `${operation} of ${format} is not available here` }],
    });
  }

  return {
    operation,
    name: req.name ?? null,
    format,
    type,
    mode: operation === "create" ? (req.content ? "content" : "prompt") : operation === "edit" ? "prompt" : null,
    style,
    quality: chooseQuality(req),
    stream: req.stream ?? false,
    background: req.background ?? false,
    metadata: (req.metadata ?? {}) as Record<string, string>,
    store,
    retention,
    artifact,
    request: req,
  };
};
