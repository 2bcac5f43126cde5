/**
 * The rules of an artifact's shared storage (interface, Artifact data and Limits): what a collection or key may be
 * called, how large a record may be, how many records an artifact may hold, and how many reads and writes a minute
 * it may take. One place, so the page API, the owner endpoints, the tests and the bench agree.
 */

/** Collection and key names: letters, digits, `_`, `-`, `.`; 1 to 64 characters. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** A record's JSON text, compact (as `JSON.stringify` writes it), in UTF-8 bytes. */
export const MAX_RECORD_BYTES = 16_384;

/** Records in one artifact, all collections together. */
export const MAX_RECORDS = 5_000;

/** Per artifact and rolling minute. */
export const READS_PER_MINUTE = 1_200;
export const WRITES_PER_MINUTE = 120;
export const RATE_WINDOW_MS = 60_000;

/** The change log is what a reconnecting stream replays; older changes are pruned. */
export const CHANGES_KEPT_MS = 24 * 3_600_000;

export const isDataName = (name: string): boolean => NAME_PATTERN.test(name);

/** The message an invalid name gets, naming which one was wrong. */
export const nameProblem = (what: "collection" | "key", name: string): string | null =>
  isDataName(name) ? null : `${what} "${name.slice(0, 80)}" is not a valid name: use 1 to 64 letters, digits, "_", "-" or "."`;
