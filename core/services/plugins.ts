/**
 * The plugins of a running service as services: the format registry and the one list of checks. Core never imports
 * plugins/; the composition root (server/) provides these with the real lists, and a test with its own.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import type { FormatRegistry } from "../contracts/format-plugin.ts";
import type { CheckPlugin } from "../contracts/check-plugin.ts";

export class Registry extends Context.Tag("quire/Registry")<Registry, FormatRegistry>() {
  static layer = (registry: FormatRegistry) => Layer.succeed(Registry, registry);
}

export class Checks extends Context.Tag("quire/Checks")<Checks, ReadonlyArray<CheckPlugin>>() {
  static layer = (checks: ReadonlyArray<CheckPlugin>) => Layer.succeed(Checks, checks);
}
