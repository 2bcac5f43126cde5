/**
 * Speaker notes of a slide (its `notesSlide` relationship): the text of the notes body placeholder, written after
 * the slide as a block quote opening with `Notes:` — the same form Quire's own Markdown uses for notes, so a deck
 * read back and rendered again keeps them.
 */
import type { Package } from "../../../core/ooxml/package.ts";
import { prefixLines } from "../../xlsx/extract/markdown.ts";
import { relsOf, relsOfType } from "../../xlsx/extract/rels.ts";
import { descendants, path, readPart } from "../../xlsx/extract/xml.ts";
import { placeholderOf } from "./placeholders.ts";
import { textBlocks } from "./text.ts";

export const notesMarkdown = (pkg: Package, slidePart: string): string => {
  const rel = relsOfType(relsOf(pkg, slidePart), "notesSlide").find((r) => !r.external);
  if (!rel) return "";
  const root = readPart(pkg, rel.target);
  const tree = path(root ?? undefined, "cSld", "spTree");
  if (!tree) return "";
  const rels = relsOf(pkg, rel.target);
  const blocks = descendants(tree, "sp")
    .filter((sp) => placeholderOf(sp)?.type === "body")
    .flatMap((sp) => textBlocks(path(sp, "txBody"), { rels, listStyles: [] }));
  if (blocks.length === 0) return "";
  const [first, ...rest] = blocks;
  // A list cannot start on the `Notes:` line.
  const opening = /^(- |\d+\. )/.test(first!) ? `Notes:\n\n${first}` : `Notes: ${first}`;
  return prefixLines([opening, ...rest].join("\n\n"), "> ");
};
