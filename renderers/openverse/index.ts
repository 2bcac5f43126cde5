/**
 * Image search over the Openverse API (openverse.org: openly licensed pictures, no key needed at low rates; the
 * same shape is served by a self-hosted Openverse). The operator names the endpoint, so it is fetched as a trusted
 * address; the pictures it lists are fetched by core under the public-address rules like any caller URL.
 */
import type { ImageSearchClient, WebImage } from "../../core/contracts/image-search.ts";

const TIMEOUT_MS = 10_000;

interface OpenverseResult {
  readonly url?: unknown;
  readonly foreign_landing_url?: unknown;
  readonly title?: unknown;
  readonly creator?: unknown;
  readonly license?: unknown;
  readonly license_version?: unknown;
  readonly source?: unknown;
  readonly provider?: unknown;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

const licence = (r: OpenverseResult) => {
  const name = text(r.license);
  if (!name) return null;
  const upper = name === "cc0" || name === "pdm" ? name.toUpperCase() : `CC ${name.toUpperCase()}`;
  return [upper, text(r.license_version)].filter(Boolean).join(" ");
};

export const openverseSearch = (endpoint: string): ImageSearchClient => ({
  configured: true,
  search: async (query, { signal, limit }) => {
    const url = new URL(endpoint);
    url.searchParams.set("q", query);
    url.searchParams.set("page_size", String(Math.max(1, Math.min(20, limit))));
    // Pictures a document may carry: commercial use allowed, and formats the renderers place.
    url.searchParams.set("license_type", "commercial");
    url.searchParams.set("extension", "jpg,png,gif");
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const response = await fetch(url, { headers: { accept: "application/json" }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!response.ok) throw new Error(`the image search answered HTTP ${response.status}`);
    const body = (await response.json()) as { results?: OpenverseResult[] };
    return (body.results ?? []).flatMap((r): WebImage[] => {
      const address = text(r.url);
      if (!address || !/^https?:\/\//i.test(address)) return [];
      return [
        {
          url: address,
          pageUrl: text(r.foreign_landing_url) ?? address,
          title: text(r.title) ?? "",
          creator: text(r.creator),
          license: licence(r),
          provider: ["Openverse", text(r.source) ?? text(r.provider)].filter(Boolean).join(" · "),
        },
      ];
    });
  },
});
