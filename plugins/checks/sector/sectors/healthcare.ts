/** Healthcare: what a senior clinician or health-service manager checks before a document reaches anyone. */
import type { Checklist } from "../match.ts";

export const healthcare: Checklist = {
  id: "healthcare",
  names: ["health care", "health", "medical", "medicine", "clinical", "hospital", "nursing", "pharmacy", "public health", "sanidad", "salud", "sanitario", "sanitaria", "médico", "medicina", "clínico", "clínica", "hospitalario", "enfermería", "farmacia"],
  guide: [
    "Do not diagnose or prescribe: diagnoses and treatment decisions belong to a qualified professional, and the text attributes them to one.",
    "Minimise patient data: only the identifiers and health details the purpose needs.",
    "Support clinical statements with a guideline, study or recognised source, with its year or version.",
    "Give doses and measurements in standard units (mg, mL, mmHg), with frequency and route; never invent them: write a [DATO] gap.",
    "Spell out medical abbreviations at first use.",
    "When patients or the public read it, explain medical terms in plain language and say when to seek professional or urgent care.",
    "Name the responsible professional or service and the date.",
    "Mark clinical information as confidential and say who may access it.",
  ].join("\n"),
  points: [
    { id: "no-diagnosis", text: "Makes no diagnosis or treatment decision of its own: any is attributed to a qualified professional.", test: "Are all diagnoses and treatment decisions in the text attributed to a qualified professional (or absent), rather than asserted by the document itself? Quote the attribution or a passage showing the document stays within that limit." },
    { id: "data-minimised", text: "Uses only the patient data its purpose needs.", test: "Is patient personal data limited to what the document's purpose needs (no surplus identifiers such as ID numbers, full addresses or unrelated conditions)? Quote how patients are referred to." },
    { id: "evidence", text: "Supports clinical statements with a guideline, study or recognised source.", test: "Does the text cite a clinical guideline, study or recognised source for its clinical statements?", types: ["report", "memo", "presentation"] },
    { id: "units", text: "Gives doses and measurements in standard units, with frequency and route for doses.", test: "Where doses or measurements appear, are they given in standard units (and with frequency and route for doses)?" },
    { id: "abbreviations", text: "Spells out medical abbreviations at first use.", test: "Are medical abbreviations expanded at their first use?" },
    { id: "responsible", text: "Names the responsible professional, service or contact, and the date.", test: "Does the text name the responsible professional, service or contact point, and a date?", types: ["letter", "memo", "report", "minutes"] },
    { id: "plain-language", text: "Explains medical terms in plain language for patients and the public.", test: "If patients or the public are the readers, are medical terms explained in plain language?", types: ["letter", "report", "presentation", "artifact"] },
    { id: "seek-care", text: "Tells patients when and where to seek professional or urgent care.", test: "Does the text tell the reader when and where to seek professional or urgent care?", types: ["letter", "artifact"] },
    { id: "confidentiality", text: "Marks clinical information as confidential and says who may access it.", test: "Does the text mark the information as confidential or say who may access it?", types: ["report", "memo", "minutes", "letter", "spreadsheet"] },
  ],
};
