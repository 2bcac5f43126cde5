/**
 * The charset of text files (issue 20): byte-order marks, UTF-8, UTF-16 without a mark, the detector's pick for
 * Cyrillic, Greek, Central European and the CJK multi-byte charsets (short Polish and Russian texts too, which it is
 * unsure of), and Windows-1252 for short Western texts the detector is unsure of — never ISO-8859-1, which reads
 * `–`, `€` and curly quotes as control characters. Each text is encoded with
 * iconv-lite, not by the code under test.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import iconv from "iconv-lite";
import { decodeText } from "../../../core/files/charset.ts";

const encoded = (text: string, charset: string) => new Uint8Array(iconv.encode(text, charset));

describe("the charset of a text file", () => {
  const cases: Array<{ name: string; text: string; encode: string; want: string; bom?: boolean }> = [
    { name: "ASCII", text: "Plain words, nothing else.", encode: "utf-8", want: "utf-8" },
    { name: "UTF-8", text: "Año fiscal – 5 € “bien”", encode: "utf-8", want: "utf-8" },
    { name: "UTF-8 with a mark", text: "Año – €", encode: "utf-8", want: "utf-8", bom: true },
    { name: "UTF-16 LE with a mark", text: "Año – € 日本", encode: "utf-16le", want: "utf-16le", bom: true },
    { name: "UTF-16 BE with a mark", text: "Año – €", encode: "utf-16be", want: "utf-16be", bom: true },
    { name: "UTF-16 LE without a mark", text: "Quarterly figures – revenue rose by five percent.", encode: "utf-16le", want: "utf-16le" },
    { name: "UTF-16 BE without a mark", text: "Quarterly figures – revenue rose by five percent.", encode: "utf-16be", want: "utf-16be" },
    { name: "a short cp1252 line with a dash and a euro", text: "Price – 5 €", encode: "windows-1252", want: "windows-1252" },
    { name: "cp1252 German", text: "Der Preis beträgt 5 € – für Müller & Söhne. Größe: groß.", encode: "windows-1252", want: "windows-1252" },
    { name: "cp1252 English with curly quotes", text: "Quarterly report – revenue rose 5%. “Great quarter”, said the CEO.", encode: "windows-1252", want: "windows-1252" },
    { name: "cp1252 Spanish", text: "El niño comió una manzana en la mañana del lunes. “Hola”, dijo.", encode: "windows-1252", want: "windows-1252" },
    { name: "cp1252 French (its à, è, ò are letters in cp1250 too)", text: "Il était très en retard à cause de la grève, à côté de la gare où il attendait.", encode: "windows-1252", want: "windows-1252" },
    { name: "cp1252 Portuguese", text: "Ação, coração e pão: não há nada à venda hoje, senhor João.", encode: "windows-1252", want: "windows-1252" },
    { name: "cp1250 Polish pangram (scored under the detector's threshold)", text: "Zażółć gęślą jaźń. Pójdźże, kiń tę chmurność w głąb flaszy!", encode: "windows-1250", want: "windows-1250" },
    { name: "cp1250 Polish invoice line", text: "Faktura nr 12/2024 – sprzedawca: Łódzka Spółka Handlowa, ul. Piękna 5, Kraków. Kwota: 1 234,56 zł.", encode: "windows-1250", want: "windows-1250" },
    { name: "cp1250 Polish with ń and ó only (cp1252 reads them as ñ and ó)", text: "Dzień dobry, to jest krótki tekst po polsku do sprawdzenia kodowania znaków.", encode: "windows-1250", want: "windows-1250" },
    { name: "cp1250 Czech", text: "Příliš žluťoučký kůň úpěl ďábelské ódy.", encode: "windows-1250", want: "windows-1250" },
    { name: "cp1251 short Russian", text: "Привет, мир!", encode: "windows-1251", want: "windows-1251" },
    { name: "cp1251 short Russian with a numero sign", text: "Счёт № 15 от 3 мая", encode: "windows-1251", want: "windows-1251" },
    { name: "cp1251 Russian", text: "Привет, как дела? Это короткий текст на русском языке для проверки кодировки.", encode: "windows-1251", want: "windows-1251" },
    { name: "EUC-JP", text: "こんにちは、これはエンコーディングをテストするための短い日本語のテキストです。", encode: "euc-jp", want: "euc-jp" },
    { name: "Shift-JIS", text: "お客様各位\n本日は晴天なり。請求書を送付いたします。", encode: "shift_jis", want: "shift_jis" },
    { name: "EUC-KR", text: "안녕하세요. 이것은 한국어로 된 짧은 텍스트입니다.", encode: "euc-kr", want: "euc-kr" },
    { name: "GB18030", text: "你好，这是一个用于测试编码的简短中文文本。", encode: "gb18030", want: "gb18030" },
    { name: "Big5", text: "你好，這是一個用於測試編碼的簡短中文文本。", encode: "big5", want: "big5" },
  ];
  for (const c of cases) {
    it(`reads ${c.name} as ${c.want}`, () => {
      const body = encoded(c.text, c.encode);
      const bytes = c.bom ? new Uint8Array([...(c.encode === "utf-8" ? [0xef, 0xbb, 0xbf] : c.encode === "utf-16le" ? [0xff, 0xfe] : [0xfe, 0xff]), ...body]) : body;
      const decoded = decodeText(bytes);
      assert.ok(decoded, "read as text");
      assert.equal(decoded.charset, c.want);
      assert.equal(decoded.text, c.text);
    });
  }

  it("reads MarkItDown's Shift-JIS CSV as Shift-JIS", () => {
    const decoded = decodeText(new Uint8Array(readFileSync(resolve(import.meta.dirname, "../../public/markitdown/test_mskanji.csv"))));
    assert.equal(decoded?.charset, "shift_jis");
    assert.match(decoded.text, /^名前,年齢,住所\r?\n佐藤太郎,30,東京\r?\n/);
    assert.ok(decoded.text.includes("髙橋淳,35,名古屋"), "a Windows-31J character (髙) and the rest of the file");
  });

  it("keeps a stray unassigned cp1252 byte as text, and refuses binary", () => {
    const stray = decodeText(new Uint8Array([...Buffer.from("caf"), 0xe9, 0x20, 0x81, ...Buffer.from(" ok")]));
    assert.equal(stray?.charset, "windows-1252");
    assert.equal(stray.text, "café \u0081 ok");
    assert.equal(decodeText(new Uint8Array([0x00, 0x01, 0x02, 0x03, 0x00, 0xff])), null);
    assert.equal(decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x01, 0x02])), null);
  });
});
