/**
 * Helpers for the pptx review tests: corpus decks, a deck with some parts edited (the broken files each test
 * builds), inspection and repair with the empty review context, and the findings of one code.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { Finding, Inspection } from "../../../../core/contracts/review.ts";
import { inspectPptx, repairPptx } from "../../../../plugins/pptx/review/index.ts";
import { corpusFile } from "../../../renderers/support.ts";

export const ctx = { fonts: new Set<string>() };

export const deck = (name: string): Uint8Array => corpusFile("pptx", name);

/** The deck with its XML parts changed by `change` (parts it deletes are removed, parts it adds are added). */
export const edit = (bytes: Uint8Array, change: (parts: Record<string, string>) => void): Uint8Array => {
  const files = unzipSync(bytes);
  const parts: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) if (/\.(xml|rels)$/.test(name)) parts[name] = strFromU8(data);
  const before = new Set(Object.keys(parts));
  change(parts);
  for (const name of before) if (!(name in parts)) delete files[name];
  for (const [name, text] of Object.entries(parts)) files[name] = strToU8(text);
  return zipSync(files);
};

/** One part of a deck as text. */
export const part = (bytes: Uint8Array, name: string): string => strFromU8(unzipSync(bytes)[name]!);

/** Every part's bytes, by name. */
export const parts = (bytes: Uint8Array): Record<string, Uint8Array> => unzipSync(bytes);

export const inspect = (bytes: Uint8Array): Promise<Inspection> => inspectPptx(bytes, ctx);
export const repair = (bytes: Uint8Array, fix: string): Promise<Uint8Array> => repairPptx(bytes, fix, ctx);

export const withCode = (inspection: Inspection, code: string): Finding[] => inspection.findings.filter((f) => f.code === code);

/** The slide's shape tree replaced: `shapes` goes where the slide's shapes were. */
export const withShapes = (slideXml: string, shapes: string): string =>
  slideXml.replace(/(<p:grpSpPr>[\s\S]*?<\/p:grpSpPr>)[\s\S]*(<\/p:spTree>)/, `$1${shapes}$2`);

/** A text box: `xfrm` in EMU, its body properties and paragraphs as given. */
export const textBox = (id: number, name: string, [x, y, cx, cy]: number[], paragraphs: string[], bodyPr = '<a:bodyPr wrap="square"/>'): string =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody>${bodyPr}<a:lstStyle/>${paragraphs.map((t) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${t}</a:t></a:r></a:p>`).join("")}</p:txBody></p:sp>`;

/** A picture of the deck's first image relationship id `rId`. */
export const picture = (id: number, name: string, [x, y, cx, cy]: number[], attrs = "", ext = ""): string =>
  `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="${name}"${attrs}>${ext}</p:cNvPr><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rId9"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;

export const LONG_TEXT =
  "The quarterly report shows that revenue grew in every region, with the strongest gains in the north where new customers signed long contracts. Costs rose more slowly than sales, so margins improved for the third quarter in a row.";

/** The parts whose bytes differ between two decks. */
export const changedParts = (a: Uint8Array, b: Uint8Array): string[] => {
  const pa = parts(a);
  const pb = parts(b);
  const names = new Set([...Object.keys(pa), ...Object.keys(pb)]);
  return [...names].filter((n) => !pa[n] || !pb[n] || Buffer.compare(Buffer.from(pa[n]!), Buffer.from(pb[n]!)) !== 0).sort();
};
