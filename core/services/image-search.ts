/** Finding pictures on the web by words, as a service (core/contracts/image-search.ts); `ImageSearch.none` where none is configured. */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import { noImageSearch, type ImageSearchClient } from "../contracts/image-search.ts";

export class ImageSearch extends Context.Tag("quire/ImageSearch")<ImageSearch, ImageSearchClient>() {
  static none = Layer.succeed(ImageSearch, noImageSearch);
  static layer = (client: ImageSearchClient) => Layer.succeed(ImageSearch, client);
}
