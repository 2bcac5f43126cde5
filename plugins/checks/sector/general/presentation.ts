/** Any deck with no sector checklist: what a demanding editor checks before a deck is presented. */
import type { Checklist } from "../match.ts";

export const presentation: Checklist = {
  id: "general-presentation",
  general: "presentation",
  names: [],
  guide: [
    "Open with a title slide naming the subject, the presenter or organisation and the date.",
    "Say the main message, or the decision asked for, in the first slides.",
    "One idea a slide, with a title that states its point as a sentence (\"Costs fall 12% in 2026\"), not a bare topic.",
    "Keep slides to short bullets; details go in the speaker notes.",
    "Give figures with their units and sources, and show series as tables or charts.",
    "End with the conclusion and the next steps or the ask.",
  ].join("\n"),
  points: [
    { id: "title-slide", text: "Opens with a title slide naming the subject and the presenter or organisation.", test: "Does the deck open with a title naming the subject and the presenter, organisation or date?" },
    { id: "message", text: "States the main message or the decision asked for early.", test: "Do the first slides state the main message or the decision the audience is asked for?" },
    { id: "action-titles", text: "Gives slides titles that state their point.", test: "Do the slide titles state a point (a claim or finding) rather than a bare topic? Quote such a title." },
    { id: "concise", text: "Keeps slides to short bullets, not paragraphs.", test: "Are slide bodies short bullets or phrases rather than long paragraphs? Quote a typical bullet." },
    { id: "figures", text: "Gives figures with their units and sources.", test: "Do the figures carry their units or currency and say where they come from?" },
    { id: "close", text: "Ends with the conclusion and the next steps or the ask.", test: "Does the deck end with a conclusion and next steps, or a clear ask of the audience?" },
  ],
};
