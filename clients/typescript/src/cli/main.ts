/**
 * `quire`, the command line of @quire/client. Exit codes: 0 done; 1 a Problem from the service (its code and
 * detail on stderr) or a failed document; 2 a usage error.
 */
import { createQuire } from "../client.ts";
import { QuireProblem } from "../problem.ts";
import { COMMAND_RUNNERS, type Io } from "./commands.ts";
import { parseCommandLine } from "./options.ts";
import { USAGE, UsageError } from "./usage.ts";

export const main = async (argv: string[], io: Io): Promise<number> => {
  try {
    const options = parseCommandLine(argv, io.env);
    if (options.command === "help") {
      io.stdout.write(USAGE);
      return 0;
    }
    const quire = createQuire({ baseUrl: options.baseUrl, apiKey: options.apiKey });
    return await COMMAND_RUNNERS[options.command](quire, options, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`quire: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof QuireProblem) {
      const at = error.errors.map((field) => `\n  ${field.path || "/"}: ${field.message}`).join("");
      io.stderr.write(`quire: ${error.code}: ${error.detail ?? error.title}${at}\n`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EISDIR") {
      io.stderr.write(`quire: ${(error as Error).message}\n`);
      return 2;
    }
    // fetch says only "fetch failed"; the cause (ECONNREFUSED, a DNS failure) is what the user can act on.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? `: ${cause.code ?? cause.message}` : "";
    io.stderr.write(`quire: ${error instanceof Error ? error.message : String(error)}${why}\n`);
    return 1;
  }
};

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
