/**
 * What the checks and repairs share about one Word file, each computed once and only when a check asks: the
 * parts (parts.ts), the styles, the body's sections, the elements of every story by local name (one walk of each
 * story, through the markup-compatibility branch Word reads), and the settings that change geometry.
 */
import { Docx, type Part, type Story } from "./parts.ts";
import { sectionsOf, type Section } from "./sections.ts";
import { Styles } from "./styles.ts";
import { descendants, type XEl } from "../../../core/ooxml/xml/tree.ts";

export class Model {
  private stylesCache: Styles | undefined;
  private sectionsCache: Section[] | undefined;
  private readonly index = new Map<Story, Map<string, XEl[]>>();
  private readonly ordered = new Map<Story, XEl[]>();

  constructor(readonly docx: Docx) {}

  static open(bytes: Uint8Array): Model {
    return new Model(Docx.open(bytes));
  }

  get stories(): readonly Story[] {
    return this.docx.stories;
  }

  get styles(): Styles {
    return (this.stylesCache ??= new Styles(this.docx.related("styles")));
  }

  get numbering(): Part | null {
    return this.docx.related("numbering");
  }

  get sections(): Section[] {
    if (!this.sectionsCache) {
      const settings = this.docx.related("settings")?.root;
      const gutterAtTop = settings?.child("gutterAtTop") !== undefined && settings.child("gutterAtTop")?.attrs["val"] !== "0";
      this.sectionsCache = sectionsOf(this.docx.main.root.child("body"), gutterAtTop);
    }
    return this.sectionsCache;
  }

  /** Word's compatibility mode (15 for Word 2013 and later; 12 when the settings do not say, as for Word 2007). */
  get compatibilityMode(): number {
    const compat = this.docx.related("settings")?.root.child("compat");
    const setting = compat?.childrenNamed("compatSetting").find((c) => c.attrs["name"] === "compatibilityMode");
    const mode = Number(setting?.attrs["val"]);
    return Number.isFinite(mode) && mode > 0 ? mode : 12;
  }

  /** Every element of a story, in document order. */
  nodes(story: Story): readonly XEl[] {
    let list = this.ordered.get(story);
    if (!list) this.ordered.set(story, (list = descendants(story.root)));
    return list;
  }

  /** Every element named `local` in a story, in document order. */
  all(story: Story, local: string): readonly XEl[] {
    let byName = this.index.get(story);
    if (!byName) {
      byName = new Map();
      for (const node of this.nodes(story)) {
        const list = byName.get(node.local);
        if (list) list.push(node);
        else byName.set(node.local, [node]);
      }
      this.index.set(story, byName);
    }
    return byName.get(local) ?? [];
  }

  /** Every element named `local` in every story, with its story. */
  *everywhere(local: string): Generator<[Story, XEl]> {
    for (const story of this.stories) for (const node of this.all(story, local)) yield [story, node];
  }
}
