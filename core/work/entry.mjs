// The first module of every worker thread (core/work/pool.ts). Plain JavaScript on purpose: on Node 20 the TypeScript
// loader that `--import tsx` installs in the main thread is not active in worker threads, so the thread installs it
// itself before it imports anything written in TypeScript. The task table comes from workerData (tests give their own).
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
const { makeHandler } = await import("./worker.ts");
const { tasks } = await import(workerData.tasks);
export default makeHandler(tasks);
