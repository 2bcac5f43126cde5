/**
 * Pictures inlined as data URIs while the page stays within its size limit (service-interface.md: "The whole
 * page, images included, weighs at most 900 KB; images that do not fit are left out and the report says so").
 * Pictures are taken in reading order; one that does not fit is left out and later, smaller ones may still fit.
 */
import type { Diagnostic } from "../../core/diagnostics.ts";
import type { ImageData } from "../../core/contracts/format-plugin.ts";
import { imageUnavailable } from "../images.ts";
import { escapeHtml, imageDropped } from "./html.ts";

/** The markup of a picture, also fed to Tailwind on every page so the classes exist whichever pictures stay. */
export const IMAGE_CLASSES = `<figure class="space-y-2"><img class="mx-auto h-auto max-w-full rounded-xl"><figcaption class="text-center text-sm text-slate-500"></figcaption></figure>`;

const mime: Record<ImageData["type"], string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif" };

function figure(slot: { alt: string; title?: string }, image: ImageData): string {
  const src = `data:${mime[image.type]};base64,${Buffer.from(image.data).toString("base64")}`;
  const caption = slot.title ? `<figcaption class="text-center text-sm text-slate-500">${escapeHtml(slot.title)}</figcaption>` : "";
  return (
    `<figure class="space-y-2"><img class="mx-auto h-auto max-w-full rounded-xl" src="${src}" alt="${escapeHtml(slot.alt)}" ` +
    `width="${image.width}" height="${image.height}">${caption}</figure>`
  );
}

export function placeImages(
  body: string,
  slots: Array<{ id: string; src: string; alt: string; title?: string }>,
  resolved: Map<string, ImageData | null>,
  shellBytes: number,
  maxBytes: number,
): { body: string; diagnostics: Diagnostic[]; kept: number; dropped: number } {
  const diagnostics: Diagnostic[] = [];
  const slotPattern = /<!--quire:image:(\d+)-->/g;
  let used = shellBytes + Buffer.byteLength(body.replace(slotPattern, ""), "utf8");
  const chosen = new Map<number, string>();
  let dropped = 0;
  slots.forEach((slot, index) => {
    const image = resolved.get(slot.src);
    if (!image) {
      diagnostics.push(imageUnavailable(slot));
      return;
    }
    const markup = figure(slot, image);
    const size = Buffer.byteLength(markup, "utf8");
    if (used + size > maxBytes) {
      dropped += 1;
      diagnostics.push(imageDropped(slot, size));
      return;
    }
    used += size;
    chosen.set(index, markup);
  });
  return { body: body.replace(slotPattern, (_, n: string) => chosen.get(Number(n)) ?? ""), diagnostics, kept: chosen.size, dropped };
}
