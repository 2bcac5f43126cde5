/** What route handlers get: the running service's parts and the request's authenticated principal. */
import type { HealthProbe } from "./health.ts";
import type { Request, Response } from "hyper-express";
import type { Principal, Authenticator } from "../core/auth/tenancy.ts";
import type { DocDeps } from "../core/documents/deps.ts";
import type { WorkerPool } from "../core/jobs/worker.ts";
import type { ExtractDeps } from "../core/extract/service.ts";
import type { Admission } from "./admission.ts";

export interface ServerApp extends DocDeps {
  readonly auth: Authenticator;
  /** What /healthz and /readyz report. */
  readonly health: HealthProbe;
  readonly workers: WorkerPool;
  readonly extraction: ExtractDeps;
  /** Who may put a file on the reading threads now (server/admission.ts). */
  readonly admission: Admission;
}

export type AuthMode = "none" | "api_key" | "api_key_or_session" | "session";

export interface HandlerArgs {
  readonly app: ServerApp;
  readonly req: Request;
  readonly res: Response;
  readonly principal: Principal;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
}

export interface Route {
  readonly method: "GET" | "POST" | "DELETE";
  /** Express-style path, e.g. `/v1/documents/:document_id`. */
  readonly path: string;
  readonly auth: AuthMode;
  /** The route reads a caller's file on the reading threads: refused with 503 before its body when they are full. */
  readonly sheds?: true;
  readonly handler: (args: HandlerArgs) => Promise<void> | void;
}
