/**
 * Runs one agent program inside the sandbox (renderers/bubblewrap): plain JavaScript, as the sandbox has no tsx.
 * It reads /job/job.json ({ program, format, kit }), runs the program as the body of an async function with
 * `require` limited to the libraries and `quire` (the kit), and writes one status line as JSON to fd 3:
 * `{ "ok": true }` or `{ "reason", "message" }`. The program's console goes to stdout, which the service keeps as
 * its log. The limits are the sandbox's (namespaces, permissions, rlimits); what is refused here is refused so a
 * model learns what it may use, not to contain it.
 */
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { Console } = require("node:console");

const JOB = "/job";
const FILE = "program.js";
const MESSAGE_MAX = 2000;

const job = JSON.parse(fs.readFileSync(path.join(JOB, "job.json"), "utf8"));
const { program, format, kit } = job;
const lines = program.split("\n");
const result = path.join(JOB, "out", `result.${format}`);

let done = false;
let saved = false;
let tooBig = false;

const finish = (status) => {
  if (done) return;
  done = true;
  fs.writeSync(3, `${JSON.stringify(status)}\n`);
  process.exit(0);
};

/** The program's line `n` as the model wrote it, for the message. */
const lineText = (n) => (lines[n - 1] ?? "").trim().slice(0, 200);

/** The stack without the runner's own frames, node_modules paths shortened to the package. */
const frames = (stack) =>
  String(stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line) && !line.includes("runner.cjs") && !line.includes("node:internal"))
    .slice(0, 8)
    .map((line) => line.replace(/\/node_modules\//g, "").replace(/\(\/kit\/kit\.cjs:\d+:\d+\)|\/kit\/kit\.cjs:\d+:\d+/g, "(quire.compile)"));

const hints = {
  ERR_ACCESS_DENIED: "the sandbox has no files but quire.read()'s, no network, no child processes and no workers",
  EFBIG: "the file is over the sandbox's size limit",
};

/** What a model needs to fix its program: the error, the program's line, and where in the libraries it was. */
const describe = (error) => {
  if (!(error instanceof Error)) return `The program threw ${typeof error === "string" ? JSON.stringify(error) : String(error)}, not an Error.`;
  const hint = hints[error.code] ? ` (${hints[error.code]})` : "";
  // fetch and other wrappers keep the real reason in `cause` (ECONNREFUSED, ENETUNREACH…).
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  const head = `${error.name}: ${error.message}${cause}`;
  const stack = String(error.stack ?? "");
  // A syntax error's stack opens with "program.js:<line>"; a thrown error's frames say "program.js:<line>:<column>".
  const at = stack.match(/^program\.js:(\d+)/) ?? stack.match(/program\.js:(\d+):\d+/);
  const line = at ? Number(at[1]) : null;
  const where =
    line === null ? [] : line > lines.length ? ["  at the end of the program: a brace, bracket, parenthesis or string is not closed"] : [`  at line ${line}: ${lineText(line)}`];
  // A syntax error's frames are the runner's; a thrown error's show the calls that led to it.
  const calls = error instanceof SyntaxError ? [] : frames(stack);
  return [head + hint, ...where, ...calls].join("\n").slice(0, MESSAGE_MAX);
};

const failure = (error) => {
  if (tooBig || error?.code === "EFBIG") return { reason: "output_too_big", message: describe(error) };
  const memory = error instanceof RangeError && /allocation failed/i.test(error.message);
  return { reason: memory ? "memory" : "error", message: describe(error) };
};

const allowed = {
  docx: () => require("docx"),
  pptxgenjs: () => require("pptxgenjs"),
  exceljs: () => require("exceljs"),
  fflate: () => require("fflate"),
  quire: () => quire,
  path: () => path,
  buffer: () => require("node:buffer"),
  util: () => require("node:util"),
};
const loaded = new Set();
const programRequire = (name) => {
  const key = String(name).replace(/^node:/, "");
  const load = Object.hasOwn(allowed, key) ? allowed[key] : null;
  if (!load) throw new Error(`require("${name}") is not available in the sandbox: use ${Object.keys(allowed).map((n) => `"${n}"`).join(", ")}`);
  loaded.add(key);
  return load();
};

const inputs = fs.existsSync(path.join(JOB, "in")) ? fs.readdirSync(path.join(JOB, "in")).sort() : [];
const read = (name) => {
  const base = path.basename(String(name));
  if (!inputs.includes(base)) throw new Error(`quire.read(${JSON.stringify(name)}): no such input; the inputs are ${JSON.stringify(inputs)}`);
  return new Uint8Array(fs.readFileSync(path.join(JOB, "in", base)));
};

const isZip = (bytes) => bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The bytes of what the program hands to save, and the format it is. */
const pack = async (x) => {
  if (x instanceof Uint8Array) return { bytes: x, kind: null };
  if (x instanceof ArrayBuffer) return { bytes: new Uint8Array(x), kind: null };
  if (x && typeof x.addSlide === "function" && typeof x.write === "function") {
    return { bytes: await x.write({ outputType: "nodebuffer" }), kind: "pptx" };
  }
  if (x && x.xlsx && typeof x.xlsx.writeBuffer === "function") return { bytes: new Uint8Array(await x.xlsx.writeBuffer()), kind: "xlsx" };
  // Only a program that required docx can hold one of its Documents.
  if (loaded.has("docx") && x instanceof require("docx").Document) return { bytes: await require("docx").Packer.toBuffer(x), kind: "docx" };
  const got = x === null ? "null" : Array.isArray(x) ? "an array" : typeof x === "object" ? `an object (${x.constructor?.name ?? "Object"})` : typeof x;
  throw new TypeError(`quire.save() takes a docx Document, a pptxgenjs presentation, an exceljs Workbook or a file's bytes; it got ${got}`);
};

const names = { docx: "a Word Document", pptx: "a pptxgenjs presentation", xlsx: "an exceljs Workbook" };

const save = async (x) => {
  const { bytes, kind } = await pack(await x);
  if (kind && kind !== format) throw new TypeError(`this program must save a ${format} file, and quire.save() got ${names[kind]}`);
  if (!isZip(bytes)) throw new TypeError(`the bytes given to quire.save() are not a ${format} file (not a zip package)`);
  try {
    fs.writeFileSync(result, bytes);
  } catch (error) {
    if (error.code === "EFBIG") tooBig = true;
    throw error;
  }
  saved = true;
};

let kitModule = null;
/** The kit bundle (renderers/bubblewrap/kit.ts), given mupdf first: it cannot require an ES module that awaits. */
const loadKit = async () => {
  if (!kitModule) {
    globalThis[Symbol.for("quire.mupdf")] = await import("mupdf").catch(() => undefined);
    kitModule = require("/kit/kit.cjs");
  }
  return kitModule;
};

const compile = async (markdown = kit.markdown, options = {}) => {
  const { compile: render } = await loadKit();
  const bytes = await render({
    markdown: String(markdown),
    format,
    style: options.style ?? kit.style,
    type: options.type ?? kit.type,
    title: options.title ?? kit.title,
    read: (name) => (inputs.includes(path.basename(String(name))) ? read(name) : null),
    ...(kit.template && format === "pptx" ? { template: read(kit.template) } : {}),
  });
  return new Uint8Array(bytes);
};

const quire = Object.freeze({
  style: kit.style,
  fonts: Object.freeze([...kit.fonts]),
  markdown: kit.markdown,
  title: kit.title,
  type: kit.type,
  inputs: Object.freeze(inputs),
  read,
  get template() {
    return kit.template ? read(kit.template) : null;
  },
  compile,
  save,
});

process.on("uncaughtException", (error) => finish(failure(error)));
process.on("unhandledRejection", (error) => finish(failure(error)));
// A program that calls process.exit(), or leaves nothing pending without its promise settling, ends here.
process.on("exit", () => {
  if (!done) fs.writeSync(3, `${JSON.stringify(saved ? { ok: true } : noOutput())}\n`);
});

const noOutput = () => ({
  reason: "no_output",
  message: `The program ended without saving a file: finish with \`await quire.save(x)\` where x is ${names[format]} or the file's bytes.`,
});

const programConsole = new Console({ stdout: process.stdout, stderr: process.stdout });
Error.stackTraceLimit = 30;

let main;
try {
  // The program is a function body on the lines after the opening one, so its line n is the script's line n.
  const script = new vm.Script(`(async (require, quire, console) => {\n${program}\n})`, { filename: FILE, lineOffset: -1 });
  main = script.runInThisContext();
} catch (error) {
  finish(failure(error));
}
main(programRequire, quire, programConsole).then(
  () => finish(saved ? { ok: true } : noOutput()),
  (error) => finish(failure(error)),
);
