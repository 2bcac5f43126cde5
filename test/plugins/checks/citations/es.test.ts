/** Spanish citations (plugins/checks/citations/patterns/es.ts): what is a citation, under which key, and what only looks like one. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { detectCitations } from "../../../../plugins/checks/citations/detect.ts";
import { check, type Case } from "./cases.ts";

const CITATIONS: Case[] = [
  ["artículo 1544 del Código Civil", ["art. 1544 cc"]],
  ["según el art. 1544 CC", ["art. 1544 cc"]],
  ["Art. 1.544 C.C.", ["art. 1544 cc"]],
  ["el artículo 1.101 del Código civil", ["art. 1101 cc"]],
  ["arts. 1902 CC", ["art. 1902 cc"]],
  ["artículo 54.2.d) del Estatuto de los Trabajadores", ["art. 54 et"]],
  ["art. 54 ET", ["art. 54 et"]],
  ["art. 20.3 E.T.", ["art. 20 et"]],
  ["artículo 14 del ET", ["art. 14 et"]],
  ["el artículo 31 bis del Código Penal", ["art. 31 bis cp"]],
  ["artículo 24 de la Constitución Española", ["art. 24 ce"]],
  ["art. 14 CE", ["art. 14 ce"]],
  ["artículo 217 de la LEC", ["art. 217 lec"]],
  ["artículo 21 de la Ley 39/2015", ["art. 21 ley 39/2015"]],
  ["art. 3 del Real Decreto Legislativo 2/2015", ["art. 3 rdleg 2/2015"]],
  ["art. 6 LOPDGDD", ["art. 6 lo 3/2018"]],
  ["Ley 39/2015, de 1 de octubre, del Procedimiento Administrativo Común", ["ley 39/2015"]],
  ["la ley 7/85, reguladora de las Bases del Régimen Local", ["ley 7/1985"]],
  ["Ley Orgánica 3/2018, de 5 de diciembre", ["lo 3/2018"]],
  ["LO 10/1995", ["lo 10/1995"]],
  ["L.O. 6/1985", ["lo 6/1985"]],
  ["Real Decreto 1/1995", ["rd 1/1995"]],
  ["R.D. 1620/2011", ["rd 1620/2011"]],
  ["Real Decreto Legislativo 2/2015, de 23 de octubre", ["rdleg 2/2015"]],
  ["RDLeg 1/2010", ["rdleg 1/2010"]],
  ["Real Decreto-ley 8/2020", ["rdl 8/2020"]],
  ["RDL 32/2021", ["rdl 32/2021"]],
  ["Decreto 123/2010 de la Junta", ["decreto 123/2010"]],
  ["Ley n.º 20/2007", ["ley 20/2007"]],
  ["Orden ESS/1234/2015", ["orden ess/1234/2015"]],
  ["STS 1234/2019", ["sts 1234/2019"]],
  ["Roj: STS 4567/2020", ["sts 4567/2020"]],
  ["STC 31/2010", ["stc 31/2010"]],
  ["SAN 123/2021", ["san 123/2021"]],
  ["STSJ Madrid 456/2019", ["stsj madrid 456/2019"]],
  ["ATS 789/2018", ["ats 789/2018"]],
  ["Sentencia del Tribunal Supremo 1234/2019", ["sts 1234/2019"]],
  ["la sentencia 31/2010, de 28 de junio, del Tribunal Constitucional", ["stc 31/2010"]],
  ["ECLI:ES:TS:2019:1234", ["ecli:es:ts:2019:1234"]],
  ["(ECLI:ES:APM:2020:5678).", ["ecli:es:apm:2020:5678"]],
  ["el artículo 1902 CC y el artículo 1903 CC", ["art. 1902 cc", "art. 1903 cc"]],
  ["La Ley 39/2015 y el Real Decreto 203/2021", ["ley 39/2015", "rd 203/2021"]],
];

const LOOK_ALIKES: Case[] = [
  ["Ley de Murphy", []],
  ["la ley de la oferta y la demanda", []],
  ["Llame al 912 345 678", []],
  ["+34 600 123 456", []],
  ["Art. 5 et seq.", []],
  ["lo 3/2018 de los casos", []],
  ["San 12/2019", []],
  ["artículo 5 de nuestro contrato", []],
  ["el artículo publicado en 2019", []],
  ["Ley 3/45678", []],
  ["RD 12/3", []],
  ["STS 12/1750", []],
  ["el 39/2015 de los casos", []],
  ["artículo 5 de la ley", []],
  ["cc: Juan Pérez", []],
  ["CC 1544", []],
];

describe("Spanish citations", () => {
  check(CITATIONS, "es");
  check(LOOK_ALIKES, "es");
  it("writes each authority under one key whatever the spelling", () => {
    const keys = new Set(["artículo 1544 del Código Civil", "art. 1544 CC", "Art. 1.544 C.C."].flatMap((t) => detectCitations(t).map((c) => c.key)));
    assert.deepEqual([...keys], ["art. 1544 cc"]);
  });
  it("an article vouches for its numbered law, a judgment for its ECLI and the other way round", () => {
    assert.deepEqual(detectCitations("artículo 21 de la Ley 39/2015")[0]!.also, ["ley 39/2015"]);
    assert.deepEqual(detectCitations("STS 1234/2019")[0]!.also, ["ecli:es:ts:2019:1234"]);
    assert.deepEqual(detectCitations("ECLI:ES:TS:2019:1234")[0]!.also, ["sts 1234/2019"]);
  });
});
