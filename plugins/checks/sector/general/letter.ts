/** Any letter with no sector checklist: what a demanding editor checks before a letter is signed and sent. */
import type { Checklist } from "../match.ts";

export const letter: Checklist = {
  id: "general-letter",
  general: "letter",
  names: [],
  guide: [
    "Put the sender's details, the date, the addressee's name and address, and a subject line or reference first.",
    "Greet the addressee by name where the name is known.",
    "Say why you write in the first paragraph.",
    "Say exactly what you ask, offer or decide, with the amounts, dates and references it needs; one matter a paragraph.",
    "Say what the addressee should do next and by when.",
    "Close with a closing formula and a signature block: the signer's name, position and organisation.",
    "Keep a courteous, direct register that fits the relationship; no filler.",
  ].join("\n"),
  points: [
    { id: "sender", text: "Identifies the sender: name or organisation and contact details.", test: "Does the letter identify the sender (name or organisation) with an address or contact details, or a [DATO] gap for them?" },
    { id: "addressee", text: "Names the addressee, with their organisation or address.", test: "Does the letter name the addressee with their organisation or address (or a [DATO] gap for them)?" },
    { id: "date", text: "Is dated.", test: "Does the letter carry its date (or a [DATO] gap for it)?" },
    { id: "subject", text: "Has a subject line or reference.", test: "Is there a subject line or reference (e.g. \"Subject:\", \"Re:\", \"Ref.\", \"Asunto:\")?" },
    { id: "greeting", text: "Opens with a greeting to the addressee.", test: "Does the letter open with a greeting to the addressee (e.g. \"Dear Ms Ruiz,\")?" },
    { id: "purpose", text: "States why it is written in the first paragraph.", test: "Does the first paragraph after the greeting say why the letter is written?" },
    { id: "ask", text: "Says clearly what is asked, offered or decided, and what the addressee should do next and by when.", test: "Does the letter say plainly what it asks, offers or decides and what the addressee should do next, with a date where one applies?" },
    { id: "closing", text: "Ends with a closing formula.", test: "Does the letter end with a closing formula (e.g. \"Yours sincerely\", \"Kind regards\", \"Atentamente\")?" },
    { id: "signature", text: "Ends with a signature block: the signer's name and position.", test: "Is there a signature block naming the signer and their position or organisation (or a [DATO] gap for them)?" },
  ],
};
