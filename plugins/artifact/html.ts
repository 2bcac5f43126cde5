/**
 * The page's markup (pure): the header, one card per section, tiles, the ordinary blocks of the IR drawn with
 * Tailwind classes, and a `data-widget` placeholder per interactive block that the runtime fills. Text from the
 * Markdown is escaped here; what visitors store is only ever written by the runtime with `textContent`.
 *
 * Pictures are left as `<!--quire:image:N-->` slots: which of them fit under the size limit is decided once the
 * rest of the page is known (`images.ts`).
 */
import { diagnostic, type Diagnostic } from "../../core/diagnostics.ts";
import { plainText } from "../../core/ir/text.ts";
import type { Block, Footnote, Inline, ListBlock, TableBlock } from "../../core/ir/types.ts";
import { mathParagraph } from "../../core/ir/math.ts";
import { safeHref, unsafeLink } from "../links.ts";
import type { Item, Page, Section, Tile } from "./page.ts";
import type { Widget } from "./widgets.ts";

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export interface MarkupContext {
  diagnostics: Diagnostic[];
  /** Picture slots in reading order: the slot number is the index. */
  images: Array<{ id: string; src: string; alt: string; title?: string }>;
  footnotes: Footnote[];
  /** Chart colours, the accent first. */
  palette: string[];
}

/** Widgets that need the full width of a card rather than half of it. */
const wideWidgets = new Set(["form", "list", "todo", "habits"]);

export function pageBody(page: Page, ctx: MarkupContext): string {
  const lead = page.lead.map((b) => `<div class="mt-3 max-w-2xl text-base/7 text-pretty text-white/85">${inlinesOf(b, ctx)}</div>`).join("");
  const header =
    `<header class="bg-linear-to-br from-accent-600 to-accent-800 pb-28 pt-10 text-white sm:pt-14">` +
    `<div class="mx-auto max-w-3xl px-4 sm:px-6">` +
    `<div class="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-white/90 ring-1 ring-white/20">` +
    `<span data-quire-dot class="size-2 rounded-full bg-white/60"></span><span data-quire-status>Loading…</span></div>` +
    `<h1 class="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">${escapeHtml(page.title)}</h1>${lead}</div></header>`;
  const cards = page.sections.map((s) => section(s, ctx)).join("");
  const notes = footnotes(ctx);
  return (
    `${header}<main class="mx-auto -mt-20 max-w-3xl space-y-6 px-4 pb-12 sm:px-6">${cards}${notes}</main>` +
    `<footer class="mx-auto max-w-3xl px-4 pb-10 text-center text-xs text-slate-400 sm:px-6"><span data-quire-storage-note></span> Made with Quire.</footer>`
  );
}

const CARD = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 sm:p-8";

function section(s: Section, ctx: MarkupContext): string {
  const title = s.heading ? `<h2 class="text-lg font-semibold text-slate-900">${inlinesOf(s.heading, ctx)}</h2>` : "";
  const body = items(s.items, ctx);
  const tiles =
    s.tiles.length > 0 ? `<div class="grid gap-4 sm:grid-cols-2">${s.tiles.map((t) => tile(t, ctx)).join("")}</div>` : "";
  const inner = [body, tiles].filter((x) => x !== "").join("");
  return `<section class="${CARD}">${title}${inner === "" ? "" : `<div class="${title ? "mt-4 " : ""}space-y-5">${inner}</div>`}</section>`;
}

function tile(t: Tile, ctx: MarkupContext): string {
  const wide = t.items.some((i) => (i.type === "widget" && wideWidgets.has(i.widget.kind)) || (i.type === "block" && (i.block.type === "table" || i.block.type === "code")));
  return (
    `<div class="min-w-0 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200/70${wide ? " sm:col-span-2" : ""}">` +
    `<h3 class="text-sm font-semibold text-slate-700">${inlinesOf(t.heading, ctx)}</h3>` +
    `<div class="mt-3 space-y-4">${items(t.items, ctx)}</div></div>`
  );
}

function items(list: Item[], ctx: MarkupContext): string {
  return list.map((i) => (i.type === "widget" ? widget(i.widget, i.table, ctx) : block(i.block, ctx))).join("");
}

function widget(w: Widget, table: TableBlock | undefined, ctx: MarkupContext): string {
  const config = w.kind === "chart" ? { ...w, palette: ctx.palette } : w;
  const data = table
    ? `<details class="mt-2 text-sm"><summary class="cursor-pointer select-none font-medium text-slate-500 hover:text-slate-700">Show the numbers</summary><div class="mt-3">${tableHtml(table, ctx)}</div></details>`
    : "";
  return `<div data-widget="${w.kind}" data-config="${escapeHtml(JSON.stringify(config))}"></div>${data}`;
}

function block(b: Block, ctx: MarkupContext): string {
  switch (b.type) {
    case "heading": {
      const cls = b.level <= 3 ? "text-base font-semibold text-slate-900" : "text-sm font-semibold uppercase tracking-wide text-slate-500";
      const tag = `h${Math.min(6, Math.max(3, b.level + 1))}`;
      return `<${tag} class="${cls}">${inlinesOf(b, ctx)}</${tag}>`;
    }
    case "paragraph":
      return `<p class="text-base/7 text-slate-600">${inlinesOf(b, ctx)}</p>`;
    case "list":
      return listHtml(b, ctx);
    case "table":
      return tableHtml(b, ctx);
    // The page reads its charts from the fences themselves (page.ts); a chart block reaching it shows its numbers.
    case "chart":
      return tableHtml(b.table, ctx);
    case "image": {
      ctx.images.push({ id: b.id, src: b.src, alt: b.alt, ...(b.title !== undefined ? { title: b.title } : {}) });
      return `<!--quire:image:${ctx.images.length - 1}-->`;
    }
    case "quote":
      return `<blockquote class="space-y-3 border-l-4 border-accent-200 pl-4 text-slate-600 italic">${b.blocks.map((x) => block(x, ctx)).join("")}</blockquote>`;
    case "code":
      return `<pre class="overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm/6 text-slate-100"><code>${escapeHtml(b.text)}</code></pre>`;
    case "thematicBreak":
    case "pageBreak":
      return `<hr class="border-slate-200">`;
    case "math":
      return block(mathParagraph(b), ctx);
    case "comment":
      return "";
  }
}

function listHtml(b: ListBlock, ctx: MarkupContext): string {
  const tasks = b.items.some((i) => i.checked !== undefined);
  const items = b.items
    .map((item) => {
      const inner = item.blocks.map((x) => (x.type === "paragraph" ? inlinesOf(x, ctx) : block(x, ctx))).join("");
      if (item.checked === undefined) return `<li class="pl-1">${inner}</li>`;
      const box = item.checked
        ? `<span class="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-md bg-accent-600 text-xs text-white">✓</span>`
        : `<span class="mt-0.5 inline-flex size-5 shrink-0 rounded-md ring-1 ring-slate-300"></span>`;
      return `<li class="flex gap-3"${item.checked ? ` aria-checked="true"` : ""}>${box}<span class="${item.checked ? "text-slate-400 line-through" : ""}">${inner}</span></li>`;
    })
    .join("");
  if (tasks) return `<ul class="space-y-2 text-slate-600">${items}</ul>`;
  return b.ordered
    ? `<ol${b.start !== 1 ? ` start="${b.start}"` : ""} class="list-decimal space-y-1.5 pl-5 text-slate-600 marker:text-slate-400">${items}</ol>`
    : `<ul class="list-disc space-y-1.5 pl-5 text-slate-600 marker:text-accent-400">${items}</ul>`;
}

function tableHtml(t: TableBlock, ctx: MarkupContext): string {
  const align = (i: number) => (t.align[i] === "right" ? " text-right tabular-nums" : t.align[i] === "center" ? " text-center" : "");
  const head = t.header
    .map((r) => `<tr>${r.cells.map((c, i) => `<th class="whitespace-nowrap px-4 py-2.5${align(i)}">${inlines(c.inlines, ctx)}</th>`).join("")}</tr>`)
    .join("");
  const body = t.rows
    .map((r) => {
      const total = /^(total|totals|sum|suma)$/i.test(plainText(r.cells[0]?.inlines ?? []).trim());
      const cls = total ? "px-4 py-2.5 font-semibold text-slate-900" : "px-4 py-2.5 text-slate-600";
      return `<tr${total ? ` class="bg-slate-50"` : ""}>${r.cells.map((c, i) => `<td class="${cls}${align(i)}">${inlines(c.inlines, ctx)}</td>`).join("")}</tr>`;
    })
    .join("");
  return (
    `<div class="overflow-x-auto rounded-xl ring-1 ring-slate-200"><table class="w-full text-left text-sm">` +
    `<thead class="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">${head}</thead>` +
    `<tbody class="divide-y divide-slate-100 bg-white">${body}</tbody></table></div>`
  );
}

function inlinesOf(b: { inlines: Inline[] }, ctx: MarkupContext): string {
  return inlines(b.inlines, ctx);
}

function inlines(list: Inline[], ctx: MarkupContext): string {
  return list.map((i) => inline(i, ctx)).join("");
}

function inline(i: Inline, ctx: MarkupContext): string {
  switch (i.type) {
    case "text": {
      let out = escapeHtml(i.text);
      if (i.marks.includes("code")) out = `<code class="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-800">${out}</code>`;
      if (i.marks.includes("bold")) out = `<strong class="font-semibold text-slate-900">${out}</strong>`;
      if (i.marks.includes("italic")) out = `<em>${out}</em>`;
      if (i.marks.includes("strike")) out = `<s>${out}</s>`;
      if (i.marks.includes("superscript")) out = `<sup>${out}</sup>`;
      else if (i.marks.includes("subscript")) out = `<sub>${out}</sub>`;
      return out;
    }
    case "link": {
      const text = inlines(i.children, ctx);
      if (!safeHref(i.href, { allowRelative: false }) && !i.href.startsWith("#")) {
        ctx.diagnostics.push(unsafeLink(i));
        return text;
      }
      const external = !i.href.startsWith("#");
      return `<a class="font-medium text-accent-700 underline decoration-accent-300 underline-offset-2 hover:decoration-accent-600" href="${escapeHtml(i.href)}"${external ? ` target="_blank" rel="noopener noreferrer"` : ""}>${text}</a>`;
    }
    case "gap":
      return `<mark class="rounded bg-amber-100 px-1 text-amber-900">${escapeHtml(i.label ? `[DATO: ${i.label}]` : "[DATO]")}</mark>`;
    case "footnoteRef": {
      const n = ctx.footnotes.findIndex((f) => f.id === i.footnoteId) + 1;
      return n > 0 ? `<sup><a class="text-accent-700" href="#${escapeHtml(i.footnoteId)}">${n}</a></sup>` : "";
    }
    case "lineBreak":
      return "<br>";
  }
}

function footnotes(ctx: MarkupContext): string {
  if (ctx.footnotes.length === 0) return "";
  const items = ctx.footnotes
    .map((f) => `<li id="${escapeHtml(f.id)}">${f.blocks.map((b) => (b.type === "paragraph" ? inlinesOf(b, ctx) : block(b, ctx))).join("")}</li>`)
    .join("");
  return `<section class="px-2 text-sm text-slate-500"><ol class="list-decimal space-y-1 pl-5">${items}</ol></section>`;
}

/** Said when a picture could not be kept within the page's 900 KB. */
export const imageDropped = (image: { id: string; src: string }, bytes: number): Diagnostic =>
  diagnostic(
    "artifact.image_dropped",
    "warning",
    "image",
    `The picture ${JSON.stringify(image.src.slice(0, 120))} (${Math.ceil(bytes / 1024)} KB inlined) does not fit in the page's 900 KB and was left out.`,
    image.id,
  );
