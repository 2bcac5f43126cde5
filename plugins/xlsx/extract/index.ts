/**
 * Reading an Excel workbook (xlsx) into the IR (interface, Extraction): one section per sheet in tab order (a
 * level-2 heading that is the sheet's name, `## Budget`, as MarkItDown writes it; its source the sheet's entry in the
 * workbook part), the cells as a table (`sheet-table.ts`), then the charts, pictures and text boxes drawn over the
 * sheet; a chart sheet shows its chart's title and data. Cell comments (threaded ones with their replies, and notes)
 * are kept as Word comments are: `[^cN]` in the cell, the definition at the end (`comments.ts`). A hidden sheet says so in a comment block under its heading
 * (`<!-- hidden sheet -->`), not in the heading, so the heading is always the name a formula or a reader would use.
 * With `ctx.ocr`, the text inside pictures is read as in Word files (core/extract/picture-ocr.ts) and written right
 * after the picture, so after the sheet's table: a table cannot hold it at the picture's anchor cell, and the anchor
 * is where the picture floats, not a cell it belongs to. `pages` is the number of sheets. Macros are refused; a
 * sheet that cannot be read is said in a comment block in its section and in a diagnostic, and a workbook none of
 * whose sheets can be read is refused as unreadable. Legacy `.xls` files are converted and read here too
 * (plugins/legacy).
 */
import { diagnostic, type Diagnostic } from "../../../core/diagnostics.ts";
import { PicturesInBlocks, type Report } from "../../../core/extract/picture-ocr.ts";
import { assignIds } from "../../../core/ir/ids.ts";
import type { Block } from "../../../core/ir/types.ts";
import { openPackage, PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { ExtractRefused, type Extract } from "../../../core/contracts/extract.ts";
import { Comments, readPersons } from "./comments.ts";
import { drawingBlocks } from "./drawing.ts";
import { refuseMacros } from "../../../core/ooxml/macros.ts";
import { holdsPart, relsOf } from "../../../core/ooxml/rels.ts";
import { readPictures } from "../../picture-ocr.ts";
import { sheetBlocks, sheetNote } from "./sheet-table.ts";
import { readSharedStrings } from "./strings.ts";
import { readFormats } from "./styles.ts";
import { readWorkbook, workbookPartOf, type SheetEntry } from "./workbook.ts";
import { readWorksheet, type CellContext } from "./worksheet.ts";
import { sourceOf } from "../../../core/ooxml/ir.ts";
import { kids, readPart, relAttr } from "../../../core/ooxml/xml/query.ts";

/** Thrown for a sheet whose part is missing: said in its section like a damaged one. */
class SheetMissing extends Error {}

const sheetBody = (pkg: Package, sheet: SheetEntry, ctx: CellContext, diagnostics: Diagnostic[], pictures: PicturesInBlocks | null, comments: Comments): Block[] => {
  const location = { sheet: sheet.name };
  if (!sheet.part || !holdsPart(pkg, sheet.part)) throw new SheetMissing("its part is missing from the file");
  if (sheet.kind === "chartsheet") {
    const root = readPart(pkg, sheet.part);
    const rels = relsOf(pkg, sheet.part);
    const drawings = kids(root ?? undefined, "drawing").flatMap((d) => {
      const rel = rels.get(relAttr(d, "id") ?? "");
      return rel && !rel.external ? drawingBlocks(pkg, rel.target, diagnostics, pictures) : [];
    });
    return drawings.length > 0 ? drawings : [sheetNote("a chart sheet with no chart", root ? sourceOf(root) : null)];
  }
  const cells = readWorksheet(pkg, sheet.part, ctx);
  if (!cells) return [sheetNote("empty sheet", null)];
  if (cells.uncalculated.length > 0) {
    const listed = cells.uncalculated.slice(0, 20).join(", ") + (cells.uncalculated.length > 20 ? ", …" : "");
    diagnostics.push({
      code: "extract.formula_not_calculated",
      severity: "warning",
      category: "extract",
      message: `Sheet "${sheet.name}" has ${cells.uncalculated.length} formula(s) never calculated (${listed}); their formulas are shown instead of values.`,
      location: { sheet: sheet.name, cells: cells.uncalculated.slice(0, 100) },
    });
  }
  if (cells.missingStrings > 0) {
    diagnostics.push({
      code: "extract.string_missing",
      severity: "warning",
      category: "extract",
      message: `Sheet "${sheet.name}" refers to ${cells.missingStrings} shared string(s) the file does not hold; those cells are shown empty.`,
      location,
    });
  }
  try {
    comments.addSheet(sheet.part, cells.rows);
  } catch (error) {
    // Damaged comments cost the comments, not the sheet; hostile content still refuses the file.
    if (!(error instanceof PackageRefused) || error.reason === "zip_bomb" || error.reason === "xml_dtd") throw error;
    diagnostics.push({ code: "extract.comments_unreadable", severity: "warning", category: "extract", message: `The comments of sheet "${sheet.name}" could not be read: ${error.message}`, location });
  }
  const drawn = cells.drawings.flatMap((part) => drawingBlocks(pkg, part, diagnostics, pictures));
  return [...sheetBlocks(cells.rows, sheet.name, diagnostics, cells.source, cells.rowsNotRead), ...drawn];
};

export const extractXlsx: Extract = async (bytes, ctx) => {
  const pkg = openPackage(bytes);
  refuseMacros(pkg);
  const diagnostics: Diagnostic[] = [];
  const workbook = readWorkbook(pkg);
  const cellContext: CellContext = {
    strings: readSharedStrings(pkg, workbookPartOf(workbook, "sharedStrings"), diagnostics),
    formatOf: readFormats(pkg, workbookPartOf(workbook, "styles"), diagnostics),
    date1904: workbook.date1904,
  };
  const report: Report = (code, severity, message) => diagnostics.push(diagnostic(code, severity, "extract", message));
  const pictures = ctx.ocr ? new PicturesInBlocks(pkg, report) : null;
  const comments = new Comments(pkg, readPersons(pkg, workbook));
  let blocks: Block[] = [];
  let unreadable = 0;
  for (const sheet of workbook.sheets) {
    ctx.signal?.throwIfAborted();
    let body: Block[];
    try {
      body = sheetBody(pkg, sheet, cellContext, diagnostics, pictures, comments);
    } catch (error) {
      const damaged = error instanceof PackageRefused && error.reason !== "zip_bomb" && error.reason !== "xml_dtd";
      if (!damaged && !(error instanceof SheetMissing)) throw error;
      unreadable++;
      diagnostics.push({ code: "extract.sheet_unreadable", severity: "error", category: "extract", message: `Sheet "${sheet.name}" could not be read: ${error.message}`, location: { sheet: sheet.name } });
      body = [sheetNote(`this sheet could not be read: ${error.message}`, sheet.source)];
    }
    blocks.push({ type: "heading", id: "", source: sheet.source, level: 2, inlines: [{ type: "text", id: "", text: sheet.name, marks: [] }] });
    if (sheet.hidden) blocks.push(sheetNote("hidden sheet", sheet.source));
    blocks.push(...body);
  }
  if (workbook.sheets.length > 0 && unreadable === workbook.sheets.length) {
    throw new ExtractRefused(`The workbook could not be read: ${diagnostics.find((d) => d.code === "extract.sheet_unreadable")!.message}`, "unreadable");
  }
  if (pictures) {
    await readPictures(pictures.jobs, ctx, report);
    blocks = pictures.place(blocks);
  }
  return { ir: assignIds({ id: "doc", blocks, footnotes: comments.footnotes }), pages: workbook.sheets.length, diagnostics };
};
