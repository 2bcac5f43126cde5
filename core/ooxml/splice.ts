/**
 * The one splice of a part's text: a repair or a sanitiser decides what to change on a tree that keeps offsets
 * (core/ooxml/xml/tree.ts), then replaces exactly those ranges, so every byte it does not touch stays as it was.
 */

/** Replace `[start, end)` of the text with `text` (an insertion when `start === end`). */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The text with the edits applied, in one pass. Edits may come in any order; insertions at one offset keep the
 * order they are listed in and come before a replacement starting there. Overlapping edits are a programming error
 * (use `outermost` first when one edit may sit inside another).
 */
export const splice = (text: string, edits: readonly Edit[]): string => {
  if (edits.length === 0) return text;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits at offset ${e.start}`);
    pieces.push(text.slice(at, e.start), e.text);
    at = e.end;
  }
  pieces.push(text.slice(at));
  return pieces.join("");
};

/** Keeps only the outermost of nested ranges, so removing an element and one inside it splices once. */
export const outermost = <T extends { readonly start: number; readonly end: number }>(ranges: readonly T[]): T[] => {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: T[] = [];
  for (const r of sorted) if (out.length === 0 || r.start >= out[out.length - 1]!.end) out.push(r);
  return out;
};
