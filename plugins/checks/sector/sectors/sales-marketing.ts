/** Sales and marketing: what a senior sales or marketing director checks before a piece reaches customers. */
import type { Checklist } from "../match.ts";

export const salesMarketing: Checklist = {
  id: "sales-marketing",
  names: ["sales", "marketing", "sales and marketing", "advertising", "commercial", "business development", "e-commerce", "ecommerce", "retail", "communications", "branding", "ventas", "comercial", "publicidad", "mercadotecnia", "marketing y ventas", "ventas y marketing", "comercio electrónico", "desarrollo de negocio"],
  guide: [
    "Name the target audience or segment and lead with their problem and the concrete benefit, not the features.",
    "Back every claim with evidence (figures with their source, references, cases); no unverifiable superlatives such as \"the best\" or \"guaranteed\".",
    "State prices, conditions, what is included and how long an offer is valid.",
    "End with one clear call to action: the next step, a contact and a deadline.",
    "For plans, set measurable goals (KPIs) with targets, dates and budget.",
    "Keep a consistent, plain brand tone without jargon.",
    "Respect advertising and consumer law: state promotion conditions and ask consent for personal data in campaigns.",
  ].join("\n"),
  points: [
    { id: "audience", text: "Names the target audience or customer segment.", test: "Does the text name the target audience, customer or segment?" },
    { id: "value", text: "States the customer's problem and the concrete benefit.", test: "Does the text state the customer's problem or need and the concrete benefit of the offer?" },
    { id: "claims-evidence", text: "Backs claims with evidence and avoids unverifiable superlatives.", test: "Are the claims backed with evidence (figures with source, references, cases) and free of unverifiable superlatives? Quote a supported claim." },
    { id: "call-to-action", text: "Ends with a clear call to action: next step, contact and deadline.", test: "Is there a clear call to action with the next step and a contact or deadline?", types: ["letter", "presentation", "artifact", "report", "memo"] },
    { id: "price-conditions", text: "States price, conditions, what is included and the offer's validity.", test: "Does the text state the price, conditions, what is included and how long the offer is valid?", types: ["letter", "presentation", "contract", "artifact"] },
    { id: "kpis", text: "Sets measurable goals (KPIs) with targets, dates and budget.", test: "Does the text set measurable goals (KPIs) with targets, dates or budget?", types: ["report", "presentation", "memo", "spreadsheet"] },
    { id: "competition", text: "Positions the offer against competitors or alternatives with facts.", test: "Does the text compare the offer with competitors or alternatives using facts?", types: ["report", "presentation"] },
    { id: "compliance", text: "States promotion conditions and data consent where the law requires them.", test: "Where the text runs a promotion or collects personal data, does it state the conditions or ask for consent?", types: ["letter", "artifact", "presentation", "contract"] },
    { id: "tone", text: "Keeps a consistent, plain tone without jargon.", test: "Is the tone consistent and plain, without unexplained jargon? Quote a representative sentence." },
  ],
};
