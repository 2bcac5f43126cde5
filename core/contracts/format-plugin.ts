/**
 * The format plugin contract (DESIGN.md, "Contracts: Format plugin"): one object per output or
 * input format, `{ id, format, mediaTypes, render?, extract?, inspect?, repair?, patch? }`.
 * Optional capabilities are optional fields: `render` (create), `extract` (extraction), `sanitize`, `inspect` and
 * `repair` (review, core/contracts/review.ts); `patch` joins when the edit work lands.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { DocType, IRDocument } from "../ir/types.ts";
import type { Extract } from "./extract.ts";
import type { Inspect, RepairFix, Sanitize } from "./review.ts";
import type { StyleApplied } from "../style/types.ts";

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
}

export interface RenderResult {
  bytes: Uint8Array;
  diagnostics: Diagnostic[];
  /** Artifacts: the design plan, sent as the `artifact.planned` event (blocks, collections, libraries, bytes). */
  plan?: Record<string, unknown>;
}

export interface FormatPlugin {
  /** Unique, non-empty; the registry rejects duplicates. */
  id: string;
  /** The `format` value of the interface this plugin produces or reads. */
  format: string;
  mediaTypes: readonly string[];
  render?: (ir: IRDocument, style: StyleApplied, ctx: RenderContext) => Promise<RenderResult>;
  /**
   * A format delivered by converting another format's rendering (`pdf` is the Word rendering converted by
   * LibreOffice): the compiler renders with that plugin and keeps only the converted file.
   */
  renderedAs?: string;
  /** Reads a file of this format into Markdown (core/contracts/extract.ts). */
  extract?: Extract;
  /** Review (core/contracts/review.ts): neutralise what must not be opened, say what is wrong, repair one thing. */
  sanitize?: Sanitize;
  inspect?: Inspect;
  repair?: RepairFix;
}

/** The plugins of a running service, one per `format` (plugins/registry.ts builds it, frozen, at boot). */
export interface FormatRegistry {
  readonly plugins: readonly FormatPlugin[];
  /** The plugin for an interface `format` value (`docx`, `pdf`…), if one is registered. */
  get(format: string): FormatPlugin | undefined;
}
