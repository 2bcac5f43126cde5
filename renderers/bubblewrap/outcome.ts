/**
 * What a finished run was, from what the service saw of it: whether it stopped the run itself (wall clock,
 * cancellation), the runner's status line, and how the process ended when the runner could not say (the kernel
 * killed it at a limit, V8 gave up on memory). Messages are for the model that wrote the program.
 */
import type { SandboxFailure, SandboxLimits } from "../../core/contracts/sandbox.ts";

/** The runner's status line (runner.cjs). */
export type RunnerStatus = { ok: true } | { ok?: false; reason: SandboxFailure; message: string };

export interface Ended {
  /** The exit code of bwrap, which is its program's, or 128 + the signal that ended the program. */
  readonly code: number | null;
  readonly status: RunnerStatus | null;
  /** The end of what node itself printed (V8's fatal errors). */
  readonly stderr: string;
  /** Set when the service stopped the run. */
  readonly stoppedFor: "timeout" | "cancelled" | null;
}

export type Outcome = { ok: true } | { ok: false; reason: SandboxFailure; message: string };

const SIGTRAP = 5;
const SIGSEGV = 11;
const SIGXCPU = 24;
const SIGKILL = 9;
const SIGXFSZ = 25;

/** V8's and the C++ runtime's ways of saying the memory ran out (heap limit, data limit). */
const outOfMemory = /out of memory|bad_alloc|Allocation failed/i;

export const parseStatus = (text: string): RunnerStatus | null => {
  const line = text.split("\n").find((l) => l.trim() !== "");
  if (!line) return null;
  try {
    const status = JSON.parse(line) as RunnerStatus;
    return status && (status.ok === true || typeof status.reason === "string") ? status : null;
  } catch {
    return null;
  }
};

export const outcome = (ended: Ended, limits: SandboxLimits): Outcome => {
  if (ended.stoppedFor === "cancelled") return { ok: false, reason: "cancelled", message: "The run was cancelled." };
  if (ended.stoppedFor === "timeout") {
    return {
      ok: false,
      reason: "timeout",
      message: `The program did not finish within ${limits.wallMs / 1000} s and was stopped: look for a loop that never ends or a promise that never settles.`,
    };
  }
  if (ended.status?.ok === true) return { ok: true };
  if (ended.status) {
    const { reason, message } = ended.status;
    if (reason === "output_too_big") return { ok: false, reason, message: outputMessage(limits) };
    return { ok: false, reason, message: reason === "memory" ? `${memoryMessage(limits)}\n${message}` : message };
  }
  // V8 meeting the data limit where it cannot fail cleanly crashes instead; for a program of plain JavaScript a crash
  // is almost always that.
  if (outOfMemory.test(ended.stderr) || ended.code === 128 + SIGSEGV || ended.code === 128 + SIGTRAP) {
    return { ok: false, reason: "memory", message: memoryMessage(limits) };
  }
  // SIGXCPU at the CPU limit, SIGKILL a second later if it was ignored (the service's own kills are `stoppedFor`).
  if (ended.code === 128 + SIGXCPU || ended.code === 128 + SIGKILL) {
    return {
      ok: false,
      reason: "cpu",
      message: `The program used more than ${limits.cpuSeconds} s of CPU time and was stopped: look for a loop that never ends or work that grows without bound.`,
    };
  }
  if (ended.code === 128 + SIGXFSZ) return { ok: false, reason: "output_too_big", message: outputMessage(limits) };
  const said = ended.stderr.trim().split("\n").slice(-12).join("\n").slice(-1000);
  return {
    ok: false,
    reason: "error",
    message: `The program's process ended unexpectedly (exit code ${ended.code ?? "none"})${said ? `:\n${said}` : "."}`,
  };
};

const memoryMessage = (limits: SandboxLimits) =>
  `The program used more than its ${limits.memoryMb} MB of memory and was stopped: build the file in parts, or look for data that grows without bound.`;

export const outputMessage = (limits: SandboxLimits) => `The file written is over the ${limits.outputMb} MB limit.`;
