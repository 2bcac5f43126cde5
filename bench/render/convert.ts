/**
 * What the warm LibreOffice pool (renderers/libreoffice) buys over the naive way: `measureWarmVsCold` converts the
 * same .docx to PDF `runs` times each way and returns the medians.
 *
 * - cold: what a naive caller does per document: a fresh temp dir and a fresh `-env:UserInstallation` profile,
 *   then `soffice --headless --convert-to pdf`, waited for to the end.
 * - warm: one pool, started before the clock runs (its start time is reported apart), then `convert` per run.
 *
 * Runs alternate cold and warm so that a machine getting busier or quieter affects both alike. Every PDF is
 * checked to start with `%PDF-`, so a broken setup fails loudly instead of measuring errors.
 *
 * Run directly for a one-off figure: `node --import tsx bench/render/convert.ts [file.docx] [runs]`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { startOfficeConverter, type OfficeConverterOptions } from "../../renderers/libreoffice/index.ts";

const run = promisify(execFile);

export interface WarmVsCold {
  readonly runs: number;
  /** Median wall time of one cold `soffice --convert-to pdf`, fresh profile each time. */
  readonly coldMs: number;
  /** Median wall time of one `convert` on the warm pool. */
  readonly warmMs: number;
  /** coldMs / warmMs. */
  readonly speedup: number;
  /** How long `startOfficeConverter` took to resolve (once, not part of warmMs). */
  readonly poolStartMs: number;
  readonly coldSamples: readonly number[];
  readonly warmSamples: readonly number[];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const round = (ms: number) => Math.round(ms * 10) / 10;

const assertPdf = (bytes: Uint8Array, how: string) => {
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") throw new Error(`${how} did not produce a PDF`);
};

/** One naive conversion: new temp dir, new profile, `soffice --convert-to pdf`. Returns the wall time in ms. */
export const coldOnce = async (docx: Uint8Array, soffice: string): Promise<number> => {
  const dir = await mkdtemp(join(tmpdir(), "quire-bench-cold-"));
  try {
    const input = join(dir, "in.docx");
    await writeFile(input, docx);
    const started = performance.now();
    await run(
      soffice,
      [`-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`, "--headless", "--convert-to", "pdf", "--outdir", dir, input],
      { timeout: 120_000 },
    );
    const elapsed = performance.now() - started;
    assertPdf(await readFile(join(dir, "in.pdf")), "cold soffice");
    return elapsed;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

export const measureWarmVsCold = async (
  docx: Uint8Array,
  runs: number,
  options: { pool?: OfficeConverterOptions; soffice?: string } = {},
): Promise<WarmVsCold> => {
  if (!(runs >= 1)) throw new RangeError("runs must be at least 1");
  const soffice = options.pool?.soffice ?? options.soffice ?? "soffice";
  const startBegan = performance.now();
  const pool = await startOfficeConverter({ size: 1, ...options.pool, soffice });
  const poolStartMs = performance.now() - startBegan;
  const coldSamples: number[] = [];
  const warmSamples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      coldSamples.push(await coldOnce(docx, soffice));
      const began = performance.now();
      const pdf = await pool.convert(docx, "docx", "pdf");
      warmSamples.push(performance.now() - began);
      assertPdf(pdf, "the warm pool");
    }
  } finally {
    await pool.close();
  }
  const coldMs = median(coldSamples);
  const warmMs = median(warmSamples);
  return {
    runs,
    coldMs: round(coldMs),
    warmMs: round(warmMs),
    speedup: round(coldMs / warmMs),
    poolStartMs: round(poolStartMs),
    coldSamples: coldSamples.map(round),
    warmSamples: warmSamples.map(round),
  };
};

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] || fileURLToPath(new URL("../../../shared/corpus/docx/mammoth-single-paragraph.docx", import.meta.url));
  const runs = Number(process.argv[3] || 7);
  const result = await measureWarmVsCold(new Uint8Array(await readFile(file)), runs);
  console.log(JSON.stringify({ file, ...result }, null, 2));
}
