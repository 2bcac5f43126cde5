/**
 * Packages built for the sanitize tests, each with one thing a reader must not load or run: a DDEAUTO field, an
 * ActiveX control, external links of several kinds in Word, an Excel workbook with external links (a workbook and a
 * DDE channel) whose formulas have cached values, OLE objects and controls in a sheet, and data connections.
 */
import { contentTypesXml, documentXml, DOCUMENT_TYPE, minimalDocx, PNG, REL, relsXml, WML, zip } from "../review/support.ts";

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
const SML = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const SML_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.";

export const DDE_CODE = ` DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe" `;

/** A paragraph with a DDEAUTO field (a QUOTE field nested in its code), a DDE simple field, and a PAGE field that stays. */
export const ddeDocx = (): Uint8Array => {
  const run = (inner: string) => `<w:r>${inner}</w:r>`;
  const field = [
    run(`<w:fldChar w:fldCharType="begin"/>`),
    run(`<w:instrText xml:space="preserve">${DDE_CODE.replace(/"/g, "&quot;")}</w:instrText>`),
    run(`<w:fldChar w:fldCharType="begin"/>`),
    run(`<w:instrText xml:space="preserve"> QUOTE "x" </w:instrText>`),
    run(`<w:fldChar w:fldCharType="separate"/>`),
    run(`<w:t>x</w:t>`),
    run(`<w:fldChar w:fldCharType="end"/>`),
    run(`<w:fldChar w:fldCharType="separate"/>`),
    `<w:r><w:rPr><w:b/></w:rPr><w:t>Result</w:t></w:r>`,
    run(`<w:fldChar w:fldCharType="end"/>`),
  ].join("");
  const page = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  const body =
    `<w:p><w:r><w:t xml:space="preserve">Before </w:t></w:r>${field}<w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p>` +
    `<w:p><w:fldSimple w:instr=" DDE Excel Sheet1 R1C1 "><w:r><w:t>42</w:t></w:r></w:fldSimple></w:p>` +
    `<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r>${page}</w:p>`;
  return zip({ ...minimalDocx(), "word/document.xml": documentXml(body) });
};

/** A checkbox ActiveX control shown through its VML preview picture, with its control part and binary. */
export const activeXDocx = (): Uint8Array => {
  const files = minimalDocx();
  const object = `<w:object w:dxaOrig="1440" w:dyaOrig="360"><v:shape id="_x0000_i1025" type="#_x0000_t75" style="width:72pt;height:18pt" o:ole=""><v:imagedata r:id="rId6" o:title=""/></v:shape><w:control r:id="rId8" w:name="CheckBox1" w:shapeid="_x0000_i1025"/></w:object>`;
  files["word/document.xml"] = documentXml(`<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:p><w:r>${object}</w:r><w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p>`);
  files["word/_rels/document.xml.rels"] = relsXml(["rId5", "image", "media/image1.png"], ["rId6", "image", "media/image2.png"], ["rId8", "control", "activeX/activeX1.xml"]);
  files["word/media/image2.png"] = PNG;
  files["word/activeX/activeX1.xml"] = xml(`<ax:ocx ax:classid="{8BD21D40-EC42-11CE-9E0D-00AA006002F3}" ax:persistence="persistStorage" r:id="rId1" xmlns:ax="http://schemas.microsoft.com/office/2006/activeX" xmlns:r="${REL}"/>`);
  files["word/activeX/_rels/activeX1.xml.rels"] = relsXml(["rId1", "http://schemas.microsoft.com/office/2006/relationships/activeXControlBinary", "activeX1.bin"]);
  files["word/activeX/activeX1.bin"] = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]);
  files["[Content_Types].xml"] = contentTypesXml(
    { "/word/document.xml": DOCUMENT_TYPE, "/word/activeX/activeX1.xml": "application/vnd.ms-office.activeX+xml" },
    { rels: "application/vnd.openxmlformats-package.relationships+xml", xml: "application/xml", png: "image/png", bin: "application/vnd.ms-office.activeX" },
  );
  return zip(files);
};

/** Word's other outside links: a linked picture with an embedded copy, a subdocument, a mail merge, a hyperlink. */
export const linkedDocx = (): Uint8Array => {
  const files = minimalDocx();
  const body = `<w:p><w:r><w:t>Hello world</w:t></w:r></w:p><w:p><w:r>${(files["word/document.xml"] as string).match(/<w:drawing>.*<\/w:drawing>/)![0].replace('r:embed="rId5"', 'r:embed="rId5" r:link="rId6"')}</w:r><w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p><w:subDoc r:id="rId7"/><w:p><w:hyperlink r:id="rId9"><w:r><w:t>Link</w:t></w:r></w:hyperlink></w:p>`;
  files["word/document.xml"] = documentXml(body);
  files["word/_rels/document.xml.rels"] = relsXml(
    ["rId5", "image", "media/image1.png"],
    ["rId6", "image", "https://example.com/a.png", true],
    ["rId7", "subDocument", "file:///C:/chapter2.docx", true],
    ["rId9", "hyperlink", "https://example.com/", true],
    ["rId10", "settings", "settings.xml"],
  );
  files["word/settings.xml"] = xml(`<w:settings xmlns:w="${WML}" xmlns:r="${REL}"><w:mailMerge><w:mainDocumentType w:val="formLetters"/><w:dataType w:val="native"/><w:connectString w:val="Provider=Microsoft.ACE.OLEDB.12.0"/><w:query w:val="SELECT * FROM x"/><w:dataSource r:id="rId1"/></w:mailMerge><w:defaultTabStop w:val="720"/></w:settings>`);
  files["word/_rels/settings.xml.rels"] = relsXml(["rId1", "mailMergeSource", "file:///C:/list.xlsx", true]);
  files["[Content_Types].xml"] = contentTypesXml({ "/word/document.xml": DOCUMENT_TYPE, "/word/settings.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml" });
  return zip(files);
};

const sheetXml = (body: string, after = "") => xml(`<worksheet xmlns="${SML}" xmlns:r="${REL}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><sheetData>${body}</sheetData>${after}</worksheet>`);

/** A one-sheet workbook: part name → text or bytes. */
const workbook = (sheet: string, extra: Record<string, string | Uint8Array> = {}, workbookBody = "", workbookRels: Array<[string, string, string]> = [], overrides: Record<string, string> = {}) => ({
  "[Content_Types].xml": contentTypesXml({ "/xl/workbook.xml": `${SML_TYPE}sheet.main+xml`, "/xl/worksheets/sheet1.xml": `${SML_TYPE}worksheet+xml`, ...overrides }, { rels: "application/vnd.openxmlformats-package.relationships+xml", xml: "application/xml", png: "image/png", bin: "application/vnd.openxmlformats-officedocument.oleObject" }),
  "_rels/.rels": relsXml(["rId1", "officeDocument", "xl/workbook.xml"]),
  "xl/workbook.xml": xml(`<workbook xmlns="${SML}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets>${workbookBody}</workbook>`),
  "xl/_rels/workbook.xml.rels": relsXml(["rId1", "worksheet", "worksheets/sheet1.xml"], ...workbookRels),
  "xl/worksheets/sheet1.xml": sheet,
  ...extra,
});

/**
 * External links with cached values: A1 reads another workbook, A2:A4 share a formula through it, A5 uses a defined
 * name that points through it, A6 reads a DDE channel, B1 is a local formula that stays; a calculation chain lists
 * them all.
 */
export const externalLinkXlsx = (): Uint8Array => {
  const c = (ref: string, f: string, v: string) => `<c r="${ref}">${f}<v>${v}</v></c>`;
  const sheet = sheetXml(
    `<row r="1">${c("A1", "<f>[1]Prices!B2</f>", "5")}${c("B1", "<f>SUM(A1:A6)</f>", "30")}</row>` +
      `<row r="2">${c("A2", `<f t="shared" ref="A2:A4" si="0">'[1]Price list'!C1*2</f>`, "2")}</row>` +
      `<row r="3">${c("A3", `<f t="shared" si="0"/>`, "4")}</row>` +
      `<row r="4">${c("A4", `<f t="shared" si="0"/>`, "6")}</row>` +
      `<row r="5">${c("A5", "<f>Rate*2</f>", "8")}</row>` +
      `<row r="6">${c("A6", "<f>[2]!'A0'</f>", "5")}</row>`,
  );
  return zip(
    workbook(
      sheet,
      {
        "xl/externalLinks/externalLink1.xml": xml(`<externalLink xmlns="${SML}" xmlns:r="${REL}"><externalBook r:id="rId1"><sheetNames><sheetName val="Prices"/></sheetNames></externalBook></externalLink>`),
        "xl/externalLinks/_rels/externalLink1.xml.rels": relsXml(["rId1", "externalLinkPath", "file:///C:/Finance/prices.xlsx", true]),
        "xl/externalLinks/externalLink2.xml": xml(`<externalLink xmlns="${SML}"><ddeLink ddeService="cmd" ddeTopic="/c calc.exe"><ddeItems><ddeItem name="A0"/></ddeItems></ddeLink></externalLink>`),
        "xl/calcChain.xml": xml(`<calcChain xmlns="${SML}"><c r="A1" i="1"/><c r="B1"/><c r="A2"/><c r="A3"/><c r="A4"/><c r="A5"/><c r="A6"/></calcChain>`),
      },
      `<externalReferences><externalReference r:id="rId2"/><externalReference r:id="rId3"/></externalReferences><definedNames><definedName name="Rate">[1]Prices!$B$9</definedName><definedName name="Local">Data!$B$1</definedName></definedNames>`,
      [
        ["rId2", "externalLink", "externalLinks/externalLink1.xml"],
        ["rId3", "externalLink", "externalLinks/externalLink2.xml"],
        ["rId4", "calcChain", "calcChain.xml"],
      ],
      { "/xl/externalLinks/externalLink1.xml": `${SML_TYPE}externalLink+xml`, "/xl/externalLinks/externalLink2.xml": `${SML_TYPE}externalLink+xml`, "/xl/calcChain.xml": `${SML_TYPE}calcChain+xml` },
    ),
  );
};

/** A sheet with an embedded OLE object (with its preview picture) and an ActiveX control, as Excel 2010+ writes them. */
export const oleXlsx = (): Uint8Array => {
  const objects =
    `<oleObjects><mc:AlternateContent><mc:Choice Requires="x14"><oleObject progId="Word.Document.12" shapeId="1025" r:id="rId2"><objectPr defaultSize="0" r:id="rId3"><anchor moveWithCells="1"><from><xdr:col xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing">1</xdr:col></from></anchor></objectPr></oleObject></mc:Choice><mc:Fallback><oleObject progId="Word.Document.12" shapeId="1025" r:id="rId2"/></mc:Fallback></mc:AlternateContent></oleObjects>` +
    `<controls><mc:AlternateContent><mc:Choice Requires="x14"><control shapeId="1026" r:id="rId4" name="CheckBox1"><controlPr defaultSize="0" r:id="rId3"/></control></mc:Choice><mc:Fallback><control shapeId="1026" r:id="rId4" name="CheckBox1"/></mc:Fallback></mc:AlternateContent></controls>`;
  const sheet = sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>Kept</t></is></c></row>`, `<legacyDrawing r:id="rId1"/>${objects}`);
  return zip(
    workbook(
      sheet,
      {
        "xl/worksheets/_rels/sheet1.xml.rels": relsXml(["rId1", "vmlDrawing", "../drawings/vmlDrawing1.vml"], ["rId2", "oleObject", "../embeddings/oleObject1.bin"], ["rId3", "image", "../media/image1.png"], ["rId4", "control", "../activeX/activeX1.xml"]),
        "xl/drawings/vmlDrawing1.vml": `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><v:shape id="_x0000_s1025"><v:imagedata o:relid="rId1"/></v:shape></xml>`,
        "xl/drawings/_rels/vmlDrawing1.vml.rels": relsXml(["rId1", "image", "../media/image1.png"]),
        "xl/embeddings/oleObject1.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 9, 9]),
        "xl/media/image1.png": PNG,
        "xl/activeX/activeX1.xml": xml(`<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX" ax:classid="{8BD21D40-EC42-11CE-9E0D-00AA006002F3}" ax:persistence="persistPropertyBag"/>`),
      },
      "",
      [],
      { "/xl/activeX/activeX1.xml": "application/vnd.ms-office.activeX+xml", "/xl/drawings/vmlDrawing1.vml": "application/vnd.openxmlformats-officedocument.vmlDrawing" },
    ),
  );
};

/** A workbook whose data comes from a database and a web query. */
export const connectionsXlsx = (): Uint8Array =>
  zip(
    workbook(
      sheetXml(`<row r="1"><c r="A1"><v>7</v></c></row>`),
      {
        "xl/connections.xml": xml(
          `<connections xmlns="${SML}"><connection id="1" name="Sales DB" type="1" refreshedVersion="6" refreshOnLoad="1" savePassword="1" odcFile="\\\\server\\share\\sales.odc"><dbPr connection="DRIVER=SQL Server;SERVER=db.example.com;UID=sa;PWD=secret" command="SELECT * FROM sales"/></connection><connection id="2" name="Rates" type="4" refreshedVersion="6"><webPr url="https://example.com/rates.html" post="q=1"/></connection></connections>`,
        ),
      },
      "",
      [["rId2", "connections", "connections.xml"]],
      { "/xl/connections.xml": `${SML_TYPE}connections+xml` },
    ),
  );

/** Word parts whose only job is a link: a frameset's frame source, a remote font, a chart's linked workbook. */
export const linkOnlyDocx = (): Uint8Array => {
  const files = minimalDocx();
  const chart = "http://schemas.openxmlformats.org/drawingml/2006/chart";
  files["word/_rels/document.xml.rels"] = relsXml(["rId5", "image", "media/image1.png"], ["rId2", "webSettings", "webSettings.xml"], ["rId3", "fontTable", "fontTable.xml"], ["rId4", "chart", "charts/chart1.xml"]);
  files["word/webSettings.xml"] = xml(`<w:webSettings xmlns:w="${WML}" xmlns:r="${REL}"><w:frameset><w:frame><w:name w:val="left"/><w:sourceFileName r:id="rId1"/></w:frame></w:frameset></w:webSettings>`);
  files["word/_rels/webSettings.xml.rels"] = relsXml(["rId1", "frame", "http://example.com/frame.html", true]);
  files["word/fontTable.xml"] = xml(`<w:fonts xmlns:w="${WML}" xmlns:r="${REL}"><w:font w:name="Remote Sans"><w:embedRegular r:id="rId1" w:fontKey="{00000000-0000-0000-0000-000000000000}"/></w:font></w:fonts>`);
  files["word/_rels/fontTable.xml.rels"] = relsXml(["rId1", "font", "https://fonts.example.com/remote.odttf", true]);
  files["word/charts/chart1.xml"] = xml(`<c:chartSpace xmlns:c="${chart}" xmlns:r="${REL}"><c:chart><c:plotArea/></c:chart><c:externalData r:id="rId1"><c:autoUpdate val="1"/></c:externalData></c:chartSpace>`);
  files["word/charts/_rels/chart1.xml.rels"] = relsXml(["rId1", "oleObject", "file:///C:/data/sales.xlsx", true]);
  files["[Content_Types].xml"] = contentTypesXml({
    "/word/document.xml": DOCUMENT_TYPE,
    "/word/webSettings.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.webSettings+xml",
    "/word/fontTable.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml",
    "/word/charts/chart1.xml": "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
  });
  return zip(files);
};
