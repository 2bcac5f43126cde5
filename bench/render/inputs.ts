/** Markdown inputs of the render bench: about one page and about twenty pages of a typical report. */

const section = (n: number) => `## Section ${n}: regional results

Revenue in region ${n} grew **${(n % 7) + 3}%** over the quarter, driven by new customers in the retail segment and
a steady renewal rate among existing accounts. Costs stayed within the budget agreed in January; the main variance
came from logistics, where fuel prices rose for the second quarter in a row. The team expects the trend to continue.

- New customers: ${40 + n}
- Renewals: ${90 - (n % 10)}%
- Open tickets: ${n * 3}
  - of which urgent: ${n % 5}

| Month | Units | Revenue | Margin |
|---|---:|---:|---:|
| January | ${100 + n} | $${(12000 + n * 110).toLocaleString("en-US")} | 21% |
| February | ${110 + n} | $${(13000 + n * 120).toLocaleString("en-US")} | 22% |
| March | ${120 + n} | $${(14000 + n * 130).toLocaleString("en-US")} | 20% |
| Total | ${330 + 3 * n} | $${(39000 + n * 360).toLocaleString("en-US")} | |

The outlook for the next quarter is positive. The board asked for a review of the supplier contracts before June and
for a plan to open a second warehouse. Both items are on the agenda of the next meeting.
`;

export const onePage = `# Quarterly Report\n\n${section(1)}`;

/** Each section fills most of an A4 page at 11 pt and ends with a page break: twenty sections, twenty pages. */
export const twentyPages = `# Annual Report\n\n${Array.from({ length: 20 }, (_, i) => section(i + 1)).join("\n\\pagebreak\n\n")}`;
