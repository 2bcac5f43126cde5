/**
 * The error every failed call throws: the service's Problem body (RFC 9457, spec `Problem`) as an Error, so
 * callers branch on `code` (stable) rather than on messages.
 */
import type { ErrorCode, FieldError, Problem } from "./types.ts";

/** Codes the client gives to failures that never reached a Problem body. */
export type ClientCode = "client_error" | "timeout" | "webhook_invalid";

export class QuireProblem extends Error {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  /** The stable machine code; `client_error` when the answer was not a Problem (a proxy's HTML page, say). */
  readonly code: ErrorCode | ClientCode;
  readonly detail?: string;
  readonly requestId?: string;
  /** The offending fields, each with a JSON pointer `path` (mainly with `input_invalid`). */
  readonly errors: FieldError[];

  constructor(problem: Omit<Problem, "code" | "request_id"> & { code: ErrorCode | ClientCode; request_id?: string }) {
    super(problem.detail ? `${problem.code}: ${problem.detail}` : `${problem.code}: ${problem.title}`);
    this.name = "QuireProblem";
    this.type = problem.type;
    this.title = problem.title;
    this.status = problem.status;
    this.code = problem.code;
    this.detail = problem.detail;
    this.requestId = problem.request_id;
    this.errors = problem.errors ?? [];
  }

  /** A failure of the client itself (no Problem from the service). */
  static client(code: ClientCode, title: string, detail?: string, status = 0): QuireProblem {
    return new QuireProblem({ type: "about:blank", title, status, code, detail });
  }

  /** The JSON pointer of the first offending field, when the service named one. */
  get pointer(): string | undefined {
    return this.errors[0]?.path;
  }

  /** Reads a non-2xx answer into a QuireProblem; a body that is not a Problem still gives one. */
  static async fromResponse(response: Response): Promise<QuireProblem> {
    const text = await response.text().catch(() => "");
    try {
      const body = JSON.parse(text) as Partial<Problem>;
      if (body && typeof body.code === "string" && typeof body.title === "string") {
        return new QuireProblem({ ...body, type: body.type ?? "about:blank", title: body.title, status: response.status, code: body.code });
      }
    } catch {
      /* not JSON: described below */
    }
    return new QuireProblem({
      type: "about:blank",
      title: response.statusText || `HTTP ${response.status}`,
      status: response.status,
      code: "client_error",
      detail: text.slice(0, 500) || undefined,
    });
  }
}
