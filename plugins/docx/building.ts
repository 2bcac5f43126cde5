/** What the agent's builder model is told of a Word document it builds with the sandbox's `docx` library (core/agent). */
import type { BuildingGuide } from "../../core/contracts/format-plugin.ts";

export const docxBuilding: BuildingGuide = {
  what: "a Word document (.docx, A4 or the style's page size)",
  library: `Use "docx" (v9): const { Document, Packer, Paragraph, TextRun, HeadingLevel, Table, TableRow, TableCell, WidthType, AlignmentType, ImageRun, Header, Footer, PageNumber, CommentRangeStart, CommentRangeEnd, CommentReference, InsertedTextRun, DeletedTextRun } = require("docx").
- Comments: new Document({ comments: { children: [{ id: 0, author: "Author", date: new Date(), children: [new Paragraph("…")] }] }, sections: [...] }) and, in the paragraph commented on, new CommentRangeStart(0), the runs, new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] }).
- Tracked changes: new InsertedTextRun({ text, id, author: "Author", date }) and new DeletedTextRun({ text, id, author: "Author", date }) inside a Paragraph's children. (The service names the real author afterwards.)
- Headings with heading: HeadingLevel.HEADING_1…3 so the outline works; tables with width { size: 100, type: WidthType.PERCENTAGE }.`,
};
