/** UK citations (plugins/checks/citations/patterns/uk.ts): what is a citation, under which key, and what only looks like one. */
import { describe } from "node:test";
import { check, type Case } from "./cases.ts";

const CITATIONS: Case[] = [
  ["[2020] UKSC 1", ["[2020] uksc 1"]],
  ["[2019] EWCA Civ 123", ["[2019] ewca civ 123"]],
  ["[2020] EWCA Crim 12", ["[2020] ewca crim 12"]],
  ["[2018] EWHC 456 (Ch)", ["[2018] ewhc 456 (ch)"]],
  ["[2021] EWHC 1234 (Admin)", ["[2021] ewhc 1234 (admin)"]],
  ["[2008] UKHL 3", ["[2008] ukhl 3"]],
  ["[2021] UKPC 5", ["[2021] ukpc 5"]],
  ["[2019] UKUT 123 (TCC)", ["[2019] ukut 123 (tcc)"]],
  ["[2020] UKFTT 456 (TC)", ["[2020] ukftt 456 (tc)"]],
  ["[2018] CSIH 5", ["[2018] csih 5"]],
  ["[2019] NICA 12", ["[2019] nica 12"]],
  ["[2020] EWFC 4", ["[2020] ewfc 4"]],
  ["[2022] EWCOP 7", ["[2022] ewcop 7"]],
  ["[2020] EAT 12", ["[2020] eat 12"]],
  ["[2020] UKSC 1 and [2019] EWCA Civ 123", ["[2020] uksc 1", "[2019] ewca civ 123"]],
  ["[1932] AC 562", ["[1932] ac 562"]],
  ["Donoghue v Stevenson [1932] AC 562", ["[1932] ac 562"]],
  ["[2005] 1 WLR 1", ["[2005] 1 wlr 1"]],
  ["[1998] 1 All ER 481", ["[1998] 1 all er 481"]],
  ["[2001] QB 1", ["[2001] qb 1"]],
  ["[2003] ICR 100", ["[2003] icr 100"]],
  ["[2010] IRLR 50", ["[2010] irlr 50"]],
  ["[1995] 2 Lloyd's Rep 100", ["[1995] 2 lloyd's rep 100"]],
  ["Companies Act 2006", ["companies act 2006"]],
  ["the Sale of Goods Act 1979", ["sale of goods act 1979"]],
  ["Human Rights Act 1998", ["human rights act 1998"]],
  ["Equality Act 2010", ["equality act 2010"]],
  ["Landlord and Tenant Act 1954", ["landlord and tenant act 1954"]],
  ["Data Protection Act 2018", ["data protection act 2018"]],
  ["Limitation Act 1980", ["limitation act 1980"]],
  ["Under the Equality Act 2010 employers must", ["equality act 2010"]],
  ["section 994 of the Companies Act 2006", ["s. 994 companies act 2006"]],
  ["s. 994 Companies Act 2006", ["s. 994 companies act 2006"]],
  ["s 994 of the Companies Act 2006", ["s. 994 companies act 2006"]],
  ["Companies Act 2006, s 994", ["s. 994 companies act 2006"]],
  ["section 98(4) of the Employment Rights Act 1996", ["s. 98 employment rights act 1996"]],
  ["Employment Rights Act 1996, s. 98", ["s. 98 employment rights act 1996"]],
  ["s. 1 of the Theft Act 1968", ["s. 1 theft act 1968"]],
  ["Section 13 of the Equality Act 2010", ["s. 13 equality act 2010"]],
  ["s. 47B Competition Act 1998", ["s. 47b competition act 1998"]],
];

const LOOK_ALIKES: Case[] = [
  ["[2020] annual report", []],
  ["[2020] UKSC", []],
  ["[2020] uksc 1", []],
  ["the Act 2020", []],
  ["Act 2020", []],
  ["section 5 of the handbook", []],
  ["[1] AC 5", []],
  ["+44 20 7946 0958", []],
  ["In 2006 the company acted", []],
  ["[2020] Q3 results", []],
  ["see [2020] EWHC", []],
  ["The Act 1998 was mentioned", []],
];

describe("UK citations", () => {
  check(CITATIONS, "uk");
  check(LOOK_ALIKES, "uk");
});
