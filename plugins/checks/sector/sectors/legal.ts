/** Legal work and contracts: what a senior lawyer checks before a document leaves the office. */
import type { Checklist } from "../match.ts";

export const legal: Checklist = {
  id: "legal",
  names: ["law", "legal services", "contracts", "contract", "contract law", "commercial law", "corporate law", "lawyer", "attorney", "legal and contracts", "jurídico", "legal y contratos", "derecho", "contratos", "contractual", "abogacía", "asesoría jurídica", "notarial"],
  guide: [
    "Identify every party by full legal name, tax or registration number and address, and say in what capacity each signatory acts.",
    "Define each key term once (capitalised, e.g. \"the Services\") and use it with that same meaning and spelling throughout.",
    "Number clauses and sections and refer to them by number.",
    "Write obligations precisely: who must do what, by when, and what happens if not; avoid vague words such as \"reasonable\" or \"promptly\" without a measure.",
    "Write amounts in figures with their currency (in contracts, also in words) and dates unambiguously.",
    "Never invent party data, amounts, dates or registry numbers: write a [DATO] gap where the request does not give them.",
    "Name the governing law and the courts or arbitration that settle disputes.",
    "Keep a neutral, precise register: no marketing language, no rhetorical emphasis.",
  ].join("\n"),
  points: [
    { id: "parties", text: "Identifies each party by full name, identification number and address (or a [DATO] gap where not given).", test: "Does the text identify each party with its name and an identifier (tax, registration or ID number) or a [DATO] gap in its place?", types: ["contract", "letter"] },
    { id: "object", text: "States the object of the agreement: what is supplied, done or transferred.", test: "Is there a clause stating precisely what the agreement is about (its object and scope)?", types: ["contract"] },
    { id: "term", text: "States when the agreement takes effect and how long it lasts or when it ends, including renewals.", test: "Does the text state the effective date and the duration, end date or renewal of the agreement?", types: ["contract"] },
    { id: "price", text: "States the price or consideration with its currency, and how and when it is paid.", test: "Does the text state the price or consideration with its currency and the payment terms (when and how)?", types: ["contract"] },
    { id: "termination", text: "Says how and when each party can terminate, with notice and consequences.", test: "Is there a termination clause giving the grounds or the notice period for ending the agreement?", types: ["contract"] },
    { id: "liability", text: "Allocates liability, warranties and remedies for breach.", test: "Does the text address liability, warranties, penalties or remedies for breach?", types: ["contract"] },
    { id: "confidentiality", text: "Covers confidentiality and personal data protection where information is exchanged.", test: "Does the text include confidentiality or personal data protection provisions?", types: ["contract"] },
    { id: "governing-law", text: "Names the governing law and the courts or arbitration for disputes.", test: "Does the text name the governing law and the forum (courts, arbitration, mediation) for disputes?", types: ["contract"] },
    { id: "signatures", text: "Ends with place and date of signature and a signature block for each party.", test: "Is there a signature section with place and date and a signature block for each party?", types: ["contract", "letter"] },
    { id: "defined-terms", text: "Defines key terms once and uses them consistently afterwards.", test: "Are the defined terms (e.g. \"the Client\", \"the Services\") defined at or before first use and then used with the same wording and meaning?" },
    { id: "legal-references", text: "Names the statutes, regulations or case law it relies on precisely (title, number, article).", test: "Where the text relies on a law or regulation, does it name it precisely (title, number or article)?" },
    { id: "conclusion", text: "Gives a clear conclusion or recommendation and the legal risks it carries.", test: "Does the text give a clear conclusion or recommendation and name the legal risks or conditions it depends on?", types: ["report", "memo", "letter", "presentation"] },
  ],
};
