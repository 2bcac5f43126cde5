/**
 * What crosses between the thread that answers HTTP and the worker threads (DESIGN.md, "Heavy work"): a task's
 * answer as an envelope, and errors as plain data. Structured cloning keeps only an Error's message and stack, so the
 * tagged errors the edge maps to Problems (and `ProcessingFailure`, which ends a document with its code) are sent as
 * their tag and fields and made again on this side with their class.
 */
import * as errors from "../errors.ts";

export interface SerializedError {
  readonly tag: string;
  readonly message: string;
  readonly fields: Record<string, unknown>;
  readonly stack?: string;
}

export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SerializedError };

/** Every tagged error class of core/errors.ts, by tag: a worker may fail with any of them. */
const CLASSES: Record<string, new (fields: any) => Error> = Object.fromEntries(
  (Object.values(errors) as unknown[])
    .filter((value): value is new (fields: any) => Error => typeof value === "function" && value.prototype instanceof Error)
    .map((cls) => [(new cls({ message: "" }) as unknown as { _tag: string })._tag, cls]),
);

/** Only own, cloneable fields travel (a `cause` stays behind: it is logged where it happened). */
const cloneable = (value: unknown): boolean => {
  if (value === null || ["string", "number", "boolean", "undefined"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(cloneable);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(cloneable);
  return false;
};

export const serializeError = (error: unknown): SerializedError => {
  if (error instanceof Error) {
    const tag = (error as { _tag?: unknown })._tag;
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(error)) if (key !== "_tag" && key !== "cause" && cloneable(value)) fields[key] = value;
    return { tag: typeof tag === "string" && tag in CLASSES ? tag : "Error", message: error.message, fields, stack: error.stack };
  }
  return { tag: "Error", message: String(error), fields: {} };
};

export const deserializeError = (data: SerializedError): Error => {
  const cls = CLASSES[data.tag];
  if (cls) return new cls({ ...data.fields, message: data.message });
  const error = new Error(data.message);
  if (data.stack) error.stack = data.stack;
  return error;
};
