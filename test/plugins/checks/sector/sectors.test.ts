/**
 * The sector checklists as data: every sector the brief names has a file that loads, with a guide and 6–12 points
 * of unique ids; the judge's words (English, Spanish, any casing) find their checklist and unknown ones find none;
 * the writing guide lists the points that apply to the document type and ends by letting the request win.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checklistFor, checklists, foldName, pointsFor, type Checklist } from "../../../../plugins/checks/sector/match.ts";
import { sectorCheck, writingGuide } from "../../../../plugins/checks/sector/index.ts";
import { docTypes, type DocType } from "../../../../core/ir/types.ts";
import type { WritingScope } from "../../../../core/contracts/check-plugin.ts";

const SECTORS_DIR = fileURLToPath(new URL("../../../../plugins/checks/sector/sectors/", import.meta.url));

const scope = (sector: string | null, type: DocType = "report"): WritingScope => ({ type, format: "docx", sector, language: "en", quality: "standard", request: null });

describe("sector checklists", () => {
  it("one file a sector, each loading with a guide of 5–10 rules and 6–12 points with unique ids", async () => {
    const files = readdirSync(SECTORS_DIR).filter((f) => f.endsWith(".ts")).sort();
    assert.deepEqual(files, ["education.ts", "employment.ts", "finance.ts", "healthcare.ts", "legal.ts", "public-administration.ts", "real-estate.ts", "sales-marketing.ts", "software.ts"]);
    for (const file of files) {
      // A path the bundler of the test runs can see (scripts/build-tests.ts), so the module is the one the list holds.
      const module = (await import(`../../../../plugins/checks/sector/sectors/${file}`)) as Record<string, Checklist>;
      const lists = Object.values(module);
      assert.equal(lists.length, 1, `${file} exports one checklist`);
      const list = lists[0]!;
      assert.ok(checklists.includes(list), `${file} is in the list`);
      const rules = list.guide.split("\n");
      assert.ok(rules.length >= 5 && rules.length <= 10, `${list.id}: ${rules.length} rules`);
      assert.ok(list.points.length >= 6 && list.points.length <= 12, `${list.id}: ${list.points.length} points`);
      assert.equal(new Set(list.points.map((p) => p.id)).size, list.points.length, `${list.id}: unique point ids`);
      for (const p of list.points) {
        assert.match(p.id, /^[a-z][a-z-]*$/, `${list.id}.${p.id}`);
        assert.ok(p.text.length > 10 && p.test.includes("?"), `${list.id}.${p.id} has a text and a question`);
        for (const t of p.types ?? []) assert.ok(docTypes.includes(t), `${list.id}.${p.id}: ${t}`);
      }
      assert.ok(list.names.every((n) => n === n.toLowerCase()), `${list.id}: names in lower case`);
    }
    assert.equal(new Set(checklists.map((l) => l.id)).size, checklists.length);
  });

  it("no alias names two sectors", () => {
    const owner = new Map<string, string>();
    for (const list of checklists) {
      for (const name of [list.id, ...list.names]) {
        const key = foldName(name);
        assert.ok(!owner.has(key) || owner.get(key) === list.id, `"${name}" is claimed by ${owner.get(key)} and ${list.id}`);
        owner.set(key, list.id);
      }
    }
  });

  it("finds the checklist by alias, in English or Spanish, whatever the casing, accents or separators", () => {
    const cases: Array<[string, string]> = [
      ["legal", "legal"], ["Law", "legal"], ["CONTRACTS", "legal"], ["jurídico", "legal"], ["Juridico", "legal"], ["corporate law", "legal"],
      ["finance", "finance"], ["Finanzas", "finance"], ["banking", "finance"],
      ["healthcare", "healthcare"], ["Health Care", "healthcare"], ["sanidad", "healthcare"], ["Salud", "healthcare"],
      ["HR", "employment"], ["human resources", "employment"], ["Recursos Humanos", "employment"], ["RRHH", "employment"],
      ["real estate", "real-estate"], ["Real-Estate", "real-estate"], ["inmobiliario", "real-estate"], ["commercial real estate", "real-estate"],
      ["public sector", "public-administration"], ["Administración Pública", "public-administration"], ["government", "public-administration"],
      ["technology", "software"], ["IT", "software"], ["informática", "software"], ["it consulting", "software"],
      ["education", "education"], ["Educación", "education"], ["higher education", "education"],
      ["sales", "sales-marketing"], ["Marketing", "sales-marketing"], ["ventas", "sales-marketing"], ["sales & marketing", "sales-marketing"],
    ];
    for (const [name, id] of cases) assert.equal(checklistFor(name)?.id, id, name);
    for (const unknown of [null, undefined, "", "  ", "hospitality", "construction", "agriculture", "legalese"]) {
      assert.equal(checklistFor(unknown), undefined, String(unknown));
    }
  });

  it("the writing guide gives the sector's rules and the points for the type, and lets the request win", () => {
    const contract = writingGuide(scope("Legal", "contract"))!;
    const legal = checklistFor("legal")!;
    assert.match(contract, /^Sector: legal\. Write as a senior professional of this sector would:\n- Identify every party/);
    assert.ok(contract.endsWith("\nThe request wins over any of these rules."));
    for (const p of pointsFor(legal, "contract")) assert.ok(contract.includes(`- ${p.text}`), p.id);
    assert.ok(contract.includes("A good contract of this sector also:"));
    // A memo gets the points that apply to memos only: no signature block, no termination clause.
    const memo = writingGuide(scope("legal", "memo"))!;
    assert.ok(memo.includes("Names the statutes, regulations or case law"));
    assert.ok(!memo.includes("Says how and when each party can terminate"));
    assert.ok(!memo.includes("signature block for each party"));
    assert.deepEqual(pointsFor(legal, "memo").map((p) => p.id), ["defined-terms", "legal-references", "conclusion"]);
    // No sector: the general checklist of the type guides the writing it will judge, and nothing at fast.
    assert.match(writingGuide(scope(null))!, /^Document type: report \(no sector checklist applies\)\. Write as a demanding editor expects of any report:\n- Open with a summary/);
    assert.equal(writingGuide(scope("hospitality", "letter"))?.includes("- Ends with a closing formula."), true);
    assert.equal(writingGuide({ ...scope(null), quality: "fast" }), undefined);
    assert.equal(writingGuide({ ...scope("hospitality"), quality: "fast" }), undefined);
    assert.equal(writingGuide({ ...scope("legal", "contract"), quality: "fast" }), contract, "a sector's guide is given at every level, as before");
    assert.equal(sectorCheck.writingGuide?.(scope("finanzas", "spreadsheet"))?.startsWith("Sector: finance."), true);
  });

  it("every sector has points for every document type it could be written as", () => {
    for (const list of checklists) {
      for (const type of docTypes) assert.ok(pointsFor(list, type).length >= 2, `${list.id} × ${type}: ${pointsFor(list, type).length}`);
    }
  });
});
