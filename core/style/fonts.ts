/**
 * Font families the style reader recognises without a keyword ("Georgia", "times new roman"),
 * and generic requests ("serif", "sin serifa") mapped to a family Word has and LibreOffice
 * substitutes with a metric-compatible face; and what a family this machine cannot draw is laid
 * out in instead (`fontToUse`), so `style_applied` names the font the files really show.
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

/**
 * Metric-compatible faces (the same advance widths, so lines and pages break alike), as fontconfig and LibreOffice
 * substitute them: Carlito, Caladea and Liberation are installed by scripts/setup.sh.
 */
export const metricSubstitutes: Readonly<Record<string, string>> = {
  calibri: "Carlito",
  cambria: "Caladea",
  arial: "Liberation Sans",
  helvetica: "Liberation Sans",
  "arial narrow": "Liberation Sans Narrow",
  "helvetica narrow": "Liberation Sans Narrow",
  "times new roman": "Liberation Serif",
  times: "Liberation Serif",
  "courier new": "Liberation Mono",
  courier: "Liberation Mono",
  georgia: "Gelasio",
};

const serifFonts = /\b(serif|times|roman|garamond|georgia|cambria|caladea|constantia|palatino|antiqua|baskerville|merriweather|playfair|schoolbook|bodoni|didot|minion|caslon|gelasio)\b/;
const monoFonts = /\b(mono|courier|consolas|menlo|monaco|code)\b/;

/**
 * What stands in for a face this machine lacks, by kind, the house faces first (core/style/defaults.ts): each is
 * named in the files as Word has it and drawn with its metric-compatible face, so the Word file and the PDF break
 * their lines alike.
 */
const standIns = {
  serif: ["Times New Roman", "Cambria", "Liberation Serif", "DejaVu Serif"],
  sans: ["Calibri", "Arial", "Liberation Sans", "DejaVu Sans"],
  mono: ["Courier New", "Liberation Mono", "DejaVu Sans Mono"],
};

/** Drawable here: installed, or its metric-compatible face is. */
const drawable = (font: string, installed: ReadonlySet<string>): boolean => {
  const key = font.toLowerCase();
  const substitute = metricSubstitutes[key];
  return installed.has(key) || (substitute !== undefined && installed.has(substitute.toLowerCase()));
};

/**
 * The font to lay a document out in when `asked` was asked for: itself when this machine can draw it (installed, or
 * through a metric-compatible face), else a house face of its kind that it can, with a note for `style_unsupported`
 * naming both. An empty `installed` (fontconfig unreadable) cannot tell, so the font is kept as asked.
 */
export const fontToUse = (asked: string, installed: ReadonlySet<string>): { font: string; note?: string } => {
  if (installed.size === 0 || drawable(asked, installed)) return { font: asked };
  const key = asked.toLowerCase();
  const kind = monoFonts.test(key) ? "mono" : serifFonts.test(key) && !/\bsans\b/.test(key) ? "serif" : "sans";
  const font = standIns[kind].find((f) => drawable(f, installed));
  if (!font) return { font: asked, note: `font ${asked}: not installed here, and no ${kind} font is; the PDF draws it with whatever font the system picks` };
  const drawn = installed.has(font.toLowerCase()) ? "" : ` (drawn as ${metricSubstitutes[font.toLowerCase()]}, of the same widths)`;
  return { font, note: `font ${asked}: not installed here; ${font} used instead${drawn}` };
};
