/**
 * The process guard (issue 11: no request may kill the service): an error that escapes every handler, thrown
 * (`uncaughtException`) or rejected (`unhandledRejection`), is logged as one JSON line, the shape of the service's
 * log (server/start.ts) plus the id of the request it came from when its async context is known, and the process
 * keeps serving. Each request's own failures are still answered by its route (a Problem); what reaches this guard is
 * a bug to fix, which the log line is for.
 *
 * Installed by server/main.ts once the service listens: a failure while starting must still end the process (in an
 * ES module a rejected top-level await is reported through `uncaughtException`, which this guard would swallow).
 */
import { currentRequestId } from "./http.ts";

export type GuardWrite = (line: string) => void;

/** One JSON line: time, level, message, error (the stack), request_id when known. */
export const guardLine = (message: string, error: unknown, requestId: string | undefined): string =>
  JSON.stringify({
    time: new Date().toISOString(),
    level: "error",
    message,
    error: String((error as Error)?.stack ?? error),
    request_id: requestId,
  });

/** Installs both handlers; returns the function that removes them (tests). */
export const installProcessGuard = (write: GuardWrite = (line) => process.stderr.write(`${line}\n`)): (() => void) => {
  const onException = (error: Error, origin: string) => {
    write(guardLine(origin === "unhandledRejection" ? "unhandled rejection; still serving" : "uncaught exception; still serving", error, currentRequestId()));
  };
  const onRejection = (reason: unknown) => {
    write(guardLine("unhandled rejection; still serving", reason, currentRequestId()));
  };
  process.on("uncaughtException", onException);
  process.on("unhandledRejection", onRejection);
  return () => {
    process.off("uncaughtException", onException);
    process.off("unhandledRejection", onRejection);
  };
};
