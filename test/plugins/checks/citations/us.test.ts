/** US citations (plugins/checks/citations/patterns/us.ts): what is a citation, under which key, and what only looks like one. */
import { describe } from "node:test";
import { check, type Case } from "./cases.ts";

const CITATIONS: Case[] = [
  ["42 U.S.C. § 1983", ["42 u.s.c. § 1983"]],
  ["42 USC 1983", ["42 u.s.c. § 1983"]],
  ["42 U.S.C. §1983(a)", ["42 u.s.c. § 1983"]],
  ["15 U.S.C.A. § 78j", ["15 u.s.c. § 78j"]],
  ["29 U.S.C. sec. 201", ["29 u.s.c. § 201"]],
  ["42 U.S.C. §§ 2000e", ["42 u.s.c. § 2000e"]],
  ["18 U.S.C. § 1030(a)(2)", ["18 u.s.c. § 1030"]],
  ["5 U.S.C. § 552", ["5 u.s.c. § 552"]],
  ["42 U.S.C. § 1983 and 28 U.S.C. § 1331", ["42 u.s.c. § 1983", "28 u.s.c. § 1331"]],
  ["29 C.F.R. § 1910.1200", ["29 c.f.r. § 1910.1200"]],
  ["29 CFR 1910.1200", ["29 c.f.r. § 1910.1200"]],
  ["40 C.F.R. Part 60", ["40 c.f.r. part 60"]],
  ["40 CFR part 60", ["40 c.f.r. part 60"]],
  ["16 C.F.R. § 312.5", ["16 c.f.r. § 312.5"]],
  ["410 U.S. 113", ["410 u.s. 113"]],
  ["Roe v. Wade, 410 U.S. 113, 153 (1973)", ["410 u.s. 113"]],
  ["Brown v. Board of Education, 347 U.S. 483 (1954)", ["347 u.s. 483"]],
  ["123 F.3d 456", ["123 f.3d 456"]],
  ["987 F.2d 123", ["987 f.2d 123"]],
  ["12 F.4th 345", ["12 f.4th 345"]],
  ["500 F. Supp. 2d 123", ["500 f.supp.2d 123"]],
  ["500 F.Supp.2d 123", ["500 f.supp.2d 123"]],
  ["141 S. Ct. 1163", ["141 s.ct. 1163"]],
  ["141 S.Ct. 1163", ["141 s.ct. 1163"]],
  ["35 L. Ed. 2d 147", ["35 l.ed.2d 147"]],
  ["123 F. App'x 456", ["123 f.app'x 456"]],
  ["100 A.3d 200", ["100 a.3d 200"]],
  ["50 P.3d 60", ["50 p.3d 60"]],
  ["200 N.E.2d 300", ["200 n.e.2d 300"]],
  ["300 S.W.3d 10", ["300 s.w.3d 10"]],
  ["45 Cal. Rptr. 3d 12", ["45 cal.rptr.3d 12"]],
  ["600 B.R. 100", ["600 b.r. 100"]],
  ["Pub. L. No. 111-148", ["pub. l. 111-148"]],
  ["Public Law 111-148", ["pub. l. 111-148"]],
  ["124 Stat. 119", ["124 stat. 119"]],
  ["U.S. Const. amend. XIV", ["u.s. const. amend. xiv"]],
  ["U.S. Const. art. I", ["u.s. const. art. i"]],
  ["the Civil Rights Act of 1964", ["civil rights act of 1964"]],
  ["Fair Labor Standards Act of 1938", ["fair labor standards act of 1938"]],
  ["Under the Americans with Disabilities Act of 1990, employers", ["americans with disabilities act of 1990"]],
];

const LOOK_ALIKES: Case[] = [
  ["the F3d-200 drone", []],
  ["model F3D", []],
  ["part F3d 12", []],
  ["call (212) 555-0199", []],
  ["in 2020 U.S. 45 states", []],
  ["99 USC students", []],
  ["section 5 of the handbook", []],
  ["The act of 1964", []],
  ["Act of 1964", []],
  ["60 CFR", []],
  ["123 f.3d 456", []],
  ["usc 42 1983", []],
  ["Room 12 P. 3", []],
  ["Figure 5 F. 12", []],
];

describe("US citations", () => {
  check(CITATIONS, "us");
  check(LOOK_ALIKES, "us");
});
