/**
 * Any contract with no sector checklist (legal is a sector; a contract the judge placed in another one, or in none,
 * gets this): what a careful drafter checks before a contract goes out for signature.
 */
import type { Checklist } from "../match.ts";

export const contract: Checklist = {
  id: "general-contract",
  general: "contract",
  names: [],
  guide: [
    "Identify every party by full name, identification number and address; write a [DATO] gap where not given.",
    "State the object and scope of the agreement precisely.",
    "Define key terms once and use them with the same meaning throughout.",
    "Write each obligation as who does what, by when, and what happens if not.",
    "State the price and payment terms, the duration and renewal, and how each party can end the agreement.",
    "Name the governing law and how disputes are settled.",
    "Number the clauses and end with a signature block for each party, with place and date.",
  ].join("\n"),
  points: [
    { id: "parties", text: "Identifies each party by full name, identification number and address (or a [DATO] gap).", test: "Does the text identify each party with its name and an identifier (tax, registration or ID number) and address, or [DATO] gaps in their place?" },
    { id: "object", text: "States the object and scope of the agreement.", test: "Is there a clause stating precisely what the agreement is about: what is supplied, done or transferred?" },
    { id: "obligations", text: "States each party's obligations: who does what and by when.", test: "Are the parties' obligations stated as who must do what, with dates or time limits?" },
    { id: "price", text: "States the price with its currency, and how and when it is paid.", test: "Does the text state the price or consideration with its currency and when and how it is paid?" },
    { id: "term", text: "States when the agreement starts and how long it lasts or when it ends.", test: "Does the text state the start date and the duration, end date or renewal?" },
    { id: "termination", text: "Says how each party can end the agreement, with notice.", test: "Is there a termination clause giving the grounds or notice period for ending the agreement?" },
    { id: "breach", text: "Says what happens on breach: liability, penalties or remedies.", test: "Does the text address liability, penalties or remedies for breach?" },
    { id: "governing-law", text: "Names the governing law and how disputes are settled.", test: "Does the text name the governing law and the forum (courts, arbitration, mediation) for disputes?" },
    { id: "defined-terms", text: "Defines key terms once and uses them consistently.", test: "Are key terms (e.g. \"the Client\", \"the Services\") defined at or before first use and then used with the same wording?" },
    { id: "signatures", text: "Ends with place and date of signature and a signature block for each party.", test: "Is there a signature section with place and date and a signature block for each party?" },
  ],
};
