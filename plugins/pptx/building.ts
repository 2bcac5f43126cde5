/** What the agent's builder model is told of a deck it builds with the sandbox's `pptxgenjs` library (core/agent). */
import type { BuildingGuide } from "../../core/contracts/format-plugin.ts";

export const pptxBuilding: BuildingGuide = {
  what: "a PowerPoint deck (.pptx, 16:9 slides)",
  library: `Use "pptxgenjs" (v4): const PptxGenJS = require("pptxgenjs"); const pres = new PptxGenJS(); pres.layout = "LAYOUT_WIDE" (13.33 × 7.5 in); const slide = pres.addSlide(); slide.addText(text or runs, { x, y, w, h, fontFace, fontSize, color, bullet, fit: "shrink" }); slide.addTable(rows, { x, y, w, colW, fontSize }); slide.addImage({ data: "data:image/png;base64,…", x, y, w, h }); slide.addChart(pres.ChartType.bar | line | pie, [{ name, labels, values }], { x, y, w, h, showLegend, showTitle, title }); slide.addNotes(text).
- Positions are in inches: keep every box inside 13.33 × 7.5 with a 0.5 in margin; one idea per slide; at most about 7 bullets of one line each.`,
};
