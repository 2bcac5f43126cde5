/** Finance, accounting and banking: what a senior analyst or controller checks before figures go out. */
import type { Checklist } from "../match.ts";

export const finance: Checklist = {
  id: "finance",
  names: ["financial", "financial services", "banking", "accounting", "audit", "investment", "investments", "corporate finance", "tax", "treasury", "finanzas", "financiero", "financiera", "banca", "contabilidad", "auditoría", "inversión", "inversiones", "fiscal", "tesorería"],
  guide: [
    "State the period or date every figure refers to, and its currency and unit (units, thousands, millions).",
    "Say where each figure comes from (accounts, statements, the caller's data); write a [DATO] gap for a figure not supplied, never an estimate passed off as fact.",
    "Make the assumptions behind forecasts, budgets and valuations explicit, apart from the facts.",
    "Make totals, subtotals and percentages reconcile with their parts.",
    "Compare with a reference (prior period, budget, forecast) and explain material variances.",
    "Put series of figures in tables with one unit per column and consistent rounding.",
    "Name the main risks and how sensitive the result is to the key assumptions.",
    "Use financial terms (revenue, EBITDA, cash flow, margin) in their standard meaning and define any non-standard metric.",
  ].join("\n"),
  points: [
    { id: "period", text: "States the period or reporting date the figures refer to.", test: "Does the text state the period (e.g. FY2025, Q3 2026, January–June) or the date the figures refer to?" },
    { id: "currency", text: "States the currency and unit of the figures.", test: "Are the currency and the unit of the figures (e.g. EUR, USD thousands) stated?" },
    { id: "sources", text: "Says where its figures come from.", test: "Does the text name the source of its figures (accounts, statements, the caller's data, a named report)?" },
    { id: "assumptions", text: "Makes the assumptions behind estimates, forecasts or valuations explicit.", test: "Where the text projects, budgets or estimates, are the assumptions (growth, prices, rates, dates) stated explicitly?", types: ["report", "memo", "presentation", "spreadsheet"] },
    { id: "totals", text: "Totals and subtotals reconcile with their components.", test: "Do the stated totals and subtotals equal the sum of their listed parts? Quote a total that reconciles." },
    { id: "comparison", text: "Compares with a prior period, budget or forecast and explains material variances.", test: "Does the text compare the figures with a prior period, budget or forecast and explain the significant differences?", types: ["report", "memo", "presentation", "spreadsheet"] },
    { id: "risks", text: "Names the main risks, uncertainties and sensitivities.", test: "Does the text name risks, uncertainties or sensitivities affecting the figures or the recommendation?", types: ["report", "memo", "presentation"] },
    { id: "conclusion", text: "Draws a clear conclusion or recommendation that follows from the figures.", test: "Is there a conclusion or recommendation that follows from the figures presented?", types: ["report", "memo", "presentation", "letter"] },
    { id: "metrics", text: "Uses financial metrics consistently and defines any non-standard one.", test: "Are the metrics (e.g. EBITDA, margin, cash flow) used consistently, and is any non-standard metric defined?" },
    { id: "forward-looking", text: "Marks forecasts and forward-looking statements as estimates, not certainties.", test: "Are forecasts or forward-looking statements presented as estimates (with their basis) rather than certainties?", types: ["report", "memo", "presentation", "letter"] },
  ],
};
