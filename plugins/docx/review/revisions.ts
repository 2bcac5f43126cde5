/**
 * What a reviewer left in the file: comments and tracked changes. Both show in Word's margin and may print; neither
 * is repairable, since accepting or rejecting changes, or deleting comments, changes what the document says.
 * One finding for the comments and one for the tracked changes, each with its counts.
 *
 * Comment anchors (`w:commentRangeStart`/`End`, `w:commentReference`) naming a comment that comments.xml does not
 * hold are markers for nothing; the repair `docx.comment_anchors` removes them (they carry no text).
 */
import type { Finding } from "../../../core/contracts/review.ts";
import { finding, removeNode, type Edit } from "./edit.ts";
import type { Model } from "./model.ts";
import type { Story } from "./parts.ts";
import type { XEl } from "../../../core/ooxml/xml/tree.ts";

export const FIX = "docx.comment_anchors";

const KINDS: readonly [string, readonly string[]][] = [
  ["insertion", ["ins", "cellIns"]],
  ["deletion", ["del", "cellDel"]],
  ["move", ["moveFrom", "moveTo"]],
  ["formatting change", ["rPrChange", "pPrChange", "sectPrChange", "tblPrChange", "trPrChange", "tcPrChange", "tblGridChange", "tblPrExChange", "numberingChange", "cellMerge"]],
];

const commentIds = (model: Model): Set<string> | null => {
  const story = model.stories.find((s) => s.kind === "comments");
  if (!story) return null;
  return new Set(story.root.childrenNamed("comment").map((c) => c.attrs["id"] ?? ""));
};

const danglingAnchors = (model: Model): { story: Story; node: XEl }[] => {
  const ids = commentIds(model) ?? new Set<string>();
  const out: { story: Story; node: XEl }[] = [];
  for (const name of ["commentRangeStart", "commentRangeEnd", "commentReference"]) {
    for (const [story, node] of model.everywhere(name)) if (!ids.has(node.attrs["id"] ?? "")) out.push({ story, node });
  }
  return out;
};

export const checkRevisions = (model: Model): Finding[] => {
  const out: Finding[] = [];
  const comments = model.stories.find((s) => s.kind === "comments")?.root.childrenNamed("comment") ?? [];
  if (comments.length > 0) {
    const authors = [...new Set(comments.map((c) => c.attrs["author"]?.trim()).filter((a): a is string => !!a))];
    const n = comments.length;
    out.push(
      finding(
        "docx.comments",
        "warning",
        "content",
        `${n} comment${n === 1 ? " remains" : "s remain"} in the file${authors.length ? ` (by ${authors.slice(0, 4).join(", ")}${authors.length > 4 ? "…" : ""})` : ""}; ${n === 1 ? "it shows" : "they show"} to everyone who opens it.`,
      ),
    );
  }
  const counts: string[] = [];
  let total = 0;
  for (const [label, names] of KINDS) {
    let n = 0;
    for (const name of names) for (const _ of model.everywhere(name)) n++;
    if (n > 0) counts.push(`${n} ${label}${n === 1 ? "" : "s"}`);
    total += n;
  }
  if (total > 0) {
    out.push(
      finding(
        "docx.tracked_changes",
        "warning",
        "content",
        `The file still holds tracked changes (${counts.join(", ")}); Word shows them marked up, and which version is meant is for the author to settle by accepting or rejecting them.`,
      ),
    );
  }
  const dangling = danglingAnchors(model);
  if (dangling.length > 0) {
    const n = dangling.length;
    out.push(
      finding(
        "docx.comment_anchor_orphan",
        "warning",
        "structural",
        `${n} comment marker${n === 1 ? " names a comment" : "s name comments"} the file does not hold. The repair removes ${n === 1 ? "it" : "them"}.`,
        FIX,
      ),
    );
  }
  return out;
};

export const fixRevisions = (model: Model): Edit[] => danglingAnchors(model).map(({ story, node }) => removeNode(story, node));
