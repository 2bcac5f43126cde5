/**
 * List numbering from `word/numbering.xml`: a `w:num` points at an `w:abstractNum` (possibly through a numbering
 * style, `numStyleLink`), whose levels say bullet or number (`numFmt`), the start value and the level text. Counters
 * follow Word: instances of the same abstract list continue each other unless one restarts (`startOverride`);
 * a level restarts when a higher level is used. Markdown can only say `-` or `N.`, so letters and roman numerals
 * become the arabic number of the item.
 */
import type { Styles } from "./styles.ts";
import { child, childrenNamed, valOf, type XEl } from "../../../core/ooxml/xml/tree.ts";

interface Level {
  readonly format: string;
  readonly text: string;
  readonly start: number;
  readonly pStyle: string | undefined;
}

interface Num {
  readonly abstractId: string;
  readonly overrides: ReadonlyMap<number, { start?: number; level?: Level }>;
}

export interface ListItem {
  readonly level: number;
  readonly ordered: boolean;
  readonly number: number;
  /** `[ ]` / `[x]` when the bullet is a ballot box. */
  readonly task?: " " | "x";
}

const levelOf = (lvl: XEl): Level => ({
  format: valOf(lvl, "numFmt") ?? "decimal",
  text: valOf(lvl, "lvlText") ?? "",
  start: Number(valOf(lvl, "start") ?? 1) || 0,
  pStyle: valOf(lvl, "pStyle"),
});

type Abstract = { levels: Map<number, Level>; styleLink: string | undefined };

export class Numbering {
  private readonly nums = new Map<string, Num | null>();
  private readonly abstracts = new Map<string, Abstract | null>();
  private readonly counters = new Map<string, (number | undefined)[]>();

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

  /** Counts the next item of a list and describes it; undefined when the numbering shows nothing. */
  item(numId: string, ilvl: number): ListItem | undefined {
    const num = this.num(numId);
    const abs = this.abstractOf(numId);
    if (!num || !abs) return undefined;
    const level = Math.max(0, Math.min(8, ilvl));
    const override = num.overrides.get(level);
    const def = override?.level ?? abs.levels.get(level);
    const format = def?.format ?? "bullet";
    if (format === "none" && (def?.text ?? "") === "") return undefined;
    const restarts = [...num.overrides.values()].some((o) => o.start !== undefined);
    const key = restarts ? `num:${numId}` : `abs:${abs.id}`;
    let counts = this.counters.get(key);
    if (!counts) {
      counts = [];
      this.counters.set(key, counts);
    }
    const start = override?.start ?? def?.start ?? 1;
    const current = counts[level];
    counts[level] = current === undefined ? start : current + 1;
    for (let i = level + 1; i < counts.length; i++) counts[i] = undefined;
    const ordered = format !== "bullet" && format !== "none";
    const text = def?.text ?? "";
    const task = format === "bullet" ? (/[\u2610\uF0A8\uF06F]/.test(text) ? " " : /[\u2611\u2612\uF0FE\uF078]/.test(text) ? "x" : undefined) : undefined;
    return { level, ordered, number: counts[level]!, ...(task ? { task } : {}) };
  }
}
