/**
 * Ten-change plans of the kind a model returns, built from the file's own blocks (`read(bytes).blocks`), spread over
 * the whole file so the changes do not sit in one paragraph or one slide. Every target text is a phrase found once in
 * its block, as a plan that can be applied must be.
 */
import type { EditBlock, EditOp } from "../../core/contracts/edit.ts";

const occurrences = (text: string, find: string) => text.split(find).length - 1;

/** A phrase of 3 to 6 words from the block that occurs once in it, looked for from the block's start; else 2 words, else one. */
export const uniquePhrase = (text: string): string => {
  const words = text.split(/\s+/).filter(Boolean);
  for (const length of [3, 4, 5, 6, 2, 1]) {
    for (let from = 0; from + length <= words.length; from++) {
      const phrase = words.slice(from, from + length).join(" ");
      if (occurrences(text, phrase) === 1) return phrase;
    }
  }
  throw new Error(`no phrase occurs once in "${text.slice(0, 60)}…"`);
};

/** A figure of the block (a percentage or an amount) found once in it, corrected, as most requested edits of a report are; else a phrase reworded. */
const correction = (block: EditBlock, i: number): EditOp => {
  const figure = block.text.match(/\$[\d,]+|\d+(?:\.\d+)?%/g)?.find((f) => occurrences(block.text, f) === 1);
  if (figure) {
    const value = Number(figure.replace(/[$,%]/g, ""));
    const decimals = figure.split(".")[1]?.replace("%", "").length ?? 0;
    const corrected = figure.startsWith("$") ? `$${(value + 5 * (i + 1)).toLocaleString("en-US")}` : `${(value + 0.5 * (i + 1)).toFixed(decimals)}%`;
    return { op: "replace_text", block: block.id, find: figure, replace: corrected };
  }
  // The block's last words, so the added words read on from them.
  const last = block.text.trim().split(/\s+/).slice(-3).join(" ");
  const find = occurrences(block.text, last) === 1 ? last : uniquePhrase(block.text);
  return { op: "replace_text", block: block.id, find, replace: `${find} in the second quarter` };
};

/** Blocks of the wanted kinds at evenly spaced places, each used once. */
const spread = (blocks: readonly EditBlock[], kinds: readonly string[], count: number, taken: Set<string>, offset = 0, minWords = 4): EditBlock[] => {
  const pool = blocks.filter((b) => kinds.includes(b.kind) && b.text.split(/\s+/).filter(Boolean).length >= minWords && !taken.has(b.id));
  if (pool.length < count) throw new Error(`only ${pool.length} blocks of ${kinds.join("/")} to pick ${count} from`);
  const picked: EditBlock[] = [];
  for (let i = 0; i < count; i++) {
    let at = Math.floor(((i + offset) * pool.length) / (count + 1)) % pool.length;
    while (taken.has(pool[at]!.id)) at = (at + 1) % pool.length;
    picked.push(pool[at]!);
    taken.add(pool[at]!.id);
  }
  return picked;
};

/** Word: replace_text ×5 (paragraphs, list items and a table cell), insert_after ×2, delete ×1, move ×1, comment ×1. */
export const wordPlan = (blocks: readonly EditBlock[]): EditOp[] => {
  const taken = new Set<string>();
  const replaced = [...spread(blocks, ["paragraph", "list_item"], 4, taken, 1), ...spread(blocks, ["table_cell"], 1, taken, 1, 1)];
  const [insertA, insertB, deleted, moved, commented] = spread(blocks, ["paragraph", "list_item"], 5, taken, 0.5);
  // The moved paragraph goes a few paragraphs down, after a body paragraph no other change touches.
  const bodies = blocks.filter((b) => b.kind === "paragraph" && !taken.has(b.id));
  const after = bodies.find((b) => blocks.indexOf(b) > blocks.indexOf(moved!) + 5) ?? bodies[0]!;
  return [
    ...replaced.map(correction),
    { op: "insert_after", block: insertA!.id, text: "This paragraph was added by the edit: the figures above were checked against the ledger in March." },
    { op: "insert_after", block: insertB!.id, text: "A new item the reviewers asked for, styled like the one before it." },
    { op: "delete", block: deleted!.id },
    { op: "move", block: moved!.id, after: after.id },
    { op: "comment", block: commented!.id, find: uniquePhrase(commented!.text), text: "Please confirm this figure with the finance office." },
  ];
};

/** A deck: replace_text ×6 (titles, bullets, notes), insert_after ×2 (bullets), delete ×1 (a bullet), add_slide ×1. */
export const deckPlan = (blocks: readonly EditBlock[]): EditOp[] => {
  const taken = new Set<string>();
  const bullets = (b: EditBlock) => b.kind === "shape_paragraph" && !/title/.test(b.context);
  const titles = blocks.filter((b) => b.kind === "shape_paragraph" && /title/.test(b.context));
  const replaced = [
    ...spread(titles, ["shape_paragraph"], 2, taken, 1),
    ...spread(blocks.filter(bullets), ["shape_paragraph"], 2, taken, 1),
    ...spread(blocks, ["notes_paragraph"], 2, taken, 1),
  ];
  const [insertA, insertB, deleted] = spread(blocks.filter(bullets), ["shape_paragraph"], 3, taken, 0.5);
  const slides = blocks.filter((b) => b.kind === "slide");
  const after = slides[Math.floor(slides.length / 2)]!;
  return [
    ...replaced.map(correction),
    { op: "insert_after", block: insertA!.id, text: "Churn fell below 3% for the first time" },
    { op: "insert_after", block: insertB!.id, text: "Two new suppliers signed in May" },
    { op: "delete", block: deleted!.id },
    { op: "add_slide", block: after.id, like: after.id, title: "What the board decided", body: ["Open the second warehouse in June", "Review the supplier contracts", "Report back in the next quarter"] },
  ];
};
