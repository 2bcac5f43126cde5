/**
 * Reading a JSON answer: models in JSON mode (and weak local ones even under structured outputs) wrap the object
 * in ```json fences, prose or reasoning tags, so the one object is dug out before it is validated against the
 * request's schema. The errors found become the next repair round's message.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { AnswerSchema } from "../../core/contracts/model.ts";

export type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

const tryParse = (text: string): Parsed => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
};

/** The end of the object that opens at `start` (a `{`), counting braces outside strings; -1 when it never closes. */
const closingBrace = (text: string, start: number): number => {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
};

/** The JSON value of an answer: the whole text, else a fenced block, else the first balanced object that parses. */
export const parseJsonAnswer = (raw: string): Parsed => {
  // Reasoning models served locally put their thinking (braces included) before the answer.
  const text = raw.replace(/<think>[\s\S]*?<\/think>/g, "").trim();
  if (text === "") return { ok: false, error: "the answer is empty" };
  const whole = tryParse(text);
  if (whole.ok) return whole;
  for (const fence of text.matchAll(/```(?:json|JSON)?\s*\n?([\s\S]*?)```/g)) {
    const inner = tryParse(fence[1]!.trim());
    if (inner.ok) return inner;
  }
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    const end = closingBrace(text, start);
    if (end === -1) break;
    const found = tryParse(text.slice(start, end + 1));
    if (found.ok) return found;
  }
  return { ok: false, error: `the answer is not a JSON object (${whole.error})` };
};

// Schemas are the callers' own and may carry keywords or formats ajv does not know: those are not errors here.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, addUsedSchema: false });
const compiled = new Map<string, ValidateFunction>();

const validatorFor = (schema: AnswerSchema): ValidateFunction => {
  const key = `${schema.name}\u0000${JSON.stringify(schema.schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema.schema);
    compiled.set(key, validate);
  }
  return validate;
};

const describe = (e: ErrorObject): string => {
  const at = e.instancePath === "" ? "(root)" : e.instancePath;
  const extra =
    e.keyword === "additionalProperties"
      ? ` ('${(e.params as { additionalProperty: string }).additionalProperty}')`
      : e.keyword === "enum"
        ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`
        : "";
  return `${at} ${e.message ?? "is invalid"}${extra}`;
};

/** The schema's complaints about `value` as `instancePath message` lines; empty when it validates. */
export const schemaErrors = (schema: AnswerSchema, value: unknown): string[] => {
  const validate = validatorFor(schema);
  return validate(value) ? [] : (validate.errors ?? []).map(describe);
};

export const MAX_REPORTED_ERRORS = 10;

/** The user message of a repair round: what was wrong (at most ten errors), and a request for the JSON only. */
export const repairMessage = (errors: ReadonlyArray<string>, truncated: boolean, parsed: boolean): string => {
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  const more = errors.length > shown.length ? `\n(and ${errors.length - shown.length} more)` : "";
  const cut = truncated ? "Your answer was cut off at the token limit: keep it shorter.\n" : "";
  return (
    `${cut}${parsed ? "Your answer does not validate against the JSON schema" : "Your answer is not valid JSON"}:\n` +
    shown.map((e) => `- ${e}`).join("\n") +
    more +
    "\nAnswer again with the corrected JSON object only, no other text."
  );
};
