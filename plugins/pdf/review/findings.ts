/**
 * The review's findings about a PDF, worded for the report: each check's facts (pages.ts, fonts.ts, document.ts,
 * actions.ts) become at most one finding per code, listing every page or name it concerns, so one repair removes
 * the finding whole and the repair loop can count it gone.
 *
 * Severity follows the report's rule: `error` where readers fail or show the file wrong, `warning` where a reader
 * sees something worth a look, `info` where it is only worth knowing.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import type { ActiveSite } from "./actions.ts";
import { describeSite } from "./actions.ts";
import type { DocumentFacts } from "./document.ts";
import type { MissingFont } from "./fonts.ts";
import { pagesWord } from "./objects.ts";
import { SCAN_MAX_CHARS, SCAN_MIN_COVER, type PageSurvey } from "./pages.ts";

export const REBUILD_XREF = "pdf.rebuild_xref";

/** Fonts named in a message at most; the rest are counted. */
const MAX_NAMED = 10;

/** Pages whose short or long side differs from the usual page's by more than this share are of another size. */
const SIZE_TOLERANCE = 0.2;

const finding = (code: string, severity: Finding["severity"], category: string, message: string, pages?: number[], fix?: string): Finding => ({
  code,
  severity,
  category,
  message,
  ...(pages && pages.length > 0 ? { location: { pages } } : {}),
  fixable: fix !== undefined,
  ...(fix === undefined ? {} : { fix }),
});

/** `Page 2`, `Pages 1 and 3`: a page list that starts a sentence. */
const PagesWord = (pages: readonly number[]) => `P${pagesWord(pages).slice(1)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (items: readonly string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

export const unreadableFinding = (): Finding =>
  finding("pdf.unreadable", "error", "structural", "The file cannot be opened as a PDF: it is damaged beyond repair or is not a PDF.");

export const noPagesFinding = (): Finding =>
  finding("pdf.no_pages", "error", "structural", "No page of the PDF can be read: its page tree is missing or broken, so readers show nothing or refuse the file.");

export const xrefFinding = (repairable: boolean): Finding =>
  finding(
    "pdf.xref_damaged",
    "error",
    "structural",
    `The PDF's cross-reference table (the index of its objects) is damaged. Some readers rebuild it silently, others refuse the file or show pages wrong.${
      repairable ? " Writing the file anew with a fresh table repairs it." : " Pages are missing, so it is not rewritten."
    }`,
    undefined,
    repairable ? REBUILD_XREF : undefined,
  );

/** Acrobat, mupdf and poppler look for the header this far into the file; stricter readers only at its start. */
const HEADER_WINDOW = 1024;

/**
 * The `%PDF-1.x` header: missing, or preceded by bytes (a mail or HTTP header saved with the file). Offsets in the
 * cross-reference table count from the file's first byte, so readers that do not look for the header elsewhere
 * find every object in the wrong place.
 */
export const headerFinding = (bytes: Uint8Array, repairable: boolean): Finding[] => {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, HEADER_WINDOW));
  const at = head.indexOf("%PDF-");
  if (at === 0) return [];
  const fix = repairable ? REBUILD_XREF : undefined;
  const repair = repairable ? " Writing the file anew puts the header first." : "";
  if (at > 0) {
    return [finding("pdf.header_misplaced", "warning", "structural", `${plural(at, "byte")} ${at === 1 ? "comes" : "come"} before the PDF header: most readers skip them, strict ones (and PDF/A checkers) refuse the file.${repair}`, undefined, fix)];
  }
  return [finding("pdf.header_damaged", "error", "structural", `The file does not start with a PDF header (%PDF-1.x): readers and upload checks may not recognise it as a PDF.${repair}`, undefined, fix)];
};

export const pageFindings = (surveys: readonly PageSurvey[]): Finding[] => {
  const out: Finding[] = [];
  const unreadable = surveys.filter((s) => s.unreadable !== undefined).map((s) => s.page);
  if (unreadable.length > 0) {
    out.push(finding("pdf.page_unreadable", "error", "structural", `${PagesWord(unreadable)} cannot be read: ${unreadable.length === 1 ? "the page is" : "the pages are"} missing from the file or damaged, so readers show ${unreadable.length === 1 ? "it" : "them"} blank or stop there.`, unreadable));
  }
  const readable = surveys.filter((s) => s.unreadable === undefined);
  const broken = readable.filter((s) => s.errors.length > 0);
  if (broken.length > 0) {
    const pages = broken.map((s) => s.page);
    const examples = [...new Set(broken.flatMap((s) => s.errors))].slice(0, 3).map((e) => `"${e}"`);
    out.push(
      finding(
        "pdf.page_content_errors",
        "warning",
        "structural",
        `${PagesWord(pages)} ${pages.length === 1 ? "has" : "have"} errors in ${pages.length === 1 ? "its" : "their"} content (${list(examples)}): parts may be missing or drawn differently from one reader to another.`,
        pages,
      ),
    );
  }
  const scanned = readable.filter((s) => s.chars < SCAN_MAX_CHARS && s.pictureCover >= SCAN_MIN_COVER).map((s) => s.page);
  if (scanned.length > 0) {
    const which = scanned.length === readable.length ? (readable.length === 1 ? "The page is" : "Every page is") : `${PagesWord(scanned)} ${scanned.length === 1 ? "is" : "are"}`;
    out.push(finding("pdf.scanned_pages", "info", "content", `${which} a scanned picture without a text layer: the text cannot be searched or copied; extraction uses OCR.`, scanned));
  }
  const empty = readable.filter((s) => s.chars === 0 && !s.drawn).map((s) => s.page);
  if (empty.length > 0) {
    out.push(finding("pdf.empty_pages", "info", "layout", `${PagesWord(empty)} ${empty.length === 1 ? "is" : "are"} blank.`, empty));
  }
  const sized = readable.filter((s) => s.width > 0 && s.height > 0);
  if (sized.length > 1) {
    // The usual page: the most frequent size, sides sorted so a landscape page of the same paper counts as equal.
    const key = (s: PageSurvey) => [Math.min(s.width, s.height), Math.max(s.width, s.height)].map(Math.round).join("x");
    const counts = new Map<string, number>();
    for (const s of sized) counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
    const usual = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const [short, long] = usual.split("x").map(Number) as [number, number];
    const off = (a: number, b: number) => Math.abs(a - b) > SIZE_TOLERANCE * b;
    const odd = sized.filter((s) => off(Math.min(s.width, s.height), short) || off(Math.max(s.width, s.height), long)).map((s) => s.page);
    if (odd.length > 0) {
      const mm = (pt: number) => Math.round((pt * 25.4) / 72);
      out.push(
        finding(
          "pdf.mixed_page_sizes",
          "info",
          "layout",
          `${PagesWord(odd)} ${odd.length === 1 ? "has" : "have"} a different size from the other pages (${mm(short)} × ${mm(long)} mm); printing may scale or crop ${odd.length === 1 ? "it" : "them"}.`,
          odd,
        ),
      );
    }
  }
  return out;
};

export const fontFindings = (fonts: readonly MissingFont[]): Finding[] => {
  const out: Finding[] = [];
  const describe = (group: readonly MissingFont[]) => {
    const named = group.slice(0, MAX_NAMED).map((f) => `${f.name} (${pagesWord(f.pages)})`);
    return list(group.length > MAX_NAMED ? [...named, `${group.length - MAX_NAMED} more`] : named);
  };
  const pages = (group: readonly MissingFont[]) => [...new Set(group.flatMap((f) => f.pages))].sort((a, b) => a - b);
  const other = fonts.filter((f) => !f.standard);
  if (other.length > 0) {
    out.push(
      finding(
        "pdf.font_not_embedded",
        "warning",
        "style",
        `${other.length === 1 ? "A font is" : `${plural(other.length, "font")} are`} not embedded: ${describe(other)}. Readers without ${other.length === 1 ? "it" : "them"} show another font, so the text may look different, run longer or lose characters.`,
        pages(other),
      ),
    );
  }
  const standard = fonts.filter((f) => f.standard);
  if (standard.length > 0) {
    out.push(
      finding(
        "pdf.standard_font_not_embedded",
        "info",
        "style",
        `Standard PDF ${standard.length === 1 ? "font" : "fonts"} not embedded: ${describe(standard)}. Every reader has ${standard.length === 1 ? "a close match" : "close matches"}; the exact shapes may differ slightly.`,
        pages(standard),
      ),
    );
  }
  return out;
};

export const activeContentFinding = (sites: readonly ActiveSite[]): Finding[] =>
  sites.length === 0 ? [] : [finding("pdf.active_content", "error", "security", `The PDF still holds actions that run code or send data: ${list(sites.flatMap(describeSite))}.`)];

export const documentFindings = (facts: DocumentFacts): Finding[] => {
  const out: Finding[] = [];
  if (facts.xfa) {
    out.push(
      finding(
        "pdf.xfa_form",
        "warning",
        "structural",
        "The PDF holds an XFA form: only Adobe's readers draw it; browsers, Preview and most other readers show an empty form or a \"please wait\" page.",
      ),
    );
  }
  if (facts.fields > 0) {
    out.push(finding("pdf.form_fields", "info", "content", `The PDF is a form with ${plural(facts.fields, "field")} to fill in.`));
  }
  if (facts.encryption !== null) {
    const what = facts.restricted.length === 0 ? "it opens without a password and restricts nothing" : `it opens without a password but does not allow ${list(facts.restricted)}`;
    out.push(finding("pdf.encrypted", "info", "security", `The PDF is encrypted (${facts.encryption}): ${what}.`));
  }
  if (facts.attachments.length > 0) {
    const names = facts.attachments.map((a) => (a.page === undefined ? `"${a.name}"` : `"${a.name}" (page ${a.page})`));
    const pages = [...new Set(facts.attachments.flatMap((a) => (a.page === undefined ? [] : [a.page])))].sort((a, b) => a - b);
    out.push(finding("pdf.attachments", "info", "security", `The PDF carries ${plural(names.length, "attached file")}: ${list(names)}. Open ${names.length === 1 ? "it" : "them"} only if ${names.length === 1 ? "it is" : "they are"} expected.`, pages));
  }
  return out;
};
