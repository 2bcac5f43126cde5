/**
 * What a worker thread loads when the service runs built (scripts/build.ts makes dist/thread.mjs of it): the task
 * table and its handler in one module, with no TypeScript loader in the thread. Run from source, core/work/entry.mjs
 * does the same through the loader.
 */
import { makeHandler } from "../../core/work/worker.ts";
import type { TaskTable } from "../../core/work/pool.ts";
import { tasks } from "./tasks.ts";

export default makeHandler(tasks as typeof tasks & TaskTable);
