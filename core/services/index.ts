/** The services every core operation may use, gathered so a program can take them in one step. */
import * as Effect from "effect/Effect";
import * as Layer from "effect/Layer";
import { AppConfig } from "./app-config.ts";
import { Blobs } from "./blobs.ts";
import { Clock } from "./clock.ts";
import { Ids } from "./ids.ts";
import { Db } from "../store/db.ts";
import { Bus } from "../events/bus.ts";
import { join } from "node:path";
import type { Config } from "../config.ts";

export type AppServices = AppConfig | Blobs | Clock | Ids | Db | Bus;

export const services = Effect.all({ config: AppConfig, blobs: Blobs, clock: Clock, ids: Ids, db: Db, bus: Bus });
export type Services = Effect.Effect.Success<typeof services>;

/** The production layer: real clock, ULIDs, the store of the data directory, blobs beside it. */
export const appLayer = (config: Config) =>
  Layer.mergeAll(
    AppConfig.layer(config),
    Blobs.layer(join(config.dataDir, "blobs")),
    Clock.layer,
    Ids.layer,
    Layer.provideMerge(Bus.shared, Db.layer({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })),
  );
