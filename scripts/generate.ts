/**
 * Generates `generated/` from `spec/openapi.yaml`, the single source of truth for the wire format
 * (DESIGN.md, "spec/" and "generated/"):
 *
 * - `generated/openapi.ts`: TypeScript types (`paths`, `components`, `operations`, `webhooks`) from
 *   openapi-typescript.
 * - `generated/validators.js` + `.d.ts`: ajv standalone validators (JSON Schema 2020-12), one
 *   `validate<SchemaName>` export per component schema. ESM; at run time they import only
 *   `ajv/dist/runtime/*` and `ajv-formats`.
 * - `generated/responses.js` + `.d.ts`: which component schema describes each response (and each
 *   request body) of each route, so tests and the server can validate by looking up a name.
 *
 * Before writing, every example of the spec is validated against its schema.
 *
 * Usage: `npm run generate` writes the files; `npm run generate -- --check` writes nothing and exits 1
 * when a file of `generated/`, or the published client's copy of the types (clients/typescript/src/generated/), differs
 * from what the spec gives. Output is deterministic.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import openapiTS, { astToString } from "openapi-typescript";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { AnySchema, ValidateFunction } from "ajv";
import { _ } from "ajv/dist/compile/codegen/index.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import addFormatsModule from "ajv-formats";

// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is the
// module object, so take `.default` when it is there.
type Default<T> = T extends { default: infer D } ? D : T;
const standaloneCode = ((standaloneModule as { default?: unknown }).default ??
  standaloneModule) as Default<typeof standaloneModule>;
const addFormats = ((addFormatsModule as { default?: unknown }).default ??
  addFormatsModule) as Default<typeof addFormatsModule>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC_PATH = path.join(ROOT, "spec", "openapi.yaml");
const HEADER = "// generated from spec/openapi.yaml by npm run generate — do not edit\n";
/** `$id` of the schema bundle handed to ajv; it appears only inside the generated code. */
const BUNDLE_ID = "quire:openapi";
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/a/b`) inside the spec. */
function resolveRef(spec: JsonObject, ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`only local $ref is supported: ${ref}`);
  let node: Json = spec;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) || !(key in node)) throw new Error(`unresolved $ref: ${ref}`);
    node = node[key];
  }
  return node;
}

function deref(spec: JsonObject, node: Json): Json {
  let current = node;
  for (let i = 0; isObject(current) && typeof current.$ref === "string"; i++) {
    if (i > 20) throw new Error("$ref cycle");
    current = resolveRef(spec, current.$ref);
  }
  return current;
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** The component schema name a media type's `schema` points at, or null when inline. */
function schemaNameOf(schema: Json | undefined): string | null {
  if (!isObject(schema) || typeof schema.$ref !== "string") return null;
  return SCHEMA_REF.exec(schema.$ref)?.[1] ?? null;
}

/**
 * Turns the spec's component schemas into one JSON Schema 2020-12 document: refs to
 * `#/components/schemas/X` become `#/$defs/X`, and OpenAPI extensions (`x-…`) are dropped.
 */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("x-")) continue;
    if (key === "$ref" && typeof value === "string") {
      const name = SCHEMA_REF.exec(value)?.[1];
      if (!name) throw new Error(`unsupported $ref in a schema: ${value}`);
      out.$ref = `#/$defs/${name}`;
      continue;
    }
    out[key] = toJsonSchema(value);
  }
  return out;
}

function newAjv(options: { standalone: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    code: options.standalone
      ? { source: true, esm: true, lines: true, formats: _`ajvFormats.fullFormats` }
      : undefined,
  });
  addFormats(ajv);
  return ajv;
}

interface RouteInfo {
  key: string;
  responses: Record<string, Record<string, string | null>>;
  sse: Record<string, string>;
  request: Record<string, string | null> | null;
}

/** Reads every operation under `paths`, in spec order. */
function collectRoutes(spec: JsonObject): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const paths = isObject(spec.paths) ? spec.paths : {};
  for (const [routePath, itemRaw] of Object.entries(paths)) {
    const item = deref(spec, itemRaw);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const route: RouteInfo = {
        key: `${method.toUpperCase()} ${routePath}`,
        responses: {},
        sse: {},
        request: null,
      };
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const [status, responseRaw] of Object.entries(responses)) {
        const response = deref(spec, responseRaw);
        const byType: Record<string, string | null> = {};
        const content = isObject(response) && isObject(response.content) ? response.content : {};
        for (const [contentType, media] of Object.entries(content)) {
          if (!isObject(media)) continue;
          byType[contentType] = schemaNameOf(media.schema);
          const sse = schemaNameOf(media["x-sse-data-schema"]);
          if (sse) route.sse[status] = sse;
        }
        route.responses[status] = byType;
      }
      const body = deref(spec, operation.requestBody ?? null);
      if (isObject(body) && isObject(body.content)) {
        route.request = {};
        for (const [contentType, media] of Object.entries(body.content)) {
          route.request[contentType] = isObject(media) ? schemaNameOf(media.schema) : null;
        }
      }
      routes.push(route);
    }
  }
  return routes;
}

/** Every `examples` entry of a media type whose schema is a component, across paths and webhooks. */
function collectExamples(spec: JsonObject): { where: string; schema: string; value: Json }[] {
  const found: { where: string; schema: string; value: Json }[] = [];
  const visit = (node: Json, where: string): void => {
    if (Array.isArray(node)) return node.forEach((child, i) => visit(child, `${where}/${i}`));
    if (!isObject(node)) return;
    const name = schemaNameOf(node.schema);
    if (name && isObject(node.examples)) {
      for (const [exampleName, exampleRaw] of Object.entries(node.examples)) {
        const example = deref(spec, exampleRaw);
        if (isObject(example) && "value" in example) {
          found.push({ where: `${where}/examples/${exampleName}`, schema: name, value: example.value });
        }
      }
    }
    for (const [key, child] of Object.entries(node)) visit(child, `${where}/${key}`);
  };
  visit(spec.paths ?? null, "#/paths");
  visit(spec.webhooks ?? null, "#/webhooks");
  visit(isObject(spec.components) ? (spec.components.responses ?? null) : null, "#/components/responses");
  return found;
}

function formatErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map((e) => `  ${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`)
    .join("\n");
}

/**
 * ajv writes runtime helpers as `require("ajv/dist/runtime/x").default`; in an ES module these
 * become imports of the CommonJS files (whose default import is `module.exports`).
 */
function esmRuntimeImports(code: string): { imports: string[]; body: string } {
  const locals = new Map<string, string>();
  const body = code.replace(/require\("(ajv\/dist\/runtime\/[A-Za-z0-9_]+)"\)/g, (_m, mod: string) => {
    let local = locals.get(mod);
    if (!local) {
      local = `ajvRuntime_${path.basename(mod)}`;
      locals.set(mod, local);
    }
    return local;
  });
  if (/\brequire\(/.test(body)) throw new Error("validators.js would still contain require()");
  return { imports: [...locals].map(([mod, local]) => `import ${local} from "${mod}.js";\n`), body };
}

function buildValidators(spec: JsonObject, names: string[]): { js: string; dts: string } {
  const components = isObject(spec.components) ? spec.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const bundle = { $id: BUNDLE_ID, $defs: toJsonSchema(schemas) } as AnySchema;

  // Check first with a plain instance: strict mode compiles every schema and reports unknown
  // keywords, formats and type conflicts; then every example must validate.
  const check = newAjv({ standalone: false });
  check.addSchema(bundle);
  const compiled = new Map<string, ValidateFunction>();
  for (const name of names) {
    const validate = check.getSchema(`${BUNDLE_ID}#/$defs/${name}`);
    if (!validate) throw new Error(`schema ${name} did not compile`);
    compiled.set(name, validate);
  }
  const bad: string[] = [];
  for (const example of collectExamples(spec)) {
    const validate = compiled.get(example.schema);
    if (!validate) throw new Error(`${example.where}: unknown schema ${example.schema}`);
    if (!validate(example.value)) bad.push(`${example.where} is not a valid ${example.schema}:\n${formatErrors(validate)}`);
  }
  if (bad.length) throw new Error(`invalid examples in the spec:\n${bad.join("\n")}`);

  const ajv = newAjv({ standalone: true });
  ajv.addSchema(bundle);
  const exports: Record<string, string> = {};
  for (const name of names) exports[`validate${name}`] = `${BUNDLE_ID}#/$defs/${name}`;
  const code = standaloneCode(ajv, exports);

  const { imports, body } = esmRuntimeImports(code.replace(/^"use strict";\n?/, ""));
  const js =
    HEADER +
    '// ajv-formats and ajv/dist/runtime/* are CommonJS: their default import is `module.exports`.\n' +
    'import ajvFormats from "ajv-formats/dist/formats.js";\n' +
    imports.join("") +
    body +
    (body.endsWith("\n") ? "" : "\n");

  const dts =
    HEADER +
    'import type { ValidateFunction } from "ajv";\n' +
    'import type { components } from "./openapi.ts";\n\n' +
    'type Schemas = components["schemas"];\n\n' +
    names.map((n) => `export declare const validate${n}: ValidateFunction<Schemas[${JSON.stringify(n)}]>;\n`).join("");
  return { js, dts };
}

function buildResponses(spec: JsonObject, names: string[]): { js: string; dts: string } {
  const routes = collectRoutes(spec);
  const responseSchemas: Record<string, RouteInfo["responses"]> = {};
  const requestSchemas: Record<string, Record<string, string | null>> = {};
  const sseDataSchemas: Record<string, Record<string, string>> = {};
  for (const route of routes) {
    responseSchemas[route.key] = route.responses;
    if (route.request) requestSchemas[route.key] = route.request;
    if (Object.keys(route.sse).length) sseDataSchemas[route.key] = route.sse;
  }
  const json = (value: unknown): string => JSON.stringify(value, null, 2);
  const js =
    HEADER +
    "\n/** Component schema names, sorted. Each has a validator `validate<Name>` in validators.js. */\n" +
    `export const schemaNames = ${json(names)};\n\n` +
    '/** `"METHOD /path"` → status → content type → component schema name (null: inline or no schema). */\n' +
    `export const responseSchemas = ${json(responseSchemas)};\n\n` +
    '/** `"METHOD /path"` → request content type → component schema name (null: inline schema). */\n' +
    `export const requestSchemas = ${json(requestSchemas)};\n\n` +
    '/** `"METHOD /path"` → status → schema of the `data` of each `text/event-stream` frame. */\n' +
    `export const sseDataSchemas = ${json(sseDataSchemas)};\n`;

  const union = (items: string[]): string => items.map((s) => JSON.stringify(s)).join("\n  | ");
  const dts =
    HEADER +
    `\nexport type SchemaName =\n  | ${union(names)};\n\n` +
    `export type RouteKey =\n  | ${union(routes.map((r) => r.key))};\n\n` +
    "export declare const schemaNames: SchemaName[];\n" +
    "export declare const responseSchemas: Record<RouteKey, { [status: string]: { [contentType: string]: SchemaName | null } }>;\n" +
    "export declare const requestSchemas: Partial<Record<RouteKey, { [contentType: string]: SchemaName | null }>>;\n" +
    "export declare const sseDataSchemas: Partial<Record<RouteKey, { [status: string]: SchemaName }>>;\n";
  return { js, dts };
}

async function buildTypes(spec: JsonObject): Promise<string> {
  const ast = await openapiTS(structuredClone(spec) as unknown as Parameters<typeof openapiTS>[0], {
    silent: true,
    // A `default` is what the server assumes when a field is absent; the field stays optional.
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}

async function generate(): Promise<Map<string, string>> {
  const text = await readFile(SPEC_PATH, "utf8");
  const spec = YAML.parse(text) as JsonObject;
  const components = isObject(spec.components) ? spec.components : {};
  const names = Object.keys(isObject(components.schemas) ? components.schemas : {}).sort();

  const files = new Map<string, string>();
  const types = await buildTypes(spec);
  files.set("generated/openapi.ts", types);
  // The published client (clients/typescript) ships the same types: it must stand alone, without the service's code.
  files.set("clients/typescript/src/generated/openapi.ts", types);
  const validators = buildValidators(spec, names);
  files.set("generated/validators.js", validators.js);
  files.set("generated/validators.d.ts", validators.dts);
  const responses = buildResponses(spec, names);
  files.set("generated/responses.js", responses.js);
  files.set("generated/responses.d.ts", responses.dts);
  return files;
}

async function main(): Promise<void> {
  const checkOnly = process.argv.includes("--check");
  const files = await generate();
  if (checkOnly) {
    const stale: string[] = [];
    for (const [name, content] of files) {
      const current = await readFile(path.join(ROOT, name), "utf8").catch(() => null);
      if (current !== content) stale.push(name);
    }
    if (stale.length) {
      console.error(`not up to date with spec/openapi.yaml (run npm run generate):\n  ${stale.join("\n  ")}`);
      process.exit(1);
    }
    console.log("generated/ and the client's types are up to date");
    return;
  }
  for (const [name, content] of files) {
    await mkdir(path.dirname(path.join(ROOT, name)), { recursive: true });
    await writeFile(path.join(ROOT, name), content);
  }
  console.log(`wrote ${[...files.keys()].join(", ")}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
