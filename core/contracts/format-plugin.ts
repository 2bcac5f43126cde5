/**
 * The format plugin contract (DESIGN.md, "Contracts: Format plugin"): one object per output or
 * input format, `{ id, format, mediaTypes, render?, extract?, inspect?, repair?, patch? }`, plus the declaration of
 * what the format is to the service (its file names, what it delivers, its document type, how review opens it).
 * Core asks the registry these questions instead of switching on `format`, so a format is added by its plugin alone.
 * Optional capabilities are optional fields: `render` (create), `extract` (extraction), `sanitize`, `inspect` and
 * `repair` (review, core/contracts/review.ts); `patch` joins when the edit work lands.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { ProcessingFailure } from "../errors.ts";
import type { DocType, IRDocument } from "../ir/types.ts";
import type { Extract } from "./extract.ts";
import type { Inspect, RepairFix, Sanitize } from "./review.ts";
import type { StyleApplied } from "../style/types.ts";
import type { EditCapability } from "./edit.ts";
import type { OfficeConverter } from "./engines.ts";

/** Picture bytes a renderer may embed; `width`/`height` are the intrinsic size in pixels. */
export interface ImageData {
  data: Uint8Array;
  width: number;
  height: number;
  type: "png" | "jpg" | "gif";
}

export interface RenderContext {
  /** The document's `name`, used for file metadata and as the cover title when there is no title. */
  name?: string;
  type: DocType;
  /** Aborts the render (cancel, timeout); renderers throw `signal.reason`. */
  signal?: AbortSignal;
  /** Resolves an image `src` (`img:<n>`, a URL…) to bytes; `null` when it cannot be had. */
  images?: (src: string) => Promise<ImageData | null>;
  /** Heading IR id → page number (from a first PDF conversion), so a TOC opens with its page numbers. */
  headingPages?: Record<string, number>;
  /** Artifacts: where the page keeps its data (interface, Artifact data: `shared` by the service, `local` in the browser). */
  artifact?: { storage: "shared" | "local" };
  /**
   * A file whose design the rendering takes as its own (interface, POST /documents rule 2): a PowerPoint source of a
   * deck is its template (its masters, layouts and theme are used, not imitated). Formats that cannot use it ignore it.
   */
  template?: Uint8Array;
  /** The file's author (its metadata): the caller's organisation; absent: left empty, never the service's name. */
  author?: string;
}

export interface RenderResult {
  bytes: Uint8Array;
  diagnostics: Diagnostic[];
  /** Artifacts: the design plan, sent as the `artifact.planned` event (blocks, collections, libraries, bytes). */
  plan?: Record<string, unknown>;
}

/**
 * What a create or a review delivers for a format (interface, format table: "Word file and a PDF", "PDF only"…).
 * The pipelines build their outputs from it, so no pipeline knows which format gets which files.
 */
export interface Delivery {
  /** The format's own file is an output (`docx`: the Word file); false when the file is the PDF itself (`pdf`). */
  readonly file: boolean;
  /**
   * Where the PDF output comes from: `converted` by LibreOffice from the format's file (office formats, which also
   * proves the file opens), `self` when the file is a PDF; absent when the format delivers no PDF.
   */
  readonly pdf?: "converted" | "self";
  /** PNG previews of the first pages, drawn from the PDF. */
  readonly previews: boolean;
  /**
   * The file is a web page served on its own origin, with the data it keeps (artifacts): the request takes
   * `artifact` settings, its link is a page link, and it has a data API. Such a file is never reviewed.
   */
  readonly page?: boolean;
}

/** What a writer model is told of a format (core/writing). */
export interface WritingGuide {
  /** The unit a plan is made of and a writer writes at once: a document's section, a deck's slides, a sheet, a page. */
  readonly unit: "section" | "slide" | "sheet" | "page";
  /** The dialect, as rules a model follows; written for the model, in English, short. */
  readonly guide: string;
}

/** What the agent's builder model is told of a format it builds with a program in the sandbox (core/agent/prompts.ts). */
export interface BuildingGuide {
  /** What the program builds, in the words that follow "a program that builds": what the file is, its page or slide size. */
  readonly what: string;
  /** The sandbox library the file is built with and how to use it well, as rules a model follows (English, short). */
  readonly library: string;
}

export interface FormatPlugin {
  /** Unique, non-empty; the registry rejects duplicates. */
  id: string;
  /** The `format` value of the interface this plugin produces or reads; for a file read from its bytes, the kind the
   * upload check names (core/files/kinds.ts: `docx`, `doc`, `png`…). */
  format: string;
  /**
   * The media types of this format's files. The first is the one the service labels them with (uploads, outputs,
   * versions); the others are only recognised (a stored content type is matched without its parameters).
   */
  mediaTypes: readonly string[];
  /**
   * File-name extensions, lower case and without the dot. The first names delivered files; all of them tell a
   * source's kind from its name when no bytes are at hand (a URL). Absent: the format id is the extension.
   */
  extensions?: readonly string[];
  /**
   * What a file of this format is among a create's `sources`: `document` material read into text, or a `picture`
   * placed in the Markdown (`img:<n>`). Absent: not accepted as a source.
   */
  source?: "document" | "picture";
  /** What a create or review delivers; absent for formats that are only read (txt, legacy Office, pictures). */
  delivers?: Delivery;
  /**
   * The document type every file of this format has (pptx `presentation`, xlsx `spreadsheet`, artifact `artifact`);
   * absent when the type is detected from the text (Word, PDF). It sets the default style before reading the text.
   */
  documentType?: DocType;
  /**
   * The renderer writes a table of contents with page numbers (`RenderContext.headingPages`), so the compiler
   * renders twice: the second time with the pages the first PDF showed.
   */
  tableOfContents?: boolean;
  /**
   * Its text is set for a reader (core/ir/typography.ts: the language's quotes, non-breaking spaces in amounts and
   * units); absent, the text is kept as written (a workbook's cells are data, an artifact's page is the caller's).
   */
  typeset?: boolean;
  /** The container review checks before the format's own checks: `ooxml` packages get the package checks and fixes. */
  package?: "ooxml";
  /**
   * A format read by converting it first (legacy `.doc` → `docx` through LibreOffice): review works on, and
   * delivers, the converted file.
   */
  convertsTo?: string;
  /**
   * The `error.code` of a file of this format that is damaged beyond repair (interface, Errors: Word's
   * `docx_invalid`); absent: `file_rejected`. A hostile file is always `file_rejected`.
   */
  invalidFileCode?: ProcessingFailure["code"];
  render?: (ir: IRDocument, style: StyleApplied, ctx: RenderContext) => Promise<RenderResult>;
  /**
   * Finishes a rendered file with what only an office application knows (a workbook's formula results, calculated
   * by LibreOffice): called by the compiler once after each `render`, before the PDF conversion. It never fails the
   * document: when it cannot finish the file it returns the bytes it was given.
   */
  afterRender?: (bytes: Uint8Array, tools: { converter: OfficeConverter; signal?: AbortSignal }) => Promise<Uint8Array>;
  /**
   * A format delivered by converting another format's rendering (`pdf` is the Word rendering converted by
   * LibreOffice): the compiler renders with that plugin and keeps only the converted file.
   */
  renderedAs?: string;
  /** A file of this format among a create's sources is the template it is written on (a deck's PowerPoint). */
  takesTemplate?: boolean;
  /**
   * How a model writes for this format on the fast path: the Markdown this plugin lays out, told to a writer in a few
   * rules (headings per slide, tables per sheet, widget blocks). Absent on a format rendered as another: that one's.
   */
  writing?: WritingGuide;
  /**
   * How the agent builds a file of this format (core/agent): a program against a sandbox library, told to the builder
   * model. Absent: the agent does not build this format (a format rendered as another is built as that one).
   */
  building?: BuildingGuide;
  /** Edit (core/contracts/edit.ts): addressable blocks, and an edit plan applied by splicing only what changes. */
  edit?: EditCapability;
  /** Reads a file of this format into the IR (core/contracts/extract.ts). */
  extract?: Extract;
  /** Review (core/contracts/review.ts): neutralise what must not be opened, say what is wrong, repair one thing. */
  sanitize?: Sanitize;
  inspect?: Inspect;
  repair?: RepairFix;
  /**
   * The number of pages of a file, read cheaply without rendering (an upload's `pages`): a PDF's pages, slides,
   * sheets. Absent: 1. A damaged file may throw; it then counts as one page.
   */
  countPages?: (bytes: Uint8Array) => number;
}

/** The plugins of a running service, one per `format` (plugins/registry.ts builds it, frozen, at boot). */
export interface FormatRegistry {
  readonly plugins: readonly FormatPlugin[];
  /** The plugin for an interface `format` value (`docx`, `pdf`…) or an upload's kind (`doc`, `png`…), if one is registered. */
  get(format: string): FormatPlugin | undefined;
  /** The plugin whose files carry this media type (parameters such as `; charset=utf-8` ignored, case-insensitive). */
  byMediaType(mediaType: string): FormatPlugin | undefined;
  /** The plugin whose files end with this extension (with or without its dot, case-insensitive). */
  byExtension(extension: string): FormatPlugin | undefined;
}

/** A format a create delivers: its plugin renders it, itself or through another (`pdf` through Word). */
export const creates = (plugin: FormatPlugin): boolean => plugin.render !== undefined || plugin.renderedAs !== undefined;

/** The media type a format's files are labelled with: the first it declares. */
export const mediaTypeOf = (plugin: FormatPlugin): string => plugin.mediaTypes[0] ?? "application/octet-stream";

/** The extension (no dot) given to a format's files: the first it declares, else its format id. */
export const extensionOf = (plugin: FormatPlugin): string => plugin.extensions?.[0] ?? plugin.format;
