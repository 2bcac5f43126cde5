/**
 * How many bytes zlib data inflates to, counted without making them (RFC 1950/1951). The checks of uploads (PDF
 * streams, core/files/pdf-streams.ts; the pictures of OOXML packages, core/ooxml/package.ts) must know whether data passes a
 * bound of hundreds of megabytes; zlib can only say so by producing them, and Node's synchronous inflater keeps all
 * of it until it gives up. Counting needs no window: a match adds its length, whatever it copies. The work follows the
 * compressed bits, not the output, so a bomb of 1 GB from 1 MB is counted in milliseconds and nothing is allocated but
 * the Huffman tables.
 *
 * Lenient where zlib is strict (the codes of an over-subscribed set that fit are used, the Adler-32 is not read): a
 * damaged stream may count more than zlib would give, not less, which is the safe side for a bound.
 */

export interface InflateCount {
  /** Bytes counted: the whole output, or up to the error or to the end of the input, or just past `max`. */
  readonly bytes: number;
  /** True when the output passed `max` (counting stopped there). */
  readonly over: boolean;
  /** Why counting stopped before the end of the data, or null when the stream ended as it should. */
  readonly stopped: "over" | "truncated" | "invalid" | null;
  /**
   * The input read up to the end of the last symbol counted (rounded up to a byte): given only that much, with a
   * sync flush, zlib makes the same output without reaching what stopped the count.
   */
  readonly consumed: number;
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Codes up to this many bits are decoded by one table lookup; longer ones (rare) bit by bit. */
const PRIMARY_BITS = 10;

/**
 * A Huffman code: `entries`, indexed by the next `bits` input bits (least significant first), holds
 * `symbol << 4 | length` for codes up to `bits` long and 0 otherwise; `count` and `symbols` (by code length, then
 * symbol) decode the rest the canonical way. Keeping the table small matters: a PDF has a code or two per stream,
 * and a table of 32 K entries for each would cost more than the decoding.
 */
interface Table {
  readonly entries: Uint16Array;
  readonly bits: number;
  readonly count: Uint16Array;
  readonly symbols: Uint16Array;
}

const table = (lengths: ArrayLike<number>): Table => {
  const count = new Uint16Array(16);
  let longest = 1;
  for (let s = 0; s < lengths.length; s++) {
    count[lengths[s]!]!++;
    if (lengths[s]! > longest) longest = lengths[s]!;
  }
  count[0] = 0;
  const offsets = new Uint16Array(16);
  for (let l = 1; l < 16; l++) offsets[l] = offsets[l - 1]! + count[l - 1]!;
  const symbols = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) if (lengths[s]! > 0) symbols[offsets[lengths[s]!]!++] = s;
  const bits = Math.min(longest, PRIMARY_BITS);
  const entries = new Uint16Array(1 << bits);
  for (let l = 1, code = 0, index = 0; l <= bits; l++) {
    for (let i = 0; i < count[l]! && code + i < 1 << l; i++) {
      // Huffman codes are packed most significant bit first; the input is read least significant first. Codes that
      // do not fit (an over-subscribed set) are left out.
      let reversed = 0;
      for (let k = 0; k < l; k++) reversed |= (((code + i) >> k) & 1) << (l - 1 - k);
      for (let at = reversed; at < entries.length; at += 1 << l) entries[at] = (symbols[index + i]! << 4) | l;
    }
    code = (code + count[l]!) << 1;
    index += count[l]!;
  }
  return { entries, bits, count, symbols };
};

const FIXED_LITERALS = table(Array.from({ length: 288 }, (_, s) => (s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8)));
const FIXED_DISTANCES = table(new Array<number>(30).fill(5));

class Stop extends Error {
  constructor(readonly why: "truncated" | "invalid") {
    super(why);
  }
}

/**
 * Counts the output of `data`, stopping as soon as it passes `max`. `zlib` says whether a zlib header comes first (PDF
 * FlateDecode, PNG) or the data is raw deflate (zip). Bytes after the end of the stream are not read.
 */
export const countInflated = (data: Uint8Array, max: number, zlib = true): InflateCount => {
  let pos = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  let out = 0;
  /** Input bits read up to the end of the last symbol counted. */
  let mark = 0;
  const need = (n: number) => {
    while (bitCount < n) {
      if (pos >= data.length) throw new Stop("truncated");
      bitBuffer |= data[pos++]! << bitCount;
      bitCount += 8;
    }
  };
  const take = (n: number): number => {
    if (n === 0) return 0;
    need(n);
    const v = bitBuffer & ((1 << n) - 1);
    bitBuffer >>>= n;
    bitCount -= n;
    return v;
  };
  /** A code longer than the table's width, or one the table lacks: bit by bit, the canonical way (as zlib's puff). */
  const decodeLong = (t: Table): number => {
    for (let length = 1, code = 0, first = 0, index = 0; length <= 15; length++) {
      code |= take(1);
      const n = t.count[length]!;
      if (code - first < n) return t.symbols[index + code - first]!;
      index += n;
      first = (first + n) << 1;
      code <<= 1;
    }
    throw new Stop("invalid");
  };
  const decode = (t: Table): number => {
    // Near the end of the input fewer bits than the table's width may remain: look at what there is.
    while (bitCount < t.bits && pos < data.length) {
      bitBuffer |= data[pos++]! << bitCount;
      bitCount += 8;
    }
    const entry = t.entries[bitBuffer & ((1 << t.bits) - 1)]!;
    const length = entry & 15;
    if (length === 0) return decodeLong(t);
    if (length > bitCount) throw new Stop("truncated");
    bitBuffer >>>= length;
    bitCount -= length;
    return entry >> 4;
  };
  const result = (stopped: InflateCount["stopped"]): InflateCount => ({ bytes: out, over: stopped === "over", stopped, consumed: Math.ceil((stopped === null ? pos * 8 - bitCount : mark) / 8) });

  try {
    if (zlib) {
      if (data.length < 2 || (data[0]! & 0x0f) !== 8 || ((data[0]! << 8) | data[1]!) % 31 !== 0 || (data[1]! & 0x20) !== 0) return result("invalid");
      pos = 2;
    }
    for (let final = 0; !final; ) {
      final = take(1);
      const type = take(2);
      if (type === 0) {
        // Byte-aligned from here: whole bytes read ahead into the bit buffer go back to the input.
        pos -= bitCount >>> 3;
        bitBuffer = 0;
        bitCount = 0;
        if (pos + 4 > data.length) return result("truncated");
        const length = data[pos]! | (data[pos + 1]! << 8);
        if ((length ^ 0xffff) !== (data[pos + 2]! | (data[pos + 3]! << 8))) return result("invalid");
        pos += 4;
        const available = Math.min(length, data.length - pos);
        out += available;
        pos += available;
        mark = pos * 8;
        if (out > max) return result("over");
        if (available < length) return result("truncated");
        continue;
      }
      let literals = FIXED_LITERALS;
      let distances = FIXED_DISTANCES;
      if (type === 2) {
        const nLiterals = take(5) + 257;
        const nDistances = take(5) + 1;
        const nCodes = take(4) + 4;
        if (nLiterals > 286 || nDistances > 30) return result("invalid");
        const codeLengths = new Array<number>(19).fill(0);
        for (let i = 0; i < nCodes; i++) codeLengths[CODE_LENGTH_ORDER[i]!] = take(3);
        const codes = table(codeLengths);
        const lengths = new Array<number>(nLiterals + nDistances).fill(0);
        for (let i = 0; i < lengths.length; ) {
          const symbol = decode(codes);
          if (symbol < 16) lengths[i++] = symbol;
          else {
            let repeat: number;
            let value = 0;
            if (symbol === 16) {
              if (i === 0) return result("invalid");
              value = lengths[i - 1]!;
              repeat = 3 + take(2);
            } else repeat = symbol === 17 ? 3 + take(3) : 11 + take(7);
            if (i + repeat > lengths.length) return result("invalid");
            while (repeat--) lengths[i++] = value;
          }
        }
        if (lengths[256] === 0) return result("invalid");
        literals = table(lengths.slice(0, nLiterals));
        distances = table(lengths.slice(nLiterals));
      } else if (type !== 1) return result("invalid");
      // The hot loop, with the table lookup written out (a call per symbol costs a third of the time).
      const entries = literals.entries;
      const width = literals.bits;
      const mask = (1 << width) - 1;
      for (;;) {
        mark = pos * 8 - bitCount;
        while (bitCount < width && pos < data.length) {
          bitBuffer |= data[pos++]! << bitCount;
          bitCount += 8;
        }
        const entry = entries[bitBuffer & mask]!;
        const used = entry & 15;
        let symbol: number;
        if (used === 0) symbol = decodeLong(literals);
        else {
          if (used > bitCount) return result("truncated");
          bitBuffer >>>= used;
          bitCount -= used;
          symbol = entry >> 4;
        }
        if (symbol < 256) {
          if (++out > max) return result("over");
        } else if (symbol === 256) break;
        else {
          if (symbol > 285) return result("invalid");
          const length = LENGTH_BASE[symbol - 257]! + take(LENGTH_EXTRA[symbol - 257]!);
          const code = decode(distances);
          if (code > 29) return result("invalid");
          const distance = DIST_BASE[code]! + take(DIST_EXTRA[code]!);
          if (distance > out) return result("invalid");
          out += length;
          if (out > max) return result("over");
        }
      }
      mark = pos * 8 - bitCount;
    }
    return result(null);
  } catch (error) {
    if (error instanceof Stop) return result(error.why);
    throw error;
  }
};
