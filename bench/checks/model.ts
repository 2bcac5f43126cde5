/**
 * The instant model of `bench:checks`: the tests' scripted server on loopback (test/support/model-server.ts) answering
 * each check's schema at once with a valid answer, as test/server/checks.test.ts does, so what the bench times is the
 * checks' own work plus one real HTTP round trip per call through the real client. Every call is counted by schema;
 * a request the script does not know is recorded, and the run fails on it.
 */
import { startModelServer, type ChatRequest, type ModelServer, type Reply } from "../../test/support/model-server.ts";

export interface BenchModel {
  readonly server: ModelServer;
  /** Calls answered, by schema name, since the start. */
  readonly calls: Map<string, number>;
  /** Requests the script could not answer (a schema it does not know, a text request). */
  readonly unexpected: string[];
}

/** An enum of ids the check put in its schema, read from the request as a real model would see it. */
const idsAsked = (req: ChatRequest, path: string[]): string[] => {
  let node = (req.body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema?.schema as Record<string, unknown> | undefined;
  for (const key of path) node = (node?.[key] as Record<string, unknown> | undefined) ?? undefined;
  return (node?.enum as string[] | undefined) ?? [];
};

/** A sentence of the bench's document, so one checklist point is met with evidence code finds. */
const MET_EVIDENCE = "The board approved these accounts on 12 February 2026";

const READER_QUESTIONS = [
  "What was the group's total revenue in 2025?",
  "Which unit grew the most against 2024?",
  "What are the largest cost lines of each unit?",
  "Are there provisions for pending claims?",
  "When were the accounts approved?",
  "What will the dividend be?",
];

const answer = (req: ChatRequest): Reply | null => {
  switch (req.schemaName) {
    case "facts_verdicts": {
      // The candidates go out as JSON (`"id": "f3"`); a real judge answers each one.
      const ids = [...req.lastUser.matchAll(/"id":\s*"(f\d+)"/g)].map((m) => m[1]!);
      return { json: { verdicts: ids.map((id) => ({ id, supported: false, evidence: null, reason: "not in the material" })) } };
    }
    case "citation_verdicts":
      return { json: { citations: idsAsked(req, ["properties", "citations", "items", "properties", "id"]).map((id) => ({ id, verdict: "invented", reason: "no such ruling" })) } };
    case "sector_checklist": {
      const ids = idsAsked(req, ["properties", "points", "items", "properties", "id"]);
      return {
        json: {
          points: ids.map((id, i) =>
            i === 0 ? { id, verdict: "met", evidence: MET_EVIDENCE, reason: "stated" } : { id, verdict: "unmet", evidence: null, reason: `point ${id} is not addressed` },
          ),
        },
      };
    }
    case "reader_questions":
      return { json: { reader: "a board member", questions: READER_QUESTIONS.map((question) => ({ question, why: "to decide on the accounts" })) } };
    case "reader_answers":
      return {
        json: {
          answers: READER_QUESTIONS.map((_, i) =>
            i < READER_QUESTIONS.length - 1
              ? { question: i + 1, status: "answered", answer: "stated in the review", block_ids: [] }
              : { question: i + 1, status: "unanswered", answer: null, block_ids: [] },
          ),
          contradictions: [],
        },
      };
    case "source_instructions":
      return { json: { instructions: [] } };
    default:
      return null;
  }
};

export const startBenchModel = async (): Promise<BenchModel> => {
  const calls = new Map<string, number>();
  const unexpected: string[] = [];
  const server = await startModelServer((req) => {
    const reply = answer(req);
    const name = req.schemaName ?? `(${req.format ?? "text"})`;
    if (!reply) {
      unexpected.push(`${req.model}: ${name}`);
      return { status: 400, body: { error: { message: `the bench does not expect ${name}`, type: "invalid_request_error" } } };
    }
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return reply;
  });
  return { server, calls, unexpected };
};
