/**
 * Entry point of `make start` / `npm start`: loads the settings and runs the service until a signal stops it. A
 * failure to start (the port taken, the store unreachable) ends the process with status 1 and one JSON log line
 * saying why; once listening, the process guard (server/guard.ts) keeps it serving through errors that escape.
 */
import { loadConfig } from "../core/config.ts";
import { startService, stderrLog } from "./start.ts";
import { installProcessGuard } from "./guard.ts";

let service: Awaited<ReturnType<typeof startService>>;
try {
  service = await startService(loadConfig());
} catch (error) {
  stderrLog(`quire did not start: ${(error as Error)?.message ?? error}`, error);
  process.exit(1);
}
installProcessGuard();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
}
