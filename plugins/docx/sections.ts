/**
 * Landscape pages for the tables that need them (issue 30, item 7): a table too wide for a portrait page even in
 * small type (column-widths.ts) gets a landscape section of its own, and the rest of the document stays portrait,
 * as a consultant turns the one page of an appendix table, never the whole report. The headings and the lead-in
 * line right above such a table go with it, so none is left alone at the foot of the portrait page before.
 */
import { PageOrientation } from "docx";
import type { ISectionOptions } from "docx";
import { plainText } from "../../core/ir/text.ts";
import type { Block } from "../../core/ir/types.ts";
import type { StyleApplied } from "../../core/style/types.ts";
import type { BodyChild } from "./blocks.ts";
import type { MapContext } from "./context.ts";
import { tableFit } from "./column-widths.ts";
import { geometry } from "./geometry.ts";

export interface BodySection {
  blocks: Block[];
  landscape: boolean;
}

const leadsIn = (block: Block | undefined): boolean =>
  block?.type === "heading" || (block?.type === "paragraph" && /:\s*$/.test(plainText(block.inlines)));

/** The body cut into portrait and landscape runs; one portrait run when no table needs to turn. */
export function bodySections(blocks: Block[], ctx: MapContext): BodySection[] {
  if (ctx.style.orientation === "landscape") return [{ blocks, landscape: false }];
  const wide = geometry({ ...ctx.style, orientation: "landscape" }).textWidth;
  const out: BodySection[] = [];
  const current = (landscape: boolean): BodySection => {
    const last = out[out.length - 1];
    if (last && last.landscape === landscape) return last;
    const made = { blocks: [], landscape };
    out.push(made);
    return made;
  };
  for (const block of blocks) {
    if (block.type === "table" && tableFit(block, ctx, wide).landscape) {
      const before = out[out.length - 1];
      const moved: Block[] = [];
      // Headings and a lead-in line ("The accounts were:") go with the table onto its page.
      while (before && !before.landscape && before.blocks.length > 0) {
        const last = before.blocks[before.blocks.length - 1]!;
        if (!(last.type === "heading" || (moved.length === 0 && leadsIn(last)))) break;
        moved.unshift(before.blocks.pop()!);
      }
      if (before && before.blocks.length === 0) out.pop();
      current(true).blocks.push(...moved, block);
    } else current(false).blocks.push(block);
  }
  return out.length > 0 ? out : [{ blocks, landscape: false }];
}

/** The context a landscape section's blocks are mapped in: its text width is the wider one. */
export const landscapeContext = (ctx: MapContext): MapContext => ({
  ...ctx,
  style: { ...ctx.style, orientation: "landscape" },
  geometry: geometry({ ...ctx.style, orientation: "landscape" }),
});

export interface MappedPart {
  landscape: boolean;
  children: BodyChild[];
}

interface Page {
  style: StyleApplied;
  /** The first page is a cover: it carries no header or footer. */
  coverFirst: boolean;
  /** A section's header and footer (each section gets its own, so a landscape page has them across its width). */
  furniture: () => Pick<ISectionOptions, "headers" | "footers">;
}

function pageSetup(landscape: boolean, titlePage: boolean, style: StyleApplied): ISectionOptions["properties"] {
  const page = geometry({ ...style, orientation: landscape ? "landscape" : "portrait" });
  return {
    titlePage,
    page: {
      // docx takes portrait sizes and swaps them itself for landscape.
      size: {
        width: Math.min(page.pageWidth, page.pageHeight),
        height: Math.max(page.pageWidth, page.pageHeight),
        orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
      },
      margin: { top: page.margin, right: page.margin, bottom: page.margin, left: page.margin, header: 708, footer: 708 },
    },
  };
}

/**
 * Word sections: the front (title, cover, contents) opens the first body part. When that part is a landscape table,
 * a cover or contents keep a portrait section of their own (their closing page break dropped: the section break
 * turns the page), while a bare title goes onto the table's page rather than alone on a page.
 */
export function wordSections(front: { children: BodyChild[]; breakLast: boolean }, parts: MappedPart[], page: Page): ISectionOptions[] {
  const documentLandscape = page.style.orientation === "landscape";
  const sections: MappedPart[] = parts.map((part) => ({ ...part, children: [...part.children] }));
  const first = sections[0];
  const bareTitle = front.children.length <= 1 && !front.breakLast;
  if (!first) sections.push({ landscape: false, children: front.children });
  else if (first.landscape && !bareTitle) sections.unshift({ landscape: false, children: front.breakLast ? front.children.slice(0, -1) : front.children });
  else first.children.unshift(...front.children);
  return sections.map((part, i) => ({
    properties: pageSetup(documentLandscape || part.landscape, i === 0 && page.coverFirst, page.style),
    ...page.furniture(),
    children: part.children,
  }));
}
