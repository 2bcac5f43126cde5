/**
 * The font families installed on this machine (fontconfig's `fc-list`), read once per process. LibreOffice draws
 * with these, so a family used by a file and missing here is drawn with a substitute in its PDF.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);
let families: Promise<ReadonlySet<string>> | null = null;

/** Lower-case family names, every localized or style-suffixed name fontconfig lists included. */
export const installedFonts = (): Promise<ReadonlySet<string>> =>
  (families ??= run("fc-list", [":", "family"], { timeout: 10_000, maxBuffer: 16 * 1024 * 1024 })
    .then(({ stdout }) => new Set(stdout.split("\n").flatMap((line) => line.split(",")).map((name) => name.trim().toLowerCase()).filter(Boolean)))
    .catch(() => new Set<string>()));
