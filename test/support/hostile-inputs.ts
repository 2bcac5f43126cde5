/**
 * Hostile Markdown and JSON (issue 11): inputs small enough to send that cost the parser far more than their size,
 * for the tests and the bench that check one tenant's input cannot freeze the others. Hostile files (PDF and zip
 * bombs, DTDs, huge pictures) live beside this in hostile-files.ts.
 *
 * Each Markdown input is under the create body limit (server/routes/documents.ts, CREATE_BODY_LIMIT, 32 MB): the
 * staircase list 9 MB, the others 100 KB or less. Each nests or repeats a construct thousands of times: recursive readers
 * overflow their stack, and micromark's emphasis resolution is quadratic in the openers of one paragraph.
 */

export interface HostileMarkdown {
  readonly name: string;
  readonly markdown: string;
}

/**
 * List items each indented two spaces more than the last: a list nested `depth` deep. The size grows with the square
 * of the depth (depth² bytes), so 20,000 levels would be 400 MB; 3,000 levels are 9 MB, under the 32 MB limit.
 */
export const staircaseList = (depth = 3_000): string => {
  const lines: string[] = [];
  for (let i = 0; i < depth; i++) lines.push(`${"  ".repeat(i)}- a`);
  return lines.join("\n") + "\n";
};

/** 20,000 list markers on one line (`- - - … a`): a list nested 20,000 deep in a single line. */
export const inlineListMarkers = (depth = 20_000): string => "- ".repeat(depth) + "a\n";

/** 50,000 block quote markers (`>>>… a`): quotes nested 50,000 deep. */
export const nestedQuotes = (depth = 50_000): string => ">".repeat(depth) + " a\n";

/** 50,000 emphasis openers in one paragraph (`*a*a*a…`): quadratic work in micromark (~40 s of CPU). */
export const emphasisOpeners = (count = 50_000): string => "*a".repeat(count) + "\n";

export const hostileMarkdown = (): HostileMarkdown[] => [
  { name: "md: list staircase ×3k", markdown: staircaseList() },
  { name: "md: list markers ×20k", markdown: inlineListMarkers() },
  { name: "md: quotes ×50k", markdown: nestedQuotes() },
  { name: "md: emphasis ×50k", markdown: emphasisOpeners() },
];

/** `count` one-word paragraphs: nothing nested or repeated in a line, only many blocks (10 bytes each). */
export const plainParagraphs = (count = 100_000): string => "aaaaaaa\n\n".repeat(count);

/**
 * Markdown that is not refused but costs real work, so it must not slow the other tenants either (the bench measures
 * it beside the refused inputs): 9,999 emphasis openers in one paragraph, just inside the bounds of
 * core/markdown/limits.ts (about a second of micromark's CPU), and 100,000 short paragraphs (1 MB; measured here: 30 s
 * to render and over 2 GB of memory in the service).
 */
export const heavyButAllowedMarkdown = (): HostileMarkdown[] => [
  { name: "md: emphasis ×9,999 (allowed)", markdown: emphasisOpeners(9_999) },
  { name: "md: 100,000 paragraphs, 1 MB (allowed)", markdown: plainParagraphs(100_000) },
];

/**
 * A POST /documents body, valid JSON, whose `metadata` is an array nested `depth` deep (2,000,000 by default: 4 MB,
 * under the 32 MB create limit). JSON.parse of V8 is iterative and accepts it; whatever walks the value afterwards
 * recursively (validation, copying, serialising) overflows its stack.
 */
export const deepJsonBody = (depth = 2_000_000): string =>
  `{"format":"docx","content":{"markdown":"x"},"metadata":${"[".repeat(depth)}${"]".repeat(depth)}}`;

/** The bare form: `[` × depth, then `]` × depth. */
export const deepJsonArray = (depth = 2_000_000): string => "[".repeat(depth) + "]".repeat(depth);
