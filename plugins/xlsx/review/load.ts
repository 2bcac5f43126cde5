/**
 * Reading a workbook for review, each part once: the workbook part, the shared strings, the text styles and every
 * worksheet, from text cleaned of the characters XML forbids. A part that is missing or not well-formed does not
 * stop the review: it is recorded as a problem (and becomes a finding), and the rest is still read.
 */
import { PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { relsOfType } from "../../../core/ooxml/rels.ts";
import { stripInvalidChars } from "../../../core/ooxml/chars.ts";
import { readSheet, type SheetCells } from "./sheet.ts";
import { readSharedStrings, readTextStyles } from "./strings.ts";
import { readWorkbookInfo, workbookPart, type SheetEntry, type WorkbookInfo } from "./workbook.ts";

export interface LoadedSheet {
  readonly entry: SheetEntry;
  /** The cells of a worksheet; null for other sheet kinds and for a worksheet that could not be read. */
  readonly cells: SheetCells | null;
  /** Why a worksheet could not be read. */
  readonly problem?: string;
}

export interface LoadedWorkbook {
  readonly pkg: Package;
  readonly workbook: WorkbookInfo | null;
  /** The workbook part's (cleaned) text, which the workbook's spans point into. */
  readonly workbookXml: string;
  /** Why the workbook part could not be read. */
  readonly problem?: string;
  readonly strings: readonly string[] | null;
  /** The shared string table exists but could not be read (its cells then show nothing). */
  readonly stringsUnreadable: boolean;
  /** Parts other than sheets that could not be read (shared strings, styles), with why. */
  readonly damaged: readonly { part: string; why: string }[];
  /** Per cell style index: the cell is text on purpose (Text format or apostrophe prefix). */
  readonly textStyles: readonly boolean[];
  readonly sheets: readonly LoadedSheet[];
}

/** The part's text without forbidden characters, or null when absent. */
export const partText = (pkg: Package, part: string): string | null => {
  const text = pkg.text(part);
  return text === null ? null : stripInvalidChars(text);
};

const damage = (error: unknown): string => {
  if (error instanceof PackageRefused && (error.reason === "xml_invalid" || error.reason === "truncated")) return error.message;
  throw error;
};

export const loadWorkbook = (pkg: Package): LoadedWorkbook => {
  const part = workbookPart(pkg);
  const xml = partText(pkg, part);
  const damaged: { part: string; why: string }[] = [];
  const empty = { pkg, strings: null, stringsUnreadable: false, damaged, textStyles: [], sheets: [], workbookXml: xml ?? "" };
  if (xml === null) return { ...empty, workbook: null, problem: `its workbook part (${part}) is missing` };
  let workbook: WorkbookInfo;
  try {
    workbook = readWorkbookInfo(pkg, part, xml);
  } catch (error) {
    return { ...empty, workbook: null, problem: damage(error) };
  }
  const optional = <T>(type: string, read: (text: string, name: string) => T): T | null => {
    const target = relsOfType(workbook.rels, type).find((r) => !r.external)?.target;
    const text = target ? partText(pkg, target) : null;
    if (text === null || !target) return null;
    try {
      return read(text, target);
    } catch (error) {
      damaged.push({ part: target, why: damage(error) });
      return null;
    }
  };
  const strings = optional("sharedStrings", readSharedStrings);
  const stringsUnreadable = damaged.length > 0;
  const textStyles = optional("styles", readTextStyles) ?? [];
  const sheets = workbook.sheets.map((entry): LoadedSheet => {
    if (!entry.part) return { entry, cells: null, problem: "the workbook does not say where its part is" };
    if (entry.kind !== "worksheet") return { entry, cells: null };
    let text: string | null;
    try {
      text = partText(pkg, entry.part);
    } catch (error) {
      return { entry, cells: null, problem: damage(error) };
    }
    if (text === null) return { entry, cells: null, problem: `its part ${entry.part} is missing` };
    try {
      return { entry, cells: readSheet(text, entry.part, strings) };
    } catch (error) {
      return { entry, cells: null, problem: damage(error) };
    }
  });
  return { pkg, workbook, workbookXml: xml, strings, stringsUnreadable, damaged, textStyles, sheets };
};
