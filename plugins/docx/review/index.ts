/**
 * The Word reviewer (core/contracts/review.ts): `inspectDocx` reads a .docx once into offset trees (parts.ts, xml.ts),
 * returns its text as the content proof (content.ts) and what Word, LibreOffice and readers trip on, each with a
 * stable code; `repairDocx` applies one named `docx.*` fix to every instance of its problem by splicing exactly the
 * bytes concerned, and writes the package back with only the edited parts changed.
 *
 * Package-level problems (zip, content types, relationships, characters XML forbids, parts that are not
 * well-formed) are core/ooxml/review's; sanitizing is the sanitizer's. A main document that is not well-formed
 * yields no findings here (the package check reports it) and an empty content.
 */
import type { Finding, Inspect, RepairFix } from "../../../core/contracts/review.ts";
import { writePackage } from "../../../core/ooxml/write.ts";
import { checkBookmarks, fixBookmarks, FIX as BOOKMARKS } from "./bookmarks.ts";
import { documentContent } from "./content.ts";
import { checkDrawings, fixDrawings, FIX as DRAWING_IDS } from "./drawings.ts";
import { splice } from "../../../core/ooxml/splice.ts";
import type { Edit } from "./edit.ts";
import { checkFields, fixFields, scanFields, FIX as FIELDS } from "./fields.ts";
import { checkFonts } from "./fonts.ts";
import { checkHeadings, fixHeadings, FIX as HEADINGS } from "./headings.ts";
import { checkImages, fixImages, FIX as IMAGES } from "./images.ts";
import { Model } from "./model.ts";
import { checkNotes } from "./notes.ts";
import { checkNumbering, fixNumbering, FIX as NUMBERING } from "./numbering.ts";
import { checkNumberingOrder, fixNumberingOrder, FIX as NUMBERING_ORDER } from "./numbering-order.ts";
import { checkPage } from "./page.ts";
import { checkRevisions, fixRevisions, FIX as COMMENT_ANCHORS } from "./revisions.ts";
import { checkStructure, fixEmptyTables, fixParagraphs, PARAGRAPHS_FIX, TABLES_FIX } from "./structure.ts";
import { checkTables, fixTables, FIX as TABLES } from "./tables.ts";
import { XmlDamaged } from "../../../core/ooxml/xml/tree.ts";

/** Every repair by name: each returns the edits that remove every instance of its problem. */
const FIXES: Readonly<Record<string, (model: Model) => Edit[]>> = {
  [PARAGRAPHS_FIX]: fixParagraphs,
  [TABLES_FIX]: fixEmptyTables,
  [DRAWING_IDS]: fixDrawings,
  [FIELDS]: fixFields,
  [BOOKMARKS]: fixBookmarks,
  [COMMENT_ANCHORS]: fixRevisions,
  [NUMBERING]: fixNumbering,
  [NUMBERING_ORDER]: fixNumberingOrder,
  [HEADINGS]: fixHeadings,
  [TABLES]: fixTables,
  [IMAGES]: fixImages,
};

export const DOCX_FIXES: readonly string[] = Object.keys(FIXES);

const open = (bytes: Uint8Array): Model | null => {
  try {
    return Model.open(bytes);
  } catch (error) {
    if (error instanceof XmlDamaged) return null;
    throw error;
  }
};

export const inspectDocx: Inspect = async (bytes, ctx) => {
  ctx.signal?.throwIfAborted();
  const model = open(bytes);
  if (!model) return { findings: [], content: [] };
  const content = documentContent(model.stories);
  const fields = scanFields(model);
  const findings: Finding[] = [
    ...checkStructure(model),
    ...checkDrawings(model),
    ...checkFields(model, fields),
    ...checkBookmarks(model, fields),
    ...checkNotes(model),
    ...checkNumbering(model),
    ...checkNumberingOrder(model),
    ...checkHeadings(model),
    ...checkTables(model),
    ...checkImages(model),
    ...checkPage(model),
    ...checkRevisions(model),
    ...checkFonts(model, ctx, content.join("\n")),
  ];
  return { findings, content };
};

const BOM = [0xef, 0xbb, 0xbf];

export const repairDocx: RepairFix = async (bytes, fix, ctx) => {
  ctx.signal?.throwIfAborted();
  const plan = FIXES[fix];
  if (!plan) throw new Error(`unknown Word repair "${fix}"`);
  const model = open(bytes);
  if (!model) return bytes;
  const edits = plan(model);
  if (edits.length === 0) return bytes;
  const byPart = new Map<string, Edit[]>();
  for (const e of edits) {
    const list = byPart.get(e.part);
    if (list) list.push(e);
    else byPart.set(e.part, [e]);
  }
  const changes = new Map<string, Uint8Array>();
  const encoder = new TextEncoder();
  for (const [name, list] of byPart) {
    const part = model.docx.part(name);
    const entry = model.docx.entryName(name);
    if (!part || entry === undefined) continue;
    const stored = model.docx.pkg.bytes(entry);
    const bom = stored !== null && BOM.every((b, i) => stored[i] === b) ? "\uFEFF" : "";
    changes.set(entry, encoder.encode(bom + splice(part.xml, list)));
  }
  return writePackage(model.docx.pkg, changes);
};
