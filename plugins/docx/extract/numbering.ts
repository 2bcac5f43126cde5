/**
 * List numbering from `word/numbering.xml`: a `w:num` points at an `w:abstractNum` (possibly through a numbering
 * style, `numStyleLink`), whose levels say bullet or number (`numFmt`), the start value and the level text. Counters
 * follow Word: one set per abstract list, which every `w:num` on it continues; a `w:num` whose level has a
 * `startOverride` sets that level back to the override the first time one of its paragraphs is met (so the
 * paragraphs after it, in either instance, go on from there); a level restarts when a level above it is used
 * (`lvlRestart` can say which, or never). Numbered headings count here too, in the same sets as lists.
 *
 * Each item carries the label Word prints (`lvlText` with each `%n` the counter of level n in its format: `1.2`,
 * `a)`, `Article 3`). A label that is only the item's own arabic number and punctuation (`3.`, `(3)`) is what a
 * Markdown list marker says, so such items stay numbered list items; one in letters or roman numerals (`c)`, `iv.`) is
 * `lettered`: a bullet item with its label as text; a label holding more (`1.2`, `Article 3`) is `printed`, and the
 * caller writes it as text.
 */
import { formatNumber } from "./number-format.ts";
import type { Styles } from "./styles.ts";
import { child, childrenNamed, valOf, type XEl } from "../../../core/ooxml/xml/tree.ts";

interface Level {
  readonly format: string;
  readonly text: string;
  readonly start: number;
  readonly pStyle: string | undefined;
  /** `lvlRestart`: restart after this level (1-based) or a higher one is used; 0 never. */
  readonly restart: number | undefined;
  /** `isLgl`: every number in the label is decimal. */
  readonly legal: boolean;
}

interface Num {
  readonly abstractId: string;
  readonly overrides: ReadonlyMap<number, { start?: number; level?: Level }>;
}

export interface ListItem {
  readonly level: number;
  readonly ordered: boolean;
  readonly number: number;
  /** What Word prints before the text (`1.`, `1.2`, `a)`, `•`); "" when nothing. */
  readonly label: string;
  /** The label says more than a Markdown list marker can (`1.2`, `Article 3`): it must be written as text. */
  readonly printed: boolean;
  /**
   * The label is the item's own number in letters or roman numerals (`a)`, `iv.`): no Markdown marker says that, so
   * the item stays in its list, a bullet with its label as text (`- a) …`), as PDF and OCR lists write theirs.
   */
  readonly lettered: boolean;
  /** `[ ]` / `[x]` when the bullet is a ballot box. */
  readonly task?: " " | "x";
}

const levelOf = (lvl: XEl): Level => {
  const restart = valOf(lvl, "lvlRestart");
  const legal = child(lvl, "isLgl");
  return {
    format: valOf(lvl, "numFmt") ?? "decimal",
    text: valOf(lvl, "lvlText") ?? "",
    start: Number(valOf(lvl, "start") ?? 1) || 0,
    pStyle: valOf(lvl, "pStyle"),
    restart: restart === undefined ? undefined : Number(restart) || 0,
    legal: legal !== undefined && legal.attrs["val"] !== "0" && legal.attrs["val"] !== "false",
  };
};

/** A label that is its own level's number with punctuation around it, which a Markdown marker says. */
const markerOnly = (text: string, level: number): boolean => text.replace(`%${level + 1}`, "").replace(/[\s.()]/g, "") === "" && text.includes(`%${level + 1}`);

type Abstract = { levels: Map<number, Level>; styleLink: string | undefined };

export class Numbering {
  private readonly nums = new Map<string, Num | null>();
  private readonly abstracts = new Map<string, Abstract | null>();
  /** Counters by abstract list, by level. */
  private readonly counters = new Map<string, (number | undefined)[]>();
  /** `numId:level` of the overrides applied already (a `startOverride` counts once, at its first paragraph). */
  private readonly overridden = new Set<string>();

  /** `num` and `abstractNum` elements by id, parsed when first needed (core/ooxml/xml/lazy.ts). */
  constructor(
    private readonly numEls: ReadonlyMap<string, () => XEl | null>,
    private readonly abstractEls: ReadonlyMap<string, () => XEl | null>,
    private readonly styles: Styles,
  ) {}

  private num(id: string): Num | undefined {
    let num = this.nums.get(id);
    if (num === undefined) {
      const n = this.numEls.get(id)?.() ?? null;
      if (n) {
        const overrides = new Map<number, { start?: number; level?: Level }>();
        for (const o of childrenNamed(n, "lvlOverride")) {
          const start = valOf(o, "startOverride");
          const lvl = child(o, "lvl");
          overrides.set(Number(o.attrs["ilvl"] ?? 0), {
            ...(start !== undefined ? { start: Number(start) || 0 } : {}),
            ...(lvl ? { level: levelOf(lvl) } : {}),
          });
        }
        num = { abstractId: valOf(n, "abstractNumId") ?? "", overrides };
      } else num = null;
      this.nums.set(id, num);
    }
    return num ?? undefined;
  }

  private abstract(id: string): Abstract | undefined {
    let abs = this.abstracts.get(id);
    if (abs === undefined) {
      const a = this.abstractEls.get(id)?.() ?? null;
      if (a) {
        const levels = new Map<number, Level>();
        for (const lvl of childrenNamed(a, "lvl")) levels.set(Number(lvl.attrs["ilvl"] ?? 0), levelOf(lvl));
        abs = { levels, styleLink: valOf(a, "numStyleLink") };
      } else abs = null;
      this.abstracts.set(id, abs);
    }
    return abs ?? undefined;
  }

  /** The abstract list behind a num, following numbering-style links. */
  private abstractOf(numId: string, depth = 0): { id: string; levels: Map<number, Level> } | undefined {
    const num = this.num(numId);
    if (!num || depth > 4) return undefined;
    const abs = this.abstract(num.abstractId);
    if (!abs) return undefined;
    if (abs.levels.size === 0 && abs.styleLink !== undefined) {
      const linked = this.styles.numbering(abs.styleLink);
      if (linked) return this.abstractOf(linked.numId, depth + 1);
    }
    return { id: num.abstractId, levels: abs.levels };
  }

  /** The ilvl of a style-numbered paragraph: the level whose `pStyle` is the style, else 0. */
  levelForStyle(numId: string, styleId: string | undefined): number {
    const abs = this.abstractOf(numId);
    if (abs && styleId !== undefined) for (const [ilvl, l] of abs.levels) if (l.pStyle === styleId) return ilvl;
    return 0;
  }

  /** Counts the next item of a list (or numbered heading) and describes it; undefined when the numbering shows nothing. */
  item(numId: string, ilvl: number): ListItem | undefined {
    const num = this.num(numId);
    const abs = this.abstractOf(numId);
    if (!num || !abs) return undefined;
    const level = Math.max(0, Math.min(8, ilvl));
    const defOf = (l: number) => num.overrides.get(l)?.level ?? abs.levels.get(l);
    const def = defOf(level);
    const format = def?.format ?? "bullet";
    if (format === "none" && (def?.text ?? "") === "") return undefined;
    let counts = this.counters.get(abs.id);
    if (!counts) {
      counts = [];
      this.counters.set(abs.id, counts);
    }
    const start = def?.start ?? 1;
    const override = num.overrides.get(level)?.start;
    const first = `${numId}:${level}`;
    if (override !== undefined && !this.overridden.has(first)) {
      this.overridden.add(first);
      counts[level] = override - 1;
    }
    const current = counts[level];
    counts[level] = current === undefined ? start : current + 1;
    for (let i = level + 1; i < counts.length; i++) {
      const restart = defOf(i)?.restart;
      if (restart === undefined || (restart !== 0 && level <= restart - 1)) counts[i] = undefined;
    }
    const ordered = format !== "bullet" && format !== "none";
    const text = def?.text ?? "";
    const label = format === "bullet" ? text : text.replace(/%([1-9])/g, (_, n: string) => {
      const l = Number(n) - 1;
      const other = defOf(l);
      const value = counts![l] ?? other?.start ?? 1;
      return formatNumber(value, def?.legal ? "decimal" : (other?.format ?? "decimal"));
    });
    const task = format === "bullet" ? (/[\u2610\uF0A8\uF06F]/.test(text) ? " " : /[\u2611\u2612\uF0FE\uF078]/.test(text) ? "x" : undefined) : undefined;
    const printed = ordered ? !markerOnly(text, level) : format === "none" && label.trim() !== "";
    const lettered = ordered && !printed && !/^decimal(?:Zero)?$/.test(format);
    return { level, ordered, number: counts[level]!, label: label.trim(), printed, lettered, ...(task ? { task } : {}) };
  }
}
