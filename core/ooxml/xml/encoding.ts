/**
 * The decoding of a part's bytes into the text the tokenizer reads (UTF-8, or UTF-16 with its byte-order mark, as
 * customXml items often are), and back in the encoding it came in, so a repaired part keeps its encoding.
 */

export type Encoding = "utf-8" | "utf-16le" | "utf-16be";

/** A part's text, told by its byte-order mark; the BOM is not part of the text. */
export const decodePart = (bytes: Uint8Array): { text: string; encoding: Encoding; bom: boolean } => {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le", bom: true };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be", bom: true };
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text: new TextDecoder("utf-8").decode(bom ? bytes.subarray(3) : bytes), encoding: "utf-8", bom };
};

/** The bytes of a part's text in the encoding it came in (with its BOM when it had one). */
export const encodePart = (text: string, encoding: Encoding, bom: boolean): Uint8Array => {
  if (encoding === "utf-8") {
    const body = new TextEncoder().encode(text);
    if (!bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  const body = Buffer.from(text, "utf16le");
  if (encoding === "utf-16be") body.swap16();
  const out = new Uint8Array(body.length + 2);
  out.set(encoding === "utf-16le" ? [0xff, 0xfe] : [0xfe, 0xff]);
  out.set(body, 2);
  return out;
};
