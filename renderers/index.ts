/**
 * The heavy engines behind plugins (DESIGN.md, "renderers/"): the warm LibreOffice converter and the mupdf PDF
 * reader, with the contracts they implement (types.ts).
 */
export type * from "../core/contracts/engines.ts";
export * from "./libreoffice/index.ts";
export * from "./mupdf/index.ts";
export { installedFonts } from "./fonts.ts";
