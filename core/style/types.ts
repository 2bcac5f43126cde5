/**
 * The look of a document as the service reports it back in `style_applied` (service-interface.md, "Document":
 * `style_applied` fields). Renderers read it; the style reader produces it from the caller's free-text `style`.
 * The type is the spec's own, so the object can be returned as is and cannot drift from the wire format.
 */
import type { components } from "../../generated/openapi.ts";

export type StyleApplied = components["schemas"]["StyleApplied"];
export type StyleColors = StyleApplied["colors"];
export type StyleAlign = StyleApplied["align"];
export type Alignment = StyleAlign["body"];
