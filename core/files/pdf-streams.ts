/**
 * A PDF's compressed streams measured before mupdf opens it (issue 11, "refuse at upload what will be refused at
 * use"). mupdf inflates a stream whole when it reads a page, an image or an object stream, and FlateDecode reaches
 * about 1,000:1, so a 1 MB file can hold a content stream of 1 GB. Every stream whose filters include FlateDecode is
 * measured here, small ones by inflating them, large ones by counting their output without making it (core/deflate/inflate-count.ts,
 * so a bomb costs milliseconds and no memory), and the file is refused when one stream or all of them together pass
 * their bound.
 *
 * Streams are found in the raw bytes (`>> stream` … `endstream`), not through the cross-reference table, so a stream
 * no page uses still counts and a broken table hides none. A stream's data runs to its `endstream`, or as far as its
 * `/Length` says when the deflate data has not ended there, so neither an `endstream` inside the data nor a wrong
 * `/Length` cuts the count short. ASCIIHex and ASCII85 before a Flate are decoded first, and chains of Flates are
 * followed; a filter this scan does not decode (LZW, RunLength, the image codecs) ends the chain, counting what came
 * out before it. A stream that fails to inflate (damaged, encrypted) is no reason to refuse here, mupdf decides
 * later, but what it gave before the error counts, since mupdf keeps that too.
 */
import { constants, inflateRawSync, inflateSync } from "node:zlib";
import { countInflated } from "../deflate/inflate-count.ts";

const MiB = 1024 * 1024;

/**
 * The bounds. Real streams stay far inside them: text and fonts compress 3 to 10:1, a scanned page 5 to 30:1 (a
 * 26 MB raw A4 page at 300 dpi in colour is about 1 MB), and only near-uniform pictures pass 100:1, which the floor
 * covers up to 64 MB (a blank A4 page at 400 dpi in colour, or at 600 dpi in grey). The classic bomb (zeros,
 * about 1,000:1) passes 200:1 at once.
 */
export const PDF_STREAM_LIMITS = {
  /** One stream may always inflate to this much… */
  streamFloor: 64 * MiB,
  /** …and past it to this many times its compressed size (the zip limit of core/ooxml/package.ts too). */
  streamRatio: 200,
  /**
   * All streams together may inflate to this much, or to `totalRatio` times the file's size when that is more: a
   * 1 MB file to 256 MB, the largest upload (20 MB) to 2 GB, an average of 100:1 over a whole file that real files
   * (scans, slides saved as pictures) stay under. Without it a file of many small streams, each under the floor,
   * would add up to gigabytes for mupdf. Every Flate stage counts (a chain of two inflates twice).
   */
  totalFloor: 256 * MiB,
  totalRatio: 100,
} as const;

export interface PdfStreamScan {
  /** Streams found in the bytes. */
  readonly streams: number;
  /** Those with FlateDecode in their filters, measured here. */
  readonly flate: number;
  /** Bytes they inflate to (every Flate stage), counted until a bound was passed. */
  readonly inflated: number;
  /** Why the file is refused, in words for the caller, or null. */
  readonly refused: string | null;
}

const STREAM = Buffer.from("stream");
const ABBREVIATIONS: Record<string, string> = { Fl: "FlateDecode", AHx: "ASCIIHexDecode", A85: "ASCII85Decode" };
const FILTER = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/g;
/** How far before `stream` its dictionary is looked for. */
const DICTIONARY_WINDOW = 16 * 1024;

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** The filter chains a stream dictionary names (`#xx` escapes decoded); more than one only when it nests dictionaries. */
const filterChains = (dictionary: string): string[][] =>
  [...dictionary.matchAll(FILTER)].map((m) =>
    m[1]!
      .split("/")
      .slice(1)
      .map((name) => name.replace(/[\s\]]+$/, "").replace(/#([0-9a-fA-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))))
      .map((name) => ABBREVIATIONS[name] ?? name),
  );

/** ASCIIHexDecode, up to its `>`. */
const asciiHex = (input: Uint8Array): Uint8Array => {
  const stop = input.indexOf(0x3e);
  const data = stop < 0 ? input : input.subarray(0, stop);
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const c of data) {
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1;
    if (v < 0) {
      if (isSpace(c)) continue;
      break;
    }
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
};

/** ASCII85Decode, up to its `~>`. */
const ascii85 = (input: Uint8Array): Uint8Array => {
  const stop = input.indexOf(0x7e);
  const data = stop < 0 ? input : input.subarray(0, stop);
  // `z` stands for four zero bytes, so the output is at most four times the input.
  const out = Buffer.alloc(data.length * 4);
  let n = 0;
  let group = 0;
  let count = 0;
  for (const c of data) {
    if (isSpace(c)) continue;
    if (c === 0x7a && count === 0) {
      out.writeUInt32BE(0, n);
      n += 4;
      continue;
    }
    if (c < 0x21 || c > 0x75) break;
    group = group * 85 + (c - 0x21);
    if (++count === 5) {
      out.writeUInt32BE(group >>> 0, n);
      n += 4;
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let i = count; i < 5; i++) group = group * 85 + 84;
    const last = Buffer.alloc(4);
    last.writeUInt32BE(group >>> 0);
    last.copy(out, n, 0, count - 1);
    n += count - 1;
  }
  return out.subarray(0, n);
};

/**
 * Streams that inflate to at most this much are inflated by zlib, which is 2 to 4 times faster than counting in
 * JavaScript and holds only this much; larger ones, damaged ones and bombs are counted (core/deflate/inflate-count.ts).
 */
const NATIVE_BYTES = 4 * MiB;

/**
 * One Flate stage of a stream, bounded by `max`: its length, whether its data stopped before the stream's end, and its
 * output when a later Flate needs it. A damaged end or a wrong Adler-32 (which mupdf only warns about) still passes on
 * what came before it: the count says how far the data is good, and raw inflation of that much makes the output.
 */
const inflateStage = (data: Uint8Array, max: number, keep: boolean): { length: number; over: boolean; truncated: boolean; out: Uint8Array } => {
  const none = new Uint8Array();
  const native = { maxOutputLength: Math.max(1, Math.min(max, NATIVE_BYTES)), chunkSize: 64 * 1024 };
  try {
    const out = inflateSync(data, native);
    return { length: out.length, over: false, truncated: false, out: keep ? out : none };
  } catch (error) {
    // Cut short: what it gives up to there (a sync flush does not ask for the end). Larger, or damaged: counted.
    if ((error as { code?: string }).code === "Z_BUF_ERROR") {
      try {
        const out = inflateSync(data, { ...native, finishFlush: constants.Z_SYNC_FLUSH });
        return { length: out.length, over: false, truncated: true, out: keep ? out : none };
      } catch {
        // Larger than zlib is asked to make: counted.
      }
    }
  }
  const count = countInflated(data, max);
  const truncated = count.stopped === "truncated";
  if (!keep || count.over || count.bytes === 0) return { length: count.bytes, over: count.over, truncated, out: none };
  try {
    const out = inflateRawSync(data.subarray(2, count.consumed), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, max) });
    return { length: count.bytes, over: false, truncated, out };
  } catch {
    // zlib is stricter than the count somewhere: the chain cannot be followed further.
    return { length: count.bytes, over: false, truncated, out: none };
  }
};

const megabytes = (n: number) => `${Math.round(n / MiB)} MB`;
const LENGTH = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/;

/** Finds every stream of a PDF and measures its Flate data against the bounds (PDF_STREAM_LIMITS). */
export const scanPdfStreams = (bytes: Uint8Array): PdfStreamScan => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const totalLimit = Math.max(PDF_STREAM_LIMITS.totalFloor, PDF_STREAM_LIMITS.totalRatio * b.length);
  // Stream data read here, in all: about the file's size, as streams sit apart. Only streams nested in other streams'
  // data (which a writer never makes) read the same bytes again; they would make this scan quadratic.
  const readLimit = 2 * b.length + MiB;
  let streams = 0;
  let flate = 0;
  let inflated = 0;
  let read = 0;
  const result = (refused: string | null): PdfStreamScan => ({ streams, flate, inflated, refused });

  /** Integer objects (`12 0 obj 3456 endobj`), for `/Length 12 0 R`; indexed once, and only if a stream needs it. */
  let integers: Map<string, number> | null = null;
  /**
   * Where `/Length` says a stream's data ends, or null when it has none. A length this scan cannot find (in an object
   * stream, compressed) may be anything, so the data may run to the end of the file.
   */
  const lengthEnd = (dictionary: string, start: number): number | null => {
    const m = LENGTH.exec(dictionary);
    if (!m) return null;
    if (m[2] === undefined) return start + Number(m[1]);
    if (!integers) {
      integers = new Map();
      for (const o of b.toString("latin1").matchAll(/(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g)) {
        integers.set(`${o[1]} ${o[2]}`, Math.max(integers.get(`${o[1]} ${o[2]}`) ?? 0, Number(o[3])));
      }
    }
    const length = integers.get(`${m[1]} ${m[2]}`);
    return length === undefined ? b.length : start + length;
  };

  /** Runs a stream's filters over `raw` up to its last Flate; the bytes they make, or why the file is refused. */
  const measure = (chain: readonly string[], raw: Uint8Array, streamLimit: number, where: string, again = false): { made: number; truncated: boolean; refused: string | null } => {
    // Reading on past `endstream` is not counted: it happens only where the data stopped short there, and deflate data
    // that goes on is counted as it inflates.
    if (!again) read += raw.length;
    if (read > readLimit) return { made: 0, truncated: false, refused: "the streams of the PDF are nested in one another's data, which only a crafted file does" };
    const firstFlate = chain.indexOf("FlateDecode");
    const lastFlate = chain.lastIndexOf("FlateDecode");
    let data = raw;
    let made = 0;
    let truncated = false;
    for (let i = 0; i <= lastFlate; i++) {
      const filter = chain[i];
      if (filter === "ASCIIHexDecode") data = asciiHex(data);
      else if (filter === "ASCII85Decode") data = ascii85(data);
      else if (filter !== "FlateDecode") break;
      else {
        const max = Math.min(streamLimit, totalLimit - inflated - made);
        const got = inflateStage(data, max, i < lastFlate);
        made += got.length;
        // Only the first Flate reads the stream's own bytes; the data of a later one is what came out of it.
        if (i === firstFlate) truncated = got.truncated;
        if (got.over) {
          return {
            made,
            truncated,
            refused:
              max === streamLimit
                ? `a compressed stream of the PDF (${where}) inflates to over ${megabytes(streamLimit)}, past the ${PDF_STREAM_LIMITS.streamRatio}:1 Quire accepts: a decompression bomb`
                : `the compressed streams of the PDF inflate to over ${megabytes(totalLimit)} together, more than Quire accepts for a file of ${b.length} bytes: a decompression bomb`,
          };
        }
        data = got.out;
      }
    }
    return { made, truncated, refused: null };
  };

  let dictionaryFrom = 0;
  /** The next `endstream` at or after the last stream's start (-1: none to the end of the file), found once. */
  let endstream = -2;
  for (let at = b.indexOf(STREAM); at >= 0; at = b.indexOf(STREAM, at + STREAM.length)) {
    // The keyword: not the end of `endstream`, after a dictionary's `>>`, and followed by an end of line.
    if (at >= 3 && b[at - 1] === 0x64 && b[at - 2] === 0x6e && b[at - 3] === 0x65) continue;
    const eol = b[at + STREAM.length];
    if (eol !== 0x0a && eol !== 0x0d) continue;
    let close = at - 1;
    while (close > 0 && isSpace(b[close])) close--;
    if (b[close] !== 0x3e || b[close - 1] !== 0x3e) continue;
    streams++;
    const start = at + STREAM.length + (eol === 0x0d && b[at + STREAM.length + 1] === 0x0a ? 2 : 1);

    // The dictionary: after the last `obj` before it, never before the previous stream (each byte is looked at once).
    const window = b.subarray(Math.max(dictionaryFrom, close - DICTIONARY_WINDOW), close + 1);
    dictionaryFrom = start;
    const dictionary = window.subarray(Math.max(0, window.lastIndexOf("obj"))).toString("latin1");
    const chain = filterChains(dictionary).find((c) => c.includes("FlateDecode"));
    if (!chain) continue;
    flate++;

    // The data: up to its `endstream`, and its size for the ratio. Deflate data ends itself, so it is read no further
    // unless it stops short there: then `/Length` (which mupdf follows) may say it goes on, past an `endstream` that is
    // part of the data.
    if (endstream !== -1 && endstream < start) endstream = b.indexOf("endstream", start);
    const end = endstream < 0 ? b.length : endstream;
    const compressed = end - start;
    const streamLimit = Math.max(PDF_STREAM_LIMITS.streamFloor, PDF_STREAM_LIMITS.streamRatio * compressed);
    const where = `${compressed} bytes, at offset ${start}`;
    let measured = measure(chain, b.subarray(start, end), streamLimit, where);
    if (!measured.refused && measured.truncated) {
      const further = lengthEnd(dictionary, start);
      if (further !== null && further > end) measured = measure(chain, b.subarray(start, Math.min(b.length, further)), streamLimit, where, true);
    }
    inflated += measured.made;
    if (measured.refused) return result(measured.refused);
  }
  return result(null);
};
