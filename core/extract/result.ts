/** A reader's result as Markdown: the one writer's, or the file itself when it is Markdown already (txt, md). */
import type { ExtractResult } from "../contracts/extract.ts";
import { writeMarkdown } from "../markdown/write.ts";

export const extractedMarkdown = (result: ExtractResult): string => result.asWritten ?? writeMarkdown(result.ir);
