/**
 * What every operation runs on, as this service composes it: the format plugins, the one list of checks and outgoing
 * HTTP. The worker threads add the job, the host's engines, the host's model and the clock (server/work/tasks.ts); a
 * review outside a document (the corpus test, the benchmark) adds this process's engines, the clock and no model.
 */
import * as Layer from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";
import { Checks, Registry } from "../core/services/plugins.ts";
import { Model } from "../core/services/model.ts";
import { ImageSearch } from "../core/services/image-search.ts";
import { HttpOut } from "../core/services/http-out.ts";
import { Progress } from "../core/operations/job.ts";
import { Clock } from "../core/services/clock.ts";
import { formatPlugins } from "../plugins/index.ts";
import { checks } from "../plugins/checks/index.ts";
import { enginesLayer, type EngineOptions } from "./engines.ts";

export const pluginsLayer = Layer.mergeAll(Registry.layer(formatPlugins), Checks.layer(checks), HttpOut.layer);

/** Operations on files outside any document, with this process's engines: `dispose` closes them. */
export const standaloneRuntime = (options: EngineOptions = {}) => ManagedRuntime.make(Layer.mergeAll(pluginsLayer, Model.none, ImageSearch.none, enginesLayer(options), Progress.silent, Clock.layer));
