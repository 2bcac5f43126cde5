/**
 * The format plugin registry: built once at boot from the explicit list in `index.ts`, checked,
 * then frozen so nothing can add or swap a plugin at run time (DESIGN.md, "Contracts").
 */
import type { FormatPlugin, FormatRegistry } from "../core/contracts/format-plugin.ts";

export type { FormatRegistry };

export function createFormatRegistry(plugins: readonly FormatPlugin[]): FormatRegistry {
  const ids = new Set<string>();
  const byFormat = new Map<string, FormatPlugin>();
  for (const plugin of plugins) {
    if (plugin.id.trim() === "") throw new Error("format plugin with an empty id");
    if (ids.has(plugin.id)) throw new Error(`duplicate format plugin id "${plugin.id}"`);
    ids.add(plugin.id);
    // The first plugin listed for a format serves it; readers of the same format may follow.
    if (!byFormat.has(plugin.format)) byFormat.set(plugin.format, plugin);
  }
  const list = Object.freeze([...plugins]);
  return Object.freeze({
    plugins: list,
    get: (format: string) => byFormat.get(format),
  });
}
