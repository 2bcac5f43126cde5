/**
 * What an edit reports: each change asked for (`edits`: op, outcome, block, target, before, after, reason) and what
 * changed in the file's blocks (`changes`: added, changed, removed, with their text), read again from the result so
 * the report says what the file holds, not what was meant.
 */
import type { AppliedEdit, EditBlock } from "../../contracts/edit.ts";
import type { WireReport } from "../../documents/report.ts";

export const reportEdits = (edits: ReadonlyArray<AppliedEdit>): WireReport["edits"] =>
  edits.map((e) => ({ op: e.op, outcome: e.outcome, block: e.block, target: e.target, before: e.before, after: e.after, reason: e.reason }));

/** Blocks compared by id, then in order: new ids are added, vanished ones removed, same id with other text changed. */
export const blockChanges = (before: ReadonlyArray<EditBlock>, after: ReadonlyArray<EditBlock>): WireReport["changes"] => {
  const old = new Map(before.map((b) => [b.id, b.text]));
  const now = new Map(after.map((b) => [b.id, b.text]));
  const changes: WireReport["changes"] = [];
  // Word and deck ids are positions: an insertion shifts the ids after it, so their texts are compared as sequences.
  // Sheet cells are named by their address, which no edit moves.
  const oldTexts = before.map((b) => b.text);
  const newTexts = after.map((b) => b.text);
  const addressed = [...before, ...after].every((b) => b.kind === "cell");
  if (addressed) {
    for (const [id, text] of now) {
      const was = old.get(id);
      if (was === undefined) changes.push({ change: "added", before: [], after: [text] });
      else if (was !== text) changes.push({ change: "changed", before: [was], after: [text] });
    }
    for (const [id, text] of old) if (!now.has(id)) changes.push({ change: "removed", before: [text], after: [] });
    return changes;
  }
  if (before.some((b, i) => after[i]?.id !== b.id) || before.length !== after.length) {
    const removed = oldTexts.filter((t) => !newTexts.includes(t));
    const added = newTexts.filter((t) => !oldTexts.includes(t));
    const pairs = Math.min(removed.length, added.length);
    for (let i = 0; i < pairs; i++) changes.push({ change: "changed", before: [removed[i]!], after: [added[i]!] });
    for (const t of removed.slice(pairs)) changes.push({ change: "removed", before: [t], after: [] });
    for (const t of added.slice(pairs)) changes.push({ change: "added", before: [], after: [t] });
    return changes;
  }
  for (const [id, text] of now) {
    const was = old.get(id);
    if (was !== undefined && was !== text) changes.push({ change: "changed", before: [was], after: [text] });
  }
  return changes;
};
