/** The source passages a planner or a part's writer is given: the most relevant to its topic, each source fenced. */
import { selectPassages, type SourceText } from "../sources/select.ts";
import { fence } from "./fence.ts";

export const fencedPassages = (selected: ReadonlyArray<SourceText>, topic: string, budgetChars: number): string => {
  if (selected.length === 0) return "";
  const chosen = selectPassages(selected, topic, budgetChars).filter((s) => s.text.trim());
  return chosen.map((s) => fence(`source ${s.index}: ${s.name}`, s.text)).join("\n\n");
};
