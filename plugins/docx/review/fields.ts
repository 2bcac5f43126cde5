/**
 * Fields. A complex field is `w:fldChar` begin, its instruction (`w:instrText`), `separate`, its cached result,
 * `end`; fields nest and may span paragraphs, so the marks are matched per story in document order. Marks that do
 * not balance make Word offer to repair the file:
 * - a stray `end` or `separate` (no field open, or a second `separate`) is removed by `docx.fields`: it delimits
 *   nothing, and the runs and their text stay;
 * - a `begin` never ended cannot be repaired safely (where the field was meant to end is unknown): reported.
 * A field whose cached result is Word's error text ("Error! Reference source not found.", in the languages Word
 * writes it) shows that error in the document and the PDF: reported, as updating the field is Word's job.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, removeNode, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import type { Story } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.fields";

export interface Field {
  readonly story: Story;
  readonly instr: string;
  readonly result: string;
}

interface Open {
  instr: string;
  separated: boolean;
  result: string;
}

export interface FieldScan {
  readonly fields: Field[];
  /** `separate`/`end` marks that belong to no field. */
  readonly stray: { story: Story; node: XEl }[];
  /** Fields begun and never ended. */
  readonly unclosed: number;
}

const textOf = (node: XEl): string => {
  let s = node.local === "t" ? node.text : "";
  for (const c of node.children) s += textOf(c);
  return s;
};

export const scanFields = (model: Model): FieldScan => {
  const fields: Field[] = [];
  const stray: { story: Story; node: XEl }[] = [];
  let unclosed = 0;
  for (const story of model.stories) {
    const stack: Open[] = [];
    for (const node of model.nodes(story)) {
      switch (node.local) {
        case "fldChar": {
          const type = node.attrs["fldCharType"];
          const top = stack[stack.length - 1];
          if (type === "begin") stack.push({ instr: "", separated: false, result: "" });
          else if (type === "separate") {
            if (!top || top.separated) stray.push({ story, node });
            else top.separated = true;
          } else if (type === "end") {
            if (!top) stray.push({ story, node });
            else {
              stack.pop();
              fields.push({ story, instr: top.instr, result: top.result });
            }
          }
          break;
        }
        case "instrText":
        case "delInstrText": {
          const top = stack[stack.length - 1];
          if (top && !top.separated) top.instr += node.text;
          break;
        }
        case "t":
        case "delText":
          for (const f of stack) if (f.separated) f.result += node.text;
          break;
        case "fldSimple":
          fields.push({ story, instr: node.attrs["instr"] ?? "", result: textOf(node) });
          break;
      }
    }
    unclosed += stack.length;
  }
  return { fields, stray, unclosed };
};

/** Word's error results, as it writes them in English, Spanish, German, French, Italian, Portuguese, Dutch; and LibreOffice's. */
const ERROR_RESULT =
  /^\s*(¡?Error!\s|Fehler!\s|Erreur\s?!\s|Errore\.\s|Erro!\s|Fout!\s|Error: Reference source not found)/;

export const checkFields = (model: Model, scan: FieldScan): Finding[] => {
  const out: Finding[] = [];
  if (scan.stray.length > 0) {
    const n = scan.stray.length;
    out.push(
      finding(
        "docx.field_marks_stray",
        "error",
        "structural",
        `${n} field mark${n === 1 ? " closes or separates" : "s close or separate"} no field; Word reports the file as damaged. The repair removes the stray mark${n === 1 ? "" : "s"} (the text stays).`,
        FIX,
      ),
    );
  }
  if (scan.unclosed > 0) {
    const n = scan.unclosed;
    out.push(
      finding(
        "docx.field_unclosed",
        "error",
        "structural",
        `${n} field${n === 1 ? " is" : "s are"} begun and never ended; Word reports the file as damaged and may hide the text after ${n === 1 ? "it" : "them"}. Where ${n === 1 ? "it was" : "they were"} meant to end is unknown, so this is not repaired.`,
      ),
    );
  }
  const errors = scan.fields.filter((f) => ERROR_RESULT.test(f.result));
  if (errors.length > 0) {
    const n = errors.length;
    out.push(
      finding(
        "docx.field_error_result",
        "warning",
        "content",
        `${n} field${n === 1 ? " shows" : "s show"} an error instead of a result (“${errors[0]!.result.trim().slice(0, 80)}”); update the fields in Word, or fix what they refer to.`,
      ),
    );
  }
  return out;
};

export const fixFields = (model: Model): Edit[] => scanFields(model).stray.map(({ story, node }) => removeNode(story, node));
