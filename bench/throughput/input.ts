/**
 * The one-page Word document every figure of the throughput bench is made from: a heading, a short paragraph, a
 * bulleted list of three items and a 3×3 table (a header row and two rows), as a caller would send it in
 * `content.markdown`.
 */
export const MARKDOWN = `# Weekly project note

The migration of the billing service finished on schedule this week. Two follow-up tasks remain open and are
listed below with their owners; neither blocks the release planned for next Tuesday.

- Move the nightly export to the new queue
- Update the runbook for the on-call team
- Remove the old database credentials

| Task | Owner | Status |
|---|---|---|
| Nightly export | Dana | In progress |
| Runbook update | Luis | Not started |
`;

/** The create request of the bench: a default docx create (Word file, PDF, previews) from the Markdown above. */
export const CREATE_BODY = JSON.stringify({ format: "docx", content: { markdown: MARKDOWN } });
