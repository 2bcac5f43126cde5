/** Any report with no sector checklist: what a demanding editor checks before a report goes to its readers. */
import type { Checklist } from "../match.ts";

export const report: Checklist = {
  id: "general-report",
  general: "report",
  names: [],
  guide: [
    "Open with a summary the reader can act on alone: the main findings and the conclusion or decision asked for.",
    "Say early what the report is for (the question it answers or the decision it supports) and what it covers.",
    "Give every figure its unit, currency and period, and say where it comes from; write a [DATO] gap for data not given.",
    "Draw conclusions and recommendations only from what the body shows, and keep assumptions and estimates apart from facts.",
    "Give each section a heading that says what it holds, and put series of figures in tables with units in the headers.",
    "Name the risks, limitations and open questions.",
    "End with concrete next steps: what, who and by when.",
  ].join("\n"),
  points: [
    { id: "summary", text: "Opens with a summary of the main findings and the conclusion.", test: "Does the document open, before the detailed sections, with a summary that states the main findings and the conclusion or recommendation?" },
    { id: "purpose", text: "States its purpose and scope early.", test: "Does the beginning say what the report is for (the question it answers or the decision it supports) and what it covers?" },
    { id: "supported-conclusions", text: "Draws conclusions or recommendations that the body supports.", test: "Are the conclusions or recommendations backed by facts, figures or analysis given in the body? Quote a conclusion whose support is in the text." },
    { id: "figures", text: "Gives every figure its unit, currency or period.", test: "Do the figures carry their unit or currency and the period or date they refer to?" },
    { id: "sources", text: "Says where its figures and facts come from.", test: "Does the text name where its figures and facts come from (the caller's data, a named document, accounts, a survey), or put a [DATO] gap where data was not given?" },
    { id: "assumptions", text: "Keeps assumptions and estimates apart from facts.", test: "Where the text estimates or projects, are the assumptions stated and the estimates marked as estimates?" },
    { id: "risks", text: "Names the risks, limitations or open questions.", test: "Does the text name risks, limitations or open questions that bear on its conclusions?" },
    { id: "next-steps", text: "Ends with concrete next steps: what, who and by when.", test: "Does the text set out next steps or actions with an owner or a date?" },
    { id: "headings", text: "Gives each section a heading that says what it holds.", test: "Do the section headings say what each section holds (e.g. \"Costs of the new warehouse\" rather than \"Section 2\")?" },
  ],
};
