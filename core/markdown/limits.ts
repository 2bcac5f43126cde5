/**
 * Shapes of Markdown that the CommonMark parser (micromark) handles in super-linear time or by deep recursion,
 * found by one linear pass before parsing (issue 11). Measured here on micromark 4: 2,000 lines each indented one
 * list level deeper took 247 s and then overflowed the stack; 3,000 `>` in a row overflow it; 50,000 `*a` in one
 * paragraph take 38 s (delimiter resolution is quadratic). No document a person writes comes near these bounds:
 *
 * - nesting (block quotes and lists, counted from a line's markers and its indentation) at most MAX_DEPTH levels;
 * - in one block of consecutive lines, at most MAX_RUNS emphasis delimiter runs (`*`, and `_` not inside a word,
 *   which CommonMark never reads as emphasis) and at most MAX_RUNS `[` (link openers resolve the same way).
 *
 * Within these bounds the parse stays under about a second; the worker's time limit catches anything else.
 */
export const MAX_DEPTH = 64;
export const MAX_RUNS = 10_000;

const FENCE = /^[ \t]*(`{3,}|~{3,})/;
const CONTAINER = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
const WORD = /[\p{L}\p{N}]/u;

/** Why the Markdown is refused, or null when it may be parsed. */
export const markdownTooComplex = (markdown: string): string | null => {
  let fence: string | null = null;
  let runs = 0;
  let brackets = 0;
  let start = 0;
  let lineNumber = 0;
  while (start <= markdown.length) {
    let end = markdown.indexOf("\n", start);
    if (end < 0) end = markdown.length;
    const line = markdown.slice(start, end);
    start = end + 1;
    lineNumber++;
    const opened = FENCE.exec(line);
    if (fence) {
      if (opened && line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (opened) {
      fence = opened[1]!;
      continue;
    }
    if (line.trim() === "") {
      runs = 0;
      brackets = 0;
      continue;
    }
    // Depth: every container marker at the start of the line, and the indentation of a nested list item (two
    // columns a level, the least a list needs), so both `> > >` and a staircase of indented items count.
    let rest = line;
    let depth = 0;
    const indent = /^[ \t]*/.exec(line)![0].replace(/\t/g, "    ").length;
    for (let marker = CONTAINER.exec(rest); marker && marker[0].length > 0; marker = CONTAINER.exec(rest)) {
      depth++;
      rest = rest.slice(marker[0].length);
      if (depth > MAX_DEPTH) break;
    }
    if (depth > 0) depth += Math.floor(indent / 2);
    if (depth > MAX_DEPTH) return `line ${lineNumber} nests lists or block quotes more than ${MAX_DEPTH} levels deep`;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === "[") brackets++;
      else if (c === "*" || c === "_") {
        let j = i;
        while (line[j + 1] === c) j++;
        const inWord = c === "_" && WORD.test(line[i - 1] ?? "") && WORD.test(line[j + 1] ?? "");
        if (!inWord) runs++;
        i = j;
      }
    }
    if (runs > MAX_RUNS) return `the paragraph ending on line ${lineNumber} has more than ${MAX_RUNS} emphasis markers (* or _)`;
    if (brackets > MAX_RUNS) return `the paragraph ending on line ${lineNumber} has more than ${MAX_RUNS} [ brackets`;
  }
  return null;
};
