/**
 * Footnotes, endnotes and comments that do not line up with their references: a `w:footnoteReference` or
 * `w:endnoteReference` naming a note the notes part does not hold (Word reports unreadable content; the note's
 * text is lost, and a reference mark without it cannot be repaired into anything true), and two notes or two
 * comments sharing one id (which reference means which is ambiguous). Reported, not repaired.
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding } from "./edit.ts";
import type { Model } from "./model.ts";
import type { StoryKind } from "./parts.ts";

const SOURCES: readonly [string, StoryKind, string][] = [
  ["footnoteReference", "footnotes", "footnote"],
  ["endnoteReference", "endnotes", "endnote"],
];

export const checkNotes = (model: Model): Finding[] => {
  const missing: string[] = [];
  const duplicates: string[] = [];
  for (const [reference, kind, element] of SOURCES) {
    const story = model.stories.find((s) => s.kind === kind);
    const ids = new Set<string>();
    let dup = 0;
    for (const note of story?.root.childrenNamed(element) ?? []) {
      const id = note.attrs["id"] ?? "";
      if (ids.has(id)) dup++;
      ids.add(id);
    }
    if (dup > 0) duplicates.push(`${dup} ${element}${dup === 1 ? "" : "s"}`);
    let lost = 0;
    for (const [, ref] of model.everywhere(reference)) if (!ids.has(ref.attrs["id"] ?? "")) lost++;
    if (lost > 0) missing.push(`${lost} ${element}${lost === 1 ? "" : "s"}`);
  }
  const comments = model.stories.find((s) => s.kind === "comments")?.root.childrenNamed("comment") ?? [];
  const commentIds = new Set<string>();
  let dupComments = 0;
  for (const c of comments) {
    const id = c.attrs["id"] ?? "";
    if (commentIds.has(id)) dupComments++;
    commentIds.add(id);
  }
  if (dupComments > 0) duplicates.push(`${dupComments} comment${dupComments === 1 ? "" : "s"}`);
  const out: Finding[] = [];
  if (missing.length > 0) {
    out.push(
      finding(
        "docx.note_missing",
        "error",
        "content",
        `The text refers to ${missing.join(" and ")} that the file does not hold; Word reports unreadable content and the note text is lost.`,
      ),
    );
  }
  if (duplicates.length > 0) {
    out.push(
      finding(
        "docx.note_ids_duplicate",
        "error",
        "structural",
        `${duplicates.join(" and ")} reuse the id of another; Word may report unreadable content or attach a note to the wrong reference.`,
      ),
    );
  }
  return out;
};
