/**
 * Links the renderers may write: web, mail and phone addresses (and, where the format can follow them, anchors and
 * relative paths). Script and data URLs would run or smuggle content when clicked, so they keep only their words
 * and say so with `link.unsafe`.
 */
import { diagnostic, type Diagnostic } from "../core/diagnostics.ts";

const SAFE_SCHEMES = ["http", "https", "mailto", "tel"];

export function safeHref(href: string, options: { allowRelative?: boolean } = {}): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim());
  if (scheme === null) return options.allowRelative ?? true;
  return SAFE_SCHEMES.includes(scheme[1]!.toLowerCase());
}

export const unsafeLink = (link: { href: string; id: string }): Diagnostic =>
  diagnostic(
    "link.unsafe",
    "warning",
    "content",
    `The link target ${JSON.stringify(link.href.slice(0, 80))} is not a web, mail or phone address; only its text was kept.`,
    link.id,
  );
