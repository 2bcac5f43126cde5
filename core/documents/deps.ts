/** What the document operations need from the running service, passed explicitly so tests can build their own. */
import type { Knex } from "knex";
import type { FinalMessages } from "./lifecycle.ts";
import type { Config } from "../config.ts";
import type { BusShape } from "../events/bus.ts";
import type { BlobStoreShape } from "../services/blobs.ts";
import type { IdPrefix } from "../services/ids.ts";
import type { RateLimiter } from "../limits/rate.ts";
import type { LinkSigner } from "./repo.ts";
import type { Work } from "../work/work.ts";
import type { FormatRegistry } from "../contracts/format-plugin.ts";

export interface DocDeps {
  readonly db: Knex;
  readonly bus: BusShape;
  readonly blobs: BlobStoreShape;
  readonly config: Config;
  readonly now: () => Date;
  readonly newId: (prefix: IdPrefix) => string;
  readonly signer: LinkSigner;
  readonly rate: RateLimiter;
  /** This process's identity in the jobs and idempotency tables. */
  readonly owner: string;
  readonly log: (message: string, error?: unknown) => void;
  /** Where callers' files are inspected and read: worker threads (core/work). */
  readonly work: Pick<Work, "inspect" | "parseJson">;
  /** The format plugins of this service (the composition root, server/start.ts, gives them). */
  readonly plugins: FormatRegistry;
  /**
   * What a document's transactions write into other parts' tables, given by the composition root (server/start.ts) so
   * the documents' store imports neither: its job (core/jobs/queue.ts) and its final webhook messages
   * (core/webhooks/outbox.ts).
   */
  readonly enqueueJob: (trx: Knex.Transaction, documentId: string, at: Date) => Promise<unknown>;
  readonly finalMessages: FinalMessages;
  /** The font families this machine draws (fontconfig), so a dry run says the font the files would show. */
  readonly fonts?: () => Promise<ReadonlySet<string>>;
}
