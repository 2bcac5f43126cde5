/**
 * The command line of one sandboxed run: resource limits (`prlimit`), an unprivileged user when the service is root
 * (`setpriv`), the namespaces and the file system (`bwrap`), and Node's permission model inside. Each layer covers
 * what the others do not:
 * - bwrap: no network, no view of the machine beyond /usr, node_modules, the kit and the job's own folder
 *   (no /etc, no repository, no data directory), a private /tmp, its own process tree that dies with the service.
 * - Node's permission model: no child processes, no workers, reads only of what is mounted, writes only of the
 *   result file; so a program cannot fork even though /usr/bin is there.
 * - prlimit: CPU seconds (SIGXCPU, then SIGKILL a second later), the data segment (the heap and every buffer: node
 *   reserves about 1 GB of address space at start, so an address-space limit cannot tell usage apart, while a
 *   data limit can), the size of any file written, no core dumps.
 * - A process-count limit binds only a user other than root (the kernel never applies RLIMIT_NPROC to uid 0), so a
 *   root service runs each program as its own unprivileged uid with `setpriv`; a fork bomb, if one ever got past the
 *   permission model, stops at `NPROC` processes and threads. A service that is not root keeps its own uid and has
 *   no such limit (it would count the service's own processes).
 */
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import type { SandboxFormat, SandboxLimits } from "../../core/contracts/sandbox.ts";

/** Where things are inside the sandbox. */
export const inside = { job: "/job", kit: "/kit", nodeModules: "/node_modules" } as const;

/** Node's own threads (V8's platform, libuv's pool, the main one) count too: about ten. */
const NPROC = 32;

export interface LaunchPaths {
  /** The repository's node_modules, mounted read-only. */
  readonly nodeModules: string;
  /** The folder holding runner.cjs and the kit bundle, mounted read-only. */
  readonly kitDir: string;
  /** The job's folder (job.json and in/), mounted read-only, with its out/ mounted writable. */
  readonly jobDir: string;
}

/** The system parts node needs, read-only; merged-/usr systems have /bin, /lib and /lib64 as links into /usr. */
const systemMounts = (): string[] => {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const dir of ["/bin", "/lib", "/lib64", "/sbin"]) {
    if (!existsSync(dir)) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) args.push("--symlink", readlinkSync(dir), dir);
    else args.push("--ro-bind", dir, dir);
  }
  if (existsSync("/etc/ld.so.cache")) args.push("--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache");
  // A node installed outside /usr (nvm, /opt) brings its folder.
  const nodeDir = path.dirname(realpathSync(process.execPath));
  if (!nodeDir.startsWith("/usr/")) args.push("--ro-bind", nodeDir, nodeDir);
  return args;
};

export interface Launch {
  readonly command: string;
  readonly args: string[];
}

/**
 * The command that runs `argv` (a program path and its arguments, as seen inside) in the sandbox. `uid` is the
 * unprivileged user to run as when the service is root, else null.
 */
export const launchCommand = (paths: LaunchPaths, limits: SandboxLimits, uid: number | null, argv: readonly string[]): Launch => {
  const rlimits = [
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--data=${limits.memoryMb * 1024 * 1024}`,
    `--fsize=${limits.outputMb * 1024 * 1024}`,
    "--core=0",
    ...(uid === null ? [] : [`--nproc=${NPROC}`]),
  ];
  const user = uid === null ? [] : ["setpriv", `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups", "--"];
  const bwrap = [
    "bwrap",
    "--unshare-all",
    "--unshare-user",
    "--disable-userns",
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--setenv", "PATH", "/usr/bin",
    "--setenv", "HOME", "/tmp",
    ...systemMounts(),
    "--proc", "/proc",
    "--dev", "/dev",
    "--tmpfs", "/tmp",
    "--ro-bind", paths.nodeModules, inside.nodeModules,
    "--ro-bind", paths.kitDir, inside.kit,
    "--ro-bind", paths.jobDir, inside.job,
    "--bind", path.join(paths.jobDir, "out"), `${inside.job}/out`,
    "--chdir", inside.job,
    "--",
    ...argv,
  ];
  return { command: "prlimit", args: [...rlimits, "--", ...user, ...bwrap] };
};

/** Node inside: the permission model, a heap that fails before the data limit, and the runner. */
export const nodeArgv = (format: SandboxFormat, memoryMb: number): string[] => [
  process.execPath,
  "--experimental-permission",
  `--allow-fs-read=${inside.kit}/`,
  `--allow-fs-read=${inside.nodeModules}/`,
  `--allow-fs-read=${inside.job}/`,
  `--allow-fs-write=${inside.job}/out/result.${format}`,
  // The heap gets half: a program piling up objects then hits V8's own limit, which ends it with a clear message,
  // before the data limit, which V8 may meet in the middle of a collection and crash on (measured at 3/4).
  `--max-old-space-size=${Math.max(32, Math.floor(memoryMb / 2))}`,
  // Fewer helper threads: 2 cores are shared with the service.
  "--v8-pool-size=2",
  "--no-warnings",
  `${inside.kit}/runner.cjs`,
];
