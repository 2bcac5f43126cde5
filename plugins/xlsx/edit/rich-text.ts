/**
 * Replacing text inside a rich string (a shared `si` or an inline `is` made of runs) so that each run keeps its
 * formatting: the runs the found text touches are cut where it starts and ends, and the replacement takes the
 * formatting of the run where the found text starts, as typing over a selection does.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { child, kids, ownText, readPart } from "../../../core/ooxml/xml/query.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";
import { unescapeOoxml } from "../extract/strings.ts";

export interface Run {
  readonly rPr: string;
  readonly text: string;
}

/** The runs of a rich string element with their `rPr` as written in `xml`; null when it is not made of runs. */
export const runsOf = (el: XEl | undefined, xml: string): Run[] | null => {
  const runs = kids(el, "r");
  if (!el || runs.length === 0 || kids(el, "t").length > 0) return null;
  return runs.map((r) => {
    const rPr = child(r, "rPr");
    return { rPr: rPr ? xml.slice(rPr.start, rPr.end) : "", text: unescapeOoxml(kids(r, "t").map(ownText).join("")) };
  });
};

/** The runs with the text at `[at, at + length)` replaced by `replace`. */
export const replaceInRuns = (runs: readonly Run[], at: number, length: number, replace: string): Run[] => {
  const end = at + length;
  const out: Run[] = [];
  let offset = 0;
  let placed = false;
  for (const run of runs) {
    const from = offset;
    offset += run.text.length;
    if (offset <= at || from >= end) {
      out.push(run);
      continue;
    }
    const head = run.text.slice(0, Math.max(0, at - from));
    const tail = run.text.slice(Math.max(0, end - from));
    const text = head + (placed ? "" : replace) + tail;
    placed = true;
    if (text !== "") out.push({ rPr: run.rPr, text });
  }
  return out;
};

/** The `si` elements of the shared string table, and its text (for the `rPr` of their runs), read once. */
export const sharedStringItems = (pkg: Package, part: string | null): { items: XEl[]; xml: string } | null => {
  const xml = part ? pkg.text(part) : null;
  if (!part || xml === null) return null;
  return { items: kids(readPart(pkg, part) ?? undefined, "si"), xml };
};
