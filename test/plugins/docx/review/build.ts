/**
 * Small Word files written by hand for the review tests: the body's XML, and only the parts a test names (styles,
 * numbering, settings, headers, footers, footnotes, comments, fontTable, theme, pictures). Each test's file has
 * exactly the problem it is about. Also: a corpus file with one part changed, a part of a package as text, and a
 * generated report of about ten pages for the timing check.
 */
import { readFileSync } from "node:fs";
import { strToU8, unzipSync, zipSync } from "fflate";
import { corpusPath } from "../../../support/corpus.ts";

export const CORPUS = `${corpusPath("docx")}/`;
export const SCANS = `${corpusPath("scans")}/`;

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const WML = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Every namespace the test bodies use, declared on each story's root. */
export const NS = [
  `xmlns:w="${WML}"`,
  `xmlns:r="${REL}"`,
  `xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"`,
  `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"`,
  `xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`,
  `xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"`,
  `xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"`,
  `xmlns:v="urn:schemas-microsoft-com:vml"`,
].join(" ");

/** A4 portrait with 2.54 cm margins: text 9026 × 13958 twips. */
export const A4 = `<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>`;

export interface DocSpec {
  /** The content of `w:body` (add `A4` for page geometry). */
  readonly body: string;
  /** The content of `w:styles`. */
  readonly styles?: string;
  /** The content of `w:numbering`. */
  readonly numbering?: string;
  /** The content of `w:settings`. */
  readonly settings?: string;
  /** Each header's content (`w:hdr`). */
  readonly headers?: readonly string[];
  /** The content of `w:footnotes` (`w:footnote` elements). */
  readonly footnotes?: string;
  /** The content of `w:comments`. */
  readonly comments?: string;
  /** The content of `w:fonts`. */
  readonly fontTable?: string;
  /** A theme's `a:fontScheme` content (`a:majorFont`, `a:minorFont`). */
  readonly themeFonts?: string;
  /** A PNG for `rIdImg1` (word/media/image1.png). */
  readonly image?: boolean;
}

/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);

export const buildDocx = (spec: DocSpec): Uint8Array => {
  const files: Record<string, Uint8Array> = {};
  const put = (name: string, text: string) => (files[name] = strToU8(text));
  const overrides: string[] = [`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>`];
  const rels: string[] = [];
  let n = 1;
  const add = (type: string, target: string, contentType: string, xml: string) => {
    put(`word/${target}`, xml);
    overrides.push(`<Override PartName="/word/${target}" ContentType="${contentType}"/>`);
    rels.push(`<Relationship Id="rId${n++}" Type="${REL}/${type}" Target="${target}"/>`);
  };
  const ct = (name: string) => `application/vnd.openxmlformats-officedocument.wordprocessingml.${name}+xml`;
  if (spec.styles !== undefined) add("styles", "styles.xml", ct("styles"), `${head}<w:styles ${NS}>${spec.styles}</w:styles>`);
  if (spec.numbering !== undefined) add("numbering", "numbering.xml", ct("numbering"), `${head}<w:numbering ${NS}>${spec.numbering}</w:numbering>`);
  if (spec.settings !== undefined) add("settings", "settings.xml", ct("settings"), `${head}<w:settings ${NS}>${spec.settings}</w:settings>`);
  spec.headers?.forEach((h, i) => add("header", `header${i + 1}.xml`, ct("header"), `${head}<w:hdr ${NS}>${h}</w:hdr>`));
  if (spec.footnotes !== undefined) add("footnotes", "footnotes.xml", ct("footnotes"), `${head}<w:footnotes ${NS}>${spec.footnotes}</w:footnotes>`);
  if (spec.comments !== undefined) add("comments", "comments.xml", ct("comments"), `${head}<w:comments ${NS}>${spec.comments}</w:comments>`);
  if (spec.fontTable !== undefined) add("fontTable", "fontTable.xml", ct("fontTable"), `${head}<w:fonts ${NS}>${spec.fontTable}</w:fonts>`);
  if (spec.themeFonts !== undefined) {
    add(
      "theme",
      "theme/theme1.xml",
      "application/vnd.openxmlformats-officedocument.theme+xml",
      `${head}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="T"><a:themeElements><a:fontScheme name="F">${spec.themeFonts}</a:fontScheme></a:themeElements></a:theme>`,
    );
  }
  if (spec.image) {
    files["word/media/image1.png"] = PNG;
    rels.push(`<Relationship Id="rIdImg1" Type="${REL}/image" Target="media/image1.png"/>`);
  }
  put("word/document.xml", `${head}<w:document ${NS}><w:body>${spec.body}</w:body></w:document>`);
  put("word/_rels/document.xml.rels", `${head}<Relationships xmlns="${PKG_REL}">${rels.join("")}</Relationships>`);
  put("_rels/.rels", `${head}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`);
  put(
    "[Content_Types].xml",
    `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>${overrides.join("")}</Types>`,
  );
  const ordered = ["[Content_Types].xml", ...Object.keys(files).filter((k) => k !== "[Content_Types].xml")];
  return zipSync(Object.fromEntries(ordered.map((k) => [k, files[k]!])));
};

/** A paragraph with plain text (and optional paragraph properties). */
export const p = (text: string, pPr = ""): string =>
  `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ""}${text ? `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>` : ""}</w:p>`;

/** An inline picture of `cx` × `cy` EMU with drawing id `id` (and a description unless `descr` is null). */
export const inlinePicture = (id: number | string, cx: number, cy: number, descr: string | null = "A picture"): string =>
  `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${id}" name="Picture ${id}"${descr === null ? "" : ` descr="${descr}"`}/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="image1.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

/** A one-row table whose grid columns have the given widths (twips), each cell holding `cell i`. */
export const table = (widths: readonly number[], tblPr = ""): string =>
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${tblPr}</w:tblPr><w:tblGrid>${widths.map((w) => `<w:gridCol w:w="${w}"/>`).join("")}</w:tblGrid><w:tr>${widths
    .map((w, i) => `<w:tc><w:tcPr><w:tcW w:w="${w}" w:type="dxa"/></w:tcPr>${p(`cell ${i + 1}`)}</w:tc>`)
    .join("")}</w:tr></w:tbl>`;

export const corpusFile = (name: string, dir = CORPUS): Uint8Array => new Uint8Array(readFileSync(dir + name));

/** One part of a package as text. */
export const partOf = (bytes: Uint8Array, name: string): string | undefined => {
  const data = unzipSync(bytes)[name];
  return data ? Buffer.from(data).toString("utf8") : undefined;
};

/** The package with some parts replaced (text) or removed (null). */
export const withParts = (bytes: Uint8Array, changes: Record<string, string | null>): Uint8Array => {
  const files = unzipSync(bytes);
  for (const [name, text] of Object.entries(changes)) {
    if (text === null) delete files[name];
    else files[name] = strToU8(text);
  }
  return zipSync(files);
};

/**
 * A report of about ten pages, made the way generators make them: headings, 120 paragraphs of prose, bulleted
 * lists, eight tables of twelve rows, six pictures, bookmarks and cross-references, a header and a footnote.
 */
export const tenPageReport = (): Uint8Array => {
  const prose = "The quarterly figures show steady growth across all regions, with the northern office leading on margin and the southern office on volume. ";
  const body: string[] = [];
  const numbering = `<w:abstractNum w:abstractNumId="0">${[0, 1, 2].map((l) => `<w:lvl w:ilvl="${l}"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>`).join("")}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
  for (let s = 1; s <= 12; s++) {
    body.push(`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="${s}" w:name="_Ref${s}"/><w:r><w:t>Section ${s}</w:t></w:r><w:bookmarkEnd w:id="${s}"/></w:p>`);
    for (let i = 0; i < 10; i++) body.push(p(prose.repeat(3)));
    for (let i = 0; i < 4; i++) body.push(p(`Point ${i + 1} of section ${s}`, `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>`));
    if (s % 3 !== 0) body.push(table([3000, 3000, 3026]).replace(/<w:tr>.*<\/w:tr>/, (row) => row.repeat(12)));
    if (s % 2 === 0) body.push(`<w:p>${inlinePicture(s, 3_000_000, 2_000_000)}</w:p>`);
    body.push(`<w:p><w:r><w:t xml:space="preserve">See section </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> REF _Ref${s} \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Section ${s}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>`);
  }
  body.push(A4);
  return buildDocx({
    body: body.join(""),
    styles: `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:rFonts w:ascii="Liberation Sans" w:hAnsi="Liberation Sans"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>`,
    numbering,
    headers: [p("Quarterly report")],
    footnotes: `<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1">${p("Figures are unaudited.")}</w:footnote>`,
    image: true,
  });
};
