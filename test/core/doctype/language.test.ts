import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { guessLanguage } from "../../../core/doctype/language.ts";

describe("guessLanguage", () => {
  const cases: Array<{ given: string; want: "en" | "es" }> = [
    { given: "The report summarises the results of the year.", want: "en" },
    { given: "El informe resume los resultados del año.", want: "es" },
    // Spanish place and person names in an English table are names, not Spanish text.
    { given: "Store Performance\nStore City Revenue Margin\n006 Málaga 80,100 17%\n011 Córdoba 61,700 15%\n014 Gijón 55,000 14%", want: "en" },
    { given: "Meeting with José Núñez in León", want: "en" },
    // A short Spanish text with no function word is still told by its accented words and its marks.
    { given: "Próximos pasos: revisión también", want: "es" },
    { given: "¿Preguntas?", want: "es" },
    { given: "", want: "en" },
  ];
  for (const { given, want } of cases) test(JSON.stringify(given.slice(0, 40)), () => assert.equal(guessLanguage(given), want));
});
