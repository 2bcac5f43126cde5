/**
 * The Host-header dispatch of artifact origins (artifact contract, Names and places). Each artifact is served on its
 * own origin, `<slug>.<artifact host>` (`Config.artifactHost`), so its page can neither read the service's site nor
 * another artifact's storage. A request whose Host is a subdomain of the artifact host belongs to that origin and
 * only the artifact routes answer it, whatever its path:
 *
 *   GET /?exp=…&sig=…   the page (server/artifact/page.ts)
 *   /_db/…              the page's storage API (server/artifact/api.ts), once the artifact is known to be live
 *   anything else       404 `{code: "not_found"}`
 *
 * Errors here are `application/json` `{code, message}` (the page reads them), never Problems, and every answer
 * carries the origin's security headers. The service's own host is never an artifact origin, even when the
 * artifact host is a parent of it (`api.example.com` under `example.com`).
 */
import type { Request, Response } from "hyper-express";
import type { ServerApp } from "../context.ts";
import { documentIdOfSlug } from "../../core/artifacts/token.ts";
import { artifactApiContext, isArtifactApiPath, serveArtifactApi, type ArtifactApiContext } from "./api.ts";
import { ORIGIN_HEADERS, servePage } from "./page.ts";
import { artifactState } from "../../core/artifacts/state.ts";

export interface ArtifactOrigins {
  /** The request's Host is an artifact origin: `serve` must answer it and the ordinary routes must not. */
  readonly claims: (req: Request) => boolean;
  readonly serve: (req: Request, res: Response) => Promise<void>;
}

const splitHost = (host: string) => {
  const m = /^(.*?)(?::(\d+))?$/.exec(host.trim().toLowerCase().replace(/\.(?=:|$)/, ""))!;
  return { name: m[1]!, port: m[2] };
};

/**
 * Reads Hosts against the artifact host: the subdomain label a Host names under it (which may not be a slug), or
 * undefined when the Host is not under it (or is the service's own). A port is compared when the artifact host has
 * one. Made once: it runs on every request of the service.
 */
export const hostReader = (artifactHost: string, serviceHost?: string) => {
  const base = splitHost(artifactHost);
  const suffix = `.${base.name}`;
  const own = serviceHost ? splitHost(serviceHost) : undefined;
  return (host: string | undefined): string | undefined => {
    // Most requests are the service's own: a Host that does not even contain the artifact host's name is not one.
    if (!host || !host.toLowerCase().includes(suffix)) return undefined;
    const given = splitHost(host);
    if (own && given.name === own.name && (given.port ?? "") === (own.port ?? "")) return undefined;
    if (base.port !== undefined && given.port !== base.port) return undefined;
    if (!given.name.endsWith(suffix)) return undefined;
    return given.name.slice(0, -suffix.length);
  };
};

const sendJsonError = (res: Response, status: number, code: string, message: string, extra: Record<string, string> = {}) => {
  res.status(status);
  for (const name in ORIGIN_HEADERS) res.header(name, ORIGIN_HEADERS[name]!);
  for (const name in extra) res.header(name, extra[name]!);
  res.header("Content-Type", "application/json; charset=utf-8");
  res.send(JSON.stringify({ code, message }));
};

export const artifactOrigins = (app: ServerApp): ArtifactOrigins => {
  const labelOf = hostReader(app.config.artifactHost, new URL(app.config.publicUrl).host);
  let api: ArtifactApiContext | null = null;
  const pageDeps = { db: app.db, blobs: app.blobs, secret: app.signer.secret, now: app.now };

  const serve = async (req: Request, res: Response): Promise<void> => {
    try {
      const label = labelOf(req.headers.host) ?? "";
      const documentId = documentIdOfSlug(label);
      if (!documentId) return sendJsonError(res, 404, "not_found", "No page is served at this address.");
      const method = req.method.toUpperCase();
      if (req.path === "/") {
        if (method !== "GET") return sendJsonError(res, 405, "method_not_allowed", `${method} is not allowed here; use GET.`, { Allow: "GET" });
        return await servePage(pageDeps, documentId, req, res);
      }
      if (!isArtifactApiPath(req.path)) return sendJsonError(res, 404, "not_found", `No route ${method} ${req.path} on this page's origin.`);
      const state = await artifactState(app.db, documentId, app.now());
      if (state.state === "missing") return sendJsonError(res, 404, "not_found", "No page is served at this address.");
      if (state.state === "gone") return sendJsonError(res, 410, "content_deleted", state.reason);
      api ??= artifactApiContext(app);
      await serveArtifactApi(api, { documentId: state.documentId, storage: state.storage }, req, res);
    } catch (error) {
      app.log(`artifact origin ${req.headers.host ?? ""} ${req.method} ${req.path} failed`, error);
      if (!res.initiated) sendJsonError(res, 500, "internal_error", "The service failed; try again.");
      else if (!res.completed) res.close();
    }
  };

  return {
    claims: (req) => labelOf(req.headers.host) !== undefined,
    serve,
  };
};
