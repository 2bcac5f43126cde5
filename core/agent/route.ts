/**
 * Which generation path builds a document (interface, "Two generation paths"; POST /documents rules 2–3): the fast
 * path lays the written Markdown out; the agent writes a program that builds the file, looks at its pages and
 * corrects them. The agent is taken for what the fast path cannot do (comments, tracked changes, a template or a
 * design to copy, charts, a free layout) and for every `best` document; a PowerPoint source of a deck is its
 * template on either path, so it alone does not call for the agent. Pages (artifacts) have their own builder.
 */
import type { Level, Understanding, WritableFormat } from "../writing/understand.ts";

export interface Route {
  readonly path: "fast" | "agent";
  readonly reason: string;
}

export interface RouteInput {
  readonly format: WritableFormat;
  /** The format's file is a web page the service builds from blocks and corrects itself (its plugin says so). */
  readonly page: boolean;
  readonly level: Level;
  readonly needs: Understanding["needs"];
  /** A PowerPoint among the sources of a deck: its template on either path. */
  readonly deckTemplate: boolean;
}

/**
 * What the request asks for that only the agent builds, in words for `route.reason`. Copying a design other than a
 * deck's template needs `best` (rule 2): below it the design is not copied and does not call for the agent.
 */
export const agentNeeds = (needs: Understanding["needs"], deckTemplate: boolean, level: Level): string[] =>
  [
    needs.comments && "comments",
    needs.trackedChanges && "tracked changes",
    needs.template && !deckTemplate && level === "best" && "a template",
    needs.copyDesign && !deckTemplate && level === "best" && "the design of a given file",
    needs.charts && "charts",
    needs.freeLayout && "a free layout",
  ].filter((n): n is string => Boolean(n));

/**
 * What the request asked of the agent (`agentNeeds`) that the fast path's file lacks when the agent falls back:
 * comments, tracked changes and a free layout always; charts unless the fast path draws them from the text's chart
 * blocks. A design to copy is left to `design.not_copied`.
 */
export const lostInFallback = (asks: ReadonlyArray<string>, chartsDrawn: boolean): string[] =>
  asks.filter((a) => a === "comments" || a === "tracked changes" || a === "a free layout" || (a === "charts" && !chartsDrawn));

export const chooseRoute = (input: RouteInput): Route => {
  if (input.page) return { path: "fast", reason: "a page is written as blocks that the service builds and corrects itself" };
  const wanted = agentNeeds(input.needs, input.deckTemplate, input.level);
  if (wanted.length) return { path: "agent", reason: `the request asks for ${wanted.join(" and ")}: an agent builds the file, looks at its pages and corrects them` };
  if (input.level === "best") return { path: "agent", reason: "best: an agent builds the file, looks at its pages and corrects them" };
  return { path: "fast", reason: "the model writes the text and the service lays it out" };
};
