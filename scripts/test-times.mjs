// A reporter beside the run's own (scripts/run-tests.ts): how long each test file's tests took, written at the end of
// the run into the file QUIRE_TEST_TIMES names, so the next run starts the longest files first. Plain JavaScript:
// the runner that loads it has no TypeScript loader.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** dist/tests/<stamp>/test/x.test.mjs → test/x.test.ts */
const sourceOf = (file) => file.replace(/^.*\/dist\/tests\/[^/]+\//, "").replace(/\.mjs$/, ".ts");

export default async function* times(source) {
  const spent = {};
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0 && event.data.file) {
      const file = sourceOf(event.data.file);
      spent[file] = (spent[file] ?? 0) + (event.data.details?.duration_ms ?? 0);
    }
  }
  const path = process.env.QUIRE_TEST_TIMES;
  if (!path) return;
  let known = {};
  try {
    known = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    // The first run, or a file a crash cut short: this run's figures stand alone.
  }
  mkdirSync(dirname(path), { recursive: true });
  const aside = `${path}.${process.pid}`;
  writeFileSync(aside, JSON.stringify({ ...known, ...Object.fromEntries(Object.entries(spent).map(([f, ms]) => [f, Math.round(ms)])) }, null, 1));
  renameSync(aside, path);
}
