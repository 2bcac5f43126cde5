/**
 * A scripted model that plays every role of writing from a prompt (understanding, outline, parts, the page) for the
 * loopback model server. It tells the step by what a real model would read: the schema asked for, or the system
 * message. Tests override one step to play a weak model (refusing, hanging, answering invalid JSON).
 */
import type { ChatRequest, Reply, Script } from "./model-server.ts";
import type { UnderstandingAnswer } from "../../core/writing/understand.ts";

export type Step = "understand" | "outline" | "style" | "part" | "page" | "edit" | "agent" | "inspect" | "other";

export const stepOf = (req: ChatRequest): Step => {
  const system = req.system;
  if (req.schemaName === "request_understanding" || /You read requests sent to a document service/.test(system)) return "understand";
  if (req.schemaName === "document_outline" || /^You plan a /.test(system)) return "outline";
  if (req.schemaName === "agent_program" || /^You are a document engineer/.test(system)) return "agent";
  if (req.schemaName === "page_inspection" || /^You check the rendered pages/.test(system)) return "inspect";
  if (req.schemaName === "edit_plan" || /^You turn a request to change an existing document/.test(system)) return "edit";
  if (/style/i.test(req.schemaName ?? "") || (/style/i.test(system) && req.format !== undefined)) return "style";
  if (/the whole web page/.test(system)) return "page";
  if (/^You write /.test(system)) return "part";
  return "other";
};


export const understanding = (over: Partial<UnderstandingAnswer> = {}): UnderstandingAnswer => ({
  format: "docx",
  format_confidence: 0.95,
  type: "report",
  language: "en",
  sector: null,
  storage: null,
  harm: "none",
  harm_reason: "",
  quality: "fast",
  quality_reason: "a short document",
  needs: { comments: false, tracked_changes: false, template: false, copy_design: false, charts: false, free_layout: false },
  title: "Office move",
  ...over,
});

export const outline = (parts: Array<{ heading: string; size?: number; columns?: string[]; formulas?: string[]; blocks?: string[] }>, extra: { title?: string; assumptions?: Array<{ label: string; name: string; value: string }> } = {}) => ({
  title: extra.title ?? "Office move",
  subtitle: "",
  parts: parts.map((p) => ({ heading: p.heading, purpose: `About ${p.heading.toLowerCase()}.`, size: p.size ?? 120, columns: p.columns ?? [], formulas: p.formulas ?? [], blocks: p.blocks ?? [] })),
  assumptions: extra.assumptions ?? [],
});

/** The part a writer request asks for: `Write part N: "Heading"`. */
export const partHeading = (req: ChatRequest) => /Write part \d+: "([^"]+)"/.exec(req.lastUser)?.[1] ?? "Part";

export interface WriterScript {
  understand?: Reply | ((req: ChatRequest) => Reply);
  outline?: Reply | ((req: ChatRequest) => Reply);
  part?: (heading: string, req: ChatRequest) => Reply | Promise<Reply>;
  page?: Reply | ((req: ChatRequest) => Reply);
}

const call = (given: Reply | ((req: ChatRequest) => Reply) | undefined, req: ChatRequest, fallback: Reply): Reply => (given === undefined ? fallback : typeof given === "function" ? given(req) : given);

export const writer = (script: WriterScript = {}): Script => async (req) => {
  switch (stepOf(req)) {
    case "understand":
      return call(script.understand, req, { json: understanding() });
    case "outline":
      return call(script.outline, req, { json: outline([{ heading: "Why we move" }, { heading: "Timeline" }]) });
    case "part": {
      const heading = partHeading(req);
      if (script.part) return script.part(heading, req);
      return { text: `## ${heading}\n\nThe ${heading.toLowerCase()} section, written from the request.\n\n- First point\n- Second point` };
    }
    case "page":
      return call(script.page, req, { text: "# Team lunch\n\nSign up below.\n\n## Sign-ups\n\n```form\nName: text required\nDish: select Pizza, Sushi\n```\n\n```list\n```" });
    default:
      return { status: 400, body: { error: { message: `the scripted writer did not expect this request: ${req.system.slice(0, 80)}` } } };
  }
};
