/**
 * The agent's sandbox (renderers/bubblewrap): programs that build a Word, PowerPoint and Excel file with the
 * libraries and the kit get their file; programs that fail get a message naming their line; programs that try the
 * network, files outside their folder, child processes, an endless loop, endless memory or a huge file are stopped
 * and reported; and the sandbox still runs a normal program afterwards, with no process left behind.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import type { KitData, SandboxFormat, SandboxInput, SandboxResult } from "../../core/contracts/sandbox.ts";
import { bubblewrapSandbox } from "../../renderers/bubblewrap/index.ts";
import { corpusFile } from "./support.ts";

const cacheDir = mkdtempSync(join(tmpdir(), "quire-sandbox-test-"));
// A root service runs programs as an unprivileged user, who must be able to reach the kit and job folders.
chmodSync(cacheDir, 0o755);
// A job folder left by a service killed mid-run a day ago: the sandbox clears it when it starts.
const stale = join(cacheDir, "quire-job-stale");
mkdirSync(stale);
utimesSync(stale, new Date(Date.now() - 86_400_000), new Date(Date.now() - 86_400_000));
const sandbox = bubblewrapSandbox({ cacheDir, limits: { cpuSeconds: 3, wallMs: 5000, memoryMb: 256, outputMb: 5 } });
const works = await sandbox.available();

const kit: KitData = {
  style: { font: "Carlito", colors: { accent: "#C00000" } },
  fonts: ["Carlito", "Liberation Serif"],
  markdown: "# Quarterly report\n\nSales grew **12%** in the quarter.\n\n```chart\ntype: bar\ntitle: Sales\n```\n\n| Region | Sales |\n|---|---|\n| North | 120 |\n| South | 80 |\n",
  title: "Quarterly report",
  type: "report",
};

const run = (program: string, format: SandboxFormat = "docx", extra: Partial<SandboxInput> = {}): Promise<SandboxResult> =>
  sandbox.run({ program, format, kit, ...extra });

const text = (bytes: Uint8Array, part: string): string => {
  const entry = unzipSync(bytes)[part];
  assert.ok(entry, `the package has ${part}`);
  return strFromU8(entry);
};

const failed = (result: SandboxResult) => {
  assert.equal(result.ok, false, result.ok ? "the run succeeded" : "");
  return result as Extract<SandboxResult, { ok: false }>;
};

const succeeded = (result: SandboxResult) => {
  assert.ok(result.ok, result.ok ? "" : `${result.reason}: ${result.message}\n${result.log}`);
  return result;
};

/** Processes still running from this test's kit folder (the runner's path is inside it). */
const leftOver = () => spawnSync("pgrep", ["-f", cacheDir], { encoding: "utf8" }).stdout.trim();

after(async () => {
  await sandbox.close?.();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe("bubblewrap sandbox", { skip: works ? false : "bubblewrap does not run here" }, () => {
  test("a Word file written with docx, and the program's console as its log", async () => {
    const result = succeeded(
      await run(`
        const { Document, Paragraph, TextRun } = require("docx");
        console.log("fonts:", quire.fonts.join(", "));
        const doc = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun({ text: quire.title, font: quire.style.font })] })] }] });
        await quire.save(doc);
      `),
    );
    assert.match(text(result.bytes, "word/document.xml"), /Quarterly report/);
    assert.match(text(result.bytes, "word/document.xml"), /Carlito/);
    assert.equal(result.log, "fonts: Carlito, Liberation Serif\n");
  });

  test("a deck with pptxgenjs, built on the given template's bytes being there", async () => {
    const template = corpusFile("pptx", "python-pptx-minimal.pptx");
    const result = succeeded(
      await run(
        `
        const PptxGenJS = require("pptxgenjs");
        if (!(quire.template instanceof Uint8Array) || quire.template.length !== ${template.length}) throw new Error("no template");
        if (quire.inputs.join() !== "logo.bin,template.pptx") throw new Error("inputs: " + quire.inputs.join());
        const pres = new PptxGenJS();
        pres.addSlide().addText("Sales by region", { x: 1, y: 1, w: 8, h: 1 });
        await quire.save(pres);
      `,
        "pptx",
        {
          files: [
            { name: "template.pptx", bytes: template },
            { name: "../logo.bin", bytes: new Uint8Array([1, 2, 3]) },
          ],
          kit: { ...kit, type: "presentation", template: "template.pptx" },
        },
      ),
    );
    assert.match(text(result.bytes, "ppt/slides/slide1.xml"), /Sales by region/);
  });

  test("a workbook with exceljs, with a real formula", async () => {
    const result = succeeded(
      await run(
        `
        const ExcelJS = require("exceljs");
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet("Sales");
        ws.addRow(["North", 120]); ws.addRow(["South", 80]);
        ws.getCell("B3").value = { formula: "SUM(B1:B2)" };
        await quire.save(wb);
      `,
        "xlsx",
      ),
    );
    assert.match(text(result.bytes, "xl/worksheets/sheet1.xml"), /<f>SUM\(B1:B2\)<\/f>/);
  });

  test("quire.compile lays the Markdown out as the service does, charts included, in each format", async () => {
    const parts = (bytes: Uint8Array) => Object.keys(unzipSync(bytes));
    const docx = succeeded(await run(`await quire.save(await quire.compile());`));
    assert.match(text(docx.bytes, "word/document.xml"), /Sales grew/);
    assert.match(text(docx.bytes, "word/document.xml"), /North/);
    // A Word chart is a picture painted by mupdf, which the kit is handed inside the sandbox.
    assert.ok(parts(docx.bytes).some((part) => /^word\/media\/.+\.png$/.test(part)), parts(docx.bytes).join());
    const pptx = succeeded(await run(`await quire.save(await quire.compile());`, "pptx"));
    assert.ok(parts(pptx.bytes).some((part) => /^ppt\/charts\/chart\d+\.xml$/.test(part)), parts(pptx.bytes).join());
    const xlsx = succeeded(await run(`await quire.save(await quire.compile("# Figures\\n\\n| Region | Sales |\\n|---|---|\\n| East | 7 |\\n"));`, "xlsx"));
    assert.match(text(xlsx.bytes, "xl/sharedStrings.xml"), /East/);
  });

  test("a syntax error and a thrown error name the program's line", async () => {
    const syntax = failed(await run(`const a = 1;\nconst b = ;\nawait quire.save(a);`));
    assert.equal(syntax.reason, "error");
    assert.match(syntax.message, /SyntaxError/);
    assert.match(syntax.message, /line 2: const b = ;/);
    const thrown = failed(await run(`const a = 1;\n\nconst doc = null;\ndoc.sections.push(a);\n`));
    assert.equal(thrown.reason, "error");
    assert.match(thrown.message, /TypeError: Cannot read properties of null/);
    assert.match(thrown.message, /line 4: doc\.sections\.push\(a\);/);
    assert.ok(thrown.message.length <= 2000);
  });

  test("saving the wrong thing, or nothing, is said", async () => {
    const wrong = failed(await run(`const ExcelJS = require("exceljs"); await quire.save(new ExcelJS.Workbook());`));
    assert.equal(wrong.reason, "error");
    assert.match(wrong.message, /must save a docx file/);
    const none = failed(await run(`console.log("done")`));
    assert.equal(none.reason, "no_output");
    assert.match(none.message, /quire\.save/);
    assert.equal(none.log, "done\n");
  });

  test("the network is out of reach and the server sees no connection", async () => {
    let connections = 0;
    const server = createServer((_, res) => res.end("secret"));
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const fetched = failed(await run(`const r = await fetch("http://127.0.0.1:${port}/"); console.log(await r.text());`));
      assert.equal(fetched.reason, "error");
      assert.match(fetched.message, /fetch failed/);
      const net = failed(await run(`const net = require("net"); net.connect(${port}, "127.0.0.1");`));
      assert.equal(net.reason, "error");
      assert.match(net.message, /require\("net"\) is not available/);
      const around = failed(await run(`const net = process.mainModule.require("net");\nawait new Promise((ok, no) => net.connect(${port}, "127.0.0.1", ok).on("error", no));`));
      assert.equal(around.reason, "error");
      assert.equal(connections, 0);
    } finally {
      server.close();
    }
  });

  test("files outside its folder cannot be read, nor anything written but its file", async () => {
    const fs = `const fs = process.mainModule.require("fs");\n`;
    const passwd = failed(await run(`${fs}console.log(fs.readFileSync("/etc/passwd", "utf8"));`));
    assert.match(passwd.message, /line 2: console\.log\(fs\.readFileSync\("\/etc\/passwd"/);
    assert.doesNotMatch(passwd.log, /root:/);
    const repository = failed(await run(`${fs}console.log(fs.readFileSync(${JSON.stringify(join(process.cwd(), "package.json"))}, "utf8"));`));
    assert.equal(repository.reason, "error");
    assert.doesNotMatch(repository.log, /quire/);
    const written = failed(await run(`${fs}fs.writeFileSync("/job/in/x", "1");`));
    assert.match(written.message, /restricted/);
  });

  test("child processes and workers are refused", async () => {
    for (const program of [
      `require("child_process").fork("x.js");`,
      `process.mainModule.require("child_process").spawnSync("/bin/sh", ["-c", ":(){ :|:& };:"]);`,
      `process.mainModule.require("child_process").fork("/kit/runner.cjs");`,
      `new (process.mainModule.require("worker_threads").Worker)("while(true){}", { eval: true });`,
    ]) {
      const result = failed(await run(program));
      assert.equal(result.reason, "error", program);
      assert.match(result.message, /not available|restricted/, program);
    }
  });

  test("an endless loop stops at the CPU limit", async () => {
    // A wall clock far beyond the CPU limit, so it is the CPU limit that stops it however loaded the machine is.
    const result = failed(await run(`while (true) {}`, "docx", { limits: { cpuSeconds: 1, wallMs: 60_000 } }));
    assert.equal(result.reason, "cpu");
  });

  test("a program that waits forever stops at the wall clock", async () => {
    const result = failed(await run(`await new Promise((resolve) => setInterval(() => {}, 1000));`, "docx", { limits: { wallMs: 800 } }));
    assert.equal(result.reason, "timeout");
    assert.ok(result.ms < 2500, `${result.ms} ms`);
  });

  test("memory without end stops at the memory limit, objects or buffers", async () => {
    const objects = failed(await run(`const a = []; while (true) a.push({ x: Math.random(), y: [1, 2, 3] });`, "docx", { limits: { memoryMb: 128 } }));
    assert.equal(objects.reason, "memory");
    const buffers = failed(await run(`const a = []; while (true) a.push(Buffer.alloc(1 << 20, 1));`, "docx", { limits: { memoryMb: 128 } }));
    assert.equal(buffers.reason, "memory");
  });

  test("a file over the output limit is refused", async () => {
    const result = failed(
      await run(`const big = new Uint8Array(2 * 1024 * 1024); big.set([0x50, 0x4b, 3, 4]); await quire.save(big);`, "docx", { limits: { outputMb: 1 } }),
    );
    assert.equal(result.reason, "output_too_big");
  });

  test("a run is cancelled through its signal", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = failed(await run(`await new Promise(() => setInterval(() => {}, 1000));`, "docx", { signal: controller.signal }));
    assert.equal(result.reason, "cancelled");
    assert.ok(result.ms < 2000, `${result.ms} ms`);
  });

  test("afterwards a normal program still runs, and no process or job folder is left, nor the stale one", async () => {
    const result = succeeded(
      await run(`const { Document, Packer, Paragraph } = require("docx"); await quire.save(new Document({ sections: [{ children: [new Paragraph("still here")] }] }));`),
    );
    assert.match(text(result.bytes, "word/document.xml"), /still here/);
    assert.equal(leftOver(), "");
    assert.deepEqual(readdirSync(cacheDir).filter((name) => name.startsWith("quire-job-")), []);
  });
});
