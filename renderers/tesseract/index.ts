/**
 * OCR with Tesseract (DESIGN.md, "Dependencies": Debian's `tesseract-ocr` with `eng` and `spa`): the `Ocr` of
 * core/contracts/extract.ts. Each picture is one `tesseract stdin stdout -l eng+spa --psm 3 tsv` process; its word boxes
 * are put back into lines, paragraphs, lists and tables (layout.ts, tables.ts) for the Markdown, and its word confidences give
 * the picture's confidence. Scanner specks are taken out of the picture before, and out of the words after (specks.ts).
 *
 * Tesseract would use every core for one page; with `OMP_THREAD_LIMIT=1` each process keeps to one, and at most
 * `size` (default: the cores) run at once, the rest waiting in turn. A page that takes longer than `timeoutMs` is
 * killed; an abort kills it too, or takes it out of the queue. Tesseract reads PNG, JPEG, GIF, WebP, TIFF, BMP and
 * PNM itself (leptonica), so pictures are given as they come.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import type { Ocr } from "../../core/contracts/extract.ts";
import type { OcrTsv } from "../../core/contracts/engines.ts";

export type { OcrTsv };
import { flow, piecesToMarkdown, type FlowLine, type Piece, type Word } from "./layout.ts";
import { findTables } from "./tables.ts";
import { despeckle, withoutSpeckWords } from "./specks.ts";

export interface OcrOptions {
  /** Tesseract processes at once; default the number of cores. */
  readonly size?: number;
  /** Per picture; a process that takes longer is killed. Default 60 s. */
  readonly timeoutMs?: number;
  /** Default `eng+spa`. */
  readonly languages?: string;
  /** Default `tesseract` on the PATH. */
  readonly command?: string;
}

export type OcrFailure = "timeout" | "failed" | "unavailable";

/** Tesseract could not read a picture: it took too long, failed on it, or is not installed. */
export class OcrError extends Error {
  constructor(
    message: string,
    readonly reason: OcrFailure,
  ) {
    super(message);
    this.name = "OcrError";
  }
}

export interface OcrResult {
  readonly text: string;
  readonly markdown: string;
  /** Mean word confidence, 0 to 1 (0 when no word was found). */
  readonly confidence: number;
}

export const DEFAULT_OCR_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------------- TSV → text

interface TsvWord extends Word {
  readonly key: string;
  readonly block: string;
  readonly paragraph: string;
  readonly conf: number;
}

interface OcrLine extends FlowLine {
  readonly words: TsvWord[];
  readonly block: string;
  readonly paragraph: string;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Tesseract's TSV (level 5 rows are words, numbered by block, paragraph and line) → lines in reading order, without
 * the specks it read as marks (specks.ts).
 */
export const parseTsv = (tsv: string): OcrLine[] => {
  const byLine = new Map<string, TsvWord[]>();
  for (const row of tsv.split("\n").slice(1)) {
    const cells = row.split("\t");
    if (cells.length < 12 || cells[0] !== "5") continue;
    const text = cells.slice(11).join("\t").trim();
    // A word of bars only is a table's rule read as text.
    if (text === "" || /^[|¦‖│┃]+$/u.test(text)) continue;
    const [left, top, width, height, conf] = cells.slice(6, 11).map(Number) as [number, number, number, number, number];
    const block = `${cells[1]}.${cells[2]}`;
    const paragraph = `${block}.${cells[3]}`;
    const key = `${paragraph}.${cells[4]}`;
    const word: TsvWord = { text, x0: left, y0: top, x1: left + width, y1: top + height, key, block, paragraph, conf };
    const words = byLine.get(key);
    if (words) words.push(word);
    else byLine.set(key, [word]);
  }
  const lines = withoutSpeckWords([...byLine.values()]);
  return lines.map((words) => {
    const sorted = words.sort((a, b) => a.x0 - b.x0);
    return {
      words: sorted,
      block: sorted[0]!.block,
      paragraph: sorted[0]!.paragraph,
      text: sorted.map((w) => w.text).join(" "),
      x0: Math.min(...sorted.map((w) => w.x0)),
      y0: Math.min(...sorted.map((w) => w.y0)),
      x1: Math.max(...sorted.map((w) => w.x1)),
      y1: Math.max(...sorted.map((w) => w.y1)),
      size: median(sorted.map((w) => w.y1 - w.y0)),
      firstWord: sorted[0]!.x1 - sorted[0]!.x0,
    };
  });
};

/** Tesseract's guess at specks, rules and cut-off lines: low confidence, or not sure and much smaller than the text. */
const noise = (line: OcrLine, size: number): boolean => {
  const conf = line.words.reduce((n, w) => n + w.conf, 0) / line.words.length;
  return conf < 50 || (conf < 70 && line.size < 0.4 * size);
};

/** Lines → the plain text (a line per line, a blank line between paragraphs), Markdown and confidence. */
export const ocrResult = (all: readonly OcrLine[]): OcrResult => {
  const size = median(all.map((l) => l.size));
  const lines = all.filter((l) => !noise(l, size));
  const words = lines.flatMap((l) => l.words).filter((w) => w.conf >= 0);
  const letters = words.reduce((n, w) => n + w.text.length, 0);
  const confidence = letters === 0 ? 0 : words.reduce((n, w) => n + w.conf * w.text.length, 0) / letters / 100;

  const paragraphs: OcrLine[][] = [];
  for (const line of lines) {
    const last = paragraphs[paragraphs.length - 1];
    if (last && last[0]!.paragraph === line.paragraph) last.push(line);
    else paragraphs.push([line]);
  }
  const text = paragraphs.map((p) => p.map((l) => l.text).join("\n")).join("\n\n");

  const tables = findTables(lines);
  const tableOf = new Map<OcrLine, (typeof tables)[number]>();
  for (const table of tables) for (const line of table.lines) tableOf.set(line, table);
  const done = new Set<(typeof tables)[number]>();
  // Tesseract's paragraphs and blocks are often one line each: the lines of the page flow together, each with the
  // edges of its own block, so a list nests across blocks and a block's wrapped lines join.
  const frames = new Map<string, { x0: number; x1: number }>();
  for (const line of lines) {
    const frame = frames.get(line.block);
    frames.set(line.block, frame ? { x0: Math.min(frame.x0, line.x0), x1: Math.max(frame.x1, line.x1) } : { x0: line.x0, x1: line.x1 });
  }
  const page = { x0: Math.min(...lines.map((l) => l.x0)), x1: Math.max(...lines.map((l) => l.x1)) };
  const pieces: Piece[] = [];
  let run: FlowLine[] = [];
  const flushRun = () => {
    if (run.length > 0) pieces.push(...flow(run, page));
    run = [];
  };
  for (const line of lines) {
    const table = tableOf.get(line);
    if (!table) {
      run.push({ ...line, frame: frames.get(line.block)!, group: line.block });
      continue;
    }
    flushRun();
    if (!done.has(table)) {
      done.add(table);
      pieces.push({ kind: "table", rows: table.rows });
    }
  }
  flushRun();
  return { text, markdown: piecesToMarkdown(pieces), confidence: Math.round(confidence * 1000) / 1000 };
};

// ---------------------------------------------------------------------------------------------------- the pool

interface Waiter {
  readonly start: () => void;
}

/** The Markdown, text and confidence of Tesseract's TSV: CPU work, done where the caller's files are parsed. */
export const ocrFromTsv = (tsv: string): OcrResult => ocrResult(parseTsv(tsv));

/**
 * `Ocr.read` over a Tesseract process (`readTsv`, perhaps in another thread): the picture's specks are taken out
 * first (specks.ts) and the TSV laid out, both CPU work done where the caller's files are parsed.
 */
export const ocrReader =
  (readTsv: (image: Uint8Array, options?: { signal?: AbortSignal }) => Promise<string>): Ocr["read"] =>
  async (image, options = {}) =>
    ocrFromTsv(await readTsv(await despeckle(image), options));

export const startOcr = (options: OcrOptions = {}): Ocr & { readonly readTsv: OcrTsv; readonly size: number; readonly close: () => Promise<void> } => {
  const size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
  const timeoutMs = options.timeoutMs ?? DEFAULT_OCR_TIMEOUT_MS;
  const languages = options.languages ?? "eng+spa";
  const command = options.command ?? "tesseract";
  let active = 0;
  const queue: Waiter[] = [];
  const children = new Set<ChildProcess>();
  let closed = false;

  const acquire = (signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (active < size) {
        active++;
        resolve();
        return;
      }
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          active++;
          resolve();
        },
      };
      const onAbort = () => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      queue.push(waiter);
    });

  const release = () => {
    active--;
    const next = queue.shift();
    if (next) next.start();
  };

  const run = (image: Uint8Array, signal?: AbortSignal): Promise<string> =>
    new Promise((resolve, reject) => {
      const child = spawn(command, ["stdin", "stdout", "-l", languages, "--psm", "3", "tsv"], {
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
        stdio: ["pipe", "pipe", "pipe"],
      });
      children.add(child);
      const out: Buffer[] = [];
      let err = "";
      let settled = false;
      const finish = (error: unknown, value?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (error === undefined) resolve(value!);
        else reject(error);
      };
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        finish(new OcrError(`Tesseract took longer than ${Math.round(timeoutMs / 1000)} s on one picture and was stopped.`, "timeout"));
      }, timeoutMs);
      const onAbort = () => {
        child.kill("SIGKILL");
        finish(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      child.stdout!.on("data", (chunk: Buffer) => out.push(chunk));
      child.stderr!.on("data", (chunk: Buffer) => {
        err = (err + chunk.toString("utf8")).slice(-2000);
      });
      // Tesseract may close its input early on a picture it cannot read; the exit code says why.
      child.stdin!.on("error", () => {});
      child.on("error", (error: NodeJS.ErrnoException) => {
        children.delete(child);
        finish(error.code === "ENOENT" ? new OcrError(`OCR is not available: ${command} is not installed.`, "unavailable") : new OcrError(`Tesseract could not be started: ${error.message}`, "failed"));
      });
      child.on("close", (code, killed) => {
        children.delete(child);
        if (code === 0) finish(undefined, Buffer.concat(out).toString("utf8"));
        else {
          const reason = err
            .split("\n")
            .map((l) => l.trim())
            .filter((l) => l !== "" && !/^(Estimating resolution|Warning|Detected \d+ diacritics)/.test(l))
            .slice(-2)
            .join("; ");
          finish(new OcrError(`Tesseract could not read the picture${killed ? ` (${killed})` : ` (exit ${code})`}${reason === "" ? "" : `: ${reason}`}`, "failed"));
        }
      });
      child.stdin!.end(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    });

  const readTsv: OcrTsv = async (image, readOptions = {}) => {
    const { signal } = readOptions;
    signal?.throwIfAborted();
    if (closed) throw new OcrError("OCR has been closed.", "unavailable");
    await acquire(signal);
    try {
      signal?.throwIfAborted();
      return await run(image, signal);
    } finally {
      release();
    }
  };

  const read = ocrReader(readTsv);

  const close = async () => {
    closed = true;
    for (const child of children) child.kill("SIGKILL");
  };

  return { read, readTsv, size, close };
};
