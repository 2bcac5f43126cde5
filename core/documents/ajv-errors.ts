/**
 * Turns ajv's errors into the Problem's `errors[]`: one entry per offending field, each with a JSON pointer
 * (`/style/font_size`) and a message that names the valid values. Branch noise of `oneOf` (every alternative's
 * complaint) is folded into one message at the field.
 */
import type { ErrorObject } from "ajv";
import type { FieldError } from "../errors.ts";

const escape = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

const messageOf = (e: ErrorObject): string => {
  switch (e.keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return "is not a known field";
    case "enum":
      return `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    case "oneOf":
    case "anyOf":
      return "does not match any accepted form";
    default:
      return e.message ?? "is invalid";
  }
};

const pathOf = (e: ErrorObject): string => {
  if (e.keyword === "required") return `${e.instancePath}/${escape((e.params as { missingProperty: string }).missingProperty)}`;
  if (e.keyword === "additionalProperties") return `${e.instancePath}/${escape((e.params as { additionalProperty: string }).additionalProperty)}`;
  return e.instancePath;
};

export const fieldErrors = (errors: ReadonlyArray<ErrorObject> | null | undefined, describe: Record<string, string> = {}): FieldError[] => {
  const all = errors ?? [];
  const branchRoots = all.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf").map((e) => e.instancePath);
  const inBranch = (e: ErrorObject) =>
    e.keyword !== "oneOf" && e.keyword !== "anyOf" && /\/(oneOf|anyOf)\//.test(e.schemaPath) && branchRoots.some((root) => e.instancePath.startsWith(root));
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of all) {
    if (inBranch(e)) continue;
    const path = pathOf(e);
    let message = messageOf(e);
    if (e.keyword === "oneOf" || e.keyword === "anyOf") {
      const key = Object.keys(describe).find((k) => new RegExp(k).test(path));
      if (key) message = describe[key]!;
    }
    const id = `${path}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ path, message });
  }
  return out;
};
