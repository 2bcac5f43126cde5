/**
 * What is done to the IR between the text checks and the format plugin, in one place so the service and the golden
 * fixtures build the same document: the document's language is decided (the one the request named, or its text's) and
 * kept on the IR for every renderer to tag its files with, print is typeset in it when the format plugin says it is
 * typeset (Word, PDF, slides; a workbook's cells are data and keep their characters), then chart fences become charts. Typesetting comes after the text checks,
 * which read the text as written, and before the charts, whose labels come from their table.
 */
import type { Diagnostic } from "../diagnostics.ts";
import type { IRDocument } from "../ir/types.ts";
import type { FormatPlugin } from "../contracts/format-plugin.ts";
import { chartBlocks } from "../ir/chart.ts";
import { typeset } from "../ir/typography.ts";
import { textUnits } from "../ir/units.ts";
import { sampleText } from "../doctype/language.ts";
import { languageTag } from "../doctype/language-tag.ts";
import { quireWords } from "../doctype/labels.ts";

export const forPrint = (ir: IRDocument, plugin: Pick<FormatPlugin, "typeset">, language?: string): { ir: IRDocument; diagnostics: Diagnostic[] } => {
  const tagged = { ...ir, language: languageTag(sampleText(textUnits(ir)), language) };
  const printed = plugin.typeset ? typeset(tagged, tagged.language) : tagged;
  return chartBlocks(printed, quireWords(tagged.language).chart);
};
