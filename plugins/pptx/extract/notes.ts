/**
 * Speaker notes of a slide (its `notesSlide` relationship): the text of the notes body placeholder, as a quote
 * opening with `Notes:` — the same form Quire's own Markdown uses for notes, so a deck read back and rendered again
 * keeps them. The quote's source is the notes part's root; its blocks have their paragraphs'.
 */
import type { Block, QuoteBlock } from "../../../core/ir/types.ts";
import { sourceOf } from "../../../core/ooxml/ir.ts";
import type { Package } from "../../../core/ooxml/package.ts";
import { relsOf, relsOfType } from "../../../core/ooxml/rels.ts";
import { descendants, path, readPart } from "../../../core/ooxml/xml/query.ts";
import { placeholderOf } from "./placeholders.ts";
import { textBlocks } from "./text.ts";

export const notesBlock = (pkg: Package, slidePart: string): QuoteBlock | null => {
  const rel = relsOfType(relsOf(pkg, slidePart), "notesSlide").find((r) => !r.external);
  if (!rel) return null;
  const root = readPart(pkg, rel.target);
  const tree = path(root ?? undefined, "cSld", "spTree");
  if (!root || !tree) return null;
  const rels = relsOf(pkg, rel.target);
  const blocks = descendants(tree, "sp")
    .filter((sp) => placeholderOf(sp)?.type === "body")
    .flatMap((sp) => textBlocks(path(sp, "txBody"), { rels, listStyles: [] }));
  const [first, ...rest] = blocks;
  if (!first) return null;
  const source = sourceOf(root);
  const label = (text: string) => ({ type: "text" as const, id: "", text, marks: [] });
  // A list cannot start on the `Notes:` line.
  const opening: Block[] =
    first.type === "paragraph" ? [{ ...first, inlines: [label("Notes: "), ...first.inlines] }] : [{ type: "paragraph", id: "", source, inlines: [label("Notes:")] }, first];
  return { type: "quote", id: "", source, blocks: [...opening, ...rest] };
};
