/**
 * Pictures for content mode (interface, POST /documents `sources` and `content`): `img:<n>` is the n-th picture
 * among the request's sources (from 1), `web:<search text>` is the first match of the image search that can be
 * placed (none configured: left out with `image.unavailable`), and a direct http(s) link is fetched under the
 * public-address rules. Pictures from the web come back with their credit, for a caption.
 * Everything is resolved once, before rendering; each picture that cannot be placed gets one diagnostic with the
 * reason, and the document still completes. A picture over the pixel limit (core/images/probe.ts) is one of those:
 * placing it as it is makes LibreOffice decode all of it (a 900-megapixel PNG cost 27 s and 1.4 GB).
 */
import type { Knex } from "knex";
import type { BlobStoreShape } from "../../services/blobs.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import type { IRDocument } from "../../ir/types.ts";
import { imageBlocks } from "../../ir/images.ts";
import type { ImageData } from "../../contracts/format-plugin.ts";
import { overPixelLimit, probePicture } from "../../images/probe.ts";
import { sniffPicture, type FileRef } from "../../documents/file-refs.ts";
import type { HttpOutShape } from "../../services/http-out.ts";
import type { ImageSearchClient, WebImage } from "../../contracts/image-search.ts";

const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

export interface ImageDeps {
  readonly db: Knex;
  readonly blobs: BlobStoreShape;
  readonly organizationId: string;
  readonly allowPrivateUrls: boolean;
  readonly signal: AbortSignal;
  /** Outgoing HTTP (the guarded fetch of core/net). */
  readonly http: HttpOutShape;
  readonly search: ImageSearchClient;
}

/** Where a picture from the web came from: the caption under it and the `image.web_source` issue. */
export interface WebCredit {
  readonly text: string;
}

/** Search results tried, best first, until one can be placed (a dead link, a WebP, a huge picture). */
const SEARCH_TRIES = 3;

const creditOf = (image: WebImage): string =>
  [image.title && `“${image.title}”`, image.creator && `by ${image.creator}`, image.license, `${image.provider}, ${image.pageUrl}`].filter(Boolean).join(" · ");

const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
};

const bytesOfRef = async (deps: ImageDeps, ref: FileRef): Promise<Buffer> => {
  if (typeof ref === "string") {
    const file = await deps.db("files").where({ id: ref, organization_id: deps.organizationId }).first("blob_key");
    if (!file) throw new Error(`the source ${ref} no longer exists`);
    return deps.blobs.get(file.blob_key);
  }
  if ("data" in ref) return Buffer.from(ref.data, "base64");
  return (await deps.http.fetch(ref.url, { maxBytes: MAX_PICTURE_BYTES, allowPrivate: deps.allowPrivateUrls, signal: deps.signal })).bytes;
};

/** Which sources are pictures, in order: the `img:<n>` numbering. */
const pictureSources = async (deps: ImageDeps, sources: ReadonlyArray<FileRef>): Promise<FileRef[]> => {
  const pictures: FileRef[] = [];
  for (const ref of sources) {
    if (typeof ref === "string") {
      if (ref.startsWith("doc_")) continue;
      const file = await deps.db("files").where({ id: ref, organization_id: deps.organizationId }).first("content_type");
      if (file && /^image\//.test(file.content_type)) pictures.push(ref);
    } else if ("data" in ref) {
      if (sniffPicture(Buffer.from(ref.data.slice(0, 24), "base64"))) pictures.push(ref);
    } else if (/\.(png|jpe?g|gif|webp)$/i.test(ref.filename ?? new URL(ref.url).pathname)) pictures.push(ref);
  }
  return pictures;
};

const toImageData = (bytes: Buffer): ImageData => {
  const info = probePicture(bytes);
  if (!info) throw new Error("the file is not a PNG, JPEG or GIF picture");
  if (info.type === "webp") throw new Error("WebP pictures cannot be placed in office files yet");
  const tooLarge = overPixelLimit(info);
  if (tooLarge) throw new Error(tooLarge);
  return { data: bytes, width: info.width, height: info.height, type: info.type };
};

export const resolveContentImages = async (
  deps: ImageDeps,
  ir: IRDocument,
  sources: ReadonlyArray<FileRef>,
): Promise<{ images: Map<string, ImageData | null>; diagnostics: Diagnostic[]; credits: Map<string, WebCredit> }> => {
  const images = new Map<string, ImageData | null>();
  const credits = new Map<string, WebCredit>();
  const diagnostics: Diagnostic[] = [];
  const blocks = imageBlocks(ir);
  if (blocks.length === 0) return { images, diagnostics, credits };
  const fetchPicture = async (address: string) =>
    toImageData((await deps.http.fetch(address, { maxBytes: MAX_PICTURE_BYTES, allowPrivate: deps.allowPrivateUrls, signal: deps.signal })).bytes);
  const pictures = await pictureSources(deps, sources);
  const reasons = new Map<string, string>();
  for (const src of new Set(blocks.map((b) => b.src))) {
    try {
      const numbered = /^img:(\d+)$/.exec(src);
      if (numbered) {
        const ref = pictures[Number(numbered[1]) - 1];
        if (!ref) throw new Error(`there is no picture number ${numbered[1]} among the sources (${pictures.length} given)`);
        images.set(src, toImageData(await bytesOfRef(deps, ref)));
      } else if (src.startsWith("web:")) {
        if (!deps.search.configured) throw new Error("no image search is configured in this deployment");
        const query = src.slice(4).trim();
        if (!query) throw new Error("the search text after web: is empty");
        const found = await deps.search.search(query, { signal: deps.signal, limit: SEARCH_TRIES });
        if (found.length === 0) throw new Error(`the image search found nothing for "${query}"`);
        const failures: string[] = [];
        for (const candidate of found.slice(0, SEARCH_TRIES)) {
          try {
            images.set(src, await fetchPicture(candidate.url));
            credits.set(src, { text: creditOf(candidate) });
            break;
          } catch (error) {
            deps.signal.throwIfAborted();
            failures.push((error as Error).message);
          }
        }
        if (!images.get(src)) throw new Error(`none of the pictures found for "${query}" could be placed (${failures.join("; ")})`);
      } else if (/^https?:\/\//i.test(src)) {
        images.set(src, await fetchPicture(src));
        credits.set(src, { text: `${hostOf(src)}, ${src}` });
      } else {
        throw new Error("the address is neither img:<n>, web:<search text> nor an http(s) link");
      }
    } catch (error) {
      deps.signal.throwIfAborted();
      images.set(src, null);
      reasons.set(src, (error as Error).message);
    }
  }
  for (const block of blocks) {
    const reason = reasons.get(block.src);
    if (reason) {
      diagnostics.push({ code: "image.unavailable", severity: "warning", category: "content", message: `The picture "${block.src}" was left out: ${reason}.`, nodeId: block.id });
    }
  }
  return { images, diagnostics, credits };
};
