/**
 * Helpers for the package review and sanitize tests: the corpus of real files, a minimal Word package to break one
 * thing at a time, a raw zip writer (stored entries, so CRCs, headers and duplicate names can be forged), and the
 * text of every XML part (the proof that a repair or a sanitization left the text alone).
 */
import { readdirSync, readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import { strToU8, unzipSync, zipSync } from "fflate";
import { corpus } from "../../../renderers/support.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { XMLParser } from "fast-xml-parser";

export const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
export const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
export const WML = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** Every OOXML file of the corpus: `[folder/name, kind, bytes]`. */
export const corpusPackages = (): Array<[string, "docx" | "pptx" | "xlsx", Uint8Array]> => {
  const out: Array<[string, "docx" | "pptx" | "xlsx", Uint8Array]> = [];
  for (const folder of ["docx", "pptx", "xlsx", "scans"]) {
    for (const name of readdirSync(corpus(folder)).sort()) {
      const kind = /\.(docx|pptx|xlsx)$/.exec(name)?.[1] as "docx" | "pptx" | "xlsx" | undefined;
      if (kind) out.push([`${folder}/${name}`, kind, new Uint8Array(readFileSync(corpus(folder, name)))]);
    }
  }
  return out;
};

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;

export const drawing = (id: string, n = 1) =>
  `<w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="${n}" name="Picture ${n}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="image${n}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="9525" cy="9525"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`;

/** A document body wrapped in `w:document` with the usual namespaces. */
export const documentXml = (body: string) =>
  xml(
    `<w:document xmlns:w="${WML}" xmlns:r="${REL}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );

export const relsXml = (...rels: Array<[id: string, type: string, target: string, external?: boolean]>) =>
  xml(`<Relationships xmlns="${PKG_REL}">${rels.map(([id, type, target, external]) => `<Relationship Id="${id}" Type="${type.includes("/") ? type : `${REL}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ""}/>`).join("")}</Relationships>`);

export const contentTypesXml = (overrides: Record<string, string>, defaults: Record<string, string> = { rels: "application/vnd.openxmlformats-package.relationships+xml", xml: "application/xml", png: "image/png" }) =>
  xml(
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${Object.entries(defaults).map(([e, t]) => `<Default Extension="${e}" ContentType="${t}"/>`).join("")}${Object.entries(overrides).map(([p, t]) => `<Override PartName="${p}" ContentType="${t}"/>`).join("")}</Types>`,
  );

export const DOCUMENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/** A valid one-paragraph Word package with one picture: part name → text or bytes. */
export const minimalDocx = (): Record<string, string | Uint8Array> => ({
  "[Content_Types].xml": contentTypesXml({ "/word/document.xml": DOCUMENT_TYPE }),
  "_rels/.rels": relsXml(["rId1", "officeDocument", "word/document.xml"]),
  "word/document.xml": documentXml(`<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:p><w:r>${drawing("rId5")}</w:r><w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p>`),
  "word/_rels/document.xml.rels": relsXml(["rId5", "image", "media/image1.png"]),
  "word/media/image1.png": PNG,
});

export const zip = (files: Record<string, string | Uint8Array>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, typeof data === "string" ? strToU8(data) : data])));

/** The parts of a package as text (XML) or bytes. */
export const unzip = (bytes: Uint8Array): Record<string, Uint8Array> => unzipSync(bytes);
export const partText = (bytes: Uint8Array, name: string): string => Buffer.from(unzipSync(bytes)[name]!).toString("utf8");

/**
 * A zip written entry by entry, stored (no compression), so a test can forge what a zip library would not write:
 * a wrong CRC, a local header that disagrees, two entries with one name, bytes after the end.
 */
export const storedZip = (
  entries: ReadonlyArray<{ name: string; data: Uint8Array | string; crc?: number; localName?: string }>,
  trailing = new Uint8Array(),
): Uint8Array => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.from(typeof e.data === "string" ? strToU8(e.data) : e.data);
    const crc = e.crc ?? crc32(data) >>> 0;
    const name = Buffer.from(e.name, "utf8");
    const localName = Buffer.from(e.localName ?? e.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(localName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, localName, data);
    centrals.push(central, name);
    offset += 30 + localName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end, Buffer.from(trailing)]));
};

/** `minimalDocx` (or other files) as stored-zip entries. */
export const entriesOf = (files: Record<string, string | Uint8Array>) => Object.entries(files).map(([name, data]) => ({ name, data }));

// A parser other than the one under test (core/ooxml/xml), so the proof does not lean on the code it checks.
type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: true, preserveOrder: true, processEntities: false, htmlEntities: false, trimValues: false, parseTagValue: false });
const parse = (xml: string, name: string): Node[] => {
  const result = parser.parse(xml, true) as Node[] | { err: { msg: string } };
  if (!Array.isArray(result)) throw new Error(`${name}: ${result.err.msg}`);
  return result;
};
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e]!,
  );
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|&#(?:[xX]0*(?:[0-8bBcCeEfF]|1[0-9a-fA-F])|0*(?:[0-8]|1[12]|1[4-9]|2[0-9]|3[01]));/g;

/**
 * The non-blank text nodes of every XML part but relationships and content types, part by part: what the text
 * proof of the review compares, read independently of the code under test (the safe reader and parser of
 * package.ts, which do not check CRCs).
 */
export const textNodes = (bytes: Uint8Array): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  const pkg = openPackage(bytes);
  for (const name of [...pkg.names].sort()) {
    if (!/\.xml$/i.test(name) || name === "[Content_Types].xml") continue;
    const data = pkg.bytes(name)!;
    const texts: string[] = [];
    const walk = (nodes: Node[]) => {
      for (const node of nodes) {
        const text = typeof node["#text"] === "string" ? decode(node["#text"]) : "";
        if (text.trim() !== "") texts.push(text);
        const tag = Object.keys(node).find((k) => k !== ":@") ?? "#text";
        if (tag !== "#text") walk((node[tag] as Node[] | undefined) ?? []);
      }
    };
    try {
      walk(parse(Buffer.from(data).toString("utf8").replace(/^\uFEFF/, "").replace(INVALID, ""), name));
    } catch {
      texts.push("(not well-formed)");
    }
    out[name] = texts;
  }
  return out;
};
