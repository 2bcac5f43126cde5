/**
 * Reading a JSON request body safely (issue 11): refused when it nests deeper than MAX_JSON_DEPTH, found by one linear
 * pass over its bytes before JSON.parse, so nothing recursive ever sees such a body; malformed JSON is refused with
 * JSON.parse's reason. The HTTP edge calls it for small bodies; a large one is parsed in a worker thread (core/work)
 * with the same function.
 */
import { MalformedRequest } from "../errors.ts";

/**
 * How deep a JSON body may nest arrays and objects. The deepest request the spec describes nests about 5 levels
 * (`style` and `metadata` objects inside the body), so 64 leaves room for any honest client, while every recursive
 * walk of the value afterwards (ajv, JSON.stringify, structuredClone, knex) stays hundreds of frames from its stack
 * limit. V8's JSON.parse itself is iterative and would accept `[` × 2,000,000; what walks the result would not.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests deeper than `max`, by one linear pass over its bytes. Brackets inside strings do not count
 * (escapes are respected); UTF-8 continuation bytes are all ≥ 0x80, so they never look like the ASCII bytes looked
 * for. It only counts: malformed text is JSON.parse's to refuse.
 */
export const jsonNestsDeeperThan = (bytes: Uint8Array, max: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) depth--;
  }
  return false;
};

export const parseJsonBody = (bytes: Uint8Array): unknown => {
  if (jsonNestsDeeperThan(bytes, MAX_JSON_DEPTH)) {
    throw new MalformedRequest({ message: `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.` });
  }
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
  } catch (error) {
    throw new MalformedRequest({ message: `The body is not valid JSON: ${(error as Error).message}` });
  }
};
