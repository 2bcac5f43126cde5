/**
 * Identifiers: a prefix and a ULID (Crockford base 32, 26 characters), matching the patterns of the interface
 * (`^doc_[0-9A-HJKMNP-TV-Z]{26}$`). Monotonic so ids made in the same millisecond still sort in creation order,
 * which cursor pagination relies on.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import { makeUlid } from "./ulid.ts";

export type IdPrefix = "doc" | "out" | "file" | "req" | "org" | "prj" | "key" | "sess" | "we" | "msg" | "job" | "evt";

export interface IdsShape {
  readonly make: (prefix: IdPrefix) => string;
}

export const ULID_PATTERN = "[0-9A-HJKMNP-TV-Z]{26}";
export const idPattern = (prefix: IdPrefix) => new RegExp(`^${prefix}_${ULID_PATTERN}$`);

export class Ids extends Context.Tag("quire/Ids")<Ids, IdsShape>() {
  static make = (): IdsShape => {
    const ulid = makeUlid();
    return { make: (prefix) => `${prefix}_${ulid()}` };
  };
  static layer = Layer.sync(Ids, Ids.make);
}

/** A module-level generator for code that runs outside an Effect (request ids on the hot path). */
export const newId: (prefix: IdPrefix) => string = Ids.make().make;
