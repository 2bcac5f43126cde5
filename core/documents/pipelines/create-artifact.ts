/**
 * `create` of an artifact from the caller's Markdown (`format: artifact`, `content.markdown`): Markdown → IR →
 * pictures → the artifact plugin's page (one self-contained HTML file) → `artifact.planned` with its plan → a
 * preview of the page from Chromium → outputs. No model is involved, so this works in every deployment.
 *
 * Outputs (interface, format table): the page as an `html` output named `artifact.html` (served on the artifact's
 * own origin, or with `retention: none` downloaded as that file; the link is made when read, core/documents/repo.ts)
 * and one PNG preview (`kind: preview`, page 1, 800 px wide) of the page as a first visitor sees it: with the
 * settings it is served with (`withConfig`, also used by server/artifact/page.ts) and, for a shared page, its storage
 * answered inside the shot (empty, live), so the preview shows the shared page while no request leaves the browser.
 */
import { ProcessingFailure } from "../../errors.ts";
import { readMarkdown } from "../../markdown/read.ts";
import { isEmpty } from "../../ir/empty.ts";
import { defaultStyle } from "../../style/defaults.ts";
import { readStyle } from "../../style/read.ts";
import { loadRequest } from "../request-store.ts";
import { fromJson } from "../../store/db.ts";
import type { Diagnostic } from "../../diagnostics.ts";
import type { CreateRequest } from "../validate.ts";
import type { FileRef } from "../file-refs.ts";
import { CONFIG_MARKER } from "../../contracts/artifact.ts";
import { resolveContentImages } from "./images.ts";
import { PREVIEW_WIDTH } from "./create-content.ts";
import type { Pipeline, PipelineOutput } from "./types.ts";

export const ARTIFACT_FILENAME = "artifact.html";
export const ARTIFACT_CONTENT_TYPE = "text/html; charset=utf-8";
/** A preview shows the top of the page, at most this tall (a long list would otherwise make a banner). */
const PREVIEW_MAX_HEIGHT = 1600;
const PREVIEW_TIMEOUT_MS = 20_000;

/** What the page runtime reads from `window.__QUIRE__` (artifact contract): its storage and, shared, where and how. */
export type PageConfig = { readonly storage: "local" } | { readonly storage: "shared"; readonly api: string; readonly token: string };

/** The settings script; `<` is escaped so no value can close the script element. */
export const configScript = (config: PageConfig) => `<script>window.__QUIRE__=${JSON.stringify(config).replace(/</g, "\\u003c")}</script>`;

/**
 * The page with its settings at the marker the page builder puts in `<head>` before any script (a page without it
 * gets them right after `<head>`). The stored page has none: opened from disk (a download) it runs locally.
 */
export const withConfig = (html: string, config: PageConfig): string => {
  const script = configScript(config);
  const at = html.indexOf(CONFIG_MARKER);
  if (at >= 0) return html.slice(0, at) + script + html.slice(at + CONFIG_MARKER.length);
  const head = /<head[^>]*>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length) : script + html;
};

/**
 * The storage a preview's page meets: the page's protocol (artifact contract) answered in the page itself, as the
 * service answers a new artifact: every collection empty, writes accepted, the live stream open and quiet. So a
 * shared page is shot as its first visitor sees it (live, empty) while the shot still has no network at all.
 */
const PREVIEW_STORAGE = `(() => {
  const answer = (status, body) => Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  const realFetch = window.fetch;
  window.fetch = (input, init) => {
    const url = new URL(typeof input === "string" ? input : input.url, "http://artifact.invalid/");
    if (!url.pathname.startsWith("/_db/")) return realFetch(input, init);
    const method = String((init && init.method) || "GET").toUpperCase();
    const parts = url.pathname.slice(5).split("/").map(decodeURIComponent);
    if (method === "GET" && parts.length === 1) return answer(200, { data: [], seq: 0 });
    if (method === "GET") return answer(404, { code: "not_found", message: "No such record." });
    if (method === "PUT") return answer(200, { key: parts[1], data: JSON.parse(String(init.body)), updated_at: new Date().toISOString() });
    return answer(204);
  };
  class QuietEventSource extends EventTarget {
    constructor(url) {
      super();
      this.url = String(url);
      this.withCredentials = false;
      this.readyState = 0;
      this.onopen = this.onmessage = this.onerror = null;
      setTimeout(() => {
        if (this.readyState !== 0) return;
        this.readyState = 1;
        const event = new Event("open");
        this.dispatchEvent(event);
        if (this.onopen) this.onopen(event);
      }, 0);
    }
    close() { this.readyState = 2; }
  }
  QuietEventSource.CONNECTING = 0;
  QuietEventSource.OPEN = 1;
  QuietEventSource.CLOSED = 2;
  window.EventSource = QuietEventSource;
})();`;

export const createArtifact: Pipeline = async ({ row, signal, phase, event, db, blobs, engines, plugins, allowPrivateUrls }) => {
  const request = await loadRequest(blobs, row.request);
  const markdown = request?.content?.markdown ?? "";
  const storage = fromJson<{ storage: "shared" | "local" } | null>(row.artifact, null)?.storage ?? "shared";

  await phase("reading");
  const { ir, diagnostics: readDiagnostics } = readMarkdown(markdown);
  if (isEmpty(ir)) {
    throw new ProcessingFailure({ code: "content_empty", message: "The Markdown has nothing to show: no headings, text, lists, tables or blocks." });
  }
  await event("request.understood", { format: "artifact", type: "artifact", confidence: 1, signals: ["format artifact"], source: "content", storage });

  const base = defaultStyle("artifact");
  const style = request?.style ? readStyle(request.style, base) : { applied: base, unsupported: [] as string[] };
  const pictures = await resolveContentImages({ db, blobs, organizationId: row.organization_id, allowPrivateUrls, signal }, ir, (request?.sources ?? []) as FileRef[]);
  const reported = new Set(pictures.diagnostics.map((d) => d.nodeId));

  await phase("building");
  const plugin = plugins.get("artifact");
  if (!plugin?.render) throw new ProcessingFailure({ code: "processing_failed", message: "No page builder for artifacts in this deployment." });
  const page = await plugin.render(ir, style.applied, {
    name: row.name ?? undefined,
    type: "artifact",
    signal,
    images: async (src) => pictures.images.get(src) ?? null,
    artifact: { storage },
  });
  signal.throwIfAborted();
  await event("artifact.planned", { ...(page.plan ?? {}), storage, bytes: page.bytes.byteLength });

  await phase("previewing");
  const outputs: PipelineOutput[] = [{ kind: "html", contentType: ARTIFACT_CONTENT_TYPE, bytes: page.bytes, filename: ARTIFACT_FILENAME }];
  const previewDiagnostics: Diagnostic[] = [];
  try {
    // The page with the settings it is served with; a shared page's storage is answered in the page (PREVIEW_STORAGE).
    const html = withConfig(Buffer.from(page.bytes).toString("utf8"), storage === "shared" ? { storage, api: "/_db", token: "preview" } : { storage });
    const shot = await engines.browser.screenshot(html, {
      width: PREVIEW_WIDTH,
      maxHeight: PREVIEW_MAX_HEIGHT,
      timeoutMs: PREVIEW_TIMEOUT_MS,
      initScript: storage === "shared" ? PREVIEW_STORAGE : undefined,
      signal,
    });
    outputs.push({ kind: "preview", contentType: "image/png", bytes: shot.png, filename: "artifact-page-1.png", page: 1, width: shot.width, height: shot.height });
  } catch (error) {
    signal.throwIfAborted();
    // The page is what the caller asked for; a preview that cannot be taken is reported, not fatal.
    previewDiagnostics.push({ code: "preview.unavailable", severity: "warning", category: "layout", message: `No preview of the page could be taken: ${(error as Error).message}.` });
  }

  return {
    outputs,
    diagnostics: [
      ...readDiagnostics,
      ...pictures.diagnostics,
      // A picture already reported with its reason is not reported again by the page builder.
      ...page.diagnostics.filter((d) => !(d.nodeId && reported.has(d.nodeId) && d.code.startsWith("image."))),
      ...previewDiagnostics,
    ],
    pages: 1,
    type: "artifact",
    style: { applied: style.applied, unsupported: style.unsupported },
    renderer: `artifact plugin · ${await engines.browser.version().catch(() => "Chromium")}`,
  };
};
