/**
 * Tailwind, compiled to exactly the CSS the page uses (the issue: "compiled to the CSS the page uses, not a
 * runtime"). `tailwindcss` v4's own `compile()` reads its stylesheet from node_modules; `build(candidates)` then
 * emits the utilities for the class names found in the page's markup and in the widget runtime, and only the
 * theme variables those use. The accent colour (`accent-50` … `accent-800`) and the body font come from the
 * style, so one set of class names serves every page.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { compile } from "tailwindcss";
import type { StyleApplied } from "../../core/style/types.ts";

const require = createRequire(import.meta.url);
const tailwindDir = path.dirname(require.resolve("tailwindcss/package.json"));

/** Indigo 600: the accent when the style keeps the house default. */
export const DEFAULT_ACCENT = "#4f46e5";
/** The house accent of documents (core/style/defaults.ts); a page keeps its own unless the caller chose one. */
const HOUSE_ACCENT = "#2f5496";
const HOUSE_FONT = "calibri";

/** The accent and chart colours a style gives a page. */
export function pageColors(style: StyleApplied | undefined): { accent: string; palette: string[] } {
  const wanted = style?.colors?.accent?.trim().toLowerCase();
  const accent = wanted && /^#[0-9a-f]{6}$/.test(wanted) && wanted !== HOUSE_ACCENT ? wanted : DEFAULT_ACCENT;
  const others = ["#0ea5e9", "#10b981", "#f59e0b", "#f43f5e", "#8b5cf6", "#14b8a6", "#ec4899", "#64748b"];
  return { accent, palette: [accent, ...others.filter((c) => c !== accent)] };
}

function themeCss(accent: string, font: string | undefined): string {
  // Shades mixed from one colour, so any accent a caller picks gets a full scale.
  const mix = (pct: number, toward: "white" | "black") => `color-mix(in oklab, ${accent} ${pct}%, ${toward})`;
  const shades: Array<[number, string]> = [
    [50, mix(7, "white")],
    [100, mix(14, "white")],
    [200, mix(28, "white")],
    [300, mix(45, "white")],
    [400, mix(70, "white")],
    [500, mix(88, "white")],
    [600, accent],
    [700, mix(82, "black")],
    [800, mix(64, "black")],
  ];
  const fontLine = font
    ? `--font-sans: "${font}", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;`
    : "";
  return `@import "tailwindcss";\n@theme {\n${shades.map(([n, v]) => `  --color-accent-${n}: ${v};`).join("\n")}\n  ${fontLine}\n}\n`;
}

type Compiler = Awaited<ReturnType<typeof compile>>;
const compilers = new Map<string, Promise<Compiler>>();

function compiler(input: string): Promise<Compiler> {
  let found = compilers.get(input);
  if (!found) {
    found = compile(input, {
      base: tailwindDir,
      loadStylesheet: async (id, base) => {
        const file = id === "tailwindcss" ? path.join(tailwindDir, "index.css") : path.resolve(base, id);
        return { path: file, base: path.dirname(file), content: await readFile(file, "utf8") };
      },
    });
    // A failed compile is not kept, so the next page tries again.
    found.catch(() => compilers.delete(input));
    compilers.set(input, found);
  }
  return found;
}

/** The CSS for these class-name candidates, in this style's accent and font. */
export async function tailwindCss(candidates: Iterable<string>, style: StyleApplied | undefined): Promise<string> {
  const { accent } = pageColors(style);
  const font = style?.font && style.font.trim().toLowerCase() !== HOUSE_FONT ? style.font.replace(/[^\p{L}\p{N} _-]/gu, "").trim() : undefined;
  const css = (await compiler(themeCss(accent, font || undefined))).build([...new Set(candidates)]);
  // Indentation is most of the whitespace; values never span lines in a way that needs it.
  return css.replace(/\n\s+/g, "\n");
}

/** The class names in `class="…"` attributes of markup. */
export function classesOfMarkup(html: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) out.push(...match[1]!.split(/\s+/).filter((c) => c !== ""));
  return out;
}

/** Every word of a script that could be a class name (Tailwind ignores the rest, as its own scanner does). */
export function classesOfScript(source: string): string[] {
  return source.split(/[^A-Za-z0-9_\-:./%[\]]+/).filter((w) => w.length > 1 && /[a-z]/.test(w));
}
