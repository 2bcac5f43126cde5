/**
 * One build of a kind at a time across processes: `make test` starts both test passes at once, and each would
 * otherwise build the same service and test files beside the other (seconds of CPU each, on a CPU-bound run). The
 * lock is a folder (making one is atomic) holding its owner's pid; a lock whose owner is gone is taken over, so a
 * build that crashed never blocks the next.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const LOCKS = join(resolve(import.meta.dirname, ".."), "dist");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The owner's pid, or undefined while the owner has made the folder but not yet written it. */
const ownerOf = (lock: string): number | undefined => {
  try {
    return Number(readFileSync(join(lock, "pid"), "utf8")) || undefined;
  } catch {
    return undefined;
  }
};

/** Runs `work` holding the lock `name`; waits while another process holds it. */
const oneAtATime = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const lock = join(LOCKS, `.lock-${name}`);
  mkdirSync(LOCKS, { recursive: true });
  for (let ownerless = 0; ; ) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = ownerOf(lock);
    // An owner that died between making the folder and writing its pid leaves a folder without one.
    ownerless = owner === undefined ? ownerless + 1 : 0;
    if ((owner !== undefined && !alive(owner)) || ownerless > 50) rmSync(lock, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};

/**
 * Builds under the lock `name` when `stale` says so; whether it built. Asked again once the lock is held: the process
 * that held it before may have just made the same build.
 */
export const buildIfStale = async (name: string, stale: () => boolean, build: () => Promise<void>): Promise<boolean> => {
  if (!stale()) return false;
  return oneAtATime(name, async () => {
    if (!stale()) return false;
    await build();
    return true;
  });
};
