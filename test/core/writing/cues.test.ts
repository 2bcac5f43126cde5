/**
 * Rule 3 from the request's own words (core/writing/cues.ts): comments, tracked changes, a template and another file's
 * design asked for in six languages are seen whatever the judge said, and a subject that only names the word is not a
 * request for it. Edit asks the same list.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { asksRevisions, asksTrackedChanges, cuesOf } from "../../../core/writing/cues.ts";
import { understood as understoodBy, type UnderstandingAnswer, type WritableFormat } from "../../../core/writing/understand.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { chooseLevel } from "../../../core/writing/quality.ts";

/** The judge's answer made consistent by this service's format plugins. */
const understood = (answer: UnderstandingAnswer, fixed: WritableFormat | null, prompt?: string) => understoodBy(answer, fixed, formatPlugins, prompt);

const asks = {
  comments: [
    "Write a two-page policy on remote work, with comments in the margin for the reviewer on each open question.",
    "Draft the memo and add a comment wherever a figure is still unconfirmed.",
    "Redacta el contrato con comentarios al margen para el abogado.",
    "Escribe el informe y añade comentarios donde falten datos.",
    "Schreibe den Bericht mit Kommentaren für die Prüferin.",
    "Rédige la note avec des commentaires en marge pour le relecteur.",
    "Scrivi la relazione con commenti a margine per il revisore.",
    "Escreve o relatório com comentários na margem para o revisor.",
  ],
  trackedChanges: [
    "Produce the contract with tracked changes against last year's terms.",
    "Show the new clauses as redlines.",
    "Turn on track changes and tighten the introduction.",
    "Prepara el acuerdo con control de cambios.",
    "Erstelle den Vertrag mit Änderungen nachverfolgt.",
    "Rédige le contrat avec le suivi des modifications activé.",
    "Prepara il contratto con modifiche tracciate.",
    "Prepara o contrato com controlo de alterações.",
  ],
  template: [
    "Write the quarterly report using our template.",
    "Base it on the attached template.",
    "Put the figures in our company template.",
    "Usa nuestra plantilla corporativa para el informe.",
    "Verwende unsere Vorlage für das Angebot.",
    "Utilise notre modèle maison pour la lettre.",
    "Usa il nostro modello aziendale per la lettera.",
    "Usa o nosso modelo da empresa para a carta.",
  ],
  copyDesign: [
    "Make a deck with the same design as the attached one.",
    "Copy the look of the given report.",
    "Hazlo con el mismo diseño que el archivo adjunto.",
    "Im gleichen Layout wie die Anlage, bitte.",
    "Avec la même mise en page que le document joint.",
    "Con lo stesso stile del file allegato.",
    "Com o mesmo design que o ficheiro anexo.",
  ],
} as const;

const subjects = [
  "A report analysing 300 customer comments about our delivery times.",
  "An article on how teams track changes in requirements.",
  "Explain what a template engine is, for new developers.",
  "Informe sobre los comentarios de los clientes en redes sociales.",
  "Ein Bericht über Designtrends 2027.",
  "Un guide sur la conception de modèles statistiques.",
  "Una presentazione sul design dei prodotti.",
  "Um relatório sobre as alterações climáticas.",
  "Summarise the survey with comments from the three interviews.",
  "Resume la encuesta con comentarios de los clientes.",
  "Fasse die Umfrage mit Kommentaren der Kunden zusammen.",
  "Write the checklist in template form, with blanks to fill in.",
];

describe("cues of rule 3", () => {
  for (const [need, prompts] of Object.entries(asks)) {
    test(`${need} asked for in six languages`, () => {
      for (const prompt of prompts) assert.equal(cuesOf(prompt)[need as keyof typeof asks], true, prompt);
    });
  }

  test("a subject that only names the word asks for nothing", () => {
    for (const prompt of subjects) assert.deepEqual(cuesOf(prompt), { comments: false, trackedChanges: false, template: false, copyDesign: false }, prompt);
  });

  test("edit asks the same list", () => {
    assert.equal(asksRevisions(asks.comments[2]), true);
    assert.equal(asksRevisions(asks.trackedChanges[3]), true);
    assert.equal(asksTrackedChanges(asks.trackedChanges[5]), true);
    assert.equal(asksTrackedChanges(asks.comments[0]), false);
    assert.equal(asksRevisions("Replace 2025 with 2026 in the first paragraph."), false);
  });

  test("in create either the cue or the judge is enough for best", () => {
    const judge = (needs: Record<string, boolean>) =>
      ({
        format: "docx",
        format_confidence: 0.95,
        type: "report",
        language: "en",
        sector: null,
        storage: null,
        harm: "none",
        harm_reason: "",
        quality: "standard",
        quality_reason: "a policy of two pages",
        needs: { comments: false, tracked_changes: false, template: false, copy_design: false, charts: false, free_layout: false, ...needs },
        title: "Remote work policy",
      }) as Parameters<typeof understood>[0];
    // The judge of the issue: less sure, it left needs.comments unset; the words carry it.
    const fromWords = understood(judge({}), null, asks.comments[0]);
    assert.equal(fromWords.needs.comments, true);
    const level = chooseLevel({ requested: "auto", max: undefined, understanding: fromWords, deckTemplate: false });
    assert.equal(level.level, "best");
    assert.match(level.reason, /comments/);
    // The judge alone is enough too, and neither leaves the cheaper level.
    assert.equal(understood(judge({ tracked_changes: true }), null, "Draft the agreement.").needs.trackedChanges, true);
    const neither = understood(judge({}), null, subjects[0]);
    assert.equal(chooseLevel({ requested: "auto", max: undefined, understanding: neither, deckTemplate: false }).level, "standard");
  });
});
