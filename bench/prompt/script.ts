/**
 * What the bench's model answers for each format, and the Markdown the service assembles from those answers, so
 * content mode can be given exactly the text a prompt run produced. The answers are fixed per format: the same
 * prompt always gets the same plan and parts, which is what makes the two modes comparable.
 */
import { assemble, cleanPart } from "../../core/writing/write.ts";
import { boundedOutline } from "../../core/writing/outline.ts";
import type { WritingGuide } from "../../core/contracts/format-plugin.ts";
import type { DocType } from "../../core/ir/types.ts";
import { outline, understanding } from "../../test/support/writer-script.ts";

export type BenchFormat = "docx" | "pptx" | "xlsx" | "artifact";
export const FORMATS: BenchFormat[] = ["docx", "pptx", "xlsx", "artifact"];

export interface FormatScript {
  readonly type: DocType;
  readonly unit: WritingGuide["unit"];
  readonly understanding: ReturnType<typeof understanding>;
  readonly outline: ReturnType<typeof outline>;
  /** The writer's answer for each part, by heading (unused for a page). */
  readonly parts: Record<string, string>;
  /** The page writer's answer (artifacts only). */
  readonly page?: string;
}

const TOPICS = ["customer growth", "operating costs", "supplier contracts", "staff and hiring", "risks and outlook"];

// Varied sentences, so the layout works on text shaped like a real report rather than one line repeated.
const sentence = (topic: string, n: number) =>
  [
    `The review of ${topic} covered the last four quarters and compared each region against the plan agreed in January.`,
    `Most of the change in ${topic} came from the retail segment, where new accounts outnumbered the ones we lost by about two to one.`,
    `Managers reported that the figures for ${topic} were collected the same way in every office, so the comparison holds.`,
    `A smaller part of the variance in ${topic} is explained by timing: several invoices moved from one quarter to the next.`,
    `The team recommends keeping the current approach to ${topic} and reviewing it again when the second warehouse opens.`,
    `None of the findings on ${topic} needs an immediate decision, but two of them should be on the agenda in June.`,
  ][n % 6]!;

/** About `words` words of prose on a topic, in paragraphs of five sentences. */
const prose = (topic: string, words: number) => {
  const paragraphs: string[] = [];
  let count = 0;
  for (let p = 0; count < words; p++) {
    const lines = Array.from({ length: 5 }, (_, i) => sentence(topic, p * 5 + i));
    count += lines.join(" ").split(/\s+/).length;
    paragraphs.push(lines.join(" "));
  }
  return paragraphs.join("\n\n");
};

const table = (topic: string) =>
  [
    `| Quarter | ${topic[0]!.toUpperCase()}${topic.slice(1)} (EUR) | Change | Note |`,
    "|---|---:|---:|---|",
    ...["Q1", "Q2", "Q3", "Q4"].map((q, i) => `| ${q} | ${(120_000 + i * 8_500).toLocaleString("en-US")} | ${i * 2 + 1}% | as planned |`),
    `| Total | 523,000 | | |`,
  ].join("\n");

const docx = (): FormatScript => {
  const headings = TOPICS.map((t) => `${t[0]!.toUpperCase()}${t.slice(1)}`);
  const parts = Object.fromEntries(
    headings.map((h, i) => [h, `## ${h}\n\n${prose(TOPICS[i]!, 400)}${i % 2 === 1 ? `\n\n${table(TOPICS[i]!)}\n\nThe table sums up the quarters.` : ""}`]),
  );
  return {
    type: "report",
    unit: "section",
    understanding: understanding({ format: "docx", type: "report", title: "Annual operations review", quality: "standard", quality_reason: "several sections with figures" }),
    outline: outline(headings.map((heading) => ({ heading, size: 400 })), { title: "Annual operations review" }),
    parts,
  };
};

const pptx = (): FormatScript => {
  const headings = ["Where we stand", "Customers", "Costs", "The plan", "Next steps"];
  const slide = (title: string, n: number) =>
    [
      `## ${title}`,
      "",
      ...[`Growth held at ${n + 3}% this quarter`, "Retail accounts drive most of it", "Costs stayed inside the budget", "Two regions need attention"].map((b) => `- ${b}`),
      "",
      `> Notes: Start with the headline for ${title.toLowerCase()}, then walk through the bullets; keep it under two minutes.`,
    ].join("\n");
  const parts = Object.fromEntries(headings.map((h, i) => [h, `${slide(h, i)}\n\n${slide(`${h}: detail`, i + 1)}`]));
  return {
    type: "presentation",
    unit: "slide",
    understanding: understanding({ format: "pptx", type: "presentation", title: "Quarterly board update", quality: "standard", quality_reason: "a deck of ten slides" }),
    outline: outline(headings.map((heading) => ({ heading, size: 2 })), { title: "Quarterly board update" }),
    parts,
  };
};

const xlsx = (): FormatScript => {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const revenue = [
    "## Revenue",
    "",
    "| Month | Units | Price (EUR) | Revenue (EUR) | Next year (EUR) |",
    "|---|---:|---:|---:|---:|",
    ...months.map((m, i) => `| ${m} | ${400 + i * 15} | =unit_price | =B${i + 2}*C${i + 2} | =D${i + 2}*(1+growth_rate) |`),
    "| Total | | | | |",
    "",
    "Revenue is units times the price in the assumptions; next year applies the growth rate.",
  ].join("\n");
  const costs = [
    "## Costs",
    "",
    "| Month | Staff (EUR) | Rent (EUR) | Other (EUR) | Total (EUR) | Margin (EUR) |",
    "|---|---:|---:|---:|---:|---:|",
    ...months.map((m, i) => `| ${m} | =staff_cost | =monthly_rent | ${2_000 + i * 120} | =SUM(B${i + 2}:D${i + 2}) | =Revenue!D${i + 2}-E${i + 2} |`),
    "| Total | | | | | |",
    "",
    "Staff and rent come from the assumptions; other costs are the figures the request gave.",
  ].join("\n");
  return {
    type: "spreadsheet",
    unit: "sheet",
    understanding: understanding({ format: "xlsx", type: "spreadsheet", title: "Budget 2026", quality: "standard", quality_reason: "a workbook with formulas" }),
    outline: outline(
      [
        { heading: "Revenue", size: 12, columns: ["Month", "Units", "Price (EUR)", "Revenue (EUR)", "Next year (EUR)"], formulas: ["=B2*C2", "=D2*(1+growth_rate)"] },
        { heading: "Costs", size: 12, columns: ["Month", "Staff (EUR)", "Rent (EUR)", "Other (EUR)", "Total (EUR)", "Margin (EUR)"], formulas: ["=SUM(B2:D2)"] },
      ],
      {
        title: "Budget 2026",
        assumptions: [
          { label: "Unit price (EUR)", name: "unit_price", value: "45" },
          { label: "Growth rate", name: "growth_rate", value: "5%" },
          { label: "Staff cost per month (EUR)", name: "staff_cost", value: "9500" },
          { label: "Monthly rent (EUR)", name: "monthly_rent", value: "2400" },
        ],
      },
    ),
    parts: { Revenue: revenue, Costs: costs },
  };
};

const artifact = (): FormatScript => {
  const page = [
    "# Volunteer day",
    "",
    "Sign up for the volunteer day, see who is coming and how the shifts fill up.",
    "",
    "## Sign up",
    "",
    "```form",
    "Name: text required",
    "Email: email required",
    "Team: select Kitchen, Garden, Reception",
    "Hours: number",
    "Comment: textarea",
    "submit: Sign me up",
    "done: Thanks, see you there!",
    "```",
    "",
    "```list",
    "columns: Name, Team, Hours",
    "empty: Nobody has signed up yet.",
    "```",
    "",
    "## Shifts",
    "",
    "```chart",
    "type: bar",
    "by: Team",
    "sum: Hours",
    "```",
    "",
    "```stat",
    "sum: Hours",
    "label: Hours pledged",
    "```",
    "",
    "## What to bring",
    "",
    "Comfortable shoes, a water bottle and gloves for the garden team. Lunch is provided for everyone who signs up.",
  ].join("\n");
  return {
    type: "artifact",
    unit: "page",
    understanding: understanding({ format: "artifact", type: "artifact", storage: "shared", title: "Volunteer day", quality: "standard", quality_reason: "a page with a form, a list and a chart" }),
    outline: outline(
      [
        { heading: "Sign up", blocks: ["form", "list"] },
        { heading: "Shifts", blocks: ["chart", "stat"] },
        { heading: "What to bring" },
      ],
      { title: "Volunteer day" },
    ),
    parts: {},
    page,
  };
};

export const scripts: Record<BenchFormat, FormatScript> = { docx: docx(), pptx: pptx(), xlsx: xlsx(), artifact: artifact() };

/** The prompt of one document: the format's request and a marker that tells its model calls apart. */
export const promptFor = (format: BenchFormat, marker: string) =>
  `${
    {
      docx: "An annual operations review of about five pages: customers, costs, suppliers, staff, risks, with quarterly tables.",
      pptx: "Ten slides for the board on the quarter, with speaker notes.",
      xlsx: "A budget workbook for 2026: revenue and costs by month, with formulas and the assumptions on their own sheet.",
      artifact: "A sign-up page for the volunteer day with a form, the list of who signed up and a chart of hours by team.",
    }[format]
  } ${marker}`;

/**
 * The Markdown the service lays out for these answers, built with its own rules (core/operations/create-prompt.ts):
 * the plan bounded, each part cleaned, the title and a workbook's assumptions first; a page is the writer's text.
 */
export const markdownOf = (format: BenchFormat): string => {
  const s = scripts[format];
  const planned = boundedOutline(s.outline, s.unit, s.understanding.title);
  if (format === "artifact") return cleanPart(s.page!, planned.title, true);
  return assemble(planned, planned.parts.map((p) => cleanPart(s.parts[p.heading]!, p.heading)), s.type);
};
