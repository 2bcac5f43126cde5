/**
 * The slides of a `.ppt` and the sheets of an `.xls`, counted from the compound file without converting it (an
 * upload's `pages`, issue 20: the same figure the extraction gives once LibreOffice has converted the file).
 *
 * - `.xls`: the BoundSheet8 records (0x0085) of the workbook globals, which end at the first EOF record (0x000A);
 *   charts and macro sheets are sheets there as in the converted workbook.
 * - `.ppt`: the SlidePersistAtoms (0x03F3) of the slide list (SlideListWithText, 0x0FF0, instance 0) in the last
 *   DocumentContainer (0x03E8) of the stream, the document as last saved.
 *
 * Each walk moves forward by at least a record header, so a damaged length ends it; anything unreadable throws and
 * the file counts as one page (core/files/pages.ts).
 */
import CFB from "cfb";

const stream = (bytes: Uint8Array, ...names: string[]): Buffer => {
  const file = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: "buffer" });
  for (const name of names) {
    const entry = CFB.find(file, name);
    if (entry?.content) return Buffer.from(entry.content as Uint8Array);
  }
  throw new Error(`no ${names.join(" or ")} stream`);
};

export const countSheets = (bytes: Uint8Array): number => {
  const b = stream(bytes, "Workbook", "Book");
  let sheets = 0;
  for (let at = 0; at + 4 <= b.length; ) {
    const type = b.readUInt16LE(at);
    const length = b.readUInt16LE(at + 2);
    if (type === 0x0085) sheets += 1;
    else if (type === 0x000a) break;
    at += 4 + length;
  }
  return sheets;
};

/** The records directly inside `[start, end)` of a PowerPoint stream. */
function* records(b: Buffer, start: number, end: number): Generator<{ type: number; instance: number; body: number; end: number }> {
  for (let at = start; at + 8 <= end; ) {
    const head = b.readUInt16LE(at);
    const type = b.readUInt16LE(at + 2);
    const length = b.readUInt32LE(at + 4);
    const stop = Math.min(end, at + 8 + length);
    yield { type, instance: head >> 4, body: at + 8, end: stop };
    at = stop;
  }
}

export const countSlides = (bytes: Uint8Array): number => {
  const b = stream(bytes, "PowerPoint Document");
  let document: { body: number; end: number } | undefined;
  for (const record of records(b, 0, b.length)) if (record.type === 0x03e8) document = record;
  if (!document) throw new Error("no DocumentContainer");
  let slides = 0;
  for (const list of records(b, document.body, document.end)) {
    if (list.type !== 0x0ff0 || list.instance !== 0) continue;
    for (const atom of records(b, list.body, list.end)) if (atom.type === 0x03f3) slides += 1;
  }
  return slides;
};
