/** EU citations (plugins/checks/citations/patterns/eu.ts): what is a citation, under which key, and what only looks like one. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { detectCitations } from "../../../../plugins/checks/citations/detect.ts";
import { check, type Case } from "./cases.ts";

const CITATIONS: Case[] = [
  ["Reglamento (UE) 2016/679", ["reglamento (ue) 2016/679"]],
  ["Regulation (EU) 2016/679", ["reglamento (ue) 2016/679"]],
  ["Règlement (UE) 2016/679", ["reglamento (ue) 2016/679"]],
  ["el Reglamento 2016/679", ["reglamento (ue) 2016/679"]],
  ["Reglamento UE 2024/1689", ["reglamento (ue) 2024/1689"]],
  ["Reglamento (UE) n.º 1215/2012", ["reglamento (ue) 1215/2012"]],
  ["Regulation (EC) No 593/2008", ["reglamento (ce) 593/2008"]],
  ["Reglamento (CE) nº 44/2001", ["reglamento (ce) 44/2001"]],
  ["Council Regulation (EEC) No 1408/71", ["reglamento (cee) 1408/71"]],
  ["Regulation (EU) 2022/2065", ["reglamento (ue) 2022/2065"]],
  ["Directiva (UE) 2019/1152", ["directiva 2019/1152"]],
  ["Directive (EU) 2019/1152", ["directiva 2019/1152"]],
  ["la Directiva 2019/1152", ["directiva 2019/1152"]],
  ["Council Directive 93/13/EEC", ["directiva 93/13"]],
  ["Directiva 93/13/CEE", ["directiva 93/13"]],
  ["Directive 2001/29/EC", ["directiva 2001/29"]],
  ["Directive 2006/123/EC on services", ["directiva 2006/123"]],
  ["CELEX 32016R0679", ["celex 32016r0679"]],
  ["CELEX: 32019L1152", ["celex 32019l1152"]],
  ["CELEX number 62012CJ0131", ["celex 62012cj0131"]],
  ["see 32016R0679 on EUR-Lex", ["celex 32016r0679"]],
  ["Case C-131/12", ["c-131/12"]],
  ["asunto C-131/12, Google Spain", ["c-131/12"]],
  ["C\u2011362/14", ["c-362/14"]],
  ["T-201/04", ["t-201/04"]],
  ["Case T-604/18", ["t-604/18"]],
  ["joined cases C-293/12 and C-594/12", ["c-293/12", "c-594/12"]],
  ["C-131/12 P", ["c-131/12"]],
  ["ECLI:EU:C:2014:317", ["ecli:eu:c:2014:317"]],
  ["ECLI:DE:BGH:2019:120319UVIIIZR86.17.0", ["ecli:de:bgh:2019:120319uviiizr86.17.0"]],
  ["Article 6(1)(f) GDPR", ["art. 6 reglamento (ue) 2016/679"]],
  ["artículo 6 del RGPD", ["art. 6 reglamento (ue) 2016/679"]],
  ["art. 28 del Reglamento General de Protección de Datos", ["art. 28 reglamento (ue) 2016/679"]],
  ["Article 17 of Regulation (EU) 2016/679", ["art. 17 reglamento (ue) 2016/679"]],
  ["artículo 267 del TFUE", ["art. 267 tfue"]],
  ["Article 267 TFEU", ["art. 267 tfue"]],
  ["Article 6 TEU", ["art. 6 tue"]],
  ["artículo 47 de la Carta de los Derechos Fundamentales de la Unión Europea", ["art. 47 cdfue"]],
  ["Article 5 of Directive 2019/1152", ["art. 5 directiva 2019/1152"]],
  ["see Reglamento (UE) 2016/679 and Directiva (UE) 2016/680", ["reglamento (ue) 2016/679", "directiva 2016/680"]],
];

const LOOK_ALIKES: Case[] = [
  ["C-3PO", []],
  ["the C-130 aircraft", []],
  ["article 5 of our agreement", []],
  ["Article 12 of the contract", []],
  ["Regulation 5 of the club rules", []],
  ["directive 3 from management", []],
  ["C-131/123", []],
  ["room T-12/3", []],
  ["el artículo 6 tue", []],
  ["reference 12345R1234", []],
  ["Reglamento interno 5/3", []],
  ["c-131/12", []],
  ["product code 32016X0679", []],
];

describe("EU citations", () => {
  check(CITATIONS, "eu");
  check(LOOK_ALIKES, "eu");
  it("writes a regulation under one key in every language and with or without its issuer", () => {
    const keys = new Set(["Reglamento (UE) 2016/679", "Regulation (EU) 2016/679", "Reglamento 2016/679"].flatMap((t) => detectCitations(t).map((c) => c.key)));
    assert.deepEqual([...keys], ["reglamento (ue) 2016/679"]);
  });
});
