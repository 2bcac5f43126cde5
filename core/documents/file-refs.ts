/**
 * What a file reference in `sources` or `file` points at: a document (material to read) or a picture (to place),
 * told from stored files' content types, from the first bytes of base64 data, or from a URL's file name.
 */
import type { Knex } from "knex";

export type RefKind = "document" | "picture" | "unsupported" | "missing";
export type FileRef = string | { url: string; filename?: string } | { data: string; filename: string };

const PICTURE_EXT = /\.(png|jpe?g|gif|webp)$/i;
const DOCUMENT_EXT = /\.(docx|pptx|xlsx|pdf|doc|ppt|xls|txt|md|markdown)$/i;

export const kindOfContentType = (contentType: string): RefKind =>
  /^image\/(png|jpeg|gif|webp)$/.test(contentType) ? "picture" : /^image\//.test(contentType) ? "unsupported" : "document";

/** Picture signatures; anything else is read as a document and checked properly when it is opened. */
export const sniffPicture = (bytes: Uint8Array): boolean => {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  return (
    starts(0x89, 0x50, 0x4e, 0x47) || // PNG
    starts(0xff, 0xd8, 0xff) || // JPEG
    starts(0x47, 0x49, 0x46, 0x38) || // GIF8
    (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) // RIFF....WEBP
  );
};

const byName = (name: string | undefined): RefKind =>
  !name ? "document" : PICTURE_EXT.test(name) ? "picture" : DOCUMENT_EXT.test(name) ? "document" : "unsupported";

export const kindOfRef = async (db: Knex, organizationId: string, ref: FileRef): Promise<RefKind> => {
  if (typeof ref === "string") {
    if (ref.startsWith("doc_")) {
      const doc = await db("documents").where({ id: ref, organization_id: organizationId }).first("id");
      return doc ? "document" : "missing";
    }
    const file = await db("files").where({ id: ref, organization_id: organizationId }).first("content_type");
    return file ? kindOfContentType(file.content_type) : "missing";
  }
  if ("data" in ref) {
    const head = Buffer.from(ref.data.slice(0, 24), "base64");
    return sniffPicture(head) ? "picture" : byName(ref.filename) === "picture" ? "unsupported" : byName(ref.filename);
  }
  let name = ref.filename;
  if (!name) {
    try {
      name = new URL(ref.url).pathname;
    } catch {
      return "unsupported";
    }
  }
  return PICTURE_EXT.test(name) ? "picture" : "document";
};
