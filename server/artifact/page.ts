/**
 * An artifact's page on its own origin (artifact contract, Names and places): `GET /?exp=…&sig=…` answers the page
 * built at creation with the service's settings inserted at its `<!--quire:config-->` marker:
 * `window.__QUIRE__ = {"storage":"shared","api":"/_db","token":"<exp>.<sig>"}` (the page passes its own link's
 * signature on to its storage API), or `{"storage":"local"}`.
 *
 * A link with a bad signature is a 404 page; an expired link, or an artifact deleted, retired or past its retention,
 * a 410 page. Every answer carries the origin's security headers: a strict Content-Security-Policy (no network but
 * the origin itself, embeddable anywhere), no sniffing, no referrer, no cookies ever, nothing cached.
 */
import type { Knex } from "knex";
import type { Request, Response } from "hyper-express";
import type { BlobStoreShape } from "../../core/services/blobs.ts";
import { artifactState, pageOutput } from "../../core/artifacts/state.ts";
import { artifactSlug, checkArtifactSignature } from "../../core/artifacts/token.ts";
import { withConfig, type PageConfig } from "../../core/operations/artifact-preview.ts";

export const ARTIFACT_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors *";

/** Headers of every answer on an artifact origin; the page itself may be embedded, so it is `cross-origin`. */
export const ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": ARTIFACT_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};
export const PAGE_HEADERS: Readonly<Record<string, string>> = { ...ORIGIN_HEADERS, "Cross-Origin-Resource-Policy": "cross-origin" };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page for a link that does not open (shown to a person, in the browser). */
export const errorPage = (title: string, message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
h1{margin:0 0 .5rem;font-size:1.25rem}p{margin:0;color:#475569}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;

const sendPage = (res: Response, status: number, html: string) => {
  res.status(status);
  for (const name in PAGE_HEADERS) res.header(name, PAGE_HEADERS[name]!);
  res.header("Content-Type", "text/html; charset=utf-8");
  res.send(html);
};

export interface PageDeps {
  readonly db: Knex;
  readonly blobs: BlobStoreShape;
  readonly secret: string;
  readonly now: () => Date;
}

/** `GET /` on the artifact origin of `documentId` (the id the Host's slug names). */
export const servePage = async (deps: PageDeps, documentId: string, req: Request, res: Response): Promise<void> => {
  const { exp, sig } = req.query_parameters;
  const now = deps.now();
  const check = checkArtifactSignature(deps.secret, artifactSlug(documentId), exp, sig, now);
  if (check === "invalid") return sendPage(res, 404, errorPage("This link does not open a page", "Check that the whole link was copied, or ask whoever shared it for a new one."));
  if (check === "expired") return sendPage(res, 410, errorPage("This link has expired", "Ask whoever shared it for a new link."));
  const state = await artifactState(deps.db, documentId, now);
  if (state.state === "missing") return sendPage(res, 404, errorPage("There is no page here", "This link does not name a page."));
  if (state.state === "gone") return sendPage(res, 410, errorPage("This page is no longer available", state.reason));
  const output = await pageOutput(deps.db, documentId);
  if (!output) return sendPage(res, 410, errorPage("This page is no longer available", "This page was deleted."));
  let html: string;
  try {
    html = (await deps.blobs.get(output.blob_key)).toString("utf8");
  } catch {
    // Deleted between the two reads: the page was just retired.
    return sendPage(res, 410, errorPage("This page is no longer available", "This page was deleted."));
  }
  const config: PageConfig = state.storage === "shared" ? { storage: "shared", api: "/_db", token: `${exp}.${sig}` } : { storage: "local" };
  sendPage(res, 200, withConfig(html, config));
};
