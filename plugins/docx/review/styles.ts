/**
 * The styles part as the review needs it: each style by id with its `basedOn` chain (cycles cut), the default
 * paragraph style, and the document defaults. Headings are recognised as Word recognises them for the navigation
 * pane: an outline level (0–8) on the paragraph or inherited from its style chain, or a built-in heading or title
 * style by name (names stay English whatever the language of the ids: `Überschrift1` is named `heading 1`).
 */
import type { Part } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export interface StyleDef {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly basedOn: string | undefined;
  readonly node: XEl;
}

const HEADING_NAME = /^(heading [1-9]|title)$/i;

export class Styles {
  readonly byId = new Map<string, StyleDef>();
  readonly defaults: { paragraph?: string; character?: string; table?: string } = {};
  /** `w:docDefaults`, when present. */
  readonly docDefaults: XEl | undefined;

  constructor(readonly part: Part | null) {
    const root = part?.root;
    this.docDefaults = root?.child("docDefaults");
    for (const s of root?.childrenNamed("style") ?? []) {
      const id = s.attrs["styleId"];
      if (id === undefined || this.byId.has(id)) continue;
      const type = s.attrs["type"] ?? "paragraph";
      this.byId.set(id, { id, type, name: s.valOf("name") ?? "", basedOn: s.valOf("basedOn"), node: s });
      const def = s.attrs["default"];
      if ((def === "1" || def === "true" || def === "on") && (type === "paragraph" || type === "character" || type === "table")) {
        this.defaults[type] ??= id;
      }
    }
  }

  /** The style and the styles it is based on, nearest first. */
  chain(id: string | undefined): StyleDef[] {
    const out: StyleDef[] = [];
    const seen = new Set<string>();
    for (let cur = id; cur !== undefined && !seen.has(cur); ) {
      seen.add(cur);
      const s = this.byId.get(cur);
      if (!s) break;
      out.push(s);
      cur = s.basedOn;
    }
    return out;
  }

  /** The paragraph style a paragraph uses (its `pStyle`, else the default paragraph style). */
  paragraphStyle(pPr: XEl | undefined): string | undefined {
    return pPr?.valOf("pStyle") ?? this.defaults.paragraph;
  }

  /** The outline level (0–9) a paragraph style gives, when its chain sets one. */
  outlineLevel(styleId: string | undefined): number | undefined {
    for (const s of this.chain(styleId)) {
      const v = s.node.child("pPr")?.valOf("outlineLvl");
      if (v !== undefined) return Number(v);
    }
    return undefined;
  }

  /** True when the style is, or is based on, a built-in heading or the title style. */
  isHeadingStyle(styleId: string | undefined): boolean {
    return this.chain(styleId).some((s) => HEADING_NAME.test(s.name) || /^(Heading[1-9]|Title)$/.test(s.id));
  }
}
