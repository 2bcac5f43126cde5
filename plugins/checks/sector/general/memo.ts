/** Any memo with no sector checklist: what a demanding editor checks before a memo goes round. */
import type { Checklist } from "../match.ts";

export const memo: Checklist = {
  id: "general-memo",
  general: "memo",
  names: [],
  guide: [
    "Head it with To, From, Date and Subject.",
    "Put the point (the decision, request or news) in the first paragraph.",
    "Give only the background the reader needs to act.",
    "Back a recommendation with its facts and reasons, and mark assumptions as such.",
    "Say what the reader must do, by when, and whom to ask.",
    "Use lists for steps, options and dates.",
  ].join("\n"),
  points: [
    { id: "header", text: "Heads with To, From, Date and Subject (or their equivalents).", test: "Does the memo have a header naming the recipients, the sender, the date and the subject (or [DATO] gaps for them)?" },
    { id: "bottom-line", text: "States its point (decision, request or news) in the first paragraph.", test: "Does the first paragraph of the body state the memo's point: the decision, request or news?" },
    { id: "background", text: "Gives the background the reader needs, briefly.", test: "Does the memo give the background needed to understand the point, in a few sentences rather than pages?" },
    { id: "support", text: "Backs any recommendation with facts or reasons.", test: "Where the memo recommends or decides, does it give the facts or reasons behind it?" },
    { id: "action", text: "Says what the reader must do and by when.", test: "Does the memo say what the reader is expected to do, with a date or deadline?" },
    { id: "contact", text: "Says whom to ask with questions.", test: "Does the memo name a person or team to contact with questions?" },
  ],
};
