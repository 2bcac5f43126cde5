/**
 * The explicit list of plugins (DESIGN.md, "plugins/"): adding a plugin means adding it here,
 * nowhere else. The registry is checked and frozen when this module loads.
 */
import { docxPlugin } from "./docx/index.ts";
import { pptxPlugin } from "./pptx/index.ts";
import { xlsxPlugin } from "./xlsx/index.ts";
import { pdfPlugin } from "./pdf/index.ts";
import { mdPlugin, txtPlugin } from "./text/index.ts";
import { legacyPlugins } from "./legacy/index.ts";
import { extractImage } from "./image/index.ts";
import { artifactPlugin } from "./artifact/index.ts";
import type { FormatPlugin } from "../core/contracts/format-plugin.ts";
import { createFormatRegistry } from "./registry.ts";

const ooxml = new Map<string, FormatPlugin>([
  ["docx", docxPlugin],
  ["pptx", pptxPlugin],
  ["xlsx", xlsxPlugin],
]);

export const formatPluginList: readonly FormatPlugin[] = [
  docxPlugin,
  pptxPlugin,
  xlsxPlugin,
  pdfPlugin,
  artifactPlugin,
  txtPlugin,
  mdPlugin,
  ...legacyPlugins((format) => ooxml.get(format)),
  // Pictures are read with OCR; they are not an output format.
  ...(["png", "jpg", "gif", "webp"] as const).map(
    (format): FormatPlugin => ({
      id: format,
      format,
      mediaTypes: [format === "jpg" ? "image/jpeg" : `image/${format}`],
      ...(format === "jpg" ? { extensions: ["jpg", "jpeg"] } : {}),
      source: "picture",
      extract: extractImage,
    }),
  ),
];

export const formatPlugins = createFormatRegistry(formatPluginList);
