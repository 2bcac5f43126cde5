/**
 * Small workbooks written by hand for the review tests: each sheet's `sheetData` rows (and anything after them),
 * the workbook's views, defined names and calcPr, a shared string table, a styles part, a calcChain, extra parts.
 * Only what a test states is in the file, so each test's workbook has exactly the problem it is about.
 */
import { strToU8, unzipSync, zipSync } from "fflate";

export interface SheetSpec {
  readonly name: string;
  /** The rows: the content of `sheetData`. */
  readonly data?: string;
  /** Elements after `sheetData` (mergeCells, ignoredErrors…). */
  readonly after?: string;
  /** Elements before `sheetData` (dimension, sheetViews…). */
  readonly before?: string;
  readonly sheetId?: string | null;
  readonly state?: string;
}

export interface BookSpec {
  readonly sheets: readonly SheetSpec[];
  readonly strings?: readonly string[];
  /** Inside `<workbook>` before `<sheets>` (bookViews). */
  readonly views?: string;
  /** Inside `<workbook>` after `<sheets>` (definedNames, calcPr). */
  readonly after?: string;
  /** The content of `cellXfs` and anything before it in styles.xml (`numFmts`). */
  readonly styles?: { numFmts?: string; cellXfs: string };
  /** The `c` entries of xl/calcChain.xml. */
  readonly calcChain?: string;
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const xmlEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const buildXlsx = (spec: BookSpec): Uint8Array => {
  const files: Record<string, string> = {};
  const overrides: string[] = [
    `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`,
  ];
  const rels: string[] = [];
  const sheets = spec.sheets.map((sheet, i) => {
    const part = `worksheets/sheet${i + 1}.xml`;
    files[`xl/${part}`] = `${head}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${sheet.before ?? ""}<sheetData>${sheet.data ?? ""}</sheetData>${sheet.after ?? ""}</worksheet>`;
    overrides.push(`<Override PartName="/xl/${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`);
    rels.push(`<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${part}"/>`);
    const id = sheet.sheetId === null ? "" : ` sheetId="${sheet.sheetId ?? i + 1}"`;
    const state = sheet.state ? ` state="${sheet.state}"` : "";
    return `<sheet name="${xmlEscape(sheet.name)}"${id}${state} r:id="rId${i + 1}"/>`;
  });
  let next = spec.sheets.length + 1;
  if (spec.strings) {
    files["xl/sharedStrings.xml"] = `${head}<sst xmlns="${MAIN}" count="${spec.strings.length}" uniqueCount="${spec.strings.length}">${spec.strings.map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`).join("")}</sst>`;
    overrides.push(`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`);
    rels.push(`<Relationship Id="rId${next++}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  }
  if (spec.styles) {
    files["xl/styles.xml"] = `${head}<styleSheet xmlns="${MAIN}">${spec.styles.numFmts ?? ""}<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs>${spec.styles.cellXfs}</cellXfs></styleSheet>`;
    overrides.push(`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`);
    rels.push(`<Relationship Id="rId${next++}" Type="${REL}/styles" Target="styles.xml"/>`);
  }
  if (spec.calcChain !== undefined) {
    files["xl/calcChain.xml"] = `${head}<calcChain xmlns="${MAIN}">${spec.calcChain}</calcChain>`;
    overrides.push(`<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/>`);
    rels.push(`<Relationship Id="rId${next++}" Type="${REL}/calcChain" Target="calcChain.xml"/>`);
  }
  files["xl/workbook.xml"] = `${head}<workbook xmlns="${MAIN}" xmlns:r="${REL}">${spec.views ?? ""}<sheets>${sheets.join("")}</sheets>${spec.after ?? ""}</workbook>`;
  files["xl/_rels/workbook.xml.rels"] = `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`;
  files["_rels/.rels"] = `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  files["[Content_Types].xml"] = `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join("")}</Types>`;
  const ordered = ["[Content_Types].xml", ...Object.keys(files).filter((n) => n !== "[Content_Types].xml")];
  return zipSync(Object.fromEntries(ordered.map((name) => [name, strToU8(files[name]!)])));
};

/** One part of a package as text. */
export const partOf = (bytes: Uint8Array, name: string): string | undefined => {
  const data = unzipSync(bytes)[name];
  return data === undefined ? undefined : Buffer.from(data).toString("utf8");
};

/** The package with one part's text changed (or removed, with null). */
export const withPart = (bytes: Uint8Array, name: string, text: string | null | ((old: string) => string)): Uint8Array => {
  const files = unzipSync(bytes);
  if (text === null) delete files[name];
  else files[name] = strToU8(typeof text === "function" ? text(Buffer.from(files[name]!).toString("utf8")) : text);
  return zipSync(files);
};

/** A cell: number `n`, formula `f` with cached value `v`, string index `s`, inline string `is`. */
export const c = (ref: string, cell: { n?: number | string; f?: string; v?: string; t?: string; s?: number; is?: string; style?: number }): string => {
  const style = cell.style === undefined ? "" : ` s="${cell.style}"`;
  if (cell.is !== undefined) return `<c r="${ref}"${style} t="inlineStr"><is><t>${xmlEscape(cell.is)}</t></is></c>`;
  if (cell.s !== undefined) return `<c r="${ref}"${style} t="s"><v>${cell.s}</v></c>`;
  const type = cell.t ? ` t="${cell.t}"` : "";
  const f = cell.f === undefined ? "" : `<f>${xmlEscape(cell.f)}</f>`;
  const v = cell.v !== undefined ? `<v>${xmlEscape(cell.v)}</v>` : cell.n !== undefined ? `<v>${cell.n}</v>` : "";
  return `<c r="${ref}"${style}${type}>${f}${v}</c>`;
};

export const row = (r: number, ...cells: string[]): string => `<row r="${r}">${cells.join("")}</row>`;
