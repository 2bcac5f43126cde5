/** The ten-page Word report of the review bench: ten of the render bench's sections, one per page. */
import { twentyPages } from "../render/inputs.ts";

const sections = twentyPages.split("\n\\pagebreak\n\n");
export const tenPages = sections.slice(0, 10).join("\n\\pagebreak\n\n");
