/**
 * Font families the style reader recognises without a keyword ("Georgia", "times new roman"),
 * and generic requests ("serif", "sin serifa") mapped to a family Word has and LibreOffice
 * substitutes with a metric-compatible face.
 */

export const knownFonts = [
  "Times New Roman", "Open Sans", "Source Sans Pro", "Book Antiqua", "Century Gothic", "Trebuchet MS",
  "Segoe UI", "Gill Sans", "Courier New", "Liberation Sans", "Liberation Serif", "DejaVu Sans",
  "DejaVu Serif", "Noto Sans", "Noto Serif", "Palatino Linotype", "Palatino", "Garamond", "Georgia",
  "Arial", "Helvetica", "Calibri", "Cambria", "Verdana", "Tahoma", "Roboto", "Lato", "Montserrat",
  "Aptos", "Futura", "Candara", "Constantia", "Carlito", "Caladea", "Inter",
];

export const knownFontPattern = new RegExp(
  `\\b(${[...knownFonts].sort((a, b) => b.length - a.length).map((f) => f.toLowerCase()).join("|")})\\b`,
);

/** Generic families → a concrete font that Word has and LibreOffice maps metric-compatibly. */
export const genericFonts: Array<[RegExp, string]> = [
  [/\b(sans[- ]serif|sans|sin serifas?|palo seco)\b/, "Calibri"],
  [/\b(serif|serifa|con serifas?)\b/, "Times New Roman"],
  [/\b(monospaced?|monoespaciad[oa]|mono)\b/, "Courier New"],
];
