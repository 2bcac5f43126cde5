/** Command-line arguments (node:util parseArgs) and where the key and base address come from. */
import { parseArgs } from "node:util";
import { DEFAULT_BASE_URL } from "../api.ts";
import { UsageError } from "./usage.ts";

export const COMMANDS = ["create", "review", "edit", "extract", "artifact", "get", "report"] as const;
export type Command = (typeof COMMANDS)[number];

export interface CliOptions {
  command: Command | "help";
  files: string[];
  output?: string;
  format?: string;
  prompt?: string;
  name?: string;
  quality?: string;
  json: boolean;
  progress: boolean;
  open: boolean;
  apiKey: string;
  baseUrl: string;
}

export const parseCommandLine = (argv: string[], env: NodeJS.ProcessEnv): CliOptions => {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: "string", short: "o" },
        format: { type: "string", short: "f" },
        prompt: { type: "string", short: "p" },
        name: { type: "string" },
        quality: { type: "string" },
        json: { type: "boolean", default: false },
        progress: { type: "boolean", default: false },
        open: { type: "boolean", default: false },
        "api-key": { type: "string" },
        "base-url": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...files] = positionals;
  if (values.help || command === undefined || command === "help") return { ...defaults(env), command: "help", files: [] };
  if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`unknown command: ${command}`);
  const options: CliOptions = {
    command: command as Command,
    files,
    output: values.output,
    format: values.format,
    prompt: values.prompt,
    name: values.name,
    quality: values.quality,
    json: values.json,
    progress: values.progress,
    open: values.open,
    apiKey: values["api-key"] ?? env.QUIRE_API_KEY ?? "",
    baseUrl: values["base-url"] ?? env.QUIRE_BASE_URL ?? DEFAULT_BASE_URL,
  };
  check(options);
  return options;
};

const defaults = (env: NodeJS.ProcessEnv) => ({
  json: false,
  progress: false,
  open: false,
  apiKey: env.QUIRE_API_KEY ?? "",
  baseUrl: env.QUIRE_BASE_URL ?? DEFAULT_BASE_URL,
});

/** What each command needs, refused before any call. */
const check = (o: CliOptions): void => {
  if (!o.apiKey) throw new UsageError("no API key: pass --api-key or set QUIRE_API_KEY");
  const one = (what: string) => {
    if (o.files.length !== 1) throw new UsageError(`quire ${o.command} takes one ${what}`);
  };
  switch (o.command) {
    case "create":
      if (!o.format) throw new UsageError("quire create needs --format");
      if (!o.prompt && o.files.length !== 1) throw new UsageError("quire create takes a Markdown file or --prompt");
      break;
    case "edit":
      one("file");
      if (!o.prompt) throw new UsageError("quire edit needs --prompt");
      break;
    case "review":
    case "extract":
    case "artifact":
      one("file");
      break;
    case "get":
    case "report":
      one("document id");
      break;
  }
};
