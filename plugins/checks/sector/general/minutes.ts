/** Any minutes with no sector checklist: what a demanding secretary checks before minutes go for approval. */
import type { Checklist } from "../match.ts";

export const minutes: Checklist = {
  id: "general-minutes",
  general: "minutes",
  names: [],
  guide: [
    "Head them with the meeting's name, date, time and place (or call).",
    "List who attended, who sent apologies, who chaired and who took the minutes.",
    "Follow the agenda, one item a heading.",
    "Record each decision as a decision, in the words agreed, with the vote where there was one.",
    "Record each action with its owner and due date, and collect the actions at the end.",
    "Summarise the discussion briefly and neutrally.",
    "Give the date of the next meeting.",
  ].join("\n"),
  points: [
    { id: "meeting", text: "Names the meeting, its date, time and place.", test: "Do the minutes name the meeting and give its date, and its time and place or call (or [DATO] gaps for them)?" },
    { id: "attendees", text: "Lists the attendees and apologies.", test: "Do the minutes list who attended (and who sent apologies, where any did)?" },
    { id: "chair", text: "Names who chaired and who took the minutes.", test: "Do the minutes name the chair and the person who took the minutes?" },
    { id: "agenda", text: "Follows the agenda item by item.", test: "Are the minutes organised by agenda item, each with its own heading or number?" },
    { id: "decisions", text: "Records the decisions taken, stated as decisions.", test: "Are the decisions taken recorded explicitly as decisions (e.g. \"It was agreed that…\", \"Decision:\")?" },
    { id: "actions", text: "Lists action items, each with an owner and a due date.", test: "Is each action item given an owner and a due date? Quote one that has both." },
    { id: "next-meeting", text: "Gives the date of the next meeting.", test: "Do the minutes give the date of the next meeting (or say that none is set)?" },
  ],
};
