/**
 * The colours of a chart's series (or of a pie's slices), shared by the deck, the workbook and the Word picture so
 * one document's charts look alike: the style's accent first, then Office's own series colours, which stay apart
 * on screen and in grey print.
 */
const series = ["4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47", "264478", "9E480E", "636363", "997300"];

/** `count` colours as `RRGGBB`, repeating when a chart has more series than colours; `accent` is the style's. */
export function chartColors(accent: string, count: number): string[] {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(accent.trim());
  const first = m ? (m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!).toUpperCase() : series[0]!;
  // A series colour too like the accent would read as the same series.
  const all = [first, ...series.filter((c) => distance(c, first) > 80)];
  return Array.from({ length: Math.max(count, 1) }, (_, i) => all[i % all.length]!);
}

const distance = (a: string, b: string): number =>
  Math.hypot(...[0, 2, 4].map((i) => parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)));
