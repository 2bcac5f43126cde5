/** Employment and human resources: what a senior HR manager or labour lawyer checks. */
import type { Checklist } from "../match.ts";

export const employment: Checklist = {
  id: "employment",
  names: ["hr", "human resources", "employment and hr", "labor", "labour", "labor relations", "recruitment", "recruiting", "hiring", "talent", "people", "payroll", "recursos humanos", "rrhh", "laboral", "empleo", "selección de personal", "reclutamiento", "nóminas"],
  guide: [
    "Identify the employer, the employee or candidate, and the job title precisely.",
    "Give working conditions in concrete terms: pay (amount, currency, gross or net, period), hours, place of work, start date, probation, leave.",
    "Name the labour law or collective agreement the terms rest on.",
    "Use neutral, inclusive language and criteria: nothing about age, sex, origin, religion, disability or family status unless the law requires it.",
    "Keep personal data to what the purpose needs, and say how it is processed.",
    "In disciplinary, performance or termination matters state facts, dates and the rule or objective concerned, in a respectful, factual tone.",
    "State next steps, deadlines and a contact.",
    "Never invent salaries, dates or names: write a [DATO] gap where the request does not give them.",
  ].join("\n"),
  points: [
    { id: "parties-role", text: "Identifies the employer, the person concerned and the role.", test: "Does the text name the employer, the employee or candidate (or a [DATO] gap), and the job title or role?", types: ["contract", "letter", "memo"] },
    { id: "pay", text: "States pay with amount, currency, gross or net, and period.", test: "Is the pay given with an amount, currency, gross or net, and period (per year, per month)?", types: ["contract", "letter"] },
    { id: "hours-place-start", text: "States working hours, place of work and start date.", test: "Does the text state the working hours or schedule, the place of work and the start date?", types: ["contract", "letter"] },
    { id: "probation-notice", text: "States the probation period and the notice periods.", test: "Does the text state the probation period and the notice period for ending the relationship?", types: ["contract"] },
    { id: "leave-benefits", text: "States paid holidays, leave and benefits.", test: "Does the text state paid holidays or leave entitlements and any benefits?", types: ["contract"] },
    { id: "applicable-law", text: "Names the applicable labour law or collective agreement.", test: "Does the text name the applicable labour legislation or collective agreement?", types: ["contract", "letter", "memo"] },
    { id: "non-discrimination", text: "Uses neutral, non-discriminatory wording and criteria.", test: "Is the text free of wording or criteria based on age, sex, origin, religion, disability, family status or other protected characteristics? Quote a neutral description of the role, the criteria or the person." },
    { id: "data-protection", text: "Says how the person's data is processed and what rights they have.", test: "Does the text say how personal data is processed, or refer to the data protection notice and the person's rights?", types: ["contract", "letter", "report", "spreadsheet", "artifact"] },
    { id: "facts-dates", text: "In sanctions, evaluations or dismissals, states the facts, dates and the rule or objective concerned.", test: "Where the text deals with a sanction, evaluation or dismissal, does it state concrete facts, dates and the rule or objective concerned?", types: ["letter", "memo", "minutes", "report"] },
    { id: "next-steps", text: "States next steps, deadlines and a contact.", test: "Does the text state next steps or deadlines and a contact person or channel?", types: ["letter", "memo", "minutes", "report", "presentation"] },
  ],
};
