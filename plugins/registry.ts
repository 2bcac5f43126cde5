/**
 * The format plugin registry: built once at boot from the explicit list in `index.ts`, checked,
 * then frozen so nothing can add or swap a plugin at run time (DESIGN.md, "Contracts"). Besides the
 * plugin of a format, it answers which plugin a media type or a file extension belongs to, from the
 * plugins' own declarations, so core never keeps a table of formats.
 */
import type { FormatPlugin, FormatRegistry } from "../core/contracts/format-plugin.ts";

export type { FormatRegistry };

/** `text/plain; charset=utf-8` and `Text/Plain` are the same media type. */
const essence = (mediaType: string) => mediaType.split(";")[0]!.trim().toLowerCase();

export function createFormatRegistry(plugins: readonly FormatPlugin[]): FormatRegistry {
  const ids = new Set<string>();
  const byFormat = new Map<string, FormatPlugin>();
  const byMediaType = new Map<string, FormatPlugin>();
  const byExtension = new Map<string, FormatPlugin>();
  // The first plugin listed for a format, media type or extension serves it; readers of the same format may follow.
  const claim = (map: Map<string, FormatPlugin>, key: string, plugin: FormatPlugin) => {
    if (!map.has(key)) map.set(key, plugin);
  };
  for (const plugin of plugins) {
    if (plugin.id.trim() === "") throw new Error("format plugin with an empty id");
    if (ids.has(plugin.id)) throw new Error(`duplicate format plugin id "${plugin.id}"`);
    ids.add(plugin.id);
    claim(byFormat, plugin.format, plugin);
    for (const type of plugin.mediaTypes) claim(byMediaType, essence(type), plugin);
    for (const extension of plugin.extensions ?? [plugin.format]) claim(byExtension, extension.toLowerCase(), plugin);
  }
  const list = Object.freeze([...plugins]);
  return Object.freeze({
    plugins: list,
    get: (format: string) => byFormat.get(format),
    byMediaType: (mediaType: string) => byMediaType.get(essence(mediaType)),
    byExtension: (extension: string) => byExtension.get(extension.replace(/^\./, "").toLowerCase()),
  });
}
