/**
 * The content type a part must be declared with in `[Content_Types].xml`, told by its role: the main part by its
 * folder, other XML parts by the relationship that points at them, media and embedded packages by extension. Used
 * to add the declaration a part lacks (Office refuses a package with an undeclared part) and to spot a part Office
 * would read as plain XML because only the `xml` Default covers it.
 */
const WML = "application/vnd.openxmlformats-officedocument.wordprocessingml.";
const PML = "application/vnd.openxmlformats-officedocument.presentationml.";
const SML = "application/vnd.openxmlformats-officedocument.spreadsheetml.";
const DML = "application/vnd.openxmlformats-officedocument.drawingml.";
const OFFICE = "application/vnd.openxmlformats-officedocument.";

/** Main parts, by the folder the package's `officeDocument` relationship points into. */
const MAIN_BY_FOLDER: Record<string, string> = {
  word: `${WML}document.main+xml`,
  ppt: `${PML}presentation.main+xml`,
  xl: `${SML}sheet.main+xml`,
};

/** Parts whose type depends on the folder they sit in (the same relationship type in Word, PowerPoint and Excel). */
const BY_FOLDER_AND_KIND: Record<string, Record<string, string>> = {
  word: {
    styles: `${WML}styles+xml`,
    comments: `${WML}comments+xml`,
    printerSettings: `${WML}printerSettings`,
  },
  ppt: {
    comments: `${PML}comments+xml`,
  },
  xl: {
    styles: `${SML}styles+xml`,
    comments: `${SML}comments+xml`,
    printerSettings: `${SML}printerSettings`,
  },
};

/** Parts by the last segment of the relationship type that points at them. */
const BY_KIND: Record<string, string> = {
  settings: `${WML}settings+xml`,
  webSettings: `${WML}webSettings+xml`,
  fontTable: `${WML}fontTable+xml`,
  numbering: `${WML}numbering+xml`,
  footnotes: `${WML}footnotes+xml`,
  endnotes: `${WML}endnotes+xml`,
  header: `${WML}header+xml`,
  footer: `${WML}footer+xml`,
  glossaryDocument: `${WML}document.glossary+xml`,
  commentsExtended: `${WML}commentsExtended+xml`,
  commentsIds: `${WML}commentsIds+xml`,
  commentsExtensible: `${WML}commentsExtensible+xml`,
  people: `${WML}people+xml`,
  stylesWithEffects: "application/vnd.ms-word.stylesWithEffects+xml",
  slide: `${PML}slide+xml`,
  slideLayout: `${PML}slideLayout+xml`,
  slideMaster: `${PML}slideMaster+xml`,
  notesSlide: `${PML}notesSlide+xml`,
  notesMaster: `${PML}notesMaster+xml`,
  handoutMaster: `${PML}handoutMaster+xml`,
  presProps: `${PML}presProps+xml`,
  viewProps: `${PML}viewProps+xml`,
  tableStyles: `${PML}tableStyles+xml`,
  commentAuthors: `${PML}commentAuthors+xml`,
  tags: `${PML}tags+xml`,
  worksheet: `${SML}worksheet+xml`,
  chartsheet: `${SML}chartsheet+xml`,
  dialogsheet: `${SML}dialogsheet+xml`,
  sharedStrings: `${SML}sharedStrings+xml`,
  calcChain: `${SML}calcChain+xml`,
  table: `${SML}table+xml`,
  externalLink: `${SML}externalLink+xml`,
  pivotTable: `${SML}pivotTable+xml`,
  pivotCacheDefinition: `${SML}pivotCacheDefinition+xml`,
  pivotCacheRecords: `${SML}pivotCacheRecords+xml`,
  queryTable: `${SML}queryTable+xml`,
  connections: `${SML}connections+xml`,
  sheetMetadata: `${SML}sheetMetadata+xml`,
  volatileDependencies: `${SML}volatileDependencies+xml`,
  theme: `${OFFICE}theme+xml`,
  themeOverride: `${OFFICE}themeOverride+xml`,
  drawing: `${OFFICE}drawing+xml`,
  chart: `${DML}chart+xml`,
  chartUserShapes: `${DML}chartshapes+xml`,
  diagramData: `${DML}diagramData+xml`,
  diagramLayout: `${DML}diagramLayout+xml`,
  diagramQuickStyle: `${DML}diagramStyle+xml`,
  diagramColors: `${DML}diagramColors+xml`,
  diagramDrawing: "application/vnd.ms-office.drawingml.diagramDrawing+xml",
  chartStyle: "application/vnd.ms-office.chartstyle+xml",
  chartColorStyle: "application/vnd.ms-office.chartcolorstyle+xml",
  "core-properties": "application/vnd.openxmlformats-package.core-properties+xml",
  "extended-properties": `${OFFICE}extended-properties+xml`,
  "custom-properties": `${OFFICE}custom-properties+xml`,
  customXmlProps: `${OFFICE}customXmlProperties+xml`,
  vmlDrawing: `${OFFICE}vmlDrawing`,
  oleObject: `${OFFICE}oleObject`,
  activeXControl: "application/vnd.ms-office.activeX+xml",
  activeXControlBinary: "application/vnd.ms-office.activeX",
  font: `${OFFICE}obfuscatedFont`,
};

/** Extensions a `Default` may declare: one content type whatever the part's role. */
export const DEFAULT_BY_EXTENSION: Record<string, string> = {
  rels: "application/vnd.openxmlformats-package.relationships+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  gif: "image/gif",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  emf: "image/x-emf",
  wmf: "image/x-wmf",
  svg: "image/svg+xml",
  wdp: "image/vnd.ms-photo",
  jxr: "image/vnd.ms-photo",
  ico: "image/x-icon",
  pict: "image/pict",
  vml: `${OFFICE}vmlDrawing`,
  odttf: `${OFFICE}obfuscatedFont`,
  fntdata: "application/x-fontdata",
  xlsx: `${SML}sheet`,
  docx: `${WML}document`,
  pptx: `${PML}presentation`,
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  wmv: "video/x-ms-wmv",
  avi: "video/x-msvideo",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  wma: "audio/x-ms-wma",
  txt: "text/plain",
};

/** Types that say nothing about a part's role: a part Office needs with a specific type cannot be read with them. */
export const GENERIC_TYPES = new Set(["application/xml", "text/xml", "application/octet-stream"]);

/** Microsoft's own relationship types whose last segment says the part's role (others, like 2018 comments, do not). */
const MICROSOFT_KINDS = new Set(["stylesWithEffects", "commentsExtended", "commentsIds", "commentsExtensible", "people", "diagramDrawing", "chartStyle", "chartColorStyle"]);

/**
 * The type a part should be declared with, from the relationships that point at it (their full types; `main` when
 * the package's `officeDocument` relationship points at it), or null when its role says nothing.
 */
export const typeByRole = (part: string, relTypes: readonly string[], main: boolean): string | null => {
  const folder = part.split("/")[0]!.toLowerCase();
  if (main) return MAIN_BY_FOLDER[folder] ?? null;
  for (const relType of relTypes) {
    const kind = relType.slice(relType.lastIndexOf("/") + 1);
    if (relType.startsWith("http://schemas.microsoft.com/") && !MICROSOFT_KINDS.has(kind)) continue;
    const type = BY_FOLDER_AND_KIND[folder]?.[kind] ?? BY_KIND[kind];
    if (type) return type;
  }
  return null;
};
