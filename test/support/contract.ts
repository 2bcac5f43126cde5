/**
 * The typed client of the tests: openapi-fetch over the `paths` generated from the spec, with a middleware that
 * checks every response against the spec: the status must be one the operation lists, and the body must
 * validate against the schema the spec names for that status and content type (Problems included).
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "../../generated/openapi.ts";
import { responseSchemas, sseDataSchemas, type RouteKey } from "../../generated/responses.js";
import * as validators from "../../generated/validators.js";
import type { ValidateFunction } from "ajv";

export type ContractClient = Client<paths> & { readonly checked: () => number };

const validatorFor = (name: string) => (validators as unknown as Record<string, ValidateFunction>)[`validate${name}`]!;

/** Parses a `text/event-stream` body into its frames. */
export const parseSse = (text: string) =>
  text
    .split("\n\n")
    .filter((block) => block.split("\n").some((l) => l.startsWith("data:")))
    .map((block) => {
      const field = (name: string) => block.split("\n").find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim();
      return { id: field("id"), event: field("event"), data: JSON.parse(field("data")!) };
    });

export class ContractViolation extends Error {}

/** Validates one response body against the spec; throws ContractViolation with the reasons. */
export const checkResponse = (route: RouteKey, status: number, contentType: string, body: string) => {
  const byStatus = responseSchemas[route];
  if (!byStatus) throw new ContractViolation(`${route} is not in the spec`);
  const entry = byStatus[String(status)] ?? byStatus.default;
  if (!entry) throw new ContractViolation(`${route} answered ${status}, a status the spec does not list (${Object.keys(byStatus).join(", ")})`);
  const media = contentType.split(";")[0]!.trim();
  if (!(media in entry)) throw new ContractViolation(`${route} ${status} answered ${media}; the spec lists ${Object.keys(entry).join(", ")}`);
  const schema = entry[media];
  if (media === "text/event-stream") {
    const dataSchema = sseDataSchemas[route]?.[String(status)] ?? "DocumentEvent";
    for (const frame of parseSse(body)) {
      const validate = validatorFor(dataSchema);
      if (!validate(frame.data)) throw new ContractViolation(`${route} event ${frame.event}: ${JSON.stringify(validate.errors)}`);
    }
    return;
  }
  if (!schema) return;
  const validate = validatorFor(schema);
  const value = JSON.parse(body);
  if (!validate(value)) throw new ContractViolation(`${route} ${status} body does not match ${schema}: ${JSON.stringify(validate.errors)}\n${body.slice(0, 500)}`);
};

export const contractClient = (baseUrl: string, key: string): ContractClient => {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  let checked = 0;
  const check: Middleware = {
    async onResponse({ schemaPath, request, response }) {
      const route = `${request.method} ${schemaPath}` as RouteKey;
      const body = await response.clone().text();
      checkResponse(route, response.status, response.headers.get("content-type") ?? "", body);
      if (!/^req_[0-9A-HJKMNP-TV-Z]{26}$/.test(response.headers.get("x-request-id") ?? "")) {
        throw new ContractViolation(`${route}: no request id header`);
      }
      checked++;
      return undefined;
    },
  };
  client.use(check);
  return Object.assign(client, { checked: () => checked });
};
