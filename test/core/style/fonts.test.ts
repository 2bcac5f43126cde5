/**
 * The font a document is laid out in when the caller's font is not installed: a fixed font list first (what stands
 * in, and what `style_unsupported` says), then this machine's fonts end to end: the Word file's styles (unzipped XML)
 * name the font `style_applied` names, and every font the PDF embeds (`pdffonts`) is that font or its
 * metric-compatible face.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { fontToUse, metricSubstitutes } from "../../../core/style/fonts.ts";
import { installedFonts } from "../../../renderers/fonts.ts";
import { closeSharedOfficeConverter } from "../../../renderers/index.ts";
import { part, renderDocx, toPdf } from "../../plugins/docx/support.ts";
import { pdffonts } from "../../plugins/pdf/review/support.ts";

after(closeSharedOfficeConverter);

describe("fontToUse", () => {
  const machine = new Set(["carlito", "caladea", "liberation serif", "liberation sans", "liberation mono", "dejavu sans", "dejavu serif"]);
  const cases: Array<{ given: string; fonts?: Set<string>; want: string; note?: RegExp }> = [
    { given: "Calibri", want: "Calibri" },
    { given: "Cambria", want: "Cambria" },
    { given: "Arial", want: "Arial" },
    { given: "Helvetica", want: "Helvetica" },
    { given: "Times New Roman", want: "Times New Roman" },
    { given: "Courier New", want: "Courier New" },
    { given: "DejaVu Serif", want: "DejaVu Serif" },
    { given: "Garamond", want: "Times New Roman", note: /^font Garamond: not installed here; Times New Roman used instead \(drawn as Liberation Serif/ },
    { given: "Book Antiqua", want: "Times New Roman", note: /Book Antiqua.*Times New Roman/ },
    { given: "Georgia", want: "Times New Roman", note: /Georgia/ },
    { given: "Verdana", want: "Calibri", note: /^font Verdana: not installed here; Calibri used instead \(drawn as Carlito/ },
    { given: "Source Sans Pro", want: "Calibri", note: /Source Sans Pro/ },
    { given: "Consolas", want: "Courier New", note: /Consolas/ },
    // Without Carlito, the house sans cannot be drawn alike; the next face of its kind can.
    { given: "Calibri", fonts: new Set(["liberation sans"]), want: "Arial", note: /^font Calibri: not installed here; Arial used instead/ },
    { given: "Garamond", fonts: new Set(["garamond", "liberation serif"]), want: "Garamond" },
    // fontconfig unreadable: nothing can be told, so nothing is claimed.
    { given: "Garamond", fonts: new Set(), want: "Garamond" },
  ];
  for (const { given, fonts, want, note } of cases) {
    it(`${given} on ${fonts ? [...fonts].join(", ") || "an unknown machine" : "a machine with Carlito, Caladea and Liberation"}`, () => {
      const got = fontToUse(given, fonts ?? machine);
      assert.equal(got.font, want);
      if (note) assert.match(got.note ?? "", note);
      else assert.equal(got.note, undefined);
    });
  }
});

/** pdffonts' "BAAAAA+LiberationSerif-Bold" → "liberationserif". */
const family = (name: string) => name.replace(/^[A-Z]{6}\+/, "").replace(/-.*$/, "").toLowerCase();
const squeezed = (font: string) => font.replace(/\s+/g, "").toLowerCase();

describe("the font used, on this machine: the Word file and the PDF agree with style_applied", () => {
  for (const asked of ["Garamond", "Book Antiqua", "Calibri", "Cambria", "Arial", "Verdana"]) {
    it(asked, async () => {
      const installed = await installedFonts();
      const { font, note } = fontToUse(asked, installed);
      if (installed.has(asked.toLowerCase()) || metricSubstitutes[asked.toLowerCase()]) assert.equal(note, undefined);
      if (!installed.has(asked.toLowerCase()) && !installed.has(metricSubstitutes[asked.toLowerCase()]?.toLowerCase() ?? "")) {
        assert.match(note ?? "", new RegExp(`^font ${asked}: not installed here; ${font} used instead`));
      }
      const { bytes } = await renderDocx(`# Plan\n\nBody text in ${asked}.`, { style: `font ${font}` });
      assert.match(part(bytes, "word/styles.xml"), new RegExp(`w:ascii="${font}"`), "the Word styles name the font style_applied names");
      const drawn = new Set(pdffonts(await toPdf(bytes)).map((f) => family(f.name)));
      const allowed = new Set([squeezed(font), squeezed(metricSubstitutes[font.toLowerCase()] ?? font)]);
      assert.ok(drawn.size > 0);
      for (const f of drawn) assert.ok(allowed.has(f), `the PDF draws ${f}, not ${[...allowed].join(" or ")}`);
    });
  }
});
