import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { guessLanguage, type Language } from "../../../core/doctype/language.ts";
import { languageTag } from "../../../core/doctype/language-tag.ts";

describe("guessLanguage", () => {
  const cases: Array<{ given: string; want: Language }> = [
    { given: "The report summarises the results of the year.", want: "en" },
    { given: "El informe resume los resultados del año.", want: "es" },
    // Spanish place and person names in an English table are names, not Spanish text.
    { given: "Store Performance\nStore City Revenue Margin\n006 Málaga 80,100 17%\n011 Córdoba 61,700 15%\n014 Gijón 55,000 14%", want: "en" },
    { given: "Meeting with José Núñez in León", want: "en" },
    // A short Spanish text with no function word is still told by its accented words and its marks.
    { given: "Próximos pasos: revisión también", want: "es" },
    { given: "¿Preguntas?", want: "es" },
    { given: "", want: "en" },
    // A paragraph in each language, including the near neighbours (es/ca/pt, fr/it, de/nl).
    { given: "L'informe resumeix els resultats de l'any i exposa els propers passos per al consell d'administració.", want: "ca" },
    { given: "O relatório resume os resultados do ano e apresenta os próximos passos para o conselho de administração.", want: "pt" },
    { given: "La relazione riassume i risultati dell'anno e presenta i prossimi passi per il consiglio di amministrazione.", want: "it" },
    { given: "Le rapport résume les résultats de l'année et présente les prochaines étapes pour le conseil d'administration.", want: "fr" },
    { given: "Der Bericht fasst die Ergebnisse des Jahres zusammen und nennt die nächsten Schritte für den Vorstand.", want: "de" },
    { given: "Het verslag vat de resultaten van het jaar samen en noemt de volgende stappen voor de raad van bestuur.", want: "nl" },
    { given: "El contrato entra en vigor el día de su firma y tiene una duración de dos años.", want: "es" },
    { given: "Benvolguts senyors, us escric per demanar una reunió la setmana vinent.", want: "ca" },
    { given: "Sehr geehrte Damen und Herren, vielen Dank für Ihre Anfrage vom 3. März.", want: "de" },
    { given: "Madame, Monsieur, je vous remercie de votre lettre du 3 mars.", want: "fr" },
    { given: "Geachte heer Jansen, hartelijk dank voor uw brief van 3 maart.", want: "nl" },
    { given: "Gentile dottoressa Rossi, la ringrazio per la sua lettera del 3 marzo.", want: "it" },
    { given: "Prezados senhores, agradecemos a sua carta de 3 de março.", want: "pt" },
    // Too short for the trigrams: the words tell.
    { given: "Sehr geehrte Frau Weber", want: "de" },
    { given: "Résumé et prochaines étapes", want: "fr" },
    // A workbook's labels without a sentence: their words, not the trigrams (which call the English one French).
    { given: "Sales plan 2026\nRegion\nUnits\nPrice\nRevenue", want: "en" },
    { given: "Umsatzplan 2026\nRegion\nEinheiten\nPreis\nUmsatz", want: "de" },
    { given: "Plan de ventas 2026\nRegión\nUnidades\nPrecio\nIngresos", want: "es" },
    { given: "Plan de ventes 2026\nRégion\nUnités\nPrix\nChiffre d'affaires", want: "fr" },
    { given: "Verkoopplan 2026\nRegio\nEenheden\nPrijs\nOmzet", want: "nl" },
  ];
  for (const { given, want } of cases) test(`${want}: ${JSON.stringify(given.slice(0, 40))}`, () => assert.equal(guessLanguage(given), want));
});

describe("languageTag", () => {
  const cases: Array<{ given: string; named?: string; want: string }> = [
    { given: "The organisation's colour scheme was agreed at the centre in London; the budget is £2 million.", want: "en-GB" },
    { given: "The organization's color scheme was agreed at the center in Boston; the budget is $2 million.", want: "en-US" },
    { given: "We recognise the programme's results and analyse them with the board.", want: "en-GB" },
    { given: "The report sums up the results of the year.", want: "en-US" },
    { given: "The Client shall pay the Supplier GBP 48,000. Contoso Retail plc is registered in England and Wales.", want: "en-GB" },
    { given: "The Client shall pay the Supplier USD 48,000. Contoso Retail Inc. is a Delaware corporation.", want: "en-US" },
    { given: "Der Bericht fasst die Ergebnisse des Jahres zusammen und nennt die nächsten Schritte für den Vorstand.", want: "de-DE" },
    { given: "Le rapport résume les résultats de l'année et présente les prochaines étapes pour le conseil.", want: "fr-FR" },
    { given: "La relazione riassume i risultati dell'anno e presenta i prossimi passi per il consiglio.", want: "it-IT" },
    { given: "Het verslag vat de resultaten van het jaar samen en noemt de volgende stappen voor de raad.", want: "nl-NL" },
    { given: "L'informe resumeix els resultats de l'any i exposa els propers passos per al consell.", want: "ca-ES" },
    { given: "El informe resume los resultados del año y expone los próximos pasos para el consejo.", want: "es-ES" },
    { given: "O relatório resume os resultados do ano e o utilizador recebe o ficheiro por contacto da equipa.", want: "pt-PT" },
    { given: "O relatório resume os resultados do ano e o usuário recebe o arquivo pelo contato da equipe.", want: "pt-BR" },
    // A language the request names wins over the text's; its region too, and without one the text's spellings choose.
    { given: "The report sums up the results of the year.", named: "de", want: "de-DE" },
    { given: "The report sums up the results of the year.", named: "fr-CA", want: "fr-CA" },
    { given: "The organisation's colour scheme.", named: "en", want: "en-GB" },
    { given: "Le rapport.", named: "not a tag", want: "fr-FR" },
  ];
  for (const { given, named, want } of cases) test(`${want}: ${JSON.stringify(given.slice(0, 40))}${named ? ` named ${named}` : ""}`, () => assert.equal(languageTag(given, named), want));
});
