/**
 * The shared string table and what the review needs of the cell styles. A shared string is the text of its `t`
 * elements, plain or in rich-text runs, with phonetic guides (`rPh`) left out and `_xHHHH_` escapes decoded. Of
 * the styles, only whether a cell style says "this is text on purpose": the Text number format (`@`, built-in 49
 * or a custom format of just `@`) or an apostrophe prefix (`quotePrefix`).
 */
import { unescapeOoxml } from "../extract/strings.ts";
import { dropInvalidChars } from "../../../core/ooxml/chars.ts";
import { attributes, walkXml } from "../../../core/ooxml/xml/walk.ts";

/** Collects the text of `si` (shared strings) or `is` (inline strings) elements: `t` outside `rPh`. */
export class RichTextCollector {
  private depthInPhonetic = 0;
  private inT = false;
  private parts: string[] = [];

  /** The scanner pairs every open with a close, self-closing tags included. */
  open(tag: string): void {
    if (tag === "rPh") this.depthInPhonetic++;
    else if (tag === "t" && this.depthInPhonetic === 0) this.inT = true;
  }

  text(text: string): void {
    if (this.inT) this.parts.push(text);
  }

  close(tag: string): void {
    if (tag === "rPh" && this.depthInPhonetic > 0) this.depthInPhonetic--;
    else if (tag === "t") this.inT = false;
  }

  /** The text collected since the last call, and a fresh start. */
  take(): string {
    const out = dropInvalidChars(unescapeOoxml(this.parts.join("")));
    this.parts = [];
    this.depthInPhonetic = 0;
    this.inT = false;
    return out;
  }
}

export const readSharedStrings = (xml: string, part: string): string[] => {
  const strings: string[] = [];
  const rich = new RichTextCollector();
  let inItem = false;
  walkXml(xml, part, {
    open(tag) {
      if (tag === "si") {
        inItem = true;
        rich.take();
      } else if (inItem) rich.open(tag);
    },
    text(text) {
      if (inItem) rich.text(text);
    },
    close(tag) {
      if (tag === "si" && inItem) {
        inItem = false;
        strings.push(rich.take());
      } else if (inItem) rich.close(tag);
    },
  });
  return strings;
};

/** For each cell style index: true when it marks the cell as text on purpose. */
export const readTextStyles = (xml: string, part: string): boolean[] => {
  const textFormats = new Set<string>(["49"]);
  const styles: boolean[] = [];
  let inCellXfs = false;
  walkXml(xml, part, {
    open(tag, raw, _s, _e, selfClosing) {
      if (tag === "numFmt") {
        const a = attributes(raw);
        if (a.get("formatCode")?.trim() === "@") textFormats.add(a.get("numFmtId") ?? "");
      } else if (tag === "cellXfs" && !selfClosing) inCellXfs = true;
      else if (tag === "xf" && inCellXfs) {
        const a = attributes(raw);
        const quoted = a.get("quotePrefix");
        styles.push(textFormats.has(a.get("numFmtId") ?? "0") || quoted === "1" || quoted === "true");
      }
    },
    close(tag) {
      if (tag === "cellXfs") inCellXfs = false;
    },
  });
  return styles;
};
