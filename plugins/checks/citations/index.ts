/**
 * Legal citations (interface, checks: "Legal citations"): statutes, regulations, judgments and articles cited in
 * model-written text are matched by code against the citations of the request and the sources, under one key per
 * authority (detect.ts, patterns/). One the caller did not supply is `content.unsupported_citation`; with a model,
 * the judge then says whether it is real, doubtful (`content.citation_to_review`) or likely invented (an error).
 * Citations are reported, never removed or replaced: only a person can say which authority was meant.
 */
import type { CheckEvent, TextCheck, TextCheckContext } from "../../../core/contracts/check-plugin.ts";
import type { Diagnostic } from "../../../core/diagnostics.ts";
import { keyDataBlocks } from "../../../core/keydata/blocks.ts";
import type { IRDocument } from "../../../core/ir/types.ts";
import { detectCitations, isSupported, supportedKeys, type Citation } from "./detect.ts";
import { judgeCitations, type Judgment, type JudgeOutcome } from "./judge.ts";

/** More unsupported citations than this are not sent to the judge: they stay as code found them. */
const MAX_JUDGED = 30;

interface Finding {
  readonly citation: Citation;
  readonly nodeId?: string;
  /** The text of the block the citation stands in. */
  readonly block: string;
}

/** Up to `reach` characters either side of the citation, cut at spaces. */
const around = (block: string, citation: Citation, reach: number): string => {
  if (block.length <= 2 * reach + citation.text.length) return block.replace(/\s+/g, " ").trim();
  let from = Math.max(0, citation.start - reach);
  let to = Math.min(block.length, citation.end + reach);
  if (from > 0) from = Math.min(citation.start, block.indexOf(" ", from) + 1 || from);
  if (to < block.length) to = Math.max(citation.end, block.lastIndexOf(" ", to));
  return `${from > 0 ? "…" : ""}${block.slice(from, to).replace(/\s+/g, " ").trim()}${to < block.length ? "…" : ""}`;
};

/** The request's own words: what to write, the caller's text, the document's name. */
const requestTexts = (ctx: TextCheckContext): string[] => {
  const request = ctx.request;
  if (!request) return [];
  return [request.prompt, request.content?.markdown, request.name].filter((t): t is string => typeof t === "string" && t !== "");
};

/** One finding per citation key and block: the same authority twice in a paragraph is one issue. */
const findingsOf = (ir: IRDocument): Finding[] => {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const block of keyDataBlocks(ir)) {
    for (const citation of detectCitations(block.text)) {
      const id = `${block.nodeId ?? ""}\u0000${citation.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ citation, block: block.text, ...(block.nodeId !== undefined ? { nodeId: block.nodeId } : {}) });
    }
  }
  return out;
};

/** Why the citation counts as unsupported: a known law with an article nobody cited says so. */
const why = (citation: Citation, supported: ReadonlySet<string>): string => {
  const law = citation.also.find((key) => supported.has(key));
  return law
    ? `the request or the sources cite ${law} but not this article`
    : "it is not in the request or the sources";
};

const message = (finding: Finding, supported: ReadonlySet<string>, judged: Judgment | undefined, unavailable: string | undefined): string => {
  const { citation } = finding;
  const head = `The citation "${citation.text}" (in "${around(finding.block, citation, 60)}") was not supplied by the caller: ${why(citation, supported)}.`;
  if (judged?.verdict === "doubtful") return `${head} The judge is not sure it is a real authority, cited correctly, that fits the sentence${judged.reason ? ` (${judged.reason})` : ""}; have it checked.`;
  if (judged?.verdict === "invented") return `${head} The judge finds it likely invented${judged.reason ? ` (${judged.reason})` : ""}; check it before relying on the document.`;
  if (judged?.verdict === "real") return `${head} The judge recognised it as a real authority${judged.reason ? ` (${judged.reason})` : ""}, but it does not come from the caller's material.`;
  if (unavailable !== undefined) return `${head} It could not be judged (the judge model was unavailable: ${unavailable}); check it before relying on the document.`;
  return `${head} Check it before relying on the document.`;
};

export const citationsCheck: TextCheck = {
  id: "citations",
  stage: "text",
  appliesTo: (ctx) => ctx.author === "model",
  run: async (ir, ctx) => {
    const findings = findingsOf(ir);
    const supported = supportedKeys([...requestTexts(ctx), ...ctx.sources.map((s) => s.text)]);
    const unsupported = findings.filter((f) => !isSupported(f.citation.key, supported));

    // The judge sees each authority once, with the first sentence it appears in.
    const keys = [...new Set(unsupported.map((f) => f.citation.key))].slice(0, MAX_JUDGED);
    const idOf = new Map(keys.map((key, i) => [key, `c${i + 1}`]));
    let outcome: JudgeOutcome | undefined;
    if (ctx.model.configured && keys.length > 0) {
      const items = keys.map((key) => {
        const first = unsupported.find((f) => f.citation.key === key)!;
        return { id: idOf.get(key)!, text: first.citation.text, jurisdiction: first.citation.jurisdiction, sentence: around(first.block, first.citation, 150) };
      });
      outcome = await judgeCitations(items, ctx.model, ctx.signal);
    }
    const verdicts = outcome && "verdicts" in outcome ? outcome.verdicts : undefined;
    const unavailable = outcome && "unavailable" in outcome ? outcome.unavailable : undefined;

    const diagnostics = unsupported.map((finding): Diagnostic => {
      const id = idOf.get(finding.citation.key);
      const judged = id ? verdicts?.get(id) : undefined;
      return {
        code: judged?.verdict === "doubtful" ? "content.citation_to_review" : "content.unsupported_citation",
        severity: judged?.verdict === "invented" ? "error" : "warning",
        category: "content",
        message: message(finding, supported, judged, unavailable),
        ...(finding.nodeId !== undefined ? { nodeId: finding.nodeId } : {}),
      };
    });
    const toReview = diagnostics.filter((d) => d.code === "content.citation_to_review").length;
    const event: CheckEvent = {
      type: "citations.checked",
      data: { found: findings.length, supported: findings.length - unsupported.length, unsupported: unsupported.length - toReview, to_review: toReview },
    };
    return { diagnostics, events: [event] };
  },
};
