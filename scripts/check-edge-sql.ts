/**
 * The HTTP edge asks the store's functions in core and never builds a query itself (issue 31): a table named to the
 * query builder (`db("documents")`, `app.db("outputs")`) or raw SQL (`.raw(`) anywhere under server/ fails
 * `npm run boundaries`. dependency-cruiser cannot see this: the edge holds the store's handle as a value it was given,
 * not as an import.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const QUERY = /\bdb\s*\(\s*["'`]|\.raw\s*\(/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );

const found = files(join(ROOT, "server")).flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => (QUERY.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
);

if (found.length) {
  console.error(`The HTTP edge builds queries; ask a store function in core instead:\n${found.join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("✔ the HTTP edge builds no query");
}
