/** The loaded settings as a service. */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import type { Config } from "../config.ts";

export class AppConfig extends Context.Tag("quire/AppConfig")<AppConfig, Config>() {
  static layer = (config: Config) => Layer.succeed(AppConfig, config);
}
