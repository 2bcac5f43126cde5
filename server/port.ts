/**
 * The check that the service's port is free before anything starts. uWebSockets listens with SO_REUSEPORT, so a
 * second `make start` on a taken port does not fail: the kernel splits connections between the two processes, which
 * then run over the same data directory (and the second would take the first's running jobs for interrupted ones).
 * A plain node:net server binds without SO_REUSEPORT, so it fails with EADDRINUSE on a port anyone listens on, ours
 * included; it is closed at once, before uWebSockets binds. The few milliseconds between the two are a race only
 * with another program starting at that very moment.
 */
import { createServer } from "node:net";

export const assertPortFree = (port: number, host?: string): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        reject(new Error(`port ${port} is already in use (another Quire or another program); stop it or set QUIRE_PORT`));
      } else {
        reject(new Error(`port ${port} cannot be listened on (${error.code ?? error.message}); choose another with QUIRE_PORT`, { cause: error }));
      }
    });
    // Without a host Node binds the unspecified address (dual-stack `::`), as uWebSockets does: a listener on any
    // address of the port conflicts with it.
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
