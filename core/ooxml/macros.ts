/**
 * Macros are refused (interface, Errors: `file_rejected` … "unsupported type, or macros"). A package holds macros
 * when it has a VBA project (`vbaProject.bin`), Excel 4.0 macro sheets, or declares a macro-enabled main part in
 * `[Content_Types].xml`; any one of them is enough.
 */
import type { Package } from "./package.ts";
import { ExtractRefused } from "../contracts/extract.ts";

export const MACROS_MESSAGE = "The file contains macros (VBA), which Quire refuses.";

export const refuseMacros = (pkg: Package): void => {
  const named = pkg.names.some((name) => /(^|\/)vbaProject\.bin$/i.test(name) || /^xl\/macrosheets\//i.test(name));
  const types = pkg.text("[Content_Types].xml") ?? "";
  if (named || /macroEnabled|vbaProject|\.macrosheet\+xml/i.test(types)) throw new ExtractRefused(MACROS_MESSAGE, "file_rejected");
};
