/**
 * A style in free words, read and rendered as a create does, checked in the Word file's own XML (parsed with
 * fast-xml-parser, not our writer): the audit's Spanish style right-aligned the whole body because "a la derecha"
 * was read as the body's alignment, and coloured the headings #1F4E9A instead of the #1F4E79 it named (issue 30).
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { XMLParser } from "fast-xml-parser";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { part, pdfLines, renderDocx, toPdf } from "./support.ts";

after(closeSharedOfficeConverter);

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["w:p", "w:style"].includes(name) });
const attr = (node: unknown, path: string[], name: string): string | undefined => {
  let at = node as Node | undefined;
  for (const step of path) at = at?.[step] as Node | undefined;
  return at?.[`@${name}`] as string | undefined;
};

/** Each paragraph of the body with its style and its alignment as Word resolves it (its own, its style chain's, the defaults'). */
const paragraphs = (docx: Uint8Array) => {
  const parsed = parser.parse(part(docx, "word/styles.xml"))["w:styles"];
  const styles = new Map<string, Node>();
  for (const style of parsed["w:style"] as Node[]) styles.set(style["@w:styleId"] as string, style);
  const fallback = attr(parsed, ["w:docDefaults", "w:pPrDefault", "w:pPr", "w:jc"], "w:val") ?? "left";
  const styleAlign = (id: string | undefined): string | undefined => {
    const style = id === undefined ? undefined : styles.get(id);
    if (!style) return undefined;
    return attr(style, ["w:pPr", "w:jc"], "w:val") ?? styleAlign(attr(style, ["w:basedOn"], "w:val"));
  };
  const body = parser.parse(part(docx, "word/document.xml"))["w:document"]["w:body"];
  return (body["w:p"] as Node[]).map((p) => {
    const style = attr(p, ["w:pPr", "w:pStyle"], "w:val") ?? "Normal";
    return { style, align: attr(p, ["w:pPr", "w:jc"], "w:val") ?? styleAlign(style) ?? fallback };
  });
};

const headingColours = (docx: Uint8Array): string[] =>
  (parser.parse(part(docx, "word/styles.xml"))["w:styles"]["w:style"] as Node[])
    .filter((style) => /^Heading\d$/.test(style["@w:styleId"] as string))
    .map((style) => attr(style, ["w:rPr", "w:color"], "w:val") ?? "");

/** The body's defaults (font, size in half points, line in 240ths of a single line) and the left margin in twips. */
const page = (docx: Uint8Array) => {
  const defaults = parser.parse(part(docx, "word/styles.xml"))["w:styles"]["w:docDefaults"];
  const body = parser.parse(part(docx, "word/document.xml"))["w:document"]["w:body"];
  return {
    font: attr(defaults, ["w:rPrDefault", "w:rPr", "w:rFonts"], "w:ascii"),
    halfPoints: Number(attr(defaults, ["w:rPrDefault", "w:rPr", "w:sz"], "w:val")),
    line: Number(attr(defaults, ["w:pPrDefault", "w:pPr", "w:spacing"], "w:line")),
    marginTwips: Number(attr(body, ["w:sectPr", "w:pgMar"], "w:left")),
  };
};

const markdown = [
  "# Informe de auditoría interna",
  "",
  "## Alcance",
  "",
  "El presente informe recoge los resultados de la auditoría interna del ejercicio 2024.",
  "",
  "### Metodología",
  "",
  "Se revisaron los procedimientos de compras y tesorería.",
  "",
  "## Conclusiones",
  "",
  "No se han detectado incidencias materiales.",
].join("\n");

describe("a style in free words reaches the Word file as the caller said it (issue 30)", () => {
  const cases = [
    {
      style: "Arial 10, interlineado sencillo, márgenes de 3 cm, encabezado 'Borrador', numeración de páginas abajo a la derecha, títulos en azul corporativo #1F4E79, título centrado",
      want: { font: "Arial", halfPoints: 20, line: 240, marginTwips: Math.round((3 / 2.54) * 1440) },
    },
    {
      style: "Schriftart Arial 11 pt, Zeilenabstand 1,5, Ränder 2 cm, Kopfzeile 'Borrador', Seitenzahlen unten rechts, Überschriften in Blau #1F4E79, Titel zentriert",
      want: { font: "Arial", halfPoints: 22, line: 360, marginTwips: Math.round((2 / 2.54) * 1440) },
    },
  ];
  for (const { style, want } of cases) {
    it(style, async () => {
      const { bytes } = await renderDocx(markdown, { style });
      const all = paragraphs(bytes);
      const text = all.filter((p) => !/^(Title|Heading\d)$/.test(p.style));
      assert.ok(text.length >= 3, "the body paragraphs are there");
      for (const p of text) assert.equal(p.align, "left", `a body paragraph (${p.style}) is aligned ${p.align}`);
      assert.equal(all.find((p) => p.style === "Title")?.align, "center");
      const colours = headingColours(bytes);
      assert.ok(colours.length >= 2);
      for (const colour of colours) assert.equal(colour, "1F4E79");
      assert.match(part(bytes, "word/header1.xml"), /Borrador/);
      const got = page(bytes);
      assert.deepEqual({ ...got, marginTwips: Math.abs(got.marginTwips - want.marginTwips) <= 1 }, { ...want, marginTwips: true });
      assert.match(part(bytes, "word/footer1.xml"), /<w:jc w:val="right"\/>[\s\S]*PAGE/, "the page number field stands right in the footer");
    });
  }

  it("LibreOffice prints the page number at the bottom right, and 'top left' with the header's words at the top left", async () => {
    const lastLine = async (style: string, top: boolean) => {
      const pdf = await toPdf((await renderDocx(markdown, { style })).bytes);
      const lines = (await pdfLines(pdf))[0]!;
      const line = top ? lines.reduce((a, b) => (a.words[0]!.y0 <= b.words[0]!.y0 ? a : b)) : lines.reduce((a, b) => (a.words[0]!.y0 >= b.words[0]!.y0 ? a : b));
      return line;
    };
    const width = 595;
    const foot = await lastLine("numeración de páginas abajo a la derecha", false);
    assert.equal(foot.text, "1");
    assert.ok(foot.words[0]!.x0 > width * 0.75, `the number is on the right (x ${foot.words[0]!.x0})`);
    const head = await lastLine("encabezado 'Borrador', page numbers top left", true);
    assert.match(head.text, /^Borrador · 1$/);
    assert.ok(head.words[0]!.x0 < width * 0.25, `the header's words and number are on the left (x ${head.words[0]!.x0})`);
  });
});
