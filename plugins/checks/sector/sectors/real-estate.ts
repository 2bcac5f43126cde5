/** Real estate: what a senior agent, property lawyer or valuer checks in a sale, lease or property report. */
import type { Checklist } from "../match.ts";

export const realEstate: Checklist = {
  id: "real-estate",
  names: ["real estate", "realty", "property", "properties", "property management", "housing", "leasing", "rental", "inmobiliario", "inmobiliaria", "inmobiliarias", "bienes raíces", "vivienda", "alquiler", "arrendamiento", "sector inmobiliario"],
  guide: [
    "Identify the property fully: address, land registry or cadastral reference, area, and what is included (parking, storage, furniture).",
    "Identify owner or landlord and buyer or tenant by name and identification number.",
    "State price or rent with its currency, payment schedule, deposit or guarantee, and who pays taxes, community fees, utilities and repairs.",
    "State dates: handover, term, renewal and notice.",
    "State charges, liens and encumbrances (or their absence), legal status and the energy performance certificate.",
    "Describe condition and features in concrete, verifiable terms; no unverifiable claims.",
    "Never invent registry references, areas or amounts: write a [DATO] gap where the request does not give them.",
  ].join("\n"),
  points: [
    { id: "property-id", text: "Identifies the property by address and land registry or cadastral reference.", test: "Does the text give the property's address and its land registry or cadastral reference (or a [DATO] gap)?" },
    { id: "area-composition", text: "States the area and composition of the property and what is included.", test: "Does the text state the area (m² or sq ft) and what the property comprises or includes?" },
    { id: "parties", text: "Identifies owner or landlord and buyer or tenant by name and identification number.", test: "Does the text identify each party with a name and an identification number (or a [DATO] gap)?", types: ["contract", "letter"] },
    { id: "price-terms", text: "States price or rent with currency, payment schedule and deposit or guarantee.", test: "Does the text state the price or rent with its currency, when it is paid, and any deposit or guarantee?", types: ["contract", "letter", "report", "presentation", "spreadsheet", "artifact"] },
    { id: "expenses", text: "Says who pays taxes, community fees, utilities and maintenance.", test: "Does the text say who pays taxes, community fees, utilities or maintenance?", types: ["contract", "report"] },
    { id: "dates", text: "States handover date, term, and renewal or notice terms.", test: "Does the text state the handover or start date, the term, and the renewal or notice terms?", types: ["contract", "letter"] },
    { id: "encumbrances", text: "States charges, liens or encumbrances, or their absence, and the legal status.", test: "Does the text state the property's charges, liens or encumbrances (or that there are none) and its legal status?", types: ["contract", "report"] },
    { id: "energy", text: "Mentions the energy performance certificate or rating.", test: "Does the text mention the energy performance certificate or energy rating?", types: ["contract", "report", "presentation", "artifact"] },
    { id: "condition", text: "Describes condition and inventory in concrete, verifiable terms.", test: "Does the text describe the property's condition or inventory in concrete terms (not only adjectives such as \"stunning\" or \"perfect\")?", types: ["contract", "report", "presentation"] },
    { id: "law-jurisdiction", text: "Names the applicable law and jurisdiction.", test: "Does the text name the applicable law (tenancy law, civil code) and the jurisdiction?", types: ["contract"] },
  ],
};
