/**
 * The HTTP edge on HyperExpress: routes as data, authentication per route, every error a Problem. Unknown paths
 * answer 404 `not_found` and known paths with another method 405 `method_not_allowed`, both as Problems. Every
 * handler runs inside its request's async context (the request id, for the process guard's log) and first refuses
 * headers over the bounds with 431 `headers_too_large`.
 */
import HyperExpress from "hyper-express";
import type { ServerApp, Route, AuthMode } from "./context.ts";
import { headersProblem, inRequest, sendError, sendJson } from "./http.ts";
import { documentRoutes } from "./routes/documents.ts";
import { downloadRoutes } from "./routes/downloads.ts";
import { apiKeyRoutes } from "./routes/api-keys.ts";
import { artifactDataRoutes } from "./routes/artifact-data.ts";
import { fileRoutes } from "./routes/files.ts";
import { extractRoutes } from "./routes/extract.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { MethodNotAllowed, NotFound, RegionMismatch, SessionRequired, Unauthorized } from "../core/errors.ts";
import type { Principal } from "../core/auth/tenancy.ts";
import { artifactOrigins } from "./artifact/host.ts";

export const VERSION = "0.1.0";

export const routes: Route[] = [...documentRoutes, ...fileRoutes, ...extractRoutes, ...downloadRoutes, ...apiKeyRoutes, ...webhookRoutes, ...artifactDataRoutes];

const NO_PRINCIPAL: Principal = { kind: "api_key", organizationId: "", projectId: "", credentialId: "", projectStoresNothing: false };

const authorize = async (app: ServerApp, mode: AuthMode, header: string | undefined): Promise<Principal> => {
  if (mode === "none") return NO_PRINCIPAL;
  const result = await app.auth.authenticate(header);
  if (!result.ok) {
    if (result.reason === "region_mismatch") throw new RegionMismatch({ message: result.message });
    throw new Unauthorized({ message: result.message });
  }
  const { principal } = result;
  if (mode === "session" && principal.kind !== "session") {
    throw new SessionRequired({ message: "This route is for the dashboard: sign in and use the session bearer, not an API key." });
  }
  if (mode === "api_key" && principal.kind !== "api_key") {
    throw new Unauthorized({ message: "This route needs an API key (Authorization: Bearer ak_…)." });
  }
  return principal;
};

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[a-z_]+/g, "[^/]+")}/?$`);

export const buildServer = (app: ServerApp) => {
  // Body limits are enforced by our own reader (server/http.ts, per route, chunked bodies included) so an oversized
  // body gets a Problem. HyperExpress answers a bare 413 (no Problem, no request id) to anything over its own cap
  // without calling the route, so that cap is put out of reach. HyperExpress closes its listener on SIGTERM by
  // itself (`auto_close`); a stopping instance must keep answering (/readyz 503, requests in flight) through its
  // grace period, and server/start.ts closes it.
  const server = new HyperExpress.Server({ max_body_length: Number.MAX_SAFE_INTEGER, auto_close: false });
  const log = app.log;
  // A request whose Host is an artifact's origin (`<slug>.<artifact host>`) is that artifact's, whatever its path:
  // it is checked first on every route, and the ordinary routes never answer it.
  const artifacts = artifactOrigins(app);
  /** Every handler: inside the request's context, headers checked first (artifact origins included). */
  const guarded =
    (handler: (req: HyperExpress.Request, res: HyperExpress.Response) => unknown) => (req: HyperExpress.Request, res: HyperExpress.Response) =>
      inRequest(res, () => {
        const tooLarge = headersProblem(req);
        if (tooLarge) return sendError(res, tooLarge, app.config.errorsUrl, log);
        return handler(req, res);
      });

  server.get(
    "/healthz",
    guarded((req, res) => {
      if (artifacts.claims(req)) return artifacts.serve(req, res);
      return app.health.checks().then((checks) => sendJson(res, 200, { status: "ok", version: VERSION, region: app.config.region, checks }));
    }),
  );

  server.get(
    "/readyz",
    guarded((req, res) => {
      if (artifacts.claims(req)) return artifacts.serve(req, res);
      return app.health.ready().then((readiness) => sendJson(res, readiness.status === "ready" ? 200 : 503, readiness));
    }),
  );

  for (const route of routes) {
    const handle = async (req: HyperExpress.Request, res: HyperExpress.Response) => {
      if (artifacts.claims(req)) return artifacts.serve(req, res);
      try {
        const principal = await authorize(app, route.auth, req.headers.authorization);
        const declared = req.headers["content-length"];
        const release = route.sheds ? app.admission.admit(declared === undefined ? undefined : Number(declared)) : undefined;
        try {
          await route.handler({ app, req, res, principal, params: req.path_parameters, query: req.query_parameters });
        } finally {
          release?.();
        }
      } catch (error) {
        sendError(res, error, app.config.errorsUrl, log);
      }
    };
    const method = route.method.toLowerCase() as "get" | "post" | "delete";
    server[method](route.path, guarded(handle));
  }

  const known = [...routes.map((r) => ({ method: r.method, pattern: patternOf(r.path) })), { method: "GET", pattern: /^\/healthz\/?$/ }, { method: "GET", pattern: /^\/readyz\/?$/ }];
  server.set_not_found_handler(
    guarded((req, res) => {
      if (artifacts.claims(req)) return void artifacts.serve(req, res);
      const allow = [...new Set(known.filter((k) => k.pattern.test(req.path)).map((k) => k.method))];
      const error = allow.length
        ? new MethodNotAllowed({ message: `${req.method} is not allowed here; use ${allow.join(" or ")}.`, allow })
        : new NotFound({ message: `No route ${req.method} ${req.path}.` });
      sendError(res, error, app.config.errorsUrl, log);
    }),
  );
  server.set_error_handler((_req, res, error) => sendError(res, error, app.config.errorsUrl, log));
  return server;
};
