/** Any page (artifact) with no sector checklist: what a demanding editor checks before a page is shared. */
import type { Checklist } from "../match.ts";

export const artifact: Checklist = {
  id: "general-artifact",
  general: "artifact",
  names: [],
  guide: [
    "Say at the top what the page is for and what a visitor can do on it.",
    "Give each section a heading that says what it holds.",
    "Label every field and control in plain words, and say which are required and what happens after sending.",
    "Write buttons and links as actions (\"Sign up\", \"Download the list\").",
    "Give the dates, deadlines and contact a visitor needs.",
    "Keep the text short and plain.",
  ].join("\n"),
  points: [
    { id: "purpose", text: "Says at the top what the page is for.", test: "Does the top of the page say what the page is for?" },
    { id: "instructions", text: "Tells the visitor what to do on the page.", test: "Does the page tell the visitor what to do (fill in, choose, sign up, read) in plain words?" },
    { id: "headings", text: "Gives each section a heading that says what it holds.", test: "Do the section headings say what each section holds?" },
    { id: "labels", text: "Labels every field or control in plain words.", test: "Are the form fields, buttons and controls labelled in plain words a visitor understands? Quote a label." },
    { id: "details", text: "Gives the dates, deadlines or contact a visitor needs.", test: "Does the page give the dates, deadlines or contact a visitor needs to act (or [DATO] gaps for them)?" },
    { id: "plain", text: "Keeps its text short and plain.", test: "Is the text short and plain, without jargon or long paragraphs? Quote a typical sentence." },
  ],
};
