/**
 * Text inside the pictures of Office files (interface, Extraction: "scanned pages and pictures read with OCR"),
 * one way for the Word, PowerPoint and Excel readers. Pictures stay referenced (`![alt](media/image1.png)`); with
 * `ctx.ocr`, each embedded PNG, JPEG, GIF or WebP big enough to hold a line of text is also read, and what it says
 * follows the picture after a `<!-- picture: text read by OCR -->` marker, as the PDF reader writes it. Text is kept
 * when OCR is at least 60% sure and it has words. A reader asks once per picture part however often the part is
 * shown, and at most `ctx.maxOcrPages` (100) pictures of a file are read. Without `ctx.ocr` nothing here runs.
 *
 * Drawing a picture for OCR (onto white, in gray, enlarged) takes mupdf, a renderer: core does not load it, the
 * caller passes it in (plugins/picture-ocr.ts).
 */
import type { ExtractContext } from "../contracts/extract.ts";
import type { Severity } from "../diagnostics.ts";
import { pictureInfo } from "../images/header.ts";
import { overPixelLimit } from "../images/probe.ts";
import type { Block, ImageBlock, SourceRange } from "../ir/types.ts";
import { PackageRefused, type Package } from "../ooxml/package.ts";
import { markdownBlocks } from "./markdown-blocks.ts";

export interface PictureJob {
  /** The picture's bytes, null when there are none to read (absent, or unreadable and said so). */
  readonly bytes: () => Uint8Array | null;
  /** Where the picture is shown: the text read from it has an empty range there, as it is not in the file's text. */
  readonly source: SourceRange;
  /** Takes the marker and the text when OCR finds some; not called otherwise. */
  readonly land: (blocks: Block[]) => void;
}

export type Report = (code: string, severity: Severity, message: string) => void;

/** A picture drawn as a PNG for OCR, `scale` times its size. Throws when it cannot be drawn. */
export type DrawPicture = (bytes: Uint8Array, scale: number) => Promise<Uint8Array>;

const DEFAULT_MAX_OCR = 100;
/** Smaller than this on its short side, a picture holds no readable line of text (icons, bullets, rules). */
const MIN_SIDE = 16;
const MIN_CONFIDENCE = 0.6;
/** Tesseract reads text best 20–30 px high: small pictures are enlarged, as the picture reader does. */
const ENLARGE_BELOW = 1800;
const MAX_ENLARGE = 2.5;
const AT_ONCE = 4;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads the pictures of one file, in the order given; each diagnostic is reported once. */
export const readPictureText = async (jobs: readonly PictureJob[], ctx: ExtractContext, report: Report, draw: () => Promise<DrawPicture>): Promise<void> => {
  const ocr = ctx.ocr;
  if (!ocr || jobs.length === 0) return;
  const said = new Set<string>();
  const once: Report = (code, severity, text) => {
    if (said.has(`${code}\u0000${text}`)) return;
    said.add(`${code}\u0000${text}`);
    report(code, severity, text);
  };
  const max = ctx.maxOcrPages ?? DEFAULT_MAX_OCR;
  if (jobs.length > max) once("extract.ocr_over_limit", "info", `Only ${max} pictures are read by OCR; ${jobs.length - max} more were not read.`);
  const drawPicture = await draw();
  let unreadableKinds = 0;

  const one = async (job: PictureJob) => {
    const bytes = job.bytes();
    if (!bytes) return;
    const info = pictureInfo(bytes);
    if (!info) {
      unreadableKinds++;
      return;
    }
    // The one pixel limit (core/images/probe.ts), as for an uploaded picture.
    const over = overPixelLimit(info);
    if (over) {
      once("extract.picture_too_large", "warning", `A picture was not read: ${over}.`);
      return;
    }
    if (Math.min(info.width, info.height) < MIN_SIDE) return;
    let image = bytes;
    if (info.kind !== "webp") {
      const longer = Math.max(info.width, info.height);
      try {
        image = await drawPicture(bytes, longer < ENLARGE_BELOW ? Math.min(MAX_ENLARGE, ENLARGE_BELOW / longer) : 1);
      } catch {
        // mupdf could not draw it: Tesseract may still read it as it is.
      }
    }
    ctx.signal?.throwIfAborted();
    try {
      const result = await ocr.read(image, ctx.signal ? { signal: ctx.signal } : undefined);
      const text = result.markdown.trim();
      if (result.confidence >= MIN_CONFIDENCE && /\p{L}{2,}/u.test(text)) {
        const at = { ...job.source, end: job.source.start };
        job.land([{ type: "comment", id: "", text: "picture: text read by OCR", source: at }, ...markdownBlocks(text, at)]);
      }
    } catch (error) {
      ctx.signal?.throwIfAborted();
      once("extract.ocr_failed", "warning", `OCR failed on a picture: ${message(error)}`);
    }
  };

  const queue = jobs.slice(0, max);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await one(queue[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  if (unreadableKinds > 0) {
    once("extract.ocr_skipped", "info", `${unreadableKinds} picture${unreadableKinds === 1 ? " is" : "s are"} in a format OCR does not read (EMF, WMF, SVG, TIFF…); any text in ${unreadableKinds === 1 ? "it" : "them"} was not read.`);
  }
};

/**
 * The pictures a deck or workbook reader meets while it builds its blocks (image blocks at the top level of its
 * list), each part once: the first block showing a part is where the text read from it goes, right after it.
 */
export class PicturesInBlocks {
  readonly jobs: PictureJob[] = [];
  readonly #seen = new Set<string>();
  readonly #after = new Map<Block, Block[]>();

  constructor(
    private readonly pkg: Package,
    private readonly report: Report,
  ) {}

  /** A picture shown by `image`, held in the package part `part`. */
  add(part: string, image: ImageBlock, source: SourceRange): void {
    if (this.#seen.has(part)) return;
    this.#seen.add(part);
    const bytes = () => {
      try {
        return this.pkg.bytes(part);
      } catch (error) {
        // A damaged picture costs its text only; what makes the file hostile is still refused.
        if (!(error instanceof PackageRefused) || error.reason === "zip_bomb" || error.reason === "xml_dtd" || error.reason === "encrypted") throw error;
        this.report("extract.part_unreadable", "warning", `${part} could not be read (${error.message}); any text in the picture is missing.`);
        return null;
      }
    };
    this.jobs.push({ bytes, source, land: (blocks) => this.#after.set(image, blocks) });
  }

  /** `blocks` with what was read from each picture after the block that shows it. */
  place(blocks: readonly Block[]): Block[] {
    if (this.#after.size === 0) return [...blocks];
    return blocks.flatMap((block) => [block, ...(this.#after.get(block) ?? [])]);
  }
}
