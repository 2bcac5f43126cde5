/** Any workbook with no sector checklist: what a demanding analyst checks before a workbook is shared. */
import type { Checklist } from "../match.ts";

export const spreadsheet: Checklist = {
  id: "general-spreadsheet",
  general: "spreadsheet",
  names: [],
  guide: [
    "Give each sheet and table a title that says what it holds.",
    "Label every column, with the unit or currency in the header; one unit a column.",
    "Keep inputs and assumptions apart from calculations, labelled, and refer to them by name in formulas.",
    "Calculate totals and derived figures with formulas, never typed values.",
    "Say the period or date the data refer to and where they come from.",
    "One row a record, one column a field; no blank or merged header cells.",
  ].join("\n"),
  points: [
    { id: "titles", text: "Gives each sheet or table a title that says what it holds.", test: "Does each sheet or table have a title that says what it holds?" },
    { id: "headers", text: "Labels every column with a header.", test: "Does every column of the tables have a header naming its content? Quote a header row." },
    { id: "units", text: "Gives the unit or currency of figures in the headers.", test: "Do the headers (or a note beside the table) give the unit or currency of the figures?" },
    { id: "assumptions", text: "Keeps inputs and assumptions apart from calculations, labelled.", test: "Where figures depend on inputs or assumptions (rates, prices, growth), are these set out apart and labelled?" },
    { id: "formulas", text: "Calculates totals and derived figures with formulas.", test: "Are totals and derived figures calculated with formulas (e.g. =SUM(B2:B9)) rather than typed as values? Quote a formula." },
    { id: "period-source", text: "States the period of the data and where they come from.", test: "Does the workbook say what period or date the data refer to and where they come from (or a [DATO] gap)?" },
  ],
};
