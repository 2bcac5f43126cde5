/**
 * The artifact format plugin (issue 7; service-interface.md, "Artifact page scripting interface"): Markdown's IR
 * → one self-contained HTML page that looks like a small app and keeps its data through `window.service.db`.
 *
 * `render` runs: the page's shape and its widgets (`page.ts`, pure) → markup (`html.ts`, pure) → Tailwind CSS for
 * the classes used (`css.ts`) → the scripts it needs (`scripts.ts`) → pictures inlined while the page stays
 * within 900 KB (`images.ts`). The result carries the plan sent as the `artifact.planned` event. The page holds
 * the `<!--quire:config-->` marker in `<head>` before any script, where the service puts `window.__QUIRE__`.
 */
import { ProcessingFailure } from "../../core/errors.ts";
import type { IRDocument } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { FormatPlugin, RenderContext, RenderResult } from "../../core/contracts/format-plugin.ts";
import { resolveImages } from "../images.ts";
import { classesOfMarkup, classesOfScript, pageColors, tailwindCss } from "./css.ts";
import { escapeHtml, pageBody, type MarkupContext } from "./html.ts";
import { IMAGE_CLASSES, placeImages } from "./images.ts";
import { buildPage } from "./page.ts";
import { inlineScript, librariesFor, scripts } from "./scripts.ts";
import { CONFIG_MARKER } from "../../core/contracts/artifact.ts";
import { artifactWriting } from "./writing.ts";

/** The interface's page limit ("The whole page, images included, weighs at most 900 KB"), read as 900,000 bytes. */
export const MAX_PAGE_BYTES = 900_000;

/** Where the service puts the page's settings (`window.__QUIRE__`) when it serves the page. */
export { CONFIG_MARKER };

/**
 * Blocks everything but the page itself even when the file is opened from disk, where no response header
 * protects it; the service's own header says the same on the artifact origin.
 */
const PAGE_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'self'; form-action 'none'; base-uri 'none'";

const BODY = `<body class="min-h-screen bg-slate-100 font-sans text-slate-800 antialiased">`;

export interface ArtifactPlan {
  title: string;
  storage: "shared" | "local";
  blocks: Array<{ kind: string; collection?: string; source?: "table" }>;
  collections: string[];
  libraries: string[];
  images: { kept: number; dropped: number };
  bytes: number;
}

async function render(ir: IRDocument, style: StyleApplied, ctx: RenderContext): Promise<RenderResult> {
  ctx.signal?.throwIfAborted();
  const storage = ctx.artifact?.storage ?? "shared";
  const { page, diagnostics } = buildPage(ir, ctx.name);
  const { palette } = pageColors(style);
  const markup: MarkupContext = { diagnostics, images: [], footnotes: ir.footnotes, palette };
  const body = pageBody(page, markup);

  const kinds = page.widgets.map((w) => w.widget.kind);
  const libraries = librariesFor(kinds);
  const code = scripts();
  // The widget script draws the header's status badge too, so its classes are needed on every page.
  const css = await tailwindCss([...classesOfMarkup(BODY + body), ...classesOfMarkup(IMAGE_CLASSES), ...classesOfScript(code.widgets)], style);
  ctx.signal?.throwIfAborted();

  const head =
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n${CONFIG_MARKER}\n` +
    `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="referrer" content="no-referrer">\n` +
    `<link rel="icon" href="data:,">\n<title>${escapeHtml(page.title)}</title>\n<style>${css}</style>\n</head>\n`;
  const tail =
    inlineScript(code.runtime) +
    libraries.flatMap((name) => code.libraries[name].sources.map(inlineScript)).join("") +
    inlineScript(code.widgets) +
    "\n</body>\n</html>\n";
  const shell = (content: string) => `${head}${BODY}\n${content}\n${tail}`;

  const images = await resolveImages(ir, ctx);
  ctx.signal?.throwIfAborted();
  const placed = placeImages(body, markup.images, images, Buffer.byteLength(shell(""), "utf8"), MAX_PAGE_BYTES);
  diagnostics.push(...placed.diagnostics);
  const html = shell(placed.body);
  const bytes = new TextEncoder().encode(html);
  if (bytes.byteLength > MAX_PAGE_BYTES) {
    throw new ProcessingFailure({
      code: "page_too_large",
      message: `The page weighs ${Math.ceil(bytes.byteLength / 1000)} KB without pictures; an artifact page may weigh at most 900 KB.`,
    });
  }

  const plan: ArtifactPlan = {
    title: page.title,
    storage,
    blocks: page.widgets.map(({ widget }) =>
      widget.kind === "chart" && widget.table ? { kind: widget.kind, source: "table" as const } : { kind: widget.kind, collection: widget.collection! },
    ),
    collections: [...new Set(page.widgets.filter((w) => !(w.widget.kind === "chart" && w.widget.table)).map((w) => w.widget.collection!))],
    libraries: ["tailwindcss", ...libraries],
    images: { kept: placed.kept, dropped: placed.dropped },
    bytes: bytes.byteLength,
  };
  return { bytes, diagnostics, plan: { ...plan } };
}

export const artifactPlugin: FormatPlugin = {
  id: "artifact",
  writing: artifactWriting,
  format: "artifact",
  mediaTypes: ["text/html; charset=utf-8"],
  extensions: ["html"],
  delivers: { file: true, previews: true, page: true },
  documentType: "artifact",
  render,
};
