/**
 * What an uploaded file is, read from its bytes (interface, File: accepted kinds), never from its name alone:
 * OOXML by its content types, legacy Office by the stream names of its compound file, PDF and pictures by their
 * signatures, text by decoding. The name only tells Markdown from plain text. Macros anywhere are refused: the
 * macro-enabled OOXML types, a `vbaProject.bin` part, VBA storages in legacy files. So is what a reader would refuse
 * later (issue 11, "refuse at upload what will be refused at use"): an OOXML package that is a zip bomb or has a DTD
 * in any XML part (`verifyPackage`, the readers' own rules), a PDF whose compressed streams inflate past their bounds
 * (pdf-streams.ts), and a picture over the pixel limit. The kind names the format plugin that reads the file (its
 * `format`); what the format is and delivers is that plugin's declaration, not this module's.
 */
import { decodeText } from "./charset.ts";
import { openPackage, PackageRefused, verifyPackage } from "../ooxml/package.ts";
import { overPixelLimit, probePicture } from "../images/probe.ts";
import { scanPdfStreams } from "./pdf-streams.ts";

export type FileKind = "docx" | "pptx" | "xlsx" | "pdf" | "doc" | "ppt" | "xls" | "txt" | "md" | "png" | "jpg" | "gif" | "webp";

export type KindResult = { ok: true; kind: FileKind } | { ok: false; reason: string };

const refuse = (reason: string): KindResult => ({ ok: false, reason });

/** A compound file's directory entry names sit at 128-byte boundaries, in UTF-16LE, ended by a 0 character. */
const hasStream = (b: Buffer, name: string) => {
  const needle = Buffer.from(`${name}\0`, "utf16le");
  for (let at = b.indexOf(needle); at >= 0; at = b.indexOf(needle, at + 1)) if (at % 128 === 0) return true;
  return false;
};

const legacyKind = (b: Buffer): KindResult => {
  if (hasStream(b, "EncryptedPackage") || hasStream(b, "EncryptionInfo")) return refuse("the file is password-protected; remove the password and upload it again");
  const kind: FileKind | null = hasStream(b, "WordDocument") ? "doc" : hasStream(b, "Workbook") || hasStream(b, "Book") ? "xls" : hasStream(b, "PowerPoint Document") ? "ppt" : null;
  if (!kind) return refuse("an Office compound file of a kind Quire does not read (only .doc, .xls and .ppt)");
  if (hasStream(b, "Macros") || hasStream(b, "_VBA_PROJECT_CUR") || hasStream(b, "_VBA_PROJECT") || hasStream(b, "VBA")) {
    return refuse(`the .${kind} file contains macros (VBA), which Quire refuses`);
  }
  return { ok: true, kind };
};

/** The kind the main part's content type names, or null. */
export const mainKind = (types: string): FileKind | null => {
  if (/wordprocessingml\.(document|template)\.main/.test(types)) return "docx";
  if (/presentationml\.(presentation|slideshow|template)\.main/.test(types)) return "pptx";
  if (/spreadsheetml\.(sheet|template)\.main/.test(types)) return "xlsx";
  return null;
};

const ooxmlKind = (bytes: Uint8Array): KindResult => {
  try {
    const pkg = openPackage(bytes);
    const types = pkg.text("[Content_Types].xml");
    if (!types) return refuse("a zip file that is not an Office document (no [Content_Types].xml)");
    if (/macroEnabled/i.test(types) || pkg.names.some((n) => /vbaProject\.bin$/i.test(n))) {
      return refuse("the file contains macros (VBA; .docm, .pptm and .xlsm are macro-enabled), which Quire refuses");
    }
    const kind = mainKind(types);
    if (!kind) return refuse("a zip package that is not a Word, PowerPoint or Excel document");
    verifyPackage(bytes);
    return { ok: true, kind };
  } catch (error) {
    if (error instanceof PackageRefused) {
      if (error.reason === "zip_bomb") return refuse(`the file looks like a zip bomb: ${error.message}`);
      if (error.reason === "xml_dtd") return refuse(`${error.message}, which Quire refuses (a DTD is the road to entity bombs and external entities)`);
      return refuse(`the file is damaged: ${error.message}`);
    }
    throw error;
  }
};

/** The media type of PDFs: the container every office file is converted to for its pages and previews. */
export const PDF_MEDIA_TYPE = "application/pdf";

/** The PDF signature, which readers accept anywhere in the first kilobyte. */
export const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes("%PDF-");

export const detectKind = (bytes: Uint8Array, filename?: string): KindResult => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length === 0) return refuse("the file is empty");
  if (isPdf(bytes)) {
    // Before mupdf opens it (inspectUpload asks it about a password next), which already inflates object streams.
    const streams = scanPdfStreams(bytes);
    return streams.refused ? refuse(streams.refused) : { ok: true, kind: "pdf" };
  }
  if (b.length >= 4 && b.readUInt32LE(0) === 0x04034b50) return ooxmlKind(bytes);
  if (b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1) return legacyKind(b);
  const picture = probePicture(bytes);
  if (picture) {
    // Told from the header alone: decoding the picture is what costs (a 900-megapixel PNG can be a few hundred KB).
    const tooLarge = overPixelLimit(picture);
    return tooLarge ? refuse(tooLarge) : { ok: true, kind: picture.type };
  }
  if (/^(\x89PNG|\xff\xd8|GIF8|RIFF)/.test(b.subarray(0, 4).toString("latin1"))) return refuse("a picture that is damaged or of an unknown kind");
  if (decodeText(bytes) !== null) return { ok: true, kind: /\.(md|markdown)$/i.test(filename ?? "") ? "md" : "txt" };
  return refuse("not a supported kind: Word, PowerPoint, Excel (also .doc, .ppt, .xls), PDF, text, Markdown or a picture (PNG, JPEG, GIF, WebP)");
};
