/**
 * The workbook part as the review needs it: every sheet entry with its raw attributes (name, sheetId, state) and
 * where its tag is, the defined names, the first workbook view (activeTab, firstSheet), whether iterative
 * calculation is on, and the external references in their `[n]` order. Read with the streaming scanner, from
 * cleaned text for inspection or from the raw text for a repair (offsets then point into what is rewritten).
 */
import { PackageRefused, type Package } from "../../../core/ooxml/package.ts";
import { mainPart, relsOf, type Rels } from "../../../core/ooxml/rels.ts";
import { attributes, walkXml } from "../../../core/ooxml/xml/walk.ts";

export type SheetKind = "worksheet" | "chartsheet" | "dialogsheet" | "other";

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface SheetEntry {
  readonly index: number;
  readonly name: string;
  /** As written (may be missing or not a number). */
  readonly sheetId: string | undefined;
  /** As written: `visible` (or absent), `hidden`, `veryHidden`, or anything else a writer put there. */
  readonly state: string | undefined;
  readonly part: string | null;
  readonly kind: SheetKind;
  /** The `<sheet …/>` start tag. */
  readonly tag: Span;
}

export interface DefinedName {
  readonly name: string;
  /** The sheet index the name is local to (`localSheetId`), or undefined for a workbook-wide name. */
  readonly localSheetId: number | undefined;
  readonly value: string;
  readonly hidden: boolean;
  /** The whole `<definedName>…</definedName>` element. */
  readonly element: Span;
}

export interface WorkbookView {
  readonly activeTab: string | undefined;
  readonly firstSheet: string | undefined;
  /** The `<workbookView …>` start tag. */
  readonly tag: Span;
}

export interface WorkbookInfo {
  readonly part: string;
  readonly rels: Rels;
  readonly sheets: readonly SheetEntry[];
  readonly names: readonly DefinedName[];
  readonly view: WorkbookView | undefined;
  readonly iterate: boolean;
  /** The relationship ids of `externalReferences`, in order: `[1]` in a formula is the first. */
  readonly externalRefs: readonly string[];
}

const KINDS = new Set(["worksheet", "chartsheet", "dialogsheet"]);

/** The relationships of `part`, or none when its `.rels` is damaged (the package review reports that). */
export const safeRels = (pkg: Package, part: string): Rels => {
  try {
    return relsOf(pkg, part);
  } catch (error) {
    if (error instanceof PackageRefused && error.reason === "xml_invalid") return new Map();
    throw error;
  }
};

export const workbookPart = (pkg: Package): string => {
  try {
    return mainPart(pkg, "xl/workbook.xml");
  } catch (error) {
    if (error instanceof PackageRefused && error.reason === "xml_invalid") return "xl/workbook.xml";
    throw error;
  }
};

const flag = (value: string | undefined) => value === "1" || value === "true";

/** Reads the workbook part's text `xml` (throws `PackageRefused` when it is not well-formed). */
export const readWorkbookInfo = (pkg: Package, part: string, xml: string): WorkbookInfo => {
  const rels = safeRels(pkg, part);
  const sheets: SheetEntry[] = [];
  const names: DefinedName[] = [];
  const externalRefs: string[] = [];
  let view: WorkbookView | undefined;
  let iterate = false;
  let name: { attrs: Map<string, string>; start: number; text: string } | null = null;
  walkXml(xml, part, {
    open(tag, raw, start, end) {
      if (tag === "sheet") {
        const a = attributes(raw);
        const rel = rels.get(a.get("id") ?? "");
        const type = rel?.type ?? "";
        sheets.push({
          index: sheets.length,
          name: a.get("name") ?? "",
          sheetId: a.get("sheetId"),
          state: a.get("state"),
          part: rel && !rel.external ? rel.target : null,
          kind: KINDS.has(type) ? (type as SheetKind) : "other",
          tag: { start, end },
        });
      } else if (tag === "definedName") name = { attrs: attributes(raw), start, text: "" };
      else if (tag === "workbookView" && !view) {
        const a = attributes(raw);
        view = { activeTab: a.get("activeTab"), firstSheet: a.get("firstSheet"), tag: { start, end } };
      } else if (tag === "calcPr") iterate = flag(attributes(raw).get("iterate"));
      else if (tag === "externalReference") externalRefs.push(attributes(raw).get("id") ?? "");
    },
    text(text) {
      if (name) name.text += text;
    },
    close(tag, _start, end) {
      if (tag !== "definedName" || !name) return;
      const local = name.attrs.get("localSheetId");
      names.push({
        name: name.attrs.get("name") ?? "",
        localSheetId: local !== undefined && /^\d+$/.test(local) ? Number(local) : undefined,
        value: name.text,
        hidden: flag(name.attrs.get("hidden")),
        element: { start: name.start, end },
      });
      name = null;
    },
  });
  return { part, rels, sheets, names, view, iterate, externalRefs };
};
