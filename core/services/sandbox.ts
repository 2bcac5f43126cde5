/**
 * The sandbox that runs an agent's program (core/contracts/sandbox.ts) as a service. The composition root gives the
 * real one (renderers/bubblewrap) in the host thread; a worker thread gets a proxy over its port, so a cancel that
 * stops the thread also stops the program.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import type { Sandbox as SandboxShape } from "../contracts/sandbox.ts";

/** No sandbox on this machine: the agent path is never taken and the fast path builds every document. */
export const noSandbox: SandboxShape = {
  available: async () => false,
  run: async () => ({ ok: false, reason: "error", message: "no sandbox is available on this machine", log: "", ms: 0 }),
};

export class Sandbox extends Context.Tag("quire/Sandbox")<Sandbox, SandboxShape>() {
  static none = Layer.succeed(Sandbox, noSandbox);
}
