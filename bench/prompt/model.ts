/**
 * The bench's model: the loopback OpenAI-compatible server of the tests (test/support/model-server.ts) playing every
 * step with the answers of script.ts. Each call is recorded against the document whose prompt marker it carries, so
 * calls per document can be counted by step and by model name, and parts in flight at once can be seen. The answer
 * delay can be changed between passes without restarting the service that points at this server.
 */
import { startModelServer, type ChatRequest, type ModelServer, type Reply } from "../../test/support/model-server.ts";
import { partHeading, stepOf, type Step } from "../../test/support/writer-script.ts";
import { scripts, type BenchFormat } from "./script.ts";

export interface Call {
  readonly step: Step;
  readonly model: string;
}

export interface BenchModel {
  readonly server: ModelServer;
  /** Milliseconds every answer waits before it is sent. */
  delayMs: number;
  /** The calls made for a marker so far. */
  readonly callsOf: (marker: string) => ReadonlyArray<Call>;
  /** The most part (or page) requests of a marker in flight at once. */
  readonly peakPartsOf: (marker: string) => number;
  /** Calls that carried no marker, or a step the script does not know. */
  readonly strays: string[];
  readonly close: () => Promise<void>;
}

const MARKER = /\[bench ([a-z]+)-[a-z0-9-]+\]/;

export const startBenchModel = async (): Promise<BenchModel> => {
  const calls = new Map<string, Call[]>();
  const inFlight = new Map<string, number>();
  const peaks = new Map<string, number>();
  const strays: string[] = [];
  let delayMs = 0;

  const answer = (req: ChatRequest, format: BenchFormat, step: Step): Reply => {
    const s = scripts[format];
    switch (step) {
      case "understand":
        return { json: s.understanding };
      case "outline":
        return { json: s.outline };
      case "page":
        return { text: s.page ?? "" };
      case "part": {
        const text = s.parts[partHeading(req)];
        return text === undefined ? { status: 400, body: { error: { message: `no scripted part "${partHeading(req)}"` } } } : { text };
      }
      default:
        return { status: 400, body: { error: { message: `the bench did not expect step ${step}` } } };
    }
  };

  const server = await startModelServer(async (req) => {
    const found = MARKER.exec(JSON.stringify(req.messages));
    const step = stepOf(req);
    if (!found || !(found[1]! in scripts) || step === "other" || step === "style") {
      strays.push(`${step} ${req.model}: ${req.system.slice(0, 60)}`);
      return { status: 400, body: { error: { message: "the bench did not expect this request" } } };
    }
    const marker = found[0];
    calls.set(marker, [...(calls.get(marker) ?? []), { step, model: req.model }]);
    const writing = step === "part" || step === "page";
    if (writing) {
      const now = (inFlight.get(marker) ?? 0) + 1;
      inFlight.set(marker, now);
      peaks.set(marker, Math.max(peaks.get(marker) ?? 0, now));
    }
    try {
      // The delay is applied here rather than by the server's own option, so a pass can change it.
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return answer(req, found[1] as BenchFormat, step);
    } finally {
      if (writing) inFlight.set(marker, (inFlight.get(marker) ?? 1) - 1);
    }
  });

  return {
    server,
    get delayMs() {
      return delayMs;
    },
    set delayMs(ms: number) {
      delayMs = ms;
    },
    callsOf: (marker) => calls.get(marker) ?? [],
    peakPartsOf: (marker) => peaks.get(marker) ?? 0,
    strays,
    close: () => server.close(),
  };
};
