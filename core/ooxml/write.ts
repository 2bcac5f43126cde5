/**
 * Writing an OOXML package back after a repair or a sanitization: every part of the original, in its order, with the
 * changed parts replaced, removed (`null`) or added. `[Content_Types].xml` goes first, as Office writes it; parts
 * that were not changed are copied as they were read, so nothing but the repaired parts moves.
 */
import { zipSync, type Zippable } from "fflate";
import type { Package } from "./package.ts";

export type PartChanges = ReadonlyMap<string, Uint8Array | string | null>;

const encoder = new TextEncoder();

export const writePackage = (pkg: Package, changes: PartChanges): Uint8Array => {
  const files: Zippable = {};
  const put = (name: string, data: Uint8Array | string) => {
    files[name] = [typeof data === "string" ? encoder.encode(data) : data, { level: 6, mtime: new Date(1980, 0, 1) }];
  };
  const names = [...pkg.names.filter((n) => n === "[Content_Types].xml"), ...pkg.names.filter((n) => n !== "[Content_Types].xml")];
  for (const name of names) {
    if (name.endsWith("/")) continue;
    const change = changes.get(name);
    if (change === null) continue;
    const data = change ?? pkg.bytes(name);
    if (data !== null) put(name, data);
  }
  for (const [name, data] of changes) {
    if (data !== null && !(name in files)) put(name.replace(/^\//, ""), data);
  }
  return zipSync(files);
};
