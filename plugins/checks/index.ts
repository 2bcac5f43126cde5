/**
 * The explicit list of check plugins (DESIGN.md, "plugins/"), in the order they run within a stage: each check
 * declares its stage (`text` before rendering, `pages` after), and core/checks/run.ts runs a stage's checks in
 * this order, each on the IR the previous one left. A new check is one import and one entry here.
 */
import type { CheckPlugin } from "../../core/contracts/check-plugin.ts";
import { sourceInstructionsCheck } from "./source-instructions/index.ts";
import { keyDataCheck } from "./key-data.ts";
import { gapsCheck } from "./gaps.ts";
import { factsCheck } from "./facts/index.ts";
import { citationsCheck } from "./citations/index.ts";
import { sectorCheck } from "./sector/index.ts";
import { readerCheck } from "./reader/index.ts";
import { tableWidthCheck } from "./layout/table-width.ts";
import { emptyPagesCheck } from "./layout/empty-pages.ts";
import { pictureMarginsCheck } from "./layout/picture-margins.ts";
import { letterFitCheck } from "./layout/letter-fit.ts";

// Gaps before facts: the gaps already written are reported here, the ones the facts check puts in by that check.
// Facts first among the model's checks: its gaps are what key data, the checklist and the reader then see.
export const checks: readonly CheckPlugin[] = Object.freeze([
  sourceInstructionsCheck,
  gapsCheck,
  factsCheck,
  citationsCheck,
  keyDataCheck,
  sectorCheck,
  readerCheck,
  tableWidthCheck,
  emptyPagesCheck,
  pictureMarginsCheck,
  letterFitCheck,
]);
