/**
 * Word numbering definitions for lists and for contract clauses. Bullets share one definition;
 * each ordered list gets its own numbering instance so it restarts at its `start`, as Markdown
 * means ("1." after a paragraph is a new list). Definitions are created as the mapping meets
 * them and handed to the Document afterwards.
 */
import { AlignmentType, LevelFormat, LevelSuffix } from "docx";
import type { ILevelsOptions, NumberingDefinition } from "docx";
import type { IRDocument } from "../../core/ir/types.ts";
import { visitBlocks } from "../../core/ir/visit.ts";
import { plainText } from "../../core/ir/text.ts";
import { namesItsClause } from "./clause-names.ts";

export const maxListLevel = 8;
const bulletRef = "quire-bullet";
const clausesRef = "quire-clauses";

/** Left indent of list level `level` (0-based), in twips; continuation paragraphs align to it. */
export const listIndent = (level: number): number => 720 * (level + 1);
const hanging = 360;

const bulletGlyphs = ["•", "◦", "▪"];
const orderedFormats = [
  { format: LevelFormat.DECIMAL, suffix: "." },
  { format: LevelFormat.LOWER_LETTER, suffix: "." },
  { format: LevelFormat.LOWER_ROMAN, suffix: "." },
];

function levels(make: (level: number) => Omit<ILevelsOptions, "level">): ILevelsOptions[] {
  return Array.from({ length: maxListLevel + 1 }, (_, level) => ({ level, ...make(level) }));
}

export class Numbering {
  readonly definitions = new Map<string, NumberingDefinition>();
  private nextInstance = 1;

  bullet(level: number) {
    this.define(bulletRef, () =>
      levels((level) => ({
        format: LevelFormat.BULLET,
        text: bulletGlyphs[level % bulletGlyphs.length]!,
        alignment: AlignmentType.LEFT,
        style: { paragraph: { indent: { left: listIndent(level), hanging } } },
      })),
    );
    return { reference: bulletRef, level: Math.min(level, maxListLevel) };
  }

  /** A new ordered list: call once per list, then `ordered(list, level)` for each item. */
  startOrdered(start: number): { reference: string; instance: number } {
    const reference = `quire-ordered-${start}`;
    this.define(reference, () =>
      levels((level) => {
        const { format, suffix } = orderedFormats[level % orderedFormats.length]!;
        return {
          format,
          text: `%${level + 1}${suffix}`,
          start,
          alignment: AlignmentType.LEFT,
          style: { paragraph: { indent: { left: listIndent(level), hanging } } },
        };
      }),
    );
    return { reference, instance: this.nextInstance++ };
  }

  /** Contract clause numbers on headings: 1. / 1.1. / 1.1.1. */
  clause(level: number) {
    this.define(clausesRef, () =>
      levels((level) => ({
        format: LevelFormat.DECIMAL,
        text: Array.from({ length: level + 1 }, (_, i) => `%${i + 1}`).join(".") + ".",
        alignment: AlignmentType.LEFT,
        suffix: LevelSuffix.SPACE,
        isLegalNumberingStyle: true,
        style: { paragraph: { indent: { left: 0, hanging: 0 } } },
      })),
    );
    return { reference: clausesRef, level: Math.min(level, maxListLevel) };
  }

  private define(reference: string, make: () => ILevelsOptions[]): void {
    if (!this.definitions.has(reference)) this.definitions.set(reference, { reference, levels: make() });
  }
}

/**
 * Whether to number a contract's headings as clauses: yes, unless the author already named or numbered
 * them by hand ("1. Objeto", "Cláusula primera", "Primera. Objeto"), where Word numbers would double up. Then no
 * heading is numbered, not even the ones above the clauses ("Cláusulas", "Reunidos"): the document stays as its
 * author numbered it.
 */
export function wantsClauseNumbers(ir: IRDocument): boolean {
  const headings: string[] = [];
  visitBlocks(ir.blocks, (block) => {
    if (block.type === "heading") headings.push(plainText(block.inlines));
    else if (block.type === "list") return "skip";
  });
  return headings.length > 0 && !headings.some(namesItsClause);
}
