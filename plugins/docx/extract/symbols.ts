/**
 * `w:sym` characters and text in symbol fonts: Word stores them as the font's own code (often in the private-use
 * range U+F020–U+F0FF). Symbol is mapped in full over its printable range; Wingdings only for the marks that show
 * up in ordinary documents (checks, boxes, bullets, arrows). Anything else is reported, not guessed.
 */

const SYMBOL_20_7E =
  " !∀#∃%&∋()∗+,−./0123456789:;<=>?≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_‾αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼";
const SYMBOL_A0_DF = "€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…⏐⎯↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇®©™∏√⋅¬∧∨⇔⇐⇑⇒⇓";
const SYMBOL_EXTRA: Record<number, string> = { 0xe0: "◊", 0xe1: "〈", 0xe5: "∑", 0xf1: "〉", 0xf2: "∫" };

const WINGDINGS: Record<number, string> = {
  0x4a: "☺", 0x4b: "😐", 0x4c: "☹", 0x6c: "●", 0x6d: "❍", 0x6e: "■", 0x6f: "□", 0x70: "◻", 0x71: "❑", 0x72: "❒",
  0x73: "⬧", 0x74: "⧫", 0x75: "◆", 0x76: "❖", 0x77: "⬥", 0x9f: "•", 0xa1: "○", 0xa7: "▪", 0xa8: "◻", 0xd8: "➢",
  0xe0: "→", 0xe8: "➔", 0xf0: "⇨", 0xfb: "✗", 0xfc: "✓", 0xfd: "☒", 0xfe: "☑",
};

/** The Unicode text of a symbol-font character code; null when it is not known. */
export const symbolChar = (font: string | undefined, code: number): string | null => {
  const c = code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code;
  const f = (font ?? "").toLowerCase();
  if (f === "symbol") {
    if (c >= 0x20 && c <= 0x7e) return [...SYMBOL_20_7E][c - 0x20] ?? null;
    if (c >= 0xa0 && c <= 0xdf) return [...SYMBOL_A0_DF][c - 0xa0] ?? null;
    return SYMBOL_EXTRA[c] ?? null;
  }
  if (f.startsWith("wingdings")) return f === "wingdings" ? (WINGDINGS[c] ?? null) : null;
  if (code >= 0xf000 && code <= 0xf0ff) return c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : null;
  return code >= 0x20 ? String.fromCodePoint(code) : null;
};

/** True when text holds private-use symbol codes that need the font to be read. */
export const hasSymbolCodes = (text: string): boolean => /[\uF020-\uF0FF]/.test(text);
