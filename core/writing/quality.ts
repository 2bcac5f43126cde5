/**
 * Quality routing (interface, POST /documents rules 2–4 and the quality table). The caller's `quality` is kept; with
 * `auto` the service picks: comments, tracked changes or a template need `best` (rule 3), copying another file's
 * design needs `best` unless a PowerPoint is the template of a deck (rule 2); otherwise the level the judge says the
 * request needs, and the cheaper one when in doubt (rule 4). `max_quality` caps what `auto` may choose.
 */
import type { ModelRole } from "../contracts/model.ts";
import type { Level, Understanding } from "./understand.ts";

const ORDER: Level[] = ["fast", "standard", "best"];

export interface QualityChoice {
  readonly requested: "auto" | Level;
  readonly level: Level;
  readonly reason: string;
}

export interface QualityInput {
  readonly requested: "auto" | Level;
  readonly max: Level | undefined;
  readonly understanding: Understanding;
  /** A PowerPoint among the sources of a deck: its template at any level (rule 2). */
  readonly deckTemplate: boolean;
}

export const chooseLevel = (input: QualityInput): QualityChoice => {
  const { requested, understanding: u } = input;
  if (requested !== "auto") return { requested, level: requested, reason: "requested by the caller" };
  const needsBest = u.needs.comments || u.needs.trackedChanges || (u.needs.template && !input.deckTemplate) || (u.needs.copyDesign && !input.deckTemplate);
  const wanted: Level = needsBest ? "best" : u.quality;
  const why = needsBest
    ? `the request asks for ${[u.needs.comments && "comments", u.needs.trackedChanges && "tracked changes", u.needs.template && "a template", u.needs.copyDesign && "the design of a given file"].filter(Boolean).join(" and ")}`
    : u.qualityReason || (wanted === "fast" ? "a short, simple document" : "the request needs substantial writing");
  return capped(wanted, why, input.max);
};

/** `auto`'s choice under `max_quality` (rule 4), the reason saying when the cap decided. */
export const capped = (wanted: Level, why: string, max: Level | undefined): QualityChoice => {
  const cap = max ?? "best";
  return ORDER.indexOf(wanted) > ORDER.indexOf(cap) ? { requested: "auto", level: cap, reason: `${why}; capped at ${cap} by max_quality` } : { requested: "auto", level: wanted, reason: why };
};

/** The model that writes at each level (interface, quality table: fast model, writing model, best available). */
export const writerRole: Record<Level, ModelRole> = { fast: "fast", standard: "writer", best: "best" };
