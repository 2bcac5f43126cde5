/**
 * The document's language, English or Spanish, told from its most common short words. It picks
 * the labels the workbook adds itself ("Notes" / "Notas", "Table 1" / "Tabla 1") and is the last
 * clue for reading an ambiguous number (`1.234`) when no number of the document settles it.
 */
import { plainText } from "../../core/ir/text.ts";
import type { Block, IRDocument } from "../../core/ir/types.ts";
import type { Language } from "./columns.ts";

const spanish = new Set("de la el los las y que en del para con por una un es se al como más sus este esta según año años ventas importe".split(" "));
const english = new Set("the and of to in for with is on that by this from are as be at an it was year sales amount".split(" "));

export function detectLanguage(ir: IRDocument): Language {
  const words = [ir.title ?? "", ...ir.blocks.flatMap(blockTexts)].join(" ").toLowerCase().match(/\p{L}+/gu) ?? [];
  let es = 0;
  let en = 0;
  for (const w of words) {
    if (spanish.has(w)) es++;
    if (english.has(w)) en++;
  }
  // One stray word ("y" as a column name) does not make a document Spanish.
  return es >= 2 && es > en ? "es" : "en";
}

function blockTexts(block: Block): string[] {
  switch (block.type) {
    case "heading":
    case "paragraph":
      return [plainText(block.inlines)];
    case "list":
      return block.items.flatMap((item) => item.blocks.flatMap(blockTexts));
    case "quote":
      return block.blocks.flatMap(blockTexts);
    case "table":
      return [...block.header, ...block.rows].flatMap((row) => row.cells.map((cell) => plainText(cell.inlines)));
    case "chart":
      return [...(block.title ? [block.title] : []), ...blockTexts(block.table)];
    case "image":
      return [block.alt];
    case "math":
      return [block.tex];
    case "code":
    case "pageBreak":
    case "thematicBreak":
    case "comment":
      return [];
  }
}

export interface Labels {
  notes: string;
  table: (n: number) => string;
  assumption: string;
  value: string;
  name: string;
  image: string;
}

export function labels(language: Language): Labels {
  return language === "es"
    ? { notes: "Notas", table: (n) => `Tabla ${n}`, assumption: "Supuesto", value: "Valor", name: "Nombre", image: "Imagen" }
    : { notes: "Notes", table: (n) => `Table ${n}`, assumption: "Assumption", value: "Value", name: "Name", image: "Image" };
}
