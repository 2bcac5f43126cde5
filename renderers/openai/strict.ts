/**
 * The strict-schema rule of structured outputs: every object closes its properties (`additionalProperties: false`)
 * and requires all of them. Endpoints with structured outputs reject anything else, and JSON mode validates
 * against the same schema, so a loose schema is caught here, before any call, as the programming error it is.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const isObjectSchema = (schema: Json): boolean => {
  const type = schema.type;
  return type === "object" || (Array.isArray(type) && type.includes("object")) || isRecord(schema.properties);
};

/** Where a sub-schema may sit; each is checked with the same rule. */
const children = (schema: Json, at: string): Array<[string, unknown]> => {
  const out: Array<[string, unknown]> = [];
  const eachOf = (key: string) => {
    const map = schema[key];
    if (isRecord(map)) for (const [name, sub] of Object.entries(map)) out.push([`${at}/${key}/${name}`, sub]);
  };
  const listOf = (key: string) => {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => out.push([`${at}/${key}/${i}`, sub]));
  };
  eachOf("properties");
  eachOf("$defs");
  eachOf("definitions");
  listOf("anyOf");
  listOf("oneOf");
  listOf("allOf");
  listOf("prefixItems");
  if (Array.isArray(schema.items)) listOf("items");
  else if (schema.items !== undefined) out.push([`${at}/items`, schema.items]);
  return out;
};

/** The first place where `schema` is not strict, or undefined when it is. */
export const strictnessProblem = (schema: unknown, at = "#"): string | undefined => {
  if (typeof schema === "boolean") return undefined;
  if (!isRecord(schema)) return `${at} is not a schema`;
  if (isObjectSchema(schema)) {
    if (schema.additionalProperties !== false) return `${at} is an object without "additionalProperties": false`;
    const names = Object.keys(isRecord(schema.properties) ? schema.properties : {});
    const required = schema.required ?? [];
    if (!Array.isArray(required)) return `${at} has a "required" that is not a list`;
    const missing = names.filter((name) => !required.includes(name));
    if (missing.length > 0) return `${at} does not list every property in "required" (missing: ${missing.join(", ")})`;
    const unknown = required.filter((name) => !names.includes(name as string));
    if (unknown.length > 0) return `${at} requires properties it does not declare (${unknown.join(", ")})`;
  }
  for (const [path, sub] of children(schema, at)) {
    const problem = strictnessProblem(sub, path);
    if (problem) return problem;
  }
  return undefined;
};

/** Throws a plain Error naming the first non-strict place: callers must fix their schema, not handle this. */
export const assertStrict = (schema: Record<string, unknown>, name = "answer schema"): void => {
  const problem = strictnessProblem(schema);
  if (problem) throw new Error(`The ${name} is not strict: ${problem}.`);
};
