/**
 * Edited workbooks opened by LibreOffice (`soffice --convert-to csv`, as a user's LibreOffice opens them): each
 * converts, and the formulas written without a cached value are computed on load. LibreOffice 7.4 keeps the cached
 * values of formulas it finds with one even under `fullCalcOnLoad` (Excel honours the flag), so a formula depending on
 * a changed cell shows its old value there: the last case pins that down, so a LibreOffice that starts honouring the
 * flag shows up here.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import type { EditOp } from "../../../../core/contracts/edit.ts";
import { openPackage } from "../../../../core/ooxml/package.ts";
import { writePackage } from "../../../../core/ooxml/write.ts";
import { xlsxEdit } from "../../../../plugins/xlsx/edit/index.ts";
import { corpusPath } from "../../../support/corpus.ts";

const soffice = "/usr/bin/soffice";
const OPTIONS = { track: false, author: "Quire", date: "2026-01-01T00:00:00Z" };

const edited = (name: string, plan: EditOp[]): Uint8Array => {
  const bytes = new Uint8Array(readFileSync(corpusPath("xlsx", name)));
  const result = xlsxEdit.apply(bytes, plan, OPTIONS);
  for (const e of result.edits) assert.equal(e.outcome, "applied", `${name}: ${e.reason}`);
  assert.match(String(result.parts.get("xl/workbook.xml")), /fullCalcOnLoad="1"/);
  return writePackage(openPackage(bytes), result.parts);
};

/** Enough CSV for LibreOffice's output (no quoted commas in these sheets' values). */
const csv = (text: string): string[][] => text.split(/\r?\n/).filter((l) => l !== "").map((l) => l.split(",").map((c) => c.replace(/^"|"$/g, "")));

describe("xlsx edit: LibreOffice opens and recalculates the result", { skip: existsSync(soffice) ? false : `LibreOffice not installed (${soffice} missing)` }, () => {
  it("computes written formulas and dependents of changed cells", { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "quire-xlsx-edit-"));
    try {
      const files: Record<string, Uint8Array> = {
        sum: edited("exceljs-test-issue-1364.xlsx", [
          { op: "set_cell", block: "'Sum Worksheet'!A2", value: "5", formula: false },
          { op: "set_cell", block: "'Sum Worksheet'!B2", value: "3", formula: false },
          { op: "set_cell", block: "'Sum Worksheet'!C2", value: "A2*B2+10", formula: true },
          { op: "insert_row", block: "'Sum Worksheet'!C2", values: ["2", "4", "=SUM(A3,B3)"] },
        ]),
        fib: edited("exceljs-fibonacci.xlsx", [
          { op: "set_cell", block: "fib!B4", value: "100", formula: false },
          { op: "insert_row", block: "fib!B19", values: ["=A19+1", "=B18+B19"] },
        ]),
        lo: edited("exceljs-test-issue-176.xlsx", [{ op: "set_cell", block: "Sheet!C2", value: "LEN(A2)*2", formula: true }]),
      };
      const inputs = [];
      for (const [name, bytes] of Object.entries(files)) {
        const input = join(dir, `${name}.xlsx`);
        await writeFile(input, bytes);
        inputs.push(input);
      }
      await promisify(execFile)(
        soffice,
        [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1", "--outdir", dir, ...inputs],
        { timeout: 110_000 },
      );
      const sheet = async (file: string) => csv(await readFile(join(dir, file), "utf8"));

      const sum = await sheet("sum-Sum Worksheet.csv");
      assert.deepEqual(sum.slice(1, 3), [["5", "3", "25"], ["2", "4", "6"]]);

      const fib = await sheet("fib-fib.csv");
      assert.deepEqual(fib[3], ["4", "100"]);
      assert.equal(fib.length, 20);
      const b = fib.map((r) => Number(r[1]));
      assert.equal(b[19], b[17]! + b[18]!, "the appended row's formula is computed");
      assert.equal(fib[19]![0], "20");
      // B5 = B3 + B4 has a cached value (5), which LibreOffice 7.4 keeps; Excel computes 102.
      assert.deepEqual(fib[4], ["5", "5"]);

      const lo = await sheet("lo-Sheet.csv");
      assert.deepEqual(lo[1]!.slice(0, 3), ["First", "", "10"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
