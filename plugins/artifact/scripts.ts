/**
 * The scripts a page inlines: the storage runtime and the widgets (plain JS in `runtime/`, read as text), and the
 * libraries the interface allows, taken from their minified UMD builds in node_modules and added only when a
 * widget on the page needs them (Chart.js for charts; dayjs for dates in lists and trackers).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WidgetKind } from "./widgets.ts";

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

export interface Library {
  name: string;
  version: string;
  /** Script texts in load order. */
  sources: string[];
}

function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

let loaded: { runtime: string; widgets: string; libraries: Record<"chart.js" | "dayjs", Library> } | undefined;

/** Read once per process: the files do not change while the service runs. */
export function scripts(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  // chart.js lists only its ESM and CJS entries as exports; the UMD build sits beside the CJS one.
  const chartDir = path.dirname(require.resolve("chart.js"));
  const dayjsMin = require.resolve("dayjs/dayjs.min.js");
  const dayjsDir = path.dirname(dayjsMin);
  loaded = {
    runtime: compact(readFileSync(path.join(here, "runtime", "db.js"), "utf8")),
    widgets: compact(readFileSync(path.join(here, "runtime", "widgets.js"), "utf8")),
    libraries: {
      "chart.js": { name: "chart.js", version: packageVersion(path.dirname(chartDir)), sources: [readFileSync(path.join(chartDir, "chart.umd.min.js"), "utf8")] },
      dayjs: {
        name: "dayjs",
        version: packageVersion(dayjsDir),
        sources: [readFileSync(dayjsMin, "utf8"), readFileSync(path.join(dayjsDir, "plugin", "relativeTime.js"), "utf8")],
      },
    },
  };
  return loaded;
}

/**
 * Our runtime files without their comments and indentation. Line ends stay (no reliance on automatic semicolons
 * changing); the files are written so no line starts inside a string or a template.
 */
export function compact(source: string): string {
  return source
    .replace(/^\s*\/\*[\s\S]*?\*\/\s*/, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"))
    .join("\n");
}

/** The libraries these widgets need, in load order. */
export function librariesFor(kinds: Iterable<WidgetKind>): Array<"chart.js" | "dayjs"> {
  const set = new Set(kinds);
  const out: Array<"chart.js" | "dayjs"> = [];
  if (set.has("chart")) out.push("chart.js");
  if (set.has("list") || set.has("habits")) out.push("dayjs");
  return out;
}

/** A script's text made safe inside `<script>…</script>`: nothing in it may close the element or open a comment. */
export function inlineScript(source: string): string {
  return `<script>${source.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--")}</script>`;
}
