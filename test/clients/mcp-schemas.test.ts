/**
 * The MCP tools' input schemas against spec/openapi.yaml: each field a tool takes is a field of the request it
 * makes, with the spec's type, enum, pattern, lengths, bounds and required fields (a tool may only narrow: a
 * field required that the operation needs, formats an operation cannot take), and each document tool offers every
 * field its operation accepts. The schemas are read as the SDK lists them (over an in-memory connection), so what
 * an agent is shown is what is checked.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import YAML from "yaml";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../clients/typescript/src/mcp/server.ts";
import { createQuire } from "../../clients/typescript/src/client.ts";

type Schema = Record<string, unknown>;

const spec = YAML.parse(readFileSync(join(import.meta.dirname, "../../spec/openapi.yaml"), "utf8")) as Schema;

/** Follows `$ref`s (keeping the referring schema's own keys, as OpenAPI 3.1 does). */
const deref = (schema: Schema): Schema => {
  if (typeof schema.$ref !== "string") return schema;
  const target = schema.$ref
    .slice(2)
    .split("/")
    .reduce<Schema>((node, key) => node[key] as Schema, spec);
  const { $ref: _ref, ...rest } = schema;
  return { ...deref(target), ...rest };
};
const component = (name: string) => deref({ $ref: `#/components/schemas/${name}` });
const parameter = (name: string) => deref((deref({ $ref: `#/components/parameters/${name}` }) as { schema: Schema }).schema);

const KEYWORDS = ["type", "pattern", "format", "contentEncoding", "minLength", "maxLength", "minimum", "maximum", "maxItems", "maxProperties"];

/** Holds a listed (tool) schema to the spec's at `path`; `narrowed` names the paths whose enum may be a subset. */
const holds = (tool: Schema, specSchema: Schema, path: string, narrowed: ReadonlySet<string>): void => {
  const want = deref(specSchema);
  if (Array.isArray(want.oneOf)) {
    const variants = tool.anyOf as Schema[] | undefined;
    assert.ok(variants, `${path}: a union, as the spec's oneOf`);
    assert.equal(variants.length, want.oneOf.length, `${path}: as many variants as the spec`);
    want.oneOf.forEach((variant, i) => holds(variants[i]!, variant as Schema, `${path}|${i}`, narrowed));
    return;
  }
  for (const keyword of KEYWORDS) {
    if (want[keyword] !== undefined) assert.deepEqual(tool[keyword], want[keyword], `${path}: ${keyword}`);
  }
  if (Array.isArray(want.enum)) {
    const values = tool.enum as unknown[];
    if (narrowed.has(path)) assert.ok(values.every((v) => (want.enum as unknown[]).includes(v)), `${path}: enum within the spec's`);
    else assert.deepEqual(values, want.enum, `${path}: enum`);
  }
  if (want.additionalProperties === false) assert.equal(tool.additionalProperties, false, `${path}: closed, as the spec's`);
  if (typeof want.additionalProperties === "object") holds(tool.additionalProperties as Schema, want.additionalProperties as Schema, `${path}/*`, narrowed);
  if (want.propertyNames) holds(tool.propertyNames as Schema, want.propertyNames as Schema, `${path}/<name>`, narrowed);
  if (want.items) holds(tool.items as Schema, want.items as Schema, `${path}/items`, narrowed);
  if (want.properties) {
    const props = (tool.properties ?? {}) as Record<string, Schema>;
    const specProps = want.properties as Record<string, Schema>;
    for (const [name, schema] of Object.entries(props)) {
      assert.ok(specProps[name], `${path}/${name} is a field of the spec`);
      holds(schema, specProps[name], `${path}/${name}`, narrowed);
    }
    for (const name of (want.required as string[] | undefined) ?? []) assert.ok((tool.required as string[]).includes(name), `${path}: ${name} required`);
  }
};

let tools: Map<string, Schema>;

before(async () => {
  const server = createMcpServer(createQuire({ apiKey: "ak_eu_unused", baseUrl: "http://127.0.0.1:9/v1" }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "schema-test", version: "1.0.0" });
  await client.connect(clientSide);
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t.inputSchema as Schema]));
  await client.close();
  await server.close();
});

const fields = (name: string) => Object.keys(tools.get(name)!.properties as Schema).sort();

test("each document tool takes the spec's request fields, with the spec's rules", () => {
  const request = component("CreateDocumentRequest");
  // Review and edit take the formats a file of theirs can be; create takes them all.
  const narrowed = new Set(["/format"]);
  for (const name of ["create_document", "create_artifact"]) holds(tools.get(name)!, request, "", new Set());
  for (const name of ["review_document", "edit_document"]) holds(tools.get(name)!, request, "", narrowed);
});

test("each document tool offers every field its operation accepts (the tool sets operation and the response mode)", () => {
  const all = Object.keys(component("CreateDocumentRequest").properties as Schema);
  const managed = ["operation", "stream", "background"];
  // The spec: `file` is for review, edit and extract; `sources` for create; style and quality for create and edit.
  assert.deepEqual(fields("create_document"), all.filter((f) => ![...managed, "file"].includes(f)).sort());
  assert.deepEqual(fields("create_artifact"), all.filter((f) => ![...managed, "file", "format"].includes(f)).sort());
  assert.deepEqual(fields("review_document"), ["file", "format", "metadata", "name", "retention", "store"]);
  assert.deepEqual(fields("edit_document"), ["file", "format", "max_quality", "metadata", "name", "prompt", "quality", "retention", "store", "style"]);
  assert.deepEqual(tools.get("review_document")!.required, ["file"]);
  assert.deepEqual(tools.get("edit_document")!.required, ["file", "prompt"]);
});

test("extract_markdown takes the spec's ExtractRequest", () => {
  holds(tools.get("extract_markdown")!, component("ExtractRequest"), "", new Set());
  assert.deepEqual(fields("extract_markdown"), Object.keys(component("ExtractRequest").properties as Schema).sort());
});

test("the reading tools take the spec's path and query parameters", () => {
  for (const name of ["get_document", "get_report"]) {
    holds((tools.get(name)!.properties as Record<string, Schema>).document_id!, component("DocumentId"), `${name}/document_id`, new Set());
  }
  const data = tools.get("read_artifact_data")!.properties as Record<string, Schema>;
  holds(data.document_id!, component("DocumentId"), "document_id", new Set());
  holds(data.collection!, component("DataName"), "collection", new Set());
  holds(data.limit!, parameter("Limit"), "limit", new Set());
  holds(data.cursor!, parameter("Cursor"), "cursor", new Set());
});
