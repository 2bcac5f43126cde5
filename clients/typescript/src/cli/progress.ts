/**
 * The progress line on stderr, drawn from the document's events: the phase, and a percent when an event says
 * how far along it is (`agent.step` and `agent.checked` carry `step`/`inspection` of `of`). On a terminal the
 * line is redrawn in place; with --progress elsewhere (a log) each change is its own line.
 */
import type { DocumentEvent } from "../types.ts";

export interface Progress {
  onEvent(event: DocumentEvent): void;
  done(): void;
}

const NONE: Progress = { onEvent: () => undefined, done: () => undefined };

export const describe = (event: DocumentEvent, phase: string): { phase: string; percent?: number } => {
  const data = event.data as Record<string, unknown>;
  const next = typeof data.phase === "string" ? data.phase : typeof data.status === "string" ? data.status : phase;
  const at = typeof data.step === "number" ? data.step : typeof data.inspection === "number" ? data.inspection : undefined;
  const of = typeof data.of === "number" && data.of > 0 ? data.of : undefined;
  return { phase: next, percent: at !== undefined && of ? Math.min(100, Math.round((at / of) * 100)) : undefined };
};

export const progressLine = (stream: NodeJS.WriteStream, wanted: boolean): Progress => {
  const tty = Boolean(stream.isTTY);
  if (!tty && !wanted) return NONE;
  let phase = "queued";
  let shown = "";
  return {
    onEvent(event) {
      const now = describe(event, phase);
      phase = now.phase;
      const line = `quire: ${phase}${now.percent !== undefined ? ` ${now.percent}%` : ""}`;
      if (line === shown) return;
      shown = line;
      stream.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
    },
    done() {
      if (tty && shown) stream.write("\n");
    },
  };
};
