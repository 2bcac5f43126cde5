/**
 * A drawing (core/contracts/drawing.ts) painted to PNG with mupdf, in-process: paths filled and stroked, text in the
 * drawing's font family as fontconfig finds it on this machine (the face LibreOffice would draw with: Carlito for
 * Calibri), else in mupdf's built-in Helvetica or Times. `scale` pixels are painted per drawing pixel, so a picture
 * shown at its drawing size prints sharp.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import type { Drawing, Mark, Rgb } from "../../core/contracts/drawing.ts";
import { loadMupdf } from "./pages.ts";

type Mupdf = Awaited<ReturnType<typeof loadMupdf>>;
type Font = InstanceType<Mupdf["Font"]>;

const run = promisify(execFile);
const fontFiles = new Map<string, Promise<{ data: Uint8Array; index: number } | null>>();

/** The installed file fontconfig matches to a family and weight (read once per process), or null without one. */
const fontFile = (family: string, bold: boolean) => {
  // `-`, `:`, `,`, `=` and `\` are fontconfig's pattern syntax, never part of a family name worth matching.
  const pattern = `${family.replace(/[-:,=\\]/g, " ").trim()}:weight=${bold ? "bold" : "regular"}`;
  let file = fontFiles.get(pattern);
  if (!file) {
    // Where child processes are refused (the agent's sandbox) execFile throws at once: the built-in face then.
    file = Promise.resolve()
      .then(() => run("fc-match", ["-f", "%{file}\\n%{index}", pattern], { timeout: 10_000 }))
      .then(async ({ stdout }) => {
        const [path, index] = stdout.split("\n");
        return path ? { data: new Uint8Array(await readFile(path)), index: Number(index) || 0 } : null;
      })
      .catch(() => null);
    fontFiles.set(pattern, file);
  }
  return file;
};

async function loadFont(mupdf: Mupdf, font: Drawing["font"], bold: boolean): Promise<Font> {
  const file = await fontFile(font.family, bold);
  if (file) {
    try {
      return new mupdf.Font(font.family, file.data, file.index);
    } catch {
      // A file mupdf cannot read: the built-in face below.
    }
  }
  return new mupdf.Font(font.serif ? (bold ? "Times-Bold" : "Times-Roman") : bold ? "Helvetica-Bold" : "Helvetica");
}

const rgb = (color: Rgb): [number, number, number] => [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number];

export const paintDrawing = async (drawing: Drawing, scale = 2): Promise<{ png: Uint8Array; width: number; height: number }> => {
  const mupdf = await loadMupdf();
  const width = Math.max(1, Math.round(drawing.width * scale));
  const height = Math.max(1, Math.round(drawing.height * scale));
  const fonts = { regular: await loadFont(mupdf, drawing.font, false), bold: await loadFont(mupdf, drawing.font, true) };
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
  try {
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.scale(scale, scale), pixmap);
    try {
      device.fillPath(rectPath(mupdf, 0, 0, drawing.width, drawing.height), false, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, rgb(drawing.background), 1);
      for (const mark of drawing.marks) paint(mupdf, device, mark, fonts);
      device.close();
    } finally {
      device.destroy();
    }
    return { png: pixmap.asPNG(), width, height };
  } finally {
    pixmap.destroy();
    fonts.regular.destroy();
    fonts.bold.destroy();
  }
};

function rectPath(mupdf: Mupdf, x: number, y: number, w: number, h: number) {
  const path = new mupdf.Path();
  path.rect(x, y, x + w, y + h);
  return path;
}

function paint(mupdf: Mupdf, device: InstanceType<Mupdf["DrawDevice"]>, mark: Mark, fonts: { regular: Font; bold: Font }): void {
  const { identity } = mupdf.Matrix;
  const space = mupdf.ColorSpace.DeviceRGB;
  switch (mark.kind) {
    case "rect":
      device.fillPath(rectPath(mupdf, mark.x, mark.y, mark.w, mark.h), false, identity, space, rgb(mark.fill), 1);
      return;
    case "path": {
      if (mark.points.length < 2) return;
      const path = new mupdf.Path();
      mark.points.forEach(([x, y], i) => (i === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
      if (mark.closed) path.closePath();
      if (mark.fill) device.fillPath(path, false, identity, space, rgb(mark.fill), 1);
      if (mark.stroke) {
        const stroke = new mupdf.StrokeState({ lineCap: "Round", lineJoin: "Round", lineWidth: mark.width ?? 1, miterLimit: 10 });
        device.strokePath(path, stroke, identity, space, rgb(mark.stroke), 1);
      }
      return;
    }
    case "text": {
      const font = mark.bold ? fonts.bold : fonts.regular;
      const advance = [...mark.text].reduce((sum, ch) => sum + font.advanceGlyph(font.encodeCharacter(ch)), 0) * mark.size;
      const x = mark.anchor === "start" ? mark.x : mark.anchor === "middle" ? mark.x - advance / 2 : mark.x - advance;
      const text = new mupdf.Text();
      // Glyph space points up, the page down.
      text.showString(font, [mark.size, 0, 0, -mark.size, x, mark.y], mark.text);
      device.fillText(text, identity, space, rgb(mark.color), 1);
      return;
    }
  }
}
