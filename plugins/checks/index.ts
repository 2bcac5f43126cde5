/** The explicit list of check plugins that run after rendering (DESIGN.md, "plugins/"). */
import type { CheckPlugin } from "../../core/contracts/check-plugin.ts";
import { tableWidthCheck } from "./layout/table-width.ts";
import { emptyPagesCheck } from "./layout/empty-pages.ts";
import { pictureMarginsCheck } from "./layout/picture-margins.ts";

export const layoutChecks: readonly CheckPlugin[] = Object.freeze([tableWidthCheck, emptyPagesCheck, pictureMarginsCheck]);
