/** The loaded settings as a service. */
import { Context, Layer } from "effect";
import type { Config } from "../config.ts";

export class AppConfig extends Context.Tag("quire/AppConfig")<AppConfig, Config>() {
  static layer = (config: Config) => Layer.succeed(AppConfig, config);
}
