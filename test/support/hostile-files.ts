/**
 * Hostile files (issue 11, "refuse at upload what will be refused at use"), made in memory for the tests and the
 * benches: a PDF whose content stream inflates to a gigabyte, a docx whose zip directory points many entries at one
 * block (the overlapping zip bomb), a docx with a DTD of nested entities, and a PNG whose header declares hundreds of
 * megapixels. Each is small (about 1 MB at most) and made in milliseconds: the zeros behind a bomb are never held,
 * one deflate block of 1 MB of zeros is repeated instead (a block of zeros refers only to itself, so copies of it
 * chain into one valid stream). The builders behind them are exported too (`zlibZeros`, `pdfWithStreams`,
 * `zipFiles`, `overlapEntries`, `minimalDocxParts`, `pictureHeader`) for variants. Hostile Markdown and JSON are in
 * hostile-inputs.ts.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";

const MiB = 1024 * 1024;

/**
 * A zlib stream (RFC 1950, what PDF's FlateDecode and PNG's IDAT hold) of `size` zero bytes, made without them: a
 * non-final deflate block of 1 MB of zeros at level 9 (about 1 KB) repeated, the rest, an empty final block, and the
 * Adler-32 of zeros (a stays 1, b counts the bytes).
 */
export const zlibZeros = (size: number): Buffer => {
  const block = (n: number) => deflateRawSync(Buffer.alloc(n), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const whole = block(MiB);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < Math.floor(size / MiB); i++) parts.push(whole);
  if (size % MiB > 0) parts.push(block(size % MiB));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
};

/** A stream object of a PDF: the dictionary's entries (without `/Length`, which is added) and the stored bytes. */
export interface PdfStream {
  readonly dictionary: string;
  readonly data: Uint8Array;
}

/**
 * A valid one-page PDF whose page draws the first stream (its content stream); the other streams are objects of their
 * own that nothing refers to (still in the file, as a bomb may hide one).
 */
export const pdfWithStreams = (streams: readonly PdfStream[]): Buffer => {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (b: Uint8Array) => {
    chunks.push(Buffer.from(b));
    length += b.length;
  };
  const object = (body: string, stream?: Uint8Array) => {
    offsets.push(length);
    add(Buffer.from(`${offsets.length} 0 obj\n${body}\n`, "latin1"));
    if (stream) {
      add(Buffer.from("stream\n", "latin1"));
      add(stream);
      add(Buffer.from("\nendstream\n", "latin1"));
    }
    add(Buffer.from("endobj\n", "latin1"));
  };
  add(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"));
  object("<< /Type /Catalog /Pages 2 0 R >>");
  object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>");
  for (const s of streams) object(`<< /Length ${s.data.length} ${s.dictionary} >>`, s.data);
  const xref = length;
  const size = offsets.length + 1;
  add(Buffer.from(`xref\n0 ${size}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`, "latin1"));
  add(Buffer.from(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
};

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to `inflatedBytes` zeros (NUL is white space in a content
 * stream, so the page is valid and blank). 1 GB makes a file of about 1 MB.
 */
export const pdfInflateBomb = (inflatedBytes: number): Buffer => pdfWithStreams([{ dictionary: "/Filter /FlateDecode", data: zlibZeros(inflatedBytes) }]);

/** A zip of `files` (deflated, as Office writes them); its directory can be bent afterwards (`overlapEntries`). */
export const zipFiles = (files: Record<string, string | Uint8Array>): Buffer =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === "string" ? strToU8(content) : content])), { level: 9 }));

/**
 * The zip with `copies` more directory entries (`word/media/copyN.bin`) that all point at its largest entry's data:
 * the overlapping zip bomb. Each copy alone is honest (size, CRC, ratio); together they declare `copies` times the
 * entry. The local headers and data are left as they are.
 */
export const overlapEntries = (zip: Uint8Array, copies: number): Buffer => {
  const b = Buffer.from(zip);
  let eocd = b.length - 22;
  while (eocd >= 0 && b.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = b.readUInt16LE(eocd + 10);
  const start = b.readUInt32LE(eocd + 16);
  let largest = { at: start, length: 0, size: -1 };
  let at = start;
  for (let i = 0; i < count; i++) {
    const length = 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    if (b.readUInt32LE(at + 24) > largest.size) largest = { at, length, size: b.readUInt32LE(at + 24) };
    at += length;
  }
  const record = b.subarray(largest.at, largest.at + 46);
  const added: Buffer[] = [];
  for (let i = 0; i < copies; i++) {
    const name = Buffer.from(`word/media/copy${i}.bin`, "utf8");
    const copy = Buffer.from(record);
    copy.writeUInt16LE(name.length, 28);
    copy.writeUInt16LE(0, 30);
    copy.writeUInt16LE(0, 32);
    added.push(copy, name);
  }
  const directory = Buffer.concat([b.subarray(start, at), ...added]);
  const end = Buffer.from(b.subarray(eocd, eocd + 22));
  end.writeUInt16LE(count + copies, 8);
  end.writeUInt16LE(count + copies, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(start, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([b.subarray(0, start), directory, end]);
};

const WML = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A valid one-paragraph Word package (part name → content), with `extra` parts added. */
export const minimalDocxParts = (documentXml?: string, extra: Record<string, string | Uint8Array> = {}): Record<string, string | Uint8Array> => ({
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/octet-stream"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  "word/document.xml": documentXml ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${WML}"><w:body><w:p><w:r><w:t>Hello world</w:t></w:r></w:p></w:body></w:document>`,
  ...extra,
});

/**
 * A docx with one 1,000,000-byte entry of zeros (about 1 KB stored) and 250 more directory entries pointing at it:
 * 251 MB declared by a file of about 30 KB. Every size stays under the per-part and whole-package limits and no entry
 * passes 200:1 over 1 MB, so only the overlap gives it away.
 */
export const overlappingZipDocx = (copies = 250): Buffer => overlapEntries(zipFiles(minimalDocxParts(undefined, { "word/media/big.bin": new Uint8Array(1_000_000) })), copies);

/** A docx whose word/document.xml declares a DTD of nested entities (a small "billion laughs") and uses it. */
export const docxWithDtd = (): Buffer =>
  zipFiles(
    minimalDocxParts(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!DOCTYPE w:document [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n]>\n<w:document xmlns:w="${WML}"><w:body><w:p><w:r><w:t>&c;</w:t></w:r></w:p></w:body></w:document>`,
    ),
  );

const pngChunk = (type: string, data: Uint8Array): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A valid greyscale PNG of `width` × `height` pixels, all black: its IDAT really inflates to height × (width + 1)
 * bytes (900 MB for 30,000 × 30,000, in a file of about 0.9 MB), so a reader that trusts it decodes all of that.
 */
export const hugePng = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlibZeros(height * (width + 1))),
    pngChunk("IEND", new Uint8Array()),
  ]);
};

/**
 * The first 40 bytes of a PNG, JPEG, GIF or WebP of `width` × `height` pixels: all a reader sizes it from (nothing
 * after them decodes; enough to be refused for its size, or to pass as a picture where only the header is read).
 */
export const pictureHeader = (type: "png" | "jpg" | "gif" | "webp", width: number, height: number): Buffer => {
  const b = Buffer.alloc(40);
  if (type === "png") return hugePng(width, height).subarray(0, 40);
  if (type === "jpg") {
    Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08]).copy(b);
    b.writeUInt16BE(height, 7);
    b.writeUInt16BE(width, 9);
  } else if (type === "gif") {
    b.write("GIF89a", "latin1");
    b.writeUInt16LE(width, 6);
    b.writeUInt16LE(height, 8);
  } else {
    b.write("RIFF", 0, "latin1");
    b.writeUInt32LE(32, 4);
    b.write("WEBPVP8X", 8, "latin1");
    b.writeUInt32LE(10, 16);
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
};
