/**
 * `inspect` for PDF (core/contracts/review.ts): reads every page once (its text is the `content`, one string per page),
 * then looks at fonts, forms, encryption, attachments and actions left after sanitizing, and last asks mupdf
 * whether it had to rebuild the cross-reference table to read all that (mupdf repairs on open, and again when an
 * object is not where the table says, so the question is only answered once everything has been read), and
 * whether the file starts with its `%PDF-` header.
 *
 * A password-protected file is refused (open.ts); anything else, however damaged, becomes findings.
 */
import type { Finding, Inspect } from "../../../core/contracts/review.ts";
import { findActiveSites } from "./actions.ts";
import { documentFacts } from "./document.ts";
import {
  activeContentFinding,
  documentFindings,
  fontFindings,
  headerFinding,
  noPagesFinding,
  pageFindings,
  unreadableFinding,
  xrefFinding,
} from "./findings.ts";
import { missingFonts } from "./fonts.ts";
import { openPdf } from "./open.ts";
import { surveyPage, type PageSurvey } from "./pages.ts";

/** Runs one check; a check mupdf fails on inside is skipped rather than failing the review (the pages were read). */
const check = (run: () => Finding[]): Finding[] => {
  try {
    return run();
  } catch {
    return [];
  }
};

export const inspectPdf: Inspect = async (bytes, ctx) => {
  ctx.signal?.throwIfAborted();
  const opened = await openPdf(bytes);
  if (opened === null) return { findings: [unreadableFinding()], content: [] };
  const { mupdf, doc } = opened;
  try {
    let count = 0;
    try {
      count = doc.countPages();
    } catch {
      count = 0;
    }
    const surveys: PageSurvey[] = [];
    for (let index = 0; index < count; index++) {
      ctx.signal?.throwIfAborted();
      surveys.push(surveyPage(mupdf, doc, index));
    }
    const findings: Finding[] = [];
    if (count === 0) findings.push(noPagesFinding());
    findings.push(...pageFindings(surveys));
    findings.push(...check(() => activeContentFinding(findActiveSites(doc))));
    findings.push(...check(() => fontFindings(missingFonts(doc, count))));
    findings.push(...check(() => documentFindings(documentFacts(doc, count))));
    // The file is only written anew when every page reads: rewriting what mupdf could not read would lose it.
    const whole = count > 0 && surveys.every((s) => s.unreadable === undefined);
    findings.unshift(...headerFinding(bytes, whole));
    if (doc.wasRepaired()) findings.unshift(xrefFinding(whole));
    return { findings, content: surveys.map((s) => s.text) };
  } finally {
    doc.destroy();
  }
};
