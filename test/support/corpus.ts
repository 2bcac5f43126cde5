/**
 * The shared corpus of real files made by Word, PowerPoint, Excel, LibreOffice, LaTeX and scanners
 * (`../shared/corpus` beside the repository). Tests read from it; when it is missing they fail at once, loudly,
 * instead of skipping and passing without having looked at a real file.
 */
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

export const CORPUS_ROOT = resolve(import.meta.dirname, "../../../shared/corpus");

if (!existsSync(CORPUS_ROOT) || readdirSync(CORPUS_ROOT).length === 0) {
  throw new Error(`The shared corpus is missing at ${CORPUS_ROOT}: the tests read real files from it. Put the shared/ folder beside the repository.`);
}

/** A path inside the corpus (a folder keeps no trailing slash). */
export const corpusPath = (...parts: string[]) => resolve(CORPUS_ROOT, ...parts);
