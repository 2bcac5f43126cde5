/**
 * `npm run bench:agent`: what one step of the agent path costs on a 10-page Word report (issue 16), no model
 * involved, beside the fast path laying the same text out. In one process, with the real sandbox and engines:
 *   agent step: (1) sandbox start: bubblewrap + node + the kit, for a program that saves a one-line file;
 *               (2) program run: the program the agent most often starts from (`quire.compile()` of the report, then
 *               `quire.save`), sandbox start included; (3) check: the format's review of the file and its PDF through
 *               the warm LibreOffice pool; (4) page images: the pages an inspection shows the model, PNG at 900 px;
 *               (5) the whole step, 2 to 4 in a row;
 *   fast path: the docx plugin's render in this process + the same conversion + the same page images;
 *   naive: the whole step with a cold `soffice --convert-to pdf` (fresh profile) instead of the warm pool.
 * BENCH_RUNS (5) runs after 1 warm-up. Exit code 1 if a run fails or the agent's file lacks the report's headings.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readMarkdown } from "../../core/markdown/read.ts";
import { defaultStyle } from "../../core/style/defaults.ts";
import { pagesToInspect, INSPECTION_WIDTH, PROGRAM_LIMITS } from "../../core/agent/budget.ts";
import { missingText } from "../../core/agent/findings.ts";
import { formatPlugins } from "../../plugins/index.ts";
import { bubblewrapSandbox } from "../../renderers/bubblewrap/index.ts";
import { pdfReader, startOfficeConverter } from "../../renderers/index.ts";
import { installedFonts } from "../../renderers/fonts.ts";
import { reportMarkdown } from "../edit/inputs.ts";
import { coldOnce } from "../render/convert.ts";
import { setting } from "../settings.ts";
import { median, p90 } from "../stats.ts";

const RUNS = Math.floor(setting("BENCH_RUNS", 5));
const PAGES = 10;

/** The edit bench's report, its first chapters: as many as make the rendered Word file reach 10 pages. */
const tenPages = async (render: (markdown: string) => Promise<number>): Promise<string> => {
  const { markdown } = reportMarkdown();
  const [title, ...chapters] = markdown.split(/\n(?=## Chapter )/);
  // Start below the words of 10 pages and add a chapter until the PDF has them.
  let taken = Math.max(1, Math.floor(chapters.length / 5));
  for (;;) {
    const text = [title!, ...chapters.slice(0, taken)].join("\n");
    if ((await render(text)) >= PAGES || taken >= chapters.length) return text;
    taken += 1;
  }
};

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const failures: string[] = [];

const main = async () => {
  const style = defaultStyle("report");
  const docx = formatPlugins.get("docx")!;
  const fonts = await installedFonts();
  const cacheDir = await mkdtemp(join(tmpdir(), "quire-bench-agent-"));
  await chmod(cacheDir, 0o755);
  const sandbox = bubblewrapSandbox({ cacheDir });
  const converter = await startOfficeConverter({ size: 1 });
  try {
    const pagesOf = async (text: string) => (await pdfReader.info(await converter.convert((await docx.render!(readMarkdown(text).ir, style, { type: "report" })).bytes, "docx", "pdf"))).pages;
    const markdown = await tenPages(pagesOf);
    const { ir } = readMarkdown(markdown);
    const t0 = performance.now();
    if (!(await sandbox.available())) throw new Error("bubblewrap is not usable on this machine");
    const firstMs = performance.now() - t0;
    const kit = { style, fonts: [...fonts], markdown, title: "Annual operations report", type: "report" };
    const run = (program: string) => sandbox.run({ program, format: "docx", kit, limits: PROGRAM_LIMITS });

    const times = { start: [] as number[], program: [] as number[], check: [] as number[], images: [] as number[], step: [] as number[], fast: [] as number[], naive: [] as number[] };
    let pages = 0;
    for (let i = 0; i <= RUNS; i += 1) {
      const record = i > 0;
      const a = performance.now();
      const tiny = await run(`const { Document, Paragraph } = require("docx"); await quire.save(new Document({ sections: [{ children: [new Paragraph("hi")] }] }));`);
      const b = performance.now();
      if (!tiny.ok) failures.push(`the one-line program failed: ${tiny.message}`);
      const built = await run(`await quire.save(await quire.compile());`);
      const c = performance.now();
      if (!built.ok) {
        failures.push(`the compile program failed: ${built.message}`);
        break;
      }
      await docx.inspect!(built.bytes, { converter, fonts });
      const pdf = await converter.convert(built.bytes, "docx", "pdf");
      const info = await pdfReader.info(pdf);
      const d = performance.now();
      const shots = await pdfReader.previews(pdf, { pages: pagesToInspect(info.pages), maxPages: info.pages, width: INSPECTION_WIDTH });
      const e = performance.now();
      pages = info.pages;
      const missing = missingText(ir, info.text.map((t) => t.text));
      if (missing.length) failures.push(`the agent's file lacks text: ${missing[0]}`);

      // The fast path: the same text laid out in this process, converted and drawn the same way.
      const f = performance.now();
      const rendered = await docx.render!(ir, style, { type: "report" });
      const fastPdf = await converter.convert(rendered.bytes, "docx", "pdf");
      await pdfReader.previews(fastPdf, { pages: pagesToInspect(info.pages), maxPages: info.pages, width: INSPECTION_WIDTH });
      const g = performance.now();

      // Naive: the same step with a cold LibreOffice for the conversion.
      const h = performance.now();
      const again = await run(`await quire.save(await quire.compile());`);
      if (!again.ok) failures.push(`the compile program failed: ${again.message}`);
      const coldMs = await coldOnce(again.ok ? again.bytes : built.bytes, "soffice");
      await pdfReader.previews(pdf, { pages: pagesToInspect(info.pages), maxPages: info.pages, width: INSPECTION_WIDTH });
      const k = performance.now();
      void coldMs;
      if (!record) continue;
      times.start.push(b - a);
      times.program.push(c - b);
      times.check.push(d - c);
      times.images.push(e - d);
      times.step.push(e - b);
      times.fast.push(g - f);
      times.naive.push(k - h);
      void shots;
    }
    // The figures are for a 10-page document; a shorter agent's file would make them look better than they are.
    if (pages < PAGES) failures.push(`the agent's file has ${pages} pages, not the ${PAGES} the bench measures`);

    console.log(`agent step on a ${pages}-page Word report (${markdown.length.toLocaleString("en-US")} characters of Markdown), ${RUNS} runs after 1 warm-up`);
    console.log(`first use of the sandbox (kit bundle + start check): ${fmt(firstMs)} ms`);
    console.log("");
    console.log("step                                   median ms   p90 ms");
    const row = (label: string, xs: number[]) => console.log(`${label.padEnd(38)} ${fmt(median(xs)).padStart(9)} ${fmt(p90(xs)).padStart(8)}`);
    row("sandbox start (one-line program)", times.start);
    row("program run (quire.compile + save)", times.program);
    row("check (review + warm PDF)", times.check);
    row(`page images (${pagesToInspect(pages).length} at ${INSPECTION_WIDTH} px)`, times.images);
    row("one agent step (run + check + images)", times.step);
    row("fast path (render + warm PDF + images)", times.fast);
    row("naive step (cold soffice per PDF)", times.naive);
    console.log("");
    console.log(`one agent step costs ${(median(times.step) / median(times.fast)).toFixed(1)}× the fast path's layout, before any model time; a cold LibreOffice would make it ${(median(times.naive) / median(times.step)).toFixed(1)}× slower`);
  } finally {
    await sandbox.close?.();
    await converter.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`FAILED:\n${failures.join("\n")}`);
    process.exit(1);
  }
};

await main();
