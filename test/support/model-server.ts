/**
 * A scripted OpenAI-compatible chat completions server on loopback, so model-driven code is tested through the
 * real client and its wire format. Every request is checked as an OpenAI chat request (a strict schema included):
 * what the real endpoint would reject lands in `violations` and gets a 400, and tests assert there is none.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ModelSettings } from "../../core/contracts/model.ts";

export type WirePart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export interface WireMessage {
  readonly role: "system" | "user" | "assistant";
  readonly content: string | ReadonlyArray<WirePart>;
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: ReadonlyArray<WireMessage>;
  /** The json_schema's name; null in JSON mode and for text requests. */
  readonly schemaName: string | null;
  readonly format: "json_schema" | "json_object" | undefined;
  /** The schema of JSON mode in llama.cpp's extension (`{type: "json_object", schema}`), else null. */
  readonly objectSchema: Record<string, unknown> | null;
  /** The first system message's text ("" when none). */
  readonly system: string;
  /** The last user message's text (its text parts joined). */
  readonly lastUser: string;
  readonly body: Record<string, unknown>;
}

export type Reply =
  | { readonly json: unknown }
  | { readonly text: string }
  | { readonly refusal: string }
  | { readonly status: number; readonly body?: unknown; readonly headers?: Record<string, string> }
  | { readonly hang: true }
  | { readonly finish: "length" | "content_filter"; readonly text?: string }
  | { readonly destroy: true };

/** Called for each valid request; `index` counts this script's calls (0 first, again 0 after `server.script = …`). */
export type Script = (request: ChatRequest, index: number) => Reply | Promise<Reply>;

export interface ModelServerOptions {
  /** False: behave like an endpoint without structured outputs (a json_schema response_format gets a 400). */
  readonly jsonSchema?: boolean;
  /** False: behave like OpenAI's newer models, which refuse `max_tokens` for `max_completion_tokens`. */
  readonly maxTokens?: boolean;
  /** Wait before each answer. */
  readonly delayMs?: number;
  /**
   * Behave like llama.cpp's server: plain JSON mode is not enforced (the JSON comes back inside prose) while JSON mode
   * with a `schema` is; an image part is answered 500 "image input is not supported" (no vision projector loaded).
   */
  readonly llamaCpp?: boolean;
  /** Cut an answer longer than the request's token limit at it, with finish_reason "length", as a real server does. */
  readonly cutAtLimit?: boolean;
}

export interface ModelServer {
  /** The base URL, ending with `/v1`. */
  readonly url: string;
  script: Script;
  readonly requests: Array<{ body: Record<string, unknown>; headers: IncomingHttpHeaders }>;
  readonly violations: string[];
  /** Requests held open by a `hang` reply whose client has not gone away yet. */
  readonly hanging: number;
  readonly close: () => Promise<void>;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

// The strict-schema rule, written again here so the test does not trust the client's own check.
const strictProblem = (schema: unknown, at: string): string | undefined => {
  if (typeof schema === "boolean") return undefined;
  if (!isRecord(schema)) return `${at} is not a schema`;
  const type = schema.type;
  const isObject = type === "object" || (Array.isArray(type) && type.includes("object")) || isRecord(schema.properties);
  const properties = isRecord(schema.properties) ? schema.properties : {};
  if (isObject) {
    if (schema.additionalProperties !== false) return `${at}: additionalProperties must be false`;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const names = Object.keys(properties);
    if (names.some((n) => !required.includes(n)) || required.length !== names.length) {
      return `${at}: required must list every property`;
    }
  }
  const subs: Array<[string, unknown]> = [];
  for (const key of ["properties", "$defs", "definitions"]) {
    const map = schema[key];
    if (isRecord(map)) for (const [k, v] of Object.entries(map)) subs.push([`${at}/${key}/${k}`, v]);
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((v, i) => subs.push([`${at}/${key}/${i}`, v]));
  }
  if (Array.isArray(schema.items)) schema.items.forEach((v, i) => subs.push([`${at}/items/${i}`, v]));
  else if (schema.items !== undefined) subs.push([`${at}/items`, schema.items]);
  for (const [path, sub] of subs) {
    const problem = strictProblem(sub, path);
    if (problem) return problem;
  }
  return undefined;
};

const partProblem = (part: unknown, at: string): string | undefined => {
  if (!isRecord(part)) return `${at} is not an object`;
  if (part.type === "text") return typeof part.text === "string" ? undefined : `${at}.text must be a string`;
  if (part.type === "image_url") {
    const url = isRecord(part.image_url) ? part.image_url.url : undefined;
    return typeof url === "string" && /^(data:image\/[a-z]+;base64,|https?:\/\/)/.test(url) ? undefined : `${at}.image_url.url must be a data or http URL`;
  }
  return `${at}.type must be text or image_url`;
};

/** Why the body is not a chat request the real API would take, or undefined. */
const requestProblem = (body: unknown): string | undefined => {
  if (!isRecord(body)) return "the body is not a JSON object";
  if (typeof body.model !== "string" || body.model === "") return "model must be a non-empty string";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages must be a non-empty array";
  for (const [i, m] of body.messages.entries()) {
    if (!isRecord(m) || !["system", "user", "assistant"].includes(m.role as string)) return `messages[${i}].role is invalid`;
    if (typeof m.content === "string") continue;
    if (!Array.isArray(m.content)) return `messages[${i}].content must be a string or parts`;
    for (const [j, part] of m.content.entries()) {
      const problem = partProblem(part, `messages[${i}].content[${j}]`);
      if (problem) return problem;
    }
  }
  if (body.stream === true) return "stream is not expected";
  if (body.max_completion_tokens !== undefined && !(Number.isInteger(body.max_completion_tokens) && (body.max_completion_tokens as number) > 0)) {
    return "max_completion_tokens must be a positive integer";
  }
  if (body.max_tokens !== undefined && !(Number.isInteger(body.max_tokens) && (body.max_tokens as number) > 0)) {
    return "max_tokens must be a positive integer";
  }
  const format = body.response_format;
  if (format === undefined) return undefined;
  if (!isRecord(format)) return "response_format must be an object";
  if (format.type === "json_object") return format.schema === undefined ? undefined : strictProblem(format.schema, "#");
  if (format.type !== "json_schema") return `response_format.type ${String(format.type)} is not known`;
  const spec = format.json_schema;
  if (!isRecord(spec)) return "response_format.json_schema must be an object";
  if (typeof spec.name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) return "json_schema.name is invalid";
  if (spec.strict !== true) return "json_schema.strict must be true";
  return strictProblem(spec.schema, "#");
};

const textOf = (content: WireMessage["content"] | undefined): string =>
  content === undefined ? "" : typeof content === "string" ? content : content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");

const chatRequest = (body: Json): ChatRequest => {
  const messages = body.messages as WireMessage[];
  const format = isRecord(body.response_format) ? (body.response_format.type as ChatRequest["format"]) : undefined;
  const spec = isRecord(body.response_format) && isRecord(body.response_format.json_schema) ? body.response_format.json_schema : undefined;
  const objectSchema = format === "json_object" && isRecord(body.response_format) && isRecord(body.response_format.schema) ? body.response_format.schema : null;
  return {
    model: body.model as string,
    messages,
    schemaName: format === "json_schema" && typeof spec?.name === "string" ? spec.name : null,
    format,
    objectSchema,
    system: textOf(messages.find((m) => m.role === "system")?.content),
    lastUser: textOf([...messages].reverse().find((m) => m.role === "user")?.content),
    body,
  };
};

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The request's token limit, in characters of `tokens`' count; undefined when it sets none. */
const limitChars = (body: Json): number | undefined => {
  const limit = body.max_tokens ?? body.max_completion_tokens;
  return typeof limit === "number" ? limit * 4 : undefined;
};

const hasImage = (request: ChatRequest) => request.messages.some((m) => typeof m.content !== "string" && m.content.some((p) => p.type === "image_url"));

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

let completionIds = 0;

const completion = (request: ChatRequest, content: string | null, refusal: string | null, finish: string) => {
  const prompt = JSON.stringify(request.messages);
  return {
    id: `chatcmpl-test-${++completionIds}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal }, finish_reason: finish, logprobs: null }],
    usage: {
      prompt_tokens: tokens(prompt),
      completion_tokens: tokens(content ?? refusal ?? ""),
      total_tokens: tokens(prompt) + tokens(content ?? refusal ?? ""),
    },
  };
};

export const startModelServer = async (script?: Script, options: ModelServerOptions = {}): Promise<ModelServer> => {
  const sockets = new Set<Socket>();
  const requests: ModelServer["requests"] = [];
  const violations: string[] = [];
  let calls = 0;
  let hanging = 0;
  let current: Script = script ?? (() => ({ text: "ok" }));

  const web = createServer(async (req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/chat/completions")) {
      violations.push(`unexpected ${req.method} ${req.url}`);
      return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: "invalid_request_error" } });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = undefined;
    }
    requests.push({ body: isRecord(body) ? body : {}, headers: req.headers });
    const problem = requestProblem(body);
    if (problem) {
      violations.push(problem);
      return sendJson(res, 400, { error: { message: problem, type: "invalid_request_error" } });
    }
    const request = chatRequest(body as Json);
    if (options.llamaCpp && hasImage(request)) {
      return sendJson(res, 500, { error: { code: 500, message: "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj", type: "server_error" } });
    }
    if (options.jsonSchema === false && request.format === "json_schema") {
      return sendJson(res, 400, { error: { message: "response_format type json_schema is not supported", type: "invalid_request_error" } });
    }
    if (options.maxTokens === false && (body as Json).max_tokens !== undefined) {
      return sendJson(res, 400, {
        error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", type: "invalid_request_error", param: "max_tokens", code: "unsupported_parameter" },
      });
    }
    let reply: Reply;
    try {
      reply = await current(request, calls++);
    } catch (error) {
      violations.push(`the script failed: ${(error as Error).message}`);
      return sendJson(res, 500, { error: { message: "the script failed", type: "server_error" } });
    }
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    if ("hang" in reply) {
      hanging++;
      res.on("close", () => hanging--);
      return;
    }
    if ("destroy" in reply) return void req.socket.destroy();
    if ("status" in reply) {
      return sendJson(res, reply.status, reply.body ?? { error: { message: `scripted ${reply.status}`, type: "scripted" } }, reply.headers);
    }
    if ("finish" in reply) return sendJson(res, 200, completion(request, reply.text ?? "", null, reply.finish));
    if ("json" in reply || "text" in reply) {
      let content = "json" in reply ? JSON.stringify(reply.json) : reply.text;
      // Plain JSON mode not enforced: the model talks around its object, as small local models do.
      if (options.llamaCpp && "json" in reply && request.format === "json_object" && request.objectSchema === null) content = `Sure! Here it is:\n${content}\nHope this helps.`;
      const room = options.cutAtLimit ? limitChars(request.body) : undefined;
      if (room !== undefined && content.length > room) return sendJson(res, 200, completion(request, content.slice(0, room), null, "length"));
      return sendJson(res, 200, completion(request, content, null, "stop"));
    }
    return sendJson(res, 200, completion(request, null, reply.refusal, "stop"));
  });
  web.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));

  const server: ModelServer = {
    url: `http://127.0.0.1:${(web.address() as { port: number }).port}/v1`,
    get script() {
      return current;
    },
    set script(next: Script) {
      current = next;
      calls = 0;
    },
    requests,
    violations,
    get hanging() {
      return hanging;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        web.close(() => resolve());
      }),
  };
  return server;
};

/** Settings that reach `server`, one model name per role, with small limits fit for tests. */
export const settingsFor = (server: Pick<ModelServer, "url">, overrides: Partial<ModelSettings> = {}): ModelSettings => ({
  baseUrl: server.url,
  apiKey: undefined,
  models: { fast: "m-fast", writer: "m-writer", best: "m-best", judge: "m-judge", reader: "m-reader" },
  // Long enough for a loaded machine; the tests of a timeout set their own.
  timeoutMs: 10_000,
  retries: 2,
  repairRounds: 2,
  structured: "auto",
  ...overrides,
});
