/**
 * What a file reference in `sources` or `file` points at: a document (material to read) or a picture (to place),
 * told from stored files' content types, from the first bytes of base64 data, or from a URL's file name. Which
 * media types and extensions are documents or pictures is the format plugins' declaration (`FormatPlugin.source`).
 */
import type { Knex } from "knex";
import type { FormatRegistry } from "../contracts/format-plugin.ts";

export type RefKind = "document" | "picture" | "unsupported" | "missing";
export type FileRef = string | { url: string; filename?: string } | { data: string; filename: string };

type Formats = Pick<FormatRegistry, "byMediaType" | "byExtension">;

/** A stored file's role by its content type; a picture no plugin places is not supported, any other file is read as a document. */
export const kindOfContentType = (contentType: string, plugins: Formats): RefKind => {
  const source = plugins.byMediaType(contentType)?.source;
  return source ?? (/^image\//.test(contentType) ? "unsupported" : "document");
};

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

/** The extension a file name ends with, without the dot; none when it has none. */
export const extensionOfName = (name: string) => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1];

/** A role from a file name: no name is a document (checked when opened), an extension no plugin reads is not supported. */
const byName = (name: string | undefined, plugins: Formats): RefKind => {
  if (!name) return "document";
  const extension = extensionOfName(name);
  return (extension && plugins.byExtension(extension)?.source) || "unsupported";
};

export const kindOfRef = async (db: Knex, organizationId: string, ref: FileRef, plugins: Formats): Promise<RefKind> => {
  if (typeof ref === "string") {
    if (ref.startsWith("doc_")) {
      const doc = await db("documents").where({ id: ref, organization_id: organizationId }).first("id");
      return doc ? "document" : "missing";
    }
    const file = await db("files").where({ id: ref, organization_id: organizationId }).first("content_type");
    return file ? kindOfContentType(file.content_type, plugins) : "missing";
  }
  if ("data" in ref) {
    const head = Buffer.from(ref.data.slice(0, 24), "base64");
    const named = byName(ref.filename, plugins);
    return sniffPicture(head) ? "picture" : named === "picture" ? "unsupported" : named;
  }
  let name = ref.filename;
  if (!name) {
    try {
      name = new URL(ref.url).pathname;
    } catch {
      return "unsupported";
    }
  }
  const extension = extensionOfName(name);
  return extension && plugins.byExtension(extension)?.source === "picture" ? "picture" : "document";
};
