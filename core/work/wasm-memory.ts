/**
 * Imported first by the worker entry, before anything loads mupdf: mupdf's WebAssembly module takes its settings
 * object from this global and hangs its memory views on it, which is how a thread learns how much WebAssembly memory
 * it holds (that memory only grows, so a thread that grew too much retires; core/work/pool.ts).
 */
const settings: { HEAPU8?: Uint8Array } = {};
(globalThis as Record<string, unknown>)["$libmupdf_wasm_Module"] = settings;

export const wasmBytes = (): number => settings.HEAPU8?.buffer.byteLength ?? 0;
