/**
 * The pictures the IR names (`img:<n>` from `sources`, `web:<search text>`, URLs), fetched once and handed to the
 * renderer by `src`. `reported` lists the nodes already reported with their reason, so a renderer's own
 * "unavailable" is not repeated. A picture from the web (interface, checks: "Images") gets its credit as an italic
 * caption under it and the `image.web_source` issue, so nobody publishes it without seeing where it came from.
 */
import * as Effect from "effect/Effect";
import { Db } from "../../store/db.ts";
import { Blobs } from "../../services/blobs.ts";
import { HttpOut } from "../../services/http-out.ts";
import { ImageSearch } from "../../services/image-search.ts";
import { resolveContentImages, type WebCredit } from "./picture-bytes.ts";
import type { FileRef } from "../../documents/file-refs.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import type { IRDocument } from "../../ir/types.ts";
import { imageBlocks } from "../../ir/images.ts";
import { insertBlock } from "../../ir/ids.ts";
import { attempt } from "../attempt.ts";
import { Job } from "../job.ts";

/** The IR with a caption under each top-level picture from the web, and one issue per such picture. */
const credited = (ir: IRDocument, credits: ReadonlyMap<string, WebCredit>) => {
  const diagnostics: Diagnostic[] = imageBlocks(ir)
    .filter((b) => credits.has(b.src))
    .map((b) => ({
      code: "image.web_source",
      severity: "info" as const,
      category: "image",
      message: `The picture "${b.src}" comes from the web (${credits.get(b.src)!.text}); check its licence before publishing.`,
      nodeId: b.id,
    }));
  if (diagnostics.length === 0) return { ir, diagnostics };
  const out = structuredClone(ir);
  // From the end, so each insertion leaves the positions still to visit where they were.
  for (let at = out.blocks.length - 1; at >= 0; at--) {
    const block = out.blocks[at]!;
    const credit = block.type === "image" ? credits.get(block.src) : undefined;
    if (credit) insertBlock(out, at + 1, { type: "paragraph", id: "", inlines: [{ type: "text", id: "", text: `Source: ${credit.text}`, marks: ["italic"] }] });
  }
  return { ir: out, diagnostics };
};

/**
 * A placed picture whose Markdown gives it no image text: its PDF tags and the Word, deck and workbook files have
 * nothing to tell a screen reader, so it is treated as decorative (renderers/mupdf/accessible.ts) and the caller is told.
 */
const withoutAltText = (ir: IRDocument, placed: ReadonlySet<string>): Diagnostic[] =>
  imageBlocks(ir)
    .filter((b) => placed.has(b.src) && !b.alt.trim())
    .map((b) => ({
      code: "image.no_alt_text",
      severity: "warning" as const,
      category: "image",
      message: `The picture "${b.src.slice(0, 120)}" has no image text, so screen readers and the PDF's tags cannot say what it shows and it is marked decorative; describe it in the Markdown: ![what it shows](${b.src.slice(0, 120)}).`,
      nodeId: b.id,
    }));

export const pictures = (ir: IRDocument, refs: ReadonlyArray<FileRef>) =>
  Effect.gen(function* () {
    const job = yield* Job;
    const deps = { db: yield* Db, blobs: yield* Blobs, organizationId: job.row.organization_id, allowPrivateUrls: job.allowPrivateUrls, http: yield* HttpOut, search: yield* ImageSearch };
    const found = yield* attempt((signal) => resolveContentImages({ ...deps, signal }, ir, refs));
    const captioned = credited(ir, found.credits);
    return {
      ir: captioned.ir,
      diagnostics: [...found.diagnostics, ...captioned.diagnostics, ...withoutAltText(ir, new Set([...found.images].filter(([, data]) => data !== null).map(([src]) => src)))],
      reported: new Set(found.diagnostics.map((d) => d.nodeId)),
      lookup: async (src: string) => found.images.get(src) ?? null,
    };
  });
