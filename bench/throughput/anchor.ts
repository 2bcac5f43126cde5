/**
 * The anchor of the throughput bench: what LibreOffice itself does with the same one-page .docx, on this machine.
 *
 * - `sofficeBatch`: one `soffice --headless --convert-to pdf` process given `copies` files at once, the fastest way
 *   LibreOffice offers without a listener. Its profile is fresh, and created by a warm-up conversion of one file
 *   before the clock runs, so the figure is conversion only.
 * - `pandocNaive`: the naive script, per file: `pandoc` Markdown → docx, then `soffice --convert-to pdf` (a new
 *   LibreOffice process per file, with the profile the batch already created: a script's default profile exists
 *   after its first run). Null when pandoc is not installed.
 * - `warmConversion`: one `convert` on the repository's warm converter (renderers/libreoffice), the same file.
 *
 * Every PDF is checked to start with `%PDF-`, so a broken setup fails loudly instead of measuring errors.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { OfficeConverter } from "../../renderers/index.ts";
import { median } from "../stats.ts";

const run = promisify(execFile);
const SOFFICE = "soffice";

const assertPdf = (bytes: Uint8Array, how: string) => {
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") throw new Error(`${how} did not produce a PDF`);
};

/** A temp dir of the anchor's own, removed by `removeAnchorDirs` (also when the bench is interrupted). */
const dirs = new Set<string>();
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
};
export const removeAnchorDirs = async () => {
  for (const dir of [...dirs]) {
    await rm(dir, { recursive: true, force: true });
    dirs.delete(dir);
  }
};

/**
 * A command in its own process group, so that a timeout or an interrupted bench ends all of it (soffice is oosplash
 * starting soffice.bin, which outlives its parent when only that is killed).
 */
const running = new Set<ChildProcess>();
const killGroup = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    /* already gone */
  }
};
export const killAnchorProcesses = () => {
  for (const child of running) killGroup(child);
};
const runGroup = (command: string, args: string[], timeoutMs = 600_000) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
    running.add(child);
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => killGroup(child), timeoutMs);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ended with ${code ?? signal}: ${stderr.trim()}`));
    });
  });

const soffice = (profile: string, outdir: string, files: string[]) =>
  runGroup(SOFFICE, [`-env:UserInstallation=${pathToFileURL(profile).href}`, "--headless", "--convert-to", "pdf", "--outdir", outdir, ...files]);

export interface BatchResult {
  readonly files: number;
  readonly ms: number;
  readonly filesPerSecond: number;
  /** The profile the batch created, reused by `pandocNaive`. */
  readonly profile: string;
}

export const sofficeBatch = async (docx: Uint8Array, copies: number): Promise<BatchResult> => {
  const root = await tempDir("quire-bench-batch-");
  const profile = join(root, "profile");
  const warm = join(root, "warm");
  const input = join(root, "in");
  const output = join(root, "out");
  await Promise.all([mkdir(warm), mkdir(input), mkdir(output)]);
  // Warm-up: creates the profile (several seconds the first time) and loads Writer's libraries into the page cache.
  await writeFile(join(warm, "warm.docx"), docx);
  await soffice(profile, warm, [join(warm, "warm.docx")]);
  assertPdf(await readFile(join(warm, "warm.pdf")), "the warm-up soffice");

  const names = Array.from({ length: copies }, (_, i) => join(input, `doc-${String(i + 1).padStart(3, "0")}.docx`));
  await writeFile(names[0]!, docx);
  for (const name of names.slice(1)) await copyFile(names[0]!, name);
  const began = performance.now();
  await soffice(profile, output, names);
  const ms = performance.now() - began;
  const pdfs = (await readdir(output)).filter((n) => n.endsWith(".pdf"));
  if (pdfs.length !== copies) throw new Error(`the batch soffice made ${pdfs.length} PDFs of ${copies}`);
  for (const pdf of pdfs) assertPdf(await readFile(join(output, pdf)), `the batch soffice (${pdf})`);
  return { files: copies, ms, filesPerSecond: (copies * 1000) / ms, profile };
};

export const hasPandoc = async () => {
  try {
    await run("which", ["pandoc"]);
    return true;
  } catch {
    return false;
  }
};

export interface NaiveResult {
  readonly files: number;
  readonly ms: number;
  readonly filesPerSecond: number;
  /** Median per file of each half. */
  readonly pandocMs: number;
  readonly sofficeMs: number;
}

export const pandocNaive = async (markdown: string, files: number, profile: string): Promise<NaiveResult | null> => {
  if (!(await hasPandoc())) return null;
  const dir = await tempDir("quire-bench-naive-");
  const source = join(dir, "in.md");
  await writeFile(source, markdown);
  const pandocSamples: number[] = [];
  const sofficeSamples: number[] = [];
  const began = performance.now();
  for (let i = 1; i <= files; i++) {
    const docx = join(dir, `doc-${i}.docx`);
    let t = performance.now();
    await runGroup("pandoc", ["-f", "markdown", "-t", "docx", "-o", docx, source], 120_000);
    pandocSamples.push(performance.now() - t);
    t = performance.now();
    await soffice(profile, dir, [docx]);
    sofficeSamples.push(performance.now() - t);
    assertPdf(await readFile(join(dir, `doc-${i}.pdf`)), "pandoc + soffice");
  }
  const ms = performance.now() - began;
  return { files, ms, filesPerSecond: (files * 1000) / ms, pandocMs: median(pandocSamples), sofficeMs: median(sofficeSamples) };
};

/** Median ms of `runs` conversions of the same docx on a warm converter, after three unmeasured ones. */
export const warmConversion = async (converter: OfficeConverter, docx: Uint8Array, runs: number) => {
  for (let i = 0; i < 3; i++) assertPdf(await converter.convert(docx, "docx", "pdf"), "the warm converter");
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    const pdf = await converter.convert(docx, "docx", "pdf");
    samples.push(performance.now() - began);
    assertPdf(pdf, "the warm converter");
  }
  return { ms: median(samples), samples };
};
