/** Entry point of `make start` / `npm start`: loads the settings and runs the service until a signal stops it. */
import { loadConfig } from "../core/config.ts";
import { startService } from "./start.ts";

const service = await startService(loadConfig());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
}
