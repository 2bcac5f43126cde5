/**
 * The artifact page as it is served and previewed: its settings script (`window.__QUIRE__`, also written by
 * server/artifact/page.ts when it serves the page) and the storage a preview's page meets, answered in the page.
 */
import { CONFIG_MARKER } from "../contracts/artifact.ts";

/** A preview shows the top of the page, at most this tall (a long list would otherwise make a banner). */
export const PREVIEW_MAX_HEIGHT = 1600;
export const PREVIEW_TIMEOUT_MS = 20_000;

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
export const PREVIEW_STORAGE = `(() => {
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
