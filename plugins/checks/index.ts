/**
 * The explicit list of check plugins (DESIGN.md, "plugins/"), in the order they run within a stage: each check
 * declares its stage (`text` before rendering, `pages` after), and core/checks/run.ts runs a stage's checks in
 * this order, each on the IR the previous one left. A new check is one import and one entry here.
 */
import type { CheckPlugin } from "../../core/contracts/check-plugin.ts";
import { sourceInstructionsCheck } from "./source-instructions/index.ts";
import { keyDataCheck } from "./key-data.ts";
import { tableWidthCheck } from "./layout/table-width.ts";
import { emptyPagesCheck } from "./layout/empty-pages.ts";
import { pictureMarginsCheck } from "./layout/picture-margins.ts";

export const checks: readonly CheckPlugin[] = Object.freeze([sourceInstructionsCheck, keyDataCheck, tableWidthCheck, emptyPagesCheck, pictureMarginsCheck]);
