/**
 * The warm LibreOffice pool (renderers/libreoffice): real corpus files to PDF, checked with the mupdf reader and
 * against poppler; legacy files to OOXML; spreadsheets recalculated; and the pool's promises when things go wrong —
 * a conversion past its time, a soffice killed with SIGKILL, an aborted request, a file LibreOffice cannot read, a
 * close with work in flight; a pool leaves no socket of its soffice in /tmp. One pool of two serves the whole file.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  closeSharedOfficeConverter,
  OfficeConversionError,
  pdfReader,
  sharedOfficeConverter,
  startOfficeConverter,
  type OfficeConverterPool,
} from "../../renderers/index.ts";
import type * as Mupdf from "mupdf";
import { loadMupdf } from "../../renderers/mupdf/pages.ts";
import { pipeFiles, pipePrefix } from "../../renderers/libreoffice/instance.ts";
import { corpusFile, legacyFixture, popplerPages, popplerText, staleFormulaXlsx, wordAgreement, zipEntries } from "./support.ts";

let pool: OfficeConverterPool;
before(async () => {
  pool = await startOfficeConverter({ size: 2 });
});
after(async () => {
  await pool?.close();
  await closeSharedOfficeConverter();
});

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const pdfText = async (pdf: Uint8Array) => (await pdfReader.info(pdf)).text.map((p) => p.text).join("\n");

const rejectsWith = async (promise: Promise<unknown>, reason: OfficeConversionError["reason"], message?: RegExp) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof OfficeConversionError, `expected an OfficeConversionError, got ${String(error)}`);
    assert.equal(error.reason, reason, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
};

const until = async (condition: () => boolean, what: string, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(pool.status())}`);
    await sleep(5);
  }
};

/** Waits until every instance is idle again (after a restart), so the next test starts from a full pool. */
const settled = () => until(() => pool.status().instances.every((i) => i.state === "idle"), "the pool is idle");

/** The soffice.bin in the process group that the pool started for one instance (found through /proc). */
const sofficeBin = (leader: number): number => {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (comm === "soffice.bin" && pgid === leader) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`no soffice.bin in process group ${leader}`);
};

/** Running, that is: a process that exists and is not a zombie waiting for init to reap it. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

describe("Word files to PDF", () => {
  const cases = [
    "docx/mammoth-single-paragraph.docx",
    "docx/mammoth-tables.docx",
    "docx/mammoth-footnotes.docx",
    "docx/mammoth-simple-list.docx",
    "docx/pandoc-headers.docx",
    "docx/pandoc-tables.docx",
    "docx/pandoc-lists.docx",
    "scans/docx_multipage.docx",
  ];
  for (const path of cases) {
    test(`${path}: pages and text agree with poppler`, async () => {
      const pdf = await pool.convert(corpusFile(...path.split("/")), "docx", "pdf");
      const info = await pdfReader.info(pdf);
      assert.equal(info.pages, popplerPages(pdf));
      assert.equal(info.text.length, info.pages);
      assert.deepEqual(
        info.text.map((p) => p.page),
        Array.from({ length: info.pages }, (_, i) => i + 1),
      );
      for (const page of info.text) {
        const agreement = wordAgreement(page.text, popplerText(pdf, page.page));
        assert.ok(agreement >= 0.9, `page ${page.page}: only ${Math.round(agreement * 100)}% of the words agree`);
      }
    });
  }

  test("a known sentence comes through and a multi-page document keeps its pages", async () => {
    const single = await pool.convert(corpusFile("docx", "mammoth-single-paragraph.docx"), "docx", "pdf");
    assert.deepEqual(await pdfReader.info(single), { pages: 1, text: [{ page: 1, text: "Walking on imported air\n\n" }] });
    const multi = await pool.convert(corpusFile("scans", "docx_multipage.docx"), "docx", "pdf");
    assert.ok((await pdfReader.info(multi)).pages > 1);
  });
});

describe("PowerPoint and Excel files to PDF", () => {
  test("a pptx gives one page per slide, with the slides' text", async () => {
    const pptx = corpusFile("pptx", "python-pptx-txt-text-frame.pptx");
    const slides = zipEntries(pptx).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).length;
    const pdf = await pool.convert(pptx, "pptx", "pdf");
    const info = await pdfReader.info(pdf);
    assert.equal(info.pages, slides);
    assert.ok(wordAgreement(info.text.map((p) => p.text).join("\n"), popplerText(pdf)) >= 0.9);
  });

  test("a pptx with charts converts", async () => {
    const pdf = await pool.convert(corpusFile("pptx", "python-pptx-cht-charts.pptx"), "pptx", "pdf");
    assert.equal((await pdfReader.info(pdf)).pages, 1);
  });

  test("an xlsx gives its cell values", async () => {
    const pdf = await pool.convert(corpusFile("xlsx", "exceljs-fibonacci.xlsx"), "xlsx", "pdf");
    const all = await pdfText(pdf);
    for (const value of ["144", "233", "377"]) assert.match(all, new RegExp(`\\b${value}\\b`));
  });
});

describe("tagged PDFs (issue 17, item 13)", () => {
  /** The catalog's MarkInfo /Marked and whether it has a structure tree: what makes a PDF tagged (accessible). */
  const tagging = async (pdf: Uint8Array) => {
    const mupdf = await loadMupdf();
    const doc = mupdf.Document.openDocument(pdf, "application/pdf") as Mupdf.PDFDocument;
    try {
      const root = doc.getTrailer().get("Root");
      const mark = root.get("MarkInfo");
      return { marked: !mark.isNull() && mark.get("Marked").asBoolean(), structure: !root.get("StructTreeRoot").isNull() };
    } finally {
      doc.destroy();
    }
  };

  test("Word and PowerPoint files give PDFs with a structure tree, marked as tagged; Excel files are marked", async () => {
    const files = [
      { bytes: corpusFile("docx", "mammoth-tables.docx"), from: "docx" as const, structure: true },
      { bytes: corpusFile("pptx", "python-pptx-txt-text-frame.pptx"), from: "pptx" as const, structure: true },
      // Calc (7.4) honours the option but writes no structure tree for a sheet: as tagged as LibreOffice makes it.
      { bytes: corpusFile("xlsx", "exceljs-fibonacci.xlsx"), from: "xlsx" as const, structure: false },
    ];
    for (const { bytes, from, structure } of files) assert.deepEqual(await tagging(await pool.convert(bytes, from, "pdf")), { marked: true, structure }, from);
  });
});

describe("spreadsheets are recalculated", () => {
  test("stale cached formula values are replaced by computed ones (csv)", async () => {
    const csv = text(await pool.convert(staleFormulaXlsx(), "xlsx", "csv"));
    assert.equal(csv.trim(), "6,7,42,55");
  });

  test("and in the PDF", async () => {
    const all = await pdfText(await pool.convert(staleFormulaXlsx(), "xlsx", "pdf"));
    assert.match(all, /\b42\b/);
    assert.match(all, /\b55\b/);
    assert.doesNotMatch(all, /\b999\b/);
  });

  test("a corpus workbook's formulas come out computed", async () => {
    const csv = text(await pool.convert(corpusFile("xlsx", "exceljs-fibonacci.xlsx"), "xlsx", "csv"));
    const rows = csv.trim().split("\n").map((line) => line.split(",").map(Number));
    assert.ok(rows.length > 10);
    for (let i = 2; i < rows.length; i++) assert.equal(rows[i]![1], rows[i - 1]![1]! + rows[i - 2]![1]!, `row ${i + 1}`);
  });
});

describe("legacy files", () => {
  test("doc → docx, which converts on to PDF with the text", async () => {
    const docx = await pool.convert(legacyFixture("doc"), "doc", "docx");
    assert.ok(zipEntries(docx).includes("word/document.xml"));
    const all = await pdfText(await pool.convert(docx, "docx", "pdf"));
    for (const phrase of ["Above", "Top left", "Bottom left", "Below"]) assert.ok(all.includes(phrase), phrase);
  });

  test("ppt → pptx keeps the slides; ppt → pdf has one page per slide", async () => {
    const ppt = legacyFixture("ppt");
    const pptx = await pool.convert(ppt, "ppt", "pptx");
    assert.equal(zipEntries(pptx).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).length, 2);
    const info = await pdfReader.info(await pool.convert(ppt, "ppt", "pdf"));
    assert.equal(info.pages, 2);
    assert.match(info.text[0]!.text, /Foo Bar/);
  });

  test("xls → xlsx keeps the formulas; xls → csv", async () => {
    const xls = legacyFixture("xls");
    const xlsx = await pool.convert(xls, "xls", "xlsx");
    assert.ok(zipEntries(xlsx).includes("xl/workbook.xml"));
    assert.equal(text(await pool.convert(xlsx, "xlsx", "csv")).trim(), "6,7,42,55");
    assert.equal(text(await pool.convert(xls, "xls", "csv")).trim(), "6,7,42,55");
  });
});

describe("bad requests and bad files", () => {
  test("a pair that is not offered is refused before LibreOffice sees it", async () => {
    await rejectsWith(pool.convert(new Uint8Array(1), "docx", "xlsx"), "unsupported", /expected one of pdf, docx/);
    await rejectsWith(pool.convert(new Uint8Array(1), "odt" as never, "pdf"), "unsupported", /expected one of docx/);
  });

  test("a file of another kind than announced is rejected", async () => {
    await rejectsWith(pool.convert(corpusFile("docx", "mammoth-tables.docx"), "xlsx", "pdf"), "rejected", /text document, not a spreadsheet/);
  });

  test("an empty file is rejected before LibreOffice sees it", async () => {
    await rejectsWith(pool.convert(new Uint8Array(0), "docx", "pdf"), "rejected", /empty/);
  });

  test("a truncated docx is rejected, not hung on", async () => {
    const docx = corpusFile("docx", "pandoc-tables.docx");
    await rejectsWith(pool.convert(docx.subarray(0, docx.length - 500), "docx", "pdf"), "rejected", /could not open/);
  });

  test("garbage is rejected and the pool goes on", async () => {
    await rejectsWith(pool.convert(new TextEncoder().encode("PK\u0003\u0004 not really a zip"), "docx", "pdf"), "rejected");
    const pdf = await pool.convert(corpusFile("docx", "mammoth-single-paragraph.docx"), "docx", "pdf");
    assert.equal((await pdfReader.info(pdf)).pages, 1);
  });
});

describe("concurrency and failures", () => {
  test("several conversions at once all succeed, on both instances", async () => {
    await settled();
    const before = pool.status().instances.map((i) => i.conversions);
    const files = [
      ["docx", "mammoth-tables.docx", "Top left"],
      ["docx", "mammoth-single-paragraph.docx", "Walking on imported air"],
      ["docx", "mammoth-footnotes.docx", "Ouch"],
      ["pptx", "python-pptx-txt-text-frame.pptx", ""],
      ["xlsx", "exceljs-fibonacci.xlsx", "144"],
      ["docx", "mammoth-simple-list.docx", "Apple"],
    ] as const;
    const pdfs = await Promise.all(files.map(([kind, name]) => pool.convert(corpusFile(kind, name), kind, "pdf")));
    for (const [i, pdf] of pdfs.entries()) assert.ok((await pdfText(pdf)).includes(files[i]![2]), files[i]![1]);
    const after = pool.status().instances.map((i) => i.conversions);
    assert.ok(after.every((n, i) => n > before[i]!), `both instances should have worked: ${before} → ${after}`);
  });

  test("a conversion past its timeout fails, its instance restarts, and the pool converts the next file", async () => {
    await settled();
    const starts = pool.status().instances.reduce((sum, i) => sum + i.starts, 0);
    await rejectsWith(pool.convert(corpusFile("scans", "docx_multipage.docx"), "docx", "pdf", { timeoutMs: 1 }), "timeout", /longer than 1 ms/);
    const pdf = await pool.convert(corpusFile("docx", "mammoth-single-paragraph.docx"), "docx", "pdf");
    assert.equal((await pdfReader.info(pdf)).pages, 1);
    assert.equal(pool.status().instances.reduce((sum, i) => sum + i.starts, 0), starts + 1);
    await settled();
  });

  test("after kill -9 of a soffice, the next conversions still succeed and the instance comes back", async () => {
    await settled();
    const victim = pool.status().instances[0]!;
    const bin = sofficeBin(victim.pids.soffice!);
    process.kill(bin, "SIGKILL");
    const docx = corpusFile("docx", "mammoth-single-paragraph.docx");
    const pdfs = await Promise.all([pool.convert(docx, "docx", "pdf"), pool.convert(docx, "docx", "pdf")]);
    for (const pdf of pdfs) assert.equal((await pdfReader.info(pdf)).pages, 1);
    await settled();
    const back = pool.status().instances[0]!;
    assert.equal(back.starts, victim.starts + 1);
    assert.notEqual(back.pids.soffice, victim.pids.soffice);
    assert.equal(alive(bin), false);
  });

  test("kill -9 of a soffice during a conversion fails that conversion as 'crashed'; the next succeeds", async () => {
    await settled();
    // About a second of work for LibreOffice (a wide sheet over many pages), so the kill lands mid-file.
    const running = pool.convert(corpusFile("xlsx", "exceljs-test-issue-880.xlsx"), "xlsx", "pdf");
    const checked = rejectsWith(running, "crashed", /LibreOffice stopped while converting the file.*restarted/s);
    await until(() => pool.status().instances.some((i) => i.state === "busy"), "the request runs");
    await sleep(150);
    const busy = pool.status().instances.find((i) => i.state === "busy")!;
    process.kill(sofficeBin(busy.pids.soffice!), "SIGKILL");
    await checked;
    const pdf = await pool.convert(corpusFile("docx", "mammoth-tables.docx"), "docx", "pdf");
    assert.ok((await pdfText(pdf)).includes("Top left"));
    await settled();
    assert.equal(pool.status().instances[busy.index]!.starts, busy.starts + 1);
  });

  test("kill -9 of a worker (python) is survived the same way", async () => {
    await settled();
    const victim = pool.status().instances[1]!;
    process.kill(victim.pids.worker!, "SIGKILL");
    const pdf = await pool.convert(corpusFile("docx", "mammoth-tables.docx"), "docx", "pdf");
    assert.ok((await pdfText(pdf)).includes("Top left"));
    await settled();
    assert.equal(pool.status().instances[1]!.starts, victim.starts + 1);
  });

  test("an already aborted signal is refused at once", async () => {
    const controller = new AbortController();
    controller.abort();
    await rejectsWith(pool.convert(corpusFile("docx", "mammoth-tables.docx"), "docx", "pdf", { signal: controller.signal }), "aborted");
  });

  test("aborting a queued request drops it; the others finish", async () => {
    await settled();
    const docx = corpusFile("scans", "docx_multipage.docx");
    const busy = [pool.convert(docx, "docx", "pdf"), pool.convert(docx, "docx", "pdf")];
    await until(() => pool.status().instances.every((i) => i.state === "busy"), "both instances work");
    const controller = new AbortController();
    const queued = pool.convert(docx, "docx", "pdf", { signal: controller.signal });
    await until(() => pool.status().queued === 1, "one request waits");
    controller.abort();
    await rejectsWith(queued, "aborted");
    assert.equal(pool.status().queued, 0);
    for (const pdf of await Promise.all(busy)) assert.ok((await pdfReader.info(pdf)).pages > 1);
    // Nobody was killed for a request that never ran.
    assert.ok(pool.status().instances.every((i) => i.state === "idle"));
  });

  test("aborting a running request kills and restarts its instance; the pool goes on", async () => {
    await settled();
    const starts = pool.status().instances.reduce((sum, i) => sum + i.starts, 0);
    const controller = new AbortController();
    const running = pool.convert(corpusFile("scans", "docx_multipage.docx"), "docx", "pdf", { signal: controller.signal });
    await until(() => pool.status().instances.some((i) => i.state === "busy"), "the request runs");
    controller.abort(new Error("caller gave up"));
    await rejectsWith(running, "aborted");
    assert.equal(pool.status().instances.reduce((sum, i) => sum + i.starts, 0), starts + 1);
    const pdf = await pool.convert(corpusFile("docx", "mammoth-single-paragraph.docx"), "docx", "pdf");
    assert.equal((await pdfReader.info(pdf)).pages, 1);
    await settled();
  });
});

describe("starting", () => {
  test("no soffice to run: the start fails as 'unavailable', saying why, and leaves nothing behind", async () => {
    const tmpDir = mkdtempSync(join(tmpdir(), "quire-test-"));
    try {
      await rejectsWith(startOfficeConverter({ size: 2, soffice: "/nonexistent/soffice", tmpDir }), "unavailable", /cannot run \/nonexistent\/soffice/);
      assert.deepEqual(readdirSync(tmpDir), []);
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
    }
  });

  test("temp dirs of pools whose process died are removed at the next start", async () => {
    const tmpDir = mkdtempSync(join(tmpdir(), "quire-test-"));
    try {
      // A pid that cannot be running (above the kernel's pid_max), and one that is: this process's parent.
      mkdirSync(join(tmpDir, "quire-office-99999999-abc/profile-0"), { recursive: true });
      mkdirSync(join(tmpDir, `quire-office-${process.ppid}-def`));
      mkdirSync(join(tmpDir, "unrelated"));
      await rejectsWith(startOfficeConverter({ size: 1, soffice: "/nonexistent/soffice", tmpDir }), "unavailable");
      assert.deepEqual(readdirSync(tmpDir).sort(), [`quire-office-${process.ppid}-def`, "unrelated"]);
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
    }
  });

  test("a python without uno: the start fails as 'unavailable'", async () => {
    await rejectsWith(startOfficeConverter({ size: 1, python: "/nonexistent/python3" }), "unavailable", /cannot run \/nonexistent\/python3/);
  });
});

describe("what a pool leaves behind", () => {
  test("two pools of one process each get their own soffice; a closed pool leaves none of its sockets in /tmp", async () => {
    const own = await startOfficeConverter({ size: 1, warmUp: false });
    const docx = corpusFile("docx", "mammoth-single-paragraph.docx");
    try {
      const [mine, theirs] = await Promise.all([own.convert(docx, "docx", "pdf"), pool.convert(docx, "docx", "pdf")]);
      for (const pdf of [mine, theirs]) assert.equal((await pdfReader.info(pdf)).pages, 1);
      const others = new Set(pool.status().instances.map((i) => i.pids.soffice));
      assert.ok(!others.has(own.status().instances[0]!.pids.soffice), "its own soffice, not the other pool's");
    } finally {
      const { tempDir } = own.status();
      // Its soffice's accept pipe and single-instance pipe (named after its profile's URL).
      const accept = `OSL_PIPE_${process.getuid?.() ?? 0}_${pipePrefix(tempDir, 0)}`;
      const single = pipeFiles("", pathToFileURL(join(tempDir, "profile-0")).href).find((f) => f.startsWith("/tmp/") && f.includes("SingleOfficeIPC"))!;
      const sockets = [...readdirSync("/tmp").filter((f) => f.startsWith(accept)).map((f) => join("/tmp", f)), single];
      assert.equal(sockets.length, 2, `one accept pipe: ${sockets.join(", ")}`);
      for (const socket of sockets) assert.ok(existsSync(socket), `${socket} is there while soffice runs`);
      await own.close();
      for (const socket of sockets) assert.equal(existsSync(socket), false, `${socket} is gone after close`);
    }
  });
});

describe("sharing and closing", () => {
  test("the shared converter starts on first use and closes", async () => {
    const shared = sharedOfficeConverter({ size: 1 });
    assert.equal(sharedOfficeConverter(), sharedOfficeConverter(), "one facade");
    const pdf = await shared.convert(corpusFile("docx", "mammoth-single-paragraph.docx"), "docx", "pdf");
    assert.equal((await pdfReader.info(pdf)).pages, 1);
    await closeSharedOfficeConverter();
  });

  test("close() fails what is in flight and queued, stops every process and removes its files", async () => {
    await settled();
    const { tempDir, instances } = pool.status();
    assert.ok(existsSync(tempDir));
    const pids = instances.flatMap((i) => [i.pids.soffice!, i.pids.worker!, sofficeBin(i.pids.soffice!)]);
    const docx = corpusFile("scans", "docx_multipage.docx");
    const work = [1, 2, 3].map(() => rejectsWith(pool.convert(docx, "docx", "pdf"), "closed"));
    await until(() => pool.status().queued === 1, "two run and one waits");
    await pool.close();
    await Promise.all(work);
    await rejectsWith(pool.convert(docx, "docx", "pdf"), "closed");
    await until(() => pids.every((pid) => !alive(pid)), "every process has ended", 5000);
    assert.equal(existsSync(tempDir), false);
  });
});
