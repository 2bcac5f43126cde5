/** What each `quire` command does, on a client made from the command line's key and base address. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Quire } from "../client.ts";
import { outputFileName } from "../outputs.ts";
import type { CreateDocumentRequest, Document, Format } from "../types.ts";
import type { CliOptions } from "./options.ts";
import { progressLine } from "./progress.ts";
import { documentSummary, reportSummary } from "./summary.ts";
import { UsageError } from "./usage.ts";

export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

const FINISHED_WELL = new Set(["ready", "ready_with_warnings", "needs_review"]);
const MARKDOWN = /\.(md|markdown|txt)$/i;

const upload = async (quire: Quire, file: string) => (await quire.uploadFile(await readFile(file), path.basename(file))).id;

const common = (o: CliOptions): Partial<CreateDocumentRequest> => ({
  ...(o.name ? { name: o.name } : {}),
  ...(o.quality ? { quality: o.quality as CreateDocumentRequest["quality"] } : {}),
});

/** Runs the document to its end with the progress line, writes its main output, and prints the outcome. */
const run = async (quire: Quire, o: CliOptions, io: Io, body: CreateDocumentRequest): Promise<number> => {
  const progress = progressLine(io.stderr, o.progress);
  const doc = await quire.createAndWait({ ...common(o), ...body }, { onEvent: (event) => progress.onEvent(event) }).finally(() => progress.done());
  const written = FINISHED_WELL.has(doc.status) ? await writeMain(quire, doc, o.output) : undefined;
  if (o.json) {
    io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  } else {
    io.stdout.write(`${documentSummary(doc)}\n`);
    if (written) io.stdout.write(`wrote ${written}\n`);
    if (FINISHED_WELL.has(doc.status)) io.stdout.write(`${reportSummary(await quire.getReport(doc.id))}\n`);
  }
  return failed(doc, io);
};

/** A document that ended failed or canceled is exit 1 with its code, like a Problem. */
const failed = (doc: Document, io: Io): number => {
  if (FINISHED_WELL.has(doc.status)) return 0;
  io.stderr.write(`quire: ${doc.error?.code ?? doc.status}: ${doc.error?.message ?? `the document was ${doc.status}`}\n`);
  return 1;
};

const writeMain = async (quire: Quire, doc: Document, output?: string): Promise<string | undefined> => {
  const kind = doc.format === "artifact" ? "html" : doc.format;
  const main = doc.outputs?.find((candidate) => candidate.kind === kind);
  if (!main || kind === "html") return undefined;
  const file = output ?? outputFileName(doc, main);
  await writeFile(file, await quire.download(main));
  return file;
};

const create = async (quire: Quire, o: CliOptions, io: Io) => {
  const format = o.format as Format;
  if (!o.prompt) {
    const [file] = o.files;
    if (!MARKDOWN.test(file!)) throw new UsageError("quire create takes a Markdown file (.md); other files go with --prompt as sources");
    return run(quire, o, io, { operation: "create", format, content: { markdown: await readFile(file!, "utf8") } });
  }
  const sources = await Promise.all(o.files.map((file) => upload(quire, file)));
  return run(quire, o, io, { operation: "create", format, prompt: o.prompt, ...(sources.length ? { sources } : {}) });
};

const review = async (quire: Quire, o: CliOptions, io: Io) =>
  run(quire, o, io, { operation: "review", file: await upload(quire, o.files[0]!) });

const edit = async (quire: Quire, o: CliOptions, io: Io) =>
  run(quire, o, io, { operation: "edit", prompt: o.prompt, file: await upload(quire, o.files[0]!) });

const extract = async (quire: Quire, o: CliOptions, io: Io) => {
  const result = await quire.extract(await upload(quire, o.files[0]!));
  io.stdout.write(o.json ? `${JSON.stringify(result, null, 2)}\n` : result.markdown.endsWith("\n") ? result.markdown : `${result.markdown}\n`);
  return 0;
};

/**
 * What opens the page: `$BROWSER` when set (the usual way to name a browser, and how a test sees what would be
 * opened without one), else the first `xdg-open` on PATH.
 */
const opener = (env: NodeJS.ProcessEnv): string | undefined =>
  env.BROWSER?.trim() ||
  (env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "xdg-open")).find((file) => existsSync(file));

const artifact = async (quire: Quire, o: CliOptions, io: Io) => {
  const progress = progressLine(io.stderr, o.progress);
  const doc = await quire
    .createAndWait(
      { ...common(o), operation: "create", format: "artifact", content: { markdown: await readFile(o.files[0]!, "utf8") } },
      { onEvent: (event) => progress.onEvent(event) },
    )
    .finally(() => progress.done());
  const page = doc.outputs?.find((output) => output.kind === "html");
  if (o.json) io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  else if (page) io.stdout.write(`${page.url}\n`);
  if (page && o.open) {
    const command = opener(io.env);
    if (command) {
      const child = spawn(command, [page.url], { detached: true, stdio: "ignore" });
      // A $BROWSER that does not exist fails after the spawn: say so rather than crash.
      child.once("error", (error) => io.stderr.write(`quire: could not run ${command}: ${error.message}; open the link above\n`));
      child.unref();
    } else io.stderr.write("quire: no browser to open: set BROWSER or install xdg-open; open the link above\n");
  }
  return failed(doc, io);
};

const get = async (quire: Quire, o: CliOptions, io: Io) => {
  const doc = await quire.getDocument(o.files[0]!);
  io.stdout.write(o.json ? `${JSON.stringify(doc, null, 2)}\n` : `${documentSummary(doc)}\n${(doc.outputs ?? []).map((output) => `${output.kind}  ${output.url}`).join("\n")}\n`);
  return 0;
};

const report = async (quire: Quire, o: CliOptions, io: Io) => {
  const result = await quire.getReport(o.files[0]!);
  io.stdout.write(o.json ? `${JSON.stringify(result, null, 2)}\n` : `${reportSummary(result)}\n`);
  return 0;
};

export const COMMAND_RUNNERS: Record<CliOptions["command"] & string, (quire: Quire, o: CliOptions, io: Io) => Promise<number>> = {
  help: async () => 0,
  create,
  review,
  edit,
  extract,
  artifact,
  get,
  report,
};
