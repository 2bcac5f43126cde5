/** Public administration: what a senior civil servant checks before a document is issued to citizens or bodies. */
import type { Checklist } from "../match.ts";

export const publicAdministration: Checklist = {
  id: "public-administration",
  names: ["public administration", "public sector", "government", "local government", "civil service", "public services", "public procurement", "municipal", "administración pública", "sector público", "gobierno", "ayuntamiento", "función pública", "contratación pública", "administración local"],
  guide: [
    "Identify the issuing body, the file or reference number and the date.",
    "Cite the legal basis (law, decree or regulation, and article) of every decision or requirement.",
    "State the subject and purpose at the start.",
    "Use plain language for citizens; explain legal and technical terms.",
    "State deadlines, what the recipient must do and how, and the appeals available (where and within what time).",
    "Stay neutral and impartial: no political or promotional tone.",
    "Use only the personal data the procedure needs.",
    "Name the responsible official and position, with the signature or its electronic reference.",
  ].join("\n"),
  points: [
    { id: "issuing-body", text: "Identifies the issuing body or unit and how to contact it.", test: "Does the text identify the issuing body or unit and give a contact (address, office, phone, e-mail or web)?" },
    { id: "reference-date", text: "Has a file or reference number and a date.", test: "Does the text carry a file or reference number and a date?", types: ["letter", "memo", "report", "minutes", "contract"] },
    { id: "legal-basis", text: "Cites the legal basis (law, regulation, article) of its decisions and requirements.", test: "Does the text cite the law, decree or regulation (with article where relevant) its decisions or requirements rest on?" },
    { id: "subject", text: "States the subject and purpose at the start.", test: "Does the beginning of the text state its subject and purpose?" },
    { id: "deadlines-action", text: "States deadlines and what the recipient must do and how.", test: "Does the text state deadlines and what the recipient must do and how?", types: ["letter", "memo", "report", "artifact", "presentation"] },
    { id: "remedies", text: "States the appeals or remedies available, where and within what time.", test: "Does the text state the appeals or remedies available, before which body and within what time limit?", types: ["letter"] },
    { id: "plain-language", text: "Uses plain language and explains legal or technical terms for citizens.", test: "Is the text in plain language, with legal or technical terms explained? Quote a passage that explains one." },
    { id: "data-minimised", text: "Uses only the personal data the procedure needs.", test: "Is personal data limited to what the procedure needs (no surplus identifiers or personal details)? Quote how the person concerned is referred to." },
    { id: "signatory", text: "Names the responsible official and position, with signature or electronic signature reference.", test: "Does the text name the responsible official and position, with a signature or electronic signature reference?", types: ["letter", "memo", "minutes", "contract"] },
    { id: "minutes-record", text: "Records attendees, quorum, agenda items, decisions and votes.", test: "Does the text list the attendees, the quorum, the agenda items, and the decisions with their votes?", types: ["minutes"] },
  ],
};
