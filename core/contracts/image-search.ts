/**
 * The image-search contract (interface, `sources`: "web images by an address `web:<search text>`"): what core asks of
 * a provider that finds pictures on the web by words. The provider is the operator's (configured in the composition
 * root); the pictures it names are fetched by core under the public-address rules, like any caller URL, and each one
 * placed carries its credit as a caption and the `image.web_source` issue.
 */

export interface WebImage {
  /** The picture's own address, fetched by core under the public-address rules. */
  readonly url: string;
  /** The page the picture is published on, for the caption. */
  readonly pageUrl: string;
  readonly title: string;
  /** Who made it, when the provider knows. */
  readonly creator: string | null;
  /** Its licence as the provider names it (`CC BY 2.0`), when known. */
  readonly license: string | null;
  /** The provider or site it came from (`Openverse · Flickr`). */
  readonly provider: string;
}

export interface ImageSearchClient {
  readonly configured: boolean;
  /** The best matches first; an empty list when nothing matched. */
  readonly search: (query: string, options: { signal?: AbortSignal; limit: number }) => Promise<WebImage[]>;
}

export const noImageSearch: ImageSearchClient = {
  configured: false,
  search: () => Promise.reject(new Error("no image search is configured in this deployment")),
};
