/**
 * The library reads an error's message from `{"error": {...}}` only. vLLM answers `{"object":"error","message":…}`
 * and FastAPI-style servers `{"detail":…}`; without this the operator (and the structured-outputs fallback) would
 * see "400 status code (no body)". Error bodies are rewritten into the usual shape; answers that succeed are untouched.
 */

const MAX_ERROR_BODY = 16_384;

const normalised = (text: string): string | undefined => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body) || "error" in body) return undefined;
  const { message, detail } = body as { message?: unknown; detail?: unknown };
  const said = message ?? detail;
  if (said === undefined) return undefined;
  return JSON.stringify({ error: { ...body, message: typeof said === "string" ? said : JSON.stringify(said) } });
};

export const fetchWithReadableErrors = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await fetch(url, init);
  if (response.ok) return response;
  const text = (await response.text()).slice(0, MAX_ERROR_BODY);
  const rewritten = normalised(text);
  const headers = new Headers(response.headers);
  // The body given here is decoded and may differ in length from what the network carried.
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(rewritten ?? text, { status: response.status, statusText: response.statusText, headers });
};
