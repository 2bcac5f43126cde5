/**
 * The workbook's language: the one decided for print (`ir.language`, core/compile/printed.ts), else the text's
 * (core/doctype/language-tag.ts). It picks the labels the workbook adds itself ("Notes" / "Notas" / "Anmerkungen",
 * "Table 1" / "Tabelle 1", core/doctype/labels.ts) and is the last clue for reading an ambiguous number (`1.234`,
 * columns.ts) when no number of the document settles it.
 */
import { quireWords, type QuireWords } from "../../core/doctype/labels.ts";
import type { Language } from "../../core/doctype/language.ts";
import { languageWords } from "../../core/doctype/language.ts";
import { languageOf, primaryLanguage } from "../../core/doctype/language-tag.ts";
import { textUnits } from "../../core/ir/units.ts";
import type { IRDocument } from "../../core/ir/types.ts";

/** The document's language tag (`de-DE`, `pt-BR`). */
export function detectLanguage(ir: IRDocument): string {
  return languageOf(ir);
}

/**
 * The language whose decimal mark reads an ambiguous number: the document's, when its words back it (two of that
 * language's frequent words, more than English ones), else English. A workbook's labels ("Month | In | Out |
 * Balance") are too few for the guess to be sure of, and misreading `1,000` as one costs more than a foreign label;
 * one stray word ("y" as a column name) does not make a document Spanish.
 */
export function numberLanguage(ir: IRDocument, tag: string): Language {
  const language = primaryLanguage(tag);
  if (language === "en") return "en";
  const text = textUnits(ir)
    .map((unit) => unit.text)
    .join("\n");
  const own = languageWords(text, language);
  return own >= 2 && own > languageWords(text, "en") ? language : "en";
}

/** The words the workbook writes itself: its notes sheet, unnamed tables, the assumptions' columns, a picture's cell. */
export type Labels = Pick<QuireWords, "notes" | "table" | "assumption" | "value" | "name" | "image">;

export function labels(tag: string): Labels {
  const { notes, table, assumption, value, name, image } = quireWords(tag);
  return { notes, table, assumption, value, name, image };
}
