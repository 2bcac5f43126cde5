/**
 * Blob storage behind an interface. Keys are relative paths like `documents/doc_…/out_….docx`; deleting a prefix
 * removes everything a document owns. The store is a directory (`QUIRE_DATA_DIR/blobs`); several instances on one
 * PostgreSQL mount the same one (NFS, a shared volume) so any instance serves any download (issue 18; why a directory
 * and not PostgreSQL large objects: docs/architecture.md). Another store (an object store) fits the same interface.
 */
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
import { mkdir, readFile, rm, writeFile, rename, stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { randomUUID } from "node:crypto";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";

export interface BlobStoreShape {
  readonly put: (key: string, bytes: Uint8Array) => Promise<void>;
  readonly get: (key: string) => Promise<Buffer>;
  readonly stream: (key: string) => Readable;
  readonly size: (key: string) => Promise<number | null>;
  readonly delete: (key: string) => Promise<void>;
  readonly deletePrefix: (prefix: string) => Promise<void>;
}

export const localBlobStore = (root: string): BlobStoreShape => {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    // Keys come from our own ids, but a key must never escape the blob root.
    if (!full.startsWith(base + sep)) throw new Error(`blob key outside the store: ${key}`);
    return full;
  };
  return {
    put: async (key, bytes) => {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file; the temporary name is unique, since instances on other
      // machines sharing the directory may have the same pid.
      const tmp = `${full}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, full);
    },
    get: (key) => readFile(pathOf(key)),
    stream: (key) => createReadStream(pathOf(key)),
    size: async (key) => {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    delete: (key) => rm(pathOf(key), { force: true }),
    deletePrefix: (prefix) => rm(join(base, prefix), { recursive: true, force: true }),
  };
};

export class Blobs extends Context.Tag("quire/Blobs")<Blobs, BlobStoreShape>() {
  static layer = (root: string) => Layer.sync(Blobs, () => localBlobStore(root));
}
