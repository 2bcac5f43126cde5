/**
 * What the OOXML readers (docx, pptx, xlsx, charts) share to build the IR: where an element came from, and which
 * addresses read from a package may become a link or a picture's `src`.
 */
import type { SourceRange } from "../ir/types.ts";
import type { XEl } from "./xml/tree.ts";

/** The element's source range: its part and its offsets in the part's text. */
export const sourceOf = (el: Pick<XEl, "part" | "start" | "end">): SourceRange => ({ part: el.part, start: el.start, end: el.end });

/** A link target safe to keep: web and mail addresses only, with spaces and brackets percent-encoded. */
export const safeUrl = (url: string): string | null => (/^(https?|mailto|ftp):/i.test(url.trim()) ? url.trim().replace(/[\s()<>]/g, encodeURIComponent) : null);

/**
 * A picture's `src`: its path relative to the package's main folder (`ppt/media/image1.png` → `media/image1.png`),
 * or for a linked picture its address when that is a web address ("" when it is not).
 */
export const pictureSrc = (target: string, external = false): string =>
  external ? (safeUrl(target) ?? "") : encodeURI(target.replace(/^(xl|ppt|word)\//, ""));
