/**
 * `create` from the caller's Markdown (`content.markdown`): Markdown → IR → format plugin → outputs. No model is
 * involved, so this path works in every deployment.
 */
import { ProcessingFailure } from "../../errors.ts";
import { readMarkdown } from "../../markdown/read.ts";
import { isEmpty } from "../../ir/empty.ts";
import { formatPlugins } from "../../../plugins/index.ts";
import { fromJson } from "../../store/db.ts";
import type { CreateRequest, StyleApplied } from "../validate.ts";
import type { DocType } from "../../ir/types.ts";
import type { Pipeline } from "./types.ts";

/** A file name from the document's name: kept readable, stripped of what file systems and headers refuse. */
export const fileBase = (name: string | null) => (name ?? "document").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 120) || "document";

export const createFromContent: Pipeline = async ({ row, signal, phase, event }) => {
  const request = fromJson<CreateRequest | null>(row.request, null);
  const markdown = request?.content?.markdown ?? "";
  const format = row.format!;
  const plugin = formatPlugins.get(format);
  if (!plugin?.render) throw new ProcessingFailure({ code: "processing_failed", message: `No renderer for ${format}.` });

  await phase("reading");
  const { ir, diagnostics: readDiagnostics } = readMarkdown(markdown);
  if (isEmpty(ir)) {
    throw new ProcessingFailure({ code: "content_empty", message: "The Markdown has nothing to show: no headings, text, lists or tables." });
  }
  const type = (row.type ?? "report") as DocType;
  await event("request.understood", { format, type, confidence: 1, source: "content" });

  await phase("rendering");
  signal.throwIfAborted();
  const style = fromJson<StyleApplied | null>(row.style_applied, null)!;
  const rendered = await plugin.render(ir, style, { name: row.name ?? undefined, type, signal });
  signal.throwIfAborted();

  const media = plugin.mediaTypes[0]!;
  return {
    outputs: [{ kind: format as "docx", contentType: media, bytes: rendered.bytes, filename: `${fileBase(row.name)}.${format}` }],
    diagnostics: [...readDiagnostics, ...rendered.diagnostics],
    pages: null,
  };
};
