/**
 * pptx review: one broken deck per problem no safe repair removes, each built from a corpus deck with one part
 * changed, asserting the exact finding (code, severity, category, `fixable: false`, no fix, location); and what the
 * inspection must survive: characters XML forbids, unreadable parts, hostile markup.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PackageRefused } from "../../../../core/ooxml/package.ts";
import type { Finding } from "../../../../core/contracts/review.ts";
import { deck, edit, inspect, LONG_TEXT, picture, textBox, withCode, withShapes } from "./support.ts";

const SLIDE1 = "ppt/slides/slide1.xml";
const PRESENTATION = "ppt/presentation.xml";
const base = () => deck("python-pptx-txt-text.pptx");

/** The one finding of `code`, with its message left out for comparison. */
const only = async (bytes: Uint8Array, code: string): Promise<Omit<Finding, "message"> & { message?: string }> => {
  const found = withCode(await inspect(bytes), code);
  assert.equal(found.length, 1, `${code}: ${JSON.stringify(found)}`);
  const { message: _message, ...rest } = found[0]!;
  return rest;
};

const unfixable = (code: string, severity: string, category: string, pages?: number[]) => ({ code, severity, category, fixable: false, ...(pages ? { location: { pages } } : {}) });

/** A picture needs an image relationship on its slide. */
const withImage = (p: Record<string, string>) => {
  p["ppt/slides/_rels/slide1.xml.rels"] = p["ppt/slides/_rels/slide1.xml.rels"]!.replace(
    "</Relationships>",
    '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../media/image1.png"/></Relationships>',
  );
};

describe("pptx review: problems reported, not repaired", () => {
  it("shape.outside_slide: a shape parked beside the slide", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, textBox(2, "Parked", [9_500_000, 100_000, 1_000_000, 500_000], ["Later"]))));
    assert.deepEqual(await only(bytes, "shape.outside_slide"), unfixable("shape.outside_slide", "warning", "layout", [1]));
    assert.deepEqual(withCode(await inspect(bytes), "shape.off_slide"), []);
  });

  it("shape.off_slide without a fix: a shape larger than the slide is not moved", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, textBox(2, "Huge", [-500_000, 0, 10_500_000, 1_000_000], ["Wide"]))));
    const f = await only(bytes, "shape.off_slide");
    assert.deepEqual(f, unfixable("shape.off_slide", "warning", "layout", [1]));
  });

  it("a shape within 1% of the edge, or turned so that it fits, is not reported", async () => {
    const slight = textBox(2, "Bleed", [-50_000, 0, 9_200_000, 900_000], ["Edge"]);
    const turned = textBox(3, "Turned", [4_000_000, 5_800_000, 3_000_000, 300_000], ["Tall when turned"]).replace("<a:xfrm>", '<a:xfrm rot="5400000">');
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, slight)));
    assert.deepEqual(withCode(await inspect(bytes), "shape.off_slide"), []);
    // Turned a quarter, the 3 in × 0.33 in box stands 3 in tall about its centre: past the bottom edge.
    const down = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, turned)));
    assert.match(withCode(await inspect(down), "shape.off_slide")[0]!.message, /"Turned" runs past the bottom edge/);
  });

  it("hidden shapes are never drawn: neither off the slide nor overflowing", async () => {
    const hide = (shape: string) => shape.replace(/(<p:cNvPr [^>]*?)(\/?>)/, '$1 hidden="1"$2');
    const shapes = hide(textBox(2, "Parked", [9_500_000, 100_000, 1_000_000, 500_000], ["Later"])) + hide(textBox(3, "Spill", [914_400, 914_400, 3_657_600, 300_000], [LONG_TEXT]));
    const hidden = await inspect(edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, shapes))));
    assert.deepEqual(hidden.findings.filter((f) => f.code.startsWith("shape.")), []);
    const shown = await inspect(edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, shapes.replace(/ hidden="1"/g, "")))));
    assert.deepEqual(shown.findings.filter((f) => f.code.startsWith("shape.")).map((f) => f.code), ["shape.outside_slide", "shape.text_overflow"]);
  });

  it("shape.text_overflow without a fix when only shrinking below half would fit", async () => {
    const text = Array.from({ length: 4 }, () => LONG_TEXT);
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, textBox(2, "Crammed", [914_400, 914_400, 2_000_000, 600_000], text))));
    const f = withCode(await inspect(bytes), "shape.text_overflow")[0]!;
    assert.deepEqual([f.fixable, f.fix, f.location], [false, undefined, { pages: [1] }]);
    assert.match(f.message, /below half its size/);
  });

  it("text that grows its shape (spAutoFit) or is already shrunk enough does not overflow", async () => {
    const grow = textBox(2, "Grows", [914_400, 914_400, 3_657_600, 914_400], [LONG_TEXT], '<a:bodyPr wrap="square"><a:spAutoFit/></a:bodyPr>');
    const shrunk = textBox(3, "Shrunk", [914_400, 2_914_400, 3_657_600, 914_400], [LONG_TEXT], '<a:bodyPr wrap="square"><a:normAutofit fontScale="55000" lnSpcReduction="20000"/></a:bodyPr>');
    const notEnough = textBox(4, "Not enough", [914_400, 4_914_400, 3_657_600, 914_400], [LONG_TEXT], '<a:bodyPr wrap="square"><a:normAutofit fontScale="92500"/></a:bodyPr>');
    const bytes = edit(base(), (p) => (p[SLIDE1] = withShapes(p[SLIDE1]!, grow + shrunk + notEnough)));
    const found = withCode(await inspect(bytes), "shape.text_overflow");
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /"Not enough" needs about .* even at the 93% it is shrunk to/);
  });

  it("picture.no_alt_text: pictures without a description; described and decorative ones pass", async () => {
    const decorative = '<a:extLst><a:ext uri="{C183D7F6-B498-43B3-948B-1728B52AA6E4}"><adec:decorative xmlns:adec="http://schemas.microsoft.com/office/drawing/2017/decorative" val="1"/></a:ext></a:extLst>';
    const shapes = picture(2, "Bare", [0, 0, 900_000, 900_000]) + picture(3, "Said", [1_000_000, 0, 900_000, 900_000], ' descr="A red bar chart"') + picture(4, "Ornament", [2_000_000, 0, 900_000, 900_000], "", decorative);
    const bytes = edit(base(), (p) => {
      p[SLIDE1] = withShapes(p[SLIDE1]!, shapes);
      withImage(p);
    });
    const f = withCode(await inspect(bytes), "picture.no_alt_text");
    assert.deepEqual(
      f.map((x) => [x.severity, x.category, x.fixable, x.fix, x.location, x.message]),
      [["warning", "content", false, undefined, { pages: [1] }, 'Slide 1 has a picture or chart without alternative text: picture "Bare".']],
    );
  });

  it("picture.alt_text_file_name: a file name for a description", async () => {
    const bytes = edit(base(), (p) => {
      p[SLIDE1] = withShapes(p[SLIDE1]!, picture(2, "Photo", [0, 0, 900_000, 900_000], ' descr="IMG_2041.JPG"'));
      withImage(p);
    });
    assert.deepEqual(await only(bytes, "picture.alt_text_file_name"), unfixable("picture.alt_text_file_name", "info", "content", [1]));
  });

  it("slide.missing: a listed slide whose part is gone", async () => {
    const bytes = edit(base(), (p) => {
      delete p["ppt/slides/slide2.xml"];
      delete p["ppt/slides/_rels/slide2.xml.rels"];
    });
    assert.deepEqual(await only(bytes, "slide.missing"), unfixable("slide.missing", "error", "structural", [2]));
    assert.deepEqual((await inspect(bytes)).content.filter((c) => c.startsWith("2:")), []);
  });

  it("slide.listed_twice and slide.orphan", async () => {
    const bytes = edit(base(), (p) => (p["ppt/_rels/presentation.xml.rels"] = p["ppt/_rels/presentation.xml.rels"]!.replace('Target="slides/slide2.xml"', 'Target="slides/slide1.xml"')));
    assert.deepEqual(await only(bytes, "slide.listed_twice"), unfixable("slide.listed_twice", "error", "structural", [1, 2]));
    const orphan = await only(bytes, "slide.orphan");
    assert.deepEqual(orphan, unfixable("slide.orphan", "info", "structural"));
  });

  it("slide.no_layout: a slide whose layout relationship is gone", async () => {
    const bytes = edit(base(), (p) => (p["ppt/slides/_rels/slide2.xml.rels"] = p["ppt/slides/_rels/slide2.xml.rels"]!.replace(/<Relationship [^>]*slideLayout"[^>]*\/>/, "")));
    assert.deepEqual(await only(bytes, "slide.no_layout"), unfixable("slide.no_layout", "error", "structural", [2]));
  });

  it("shape.unknown_geometry: a preset name PowerPoint does not know", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = p[SLIDE1]!.replace('<a:prstGeom prst="rect">', '<a:prstGeom prst="oval">')));
    const f = await only(bytes, "shape.unknown_geometry");
    assert.deepEqual(f, unfixable("shape.unknown_geometry", "error", "structural", [1]));
  });

  it("shape.negative_size: a negative extent", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = p[SLIDE1]!.replace('<a:ext cx="1226455" cy="1200329"/>', '<a:ext cx="1226455" cy="-1200329"/>')));
    assert.deepEqual(await only(bytes, "shape.negative_size"), unfixable("shape.negative_size", "error", "structural", [1]));
  });

  it("table.grid_mismatch: a row with fewer cells than the table has columns", async () => {
    const bytes = edit(base(), (p) => (p["ppt/slides/slide2.xml"] = p["ppt/slides/slide2.xml"]!.replace(/(<a:tr h="370840">)<a:tc>[\s\S]*?<\/a:tc>(<a:tc>[\s\S]*?<\/a:tc><a:extLst>[\s\S]*?val="10001")/, "$1$2")));
    assert.deepEqual(await only(bytes, "table.grid_mismatch"), unfixable("table.grid_mismatch", "error", "structural", [2]));
  });

  it("duplicate slide ids the section list cannot tell apart are reported without a fix", async () => {
    const sections =
      '<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"><p14:sectionLst xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main"><p14:section name="A" id="{1}"><p14:sldIdLst><p14:sldId id="256"/></p14:sldIdLst></p14:section></p14:sectionLst></p:ext></p:extLst>';
    const bytes = edit(base(), (p) => (p[PRESENTATION] = p[PRESENTATION]!.replace('<p:sldId id="257"', '<p:sldId id="256"').replace(/<p:extLst>[\s\S]*<\/p:extLst>/, sections)));
    assert.deepEqual(await only(bytes, "presentation.duplicate_slide_id"), unfixable("presentation.duplicate_slide_id", "error", "structural", [1, 2]));
  });

  it("slide.empty and slide.no_title", async () => {
    const bytes = edit(base(), (p) => (p["ppt/slides/slide2.xml"] = withShapes(p["ppt/slides/slide2.xml"]!, "")));
    assert.deepEqual(await only(bytes, "slide.empty"), unfixable("slide.empty", "info", "content", [2]));
    assert.deepEqual(await only(bytes, "slide.no_title"), unfixable("slide.no_title", "info", "content", [1]));
  });
});

describe("pptx review: what inspection survives", () => {
  it("characters XML forbids are left out of the reading and of the content", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = p[SLIDE1]!.replace("<a:t>abc</a:t>", "<a:t>a\u0001b&#x1F;c&#8;</a:t>")));
    const { findings, content } = await inspect(bytes);
    assert.ok(content.includes("1: abc"), JSON.stringify(content));
    assert.deepEqual(findings.filter((f) => f.severity === "error"), []);
  });

  it("parts that are not well-formed are not read (the package check reports them), the rest is", async () => {
    const slide = edit(base(), (p) => (p["ppt/slides/slide2.xml"] = p["ppt/slides/slide2.xml"]!.replace("</p:sld>", "")));
    const broken = await inspect(slide);
    assert.deepEqual(broken.content, ["1:  Foo Bar \n Baz Zoo \n1", "1: yahoo.com", "1: abc", "1: a\nb\nc"]);
    assert.deepEqual(broken.findings.filter((f) => f.location?.pages?.includes(2)), []);
    const layout = edit(base(), (p) => (p["ppt/slideLayouts/slideLayout1.xml"] = "<p:sldLayout"));
    assert.deepEqual((await inspect(layout)).findings.filter((f) => f.severity !== "info"), []);
    const none = await inspect(edit(base(), (p) => delete p[PRESENTATION]));
    assert.deepEqual([none.findings, none.content], [[], []]);
  });

  it("a DTD is refused, not read", async () => {
    const bytes = edit(base(), (p) => (p[SLIDE1] = p[SLIDE1]!.replace("<p:sld ", '<!DOCTYPE p:sld [<!ENTITY x "y">]><p:sld ')));
    await assert.rejects(inspect(bytes), PackageRefused);
  });

  it("an unknown fix is an error of the caller", async () => {
    const { repairPptx } = await import("../../../../plugins/pptx/review/index.ts");
    await assert.rejects(repairPptx(base(), "pptx.no_such_fix", { fonts: new Set() }), /unknown fix/);
  });
});
