/**
 * The sandbox contract (issue 16, "The program"; DESIGN.md, "Heavy work and sandboxes"): the agent path has a model
 * write a JavaScript program that builds a Word, PowerPoint or Excel file with `docx`, `pptxgenjs` or `exceljs` and
 * our kit (`quire`), and a sandbox runs it in a separate process with no network, a read-only system, no child
 * processes and CPU, memory, output and wall-clock limits. Its only output is the file it saves. A failed run says
 * what a model needs to fix the program, so the agent can give it back as the next step's input.
 * The implementation lives in renderers/bubblewrap; core only sees this.
 */

export type SandboxFormat = "docx" | "pptx" | "xlsx";

export interface SandboxLimits {
  /** CPU time of the whole run, in seconds (an endless loop ends as `cpu`). */
  readonly cpuSeconds: number;
  /** Memory the program may use, in MB: the JavaScript heap and the buffers it allocates. */
  readonly memoryMb: number;
  /** Wall-clock time from start to the file saved, in milliseconds (a program waiting forever ends as `timeout`). */
  readonly wallMs: number;
  /** The largest file the program may write, in MB. */
  readonly outputMb: number;
}

/** What the kit (`quire` inside the program) exposes; JSON, given as is. */
export interface KitData {
  /** The look to apply (the service's `style_applied`, or what the agent made of it). */
  readonly style: unknown;
  /** The font families installed where the file is rendered. */
  readonly fonts: readonly string[];
  /** The document's text in Markdown: `quire.markdown`, and what `quire.compile()` lays out by default. */
  readonly markdown: string;
  readonly title: string;
  /** The document type (`report`, `presentation`…): `quire.type`, and the type `quire.compile()` renders for. */
  readonly type: string;
  /** The name of a file of `files` that is the template (`quire.template` gives its bytes). */
  readonly template?: string;
}

export interface SandboxInput {
  /**
   * The agent's JavaScript, run as the body of an async function (top-level `await` works) with `require` limited to
   * the libraries and `quire` the kit. Its lines are the ones error messages name.
   */
  readonly program: string;
  /** The file it must save (`await quire.save(x)`). */
  readonly format: SandboxFormat;
  /** Read-only inputs the program reads by name (`quire.read(name)`): a design source, a template, pictures. */
  readonly files?: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }>;
  readonly kit: KitData;
  /** Tighter or looser than the sandbox's defaults. */
  readonly limits?: Partial<SandboxLimits>;
  /** Stops the run (its process is killed); the result is then `cancelled`. */
  readonly signal?: AbortSignal;
}

export type SandboxFailure =
  /** The program threw, did not compile, or saved something that is not a file of its format. */
  | "error"
  /** It ran past the wall-clock limit. */
  | "timeout"
  /** It used more than its CPU time. */
  | "cpu"
  /** It used more than its memory. */
  | "memory"
  /** It finished without saving a file. */
  | "no_output"
  /** The file it wrote is over the output limit. */
  | "output_too_big"
  /** `signal` aborted the run. */
  | "cancelled";

export type SandboxResult =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly log: string; readonly ms: number }
  | {
      readonly ok: false;
      readonly reason: SandboxFailure;
      /** For the model that wrote the program: the error and the program's line it happened on, at most ~2 KB. */
      readonly message: string;
      readonly log: string;
      readonly ms: number;
    };

export interface Sandbox {
  /** Whether programs can run here (bubblewrap works); when not, the service uses its fast path. Cached. */
  readonly available: () => Promise<boolean>;
  /**
   * Runs one program. What the program does is always a result, never a rejection; it rejects only when the sandbox
   * itself cannot start (then the service takes its fast path, as when `available()` is false).
   */
  readonly run: (input: SandboxInput) => Promise<SandboxResult>;
  /** Ends the runs under way (their processes are killed). */
  readonly close?: () => Promise<void>;
}
