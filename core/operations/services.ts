/** Everything an operation's program may ask for; the runner of a job provides it all as one layer. */
import type { Db } from "../store/db.ts";
import type { Blobs } from "../services/blobs.ts";
import type { Clock } from "../services/clock.ts";
import type { Checks, Registry } from "../services/plugins.ts";
import type { Model } from "../services/model.ts";
import type { HttpOut } from "../services/http-out.ts";
import type { ImageSearch } from "../services/image-search.ts";
import type { EngineServices } from "../services/engines.ts";
import type { Sandbox } from "../services/sandbox.ts";
import type { Job, Progress } from "./job.ts";

export type OperationServices = Job | Progress | Clock | Db | Blobs | Registry | Checks | Model | ImageSearch | HttpOut | Sandbox | EngineServices;
