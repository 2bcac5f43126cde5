/** Education and training: what a senior teacher, instructional designer or school manager checks. */
import type { Checklist } from "../match.ts";

export const education: Checklist = {
  id: "education",
  names: ["teaching", "academic", "academia", "school", "schools", "university", "higher education", "training", "e-learning", "elearning", "learning", "educación", "enseñanza", "formación", "académico", "académica", "docencia", "universidad", "colegio", "escuela", "educativo"],
  guide: [
    "State learning objectives as observable outcomes (\"the learner will be able to…\").",
    "Identify the audience: level, age group or course, and prerequisites.",
    "Align activities, content and assessment with the objectives; give assessment criteria and weights.",
    "State duration, schedule and the materials needed.",
    "Use clear language suited to the audience; explain new terms when first used.",
    "Provide for diverse learners: accessibility, adaptations and support.",
    "Refer to the curriculum, standard or regulation followed where relevant.",
  ].join("\n"),
  points: [
    { id: "objectives", text: "States learning objectives as observable outcomes.", test: "Does the text state learning objectives as observable outcomes (what learners will be able to do)?", types: ["report", "presentation", "memo", "spreadsheet", "artifact"] },
    { id: "audience", text: "Identifies the audience: level, age group or course, and prerequisites.", test: "Does the text identify the learners' level, age group or course, and any prerequisites?" },
    { id: "assessment", text: "Explains how learning is assessed, with criteria and weights.", test: "Does the text explain how learning is assessed, with criteria or weights?", types: ["report", "presentation", "memo", "spreadsheet", "artifact"] },
    { id: "duration-materials", text: "States duration, schedule and the materials needed.", test: "Does the text state the duration or schedule and the materials or resources needed?", types: ["report", "presentation", "memo", "spreadsheet", "artifact"] },
    { id: "alignment", text: "Its activities and content serve the stated objectives.", test: "Do the activities or content described clearly serve the stated objectives? Quote an activity tied to an objective.", types: ["report", "presentation", "artifact"] },
    { id: "clear-language", text: "Uses language suited to the audience and explains new terms.", test: "Is the language suited to the audience, with new or technical terms explained? Quote a term being explained." },
    { id: "inclusion", text: "Provides for diverse learners (accessibility, adaptations, support).", test: "Does the text provide for diverse learners (accessibility, adaptations, support measures)?", types: ["report", "presentation", "memo"] },
    { id: "curriculum", text: "Refers to the curriculum, standard or regulation it follows.", test: "Does the text refer to the curriculum, educational standard or regulation it follows?", types: ["report", "memo", "presentation", "letter"] },
    { id: "families-contact", text: "Tells students or families the dates, what is asked of them and whom to contact.", test: "Does the text give students or families the relevant dates, what they must do and a contact?", types: ["letter", "memo"] },
  ],
};
