/**
 * Text inside pictures (interface, Extraction: "pictures read with OCR"), read as for decks and workbooks
 * (core/extract/picture-ocr.ts: size checks, enlargement, 60% confidence, at most `ctx.maxOcrPages` pictures). Each
 * picture part is read once however often it is shown; what it says follows the paragraph that shows it, in a block
 * the reader left empty there. A part that cannot be read is reported like any other part (parts.ts).
 */
import type { ExtractContext } from "../../../core/contracts/extract.ts";
import type { SourceRange } from "../../../core/ir/types.ts";
import { readPictures as readPictureParts } from "../../picture-ocr.ts";
import type { Built } from "./model.ts";
import { isHostile, type Parts } from "./parts.ts";
import type { Report } from "./reader.ts";

export interface PictureJob {
  readonly part: string;
  /** Filled with the marker and the text when OCR finds some; left empty otherwise (written as nothing). */
  readonly block: Built;
  /** Where the picture is shown: the text read from it has an empty range there, as it is not in the part's text. */
  readonly source: SourceRange;
}

export const readPictures = (jobs: readonly PictureJob[], parts: Parts, ctx: ExtractContext, report: Report): Promise<void> =>
  readPictureParts(
    jobs.map((job) => ({
      source: job.source,
      bytes: () => {
        try {
          return parts.pkg.bytes(job.part);
        } catch (error) {
          if (isHostile(error)) throw error;
          parts.unreadable(job.part, error);
          return null;
        }
      },
      land: (blocks) => {
        job.block.blocks = blocks;
      },
    })),
    ctx,
    report,
  );
