/**
 * The service started inside the test process (issue 31): the same start as `make start` (server/start.ts, run from
 * its build, dist/start.mjs, so the process pays no TypeScript loader for it), with its worker threads, engines and
 * store, answering HTTP on a loopback port. A test that needs settings of its own (its own scripted model server, an
 * image search) uses it instead of a service process: no process to start, no second copy of the code to load.
 *
 * It cannot be killed as a crash is (there is no process of its own): the tests of crashes and restarts start a
 * real one (support/service.ts). Its log lines are kept for `logs()`.
 */
import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, serviceAt, servicePlace, type Service } from "./service.ts";
import { loadConfig } from "../../core/config.ts";

type Start = typeof import("../../server/start.ts");

const BUILT = pathToFileURL(join(resolve(import.meta.dirname, "../.."), "dist/start.mjs")).href;

export const startInProcess = async (env: Record<string, string> = {}): Promise<Service> => {
  const place = await servicePlace(env);
  const { dataDir, settings } = place;
  await ensureBuilt();
  const { startService, logLine } = (await import(BUILT)) as Start;
  let output = "";
  const log = (message: string, error?: unknown) => void (output += logLine(message, error));
  let running: Awaited<ReturnType<Start["startService"]>> | null = null;
  const launch = async (extra: Record<string, string> = {}) => {
    running = await startService(loadConfig({ ...settings, ...extra }), { log });
  };
  const stopped = async () => {
    await running?.stop();
    running = null;
  };
  await launch();
  return serviceAt(place, {
    pid: process.pid,
    logs: () => output,
    stop: async () => {
      await stopped();
      await rm(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      throw new Error("a service in the test's process cannot crash on its own; start a process with startService");
    },
    restart: async (extra) => {
      await stopped();
      await launch(extra);
    },
  });
};
