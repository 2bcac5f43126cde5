/** The design of a PowerPoint template: the theme of its first master (core/ooxml/theme-design.ts). */
import { openPackage } from "../../../core/ooxml/package.ts";
import { themeDesign, type ThemeDesign } from "../../../core/ooxml/theme-design.ts";
import { presentationOf } from "./read.ts";

export type TemplateDesign = ThemeDesign;

export function designOf(template: Uint8Array): TemplateDesign {
  const pkg = openPackage(template);
  return themeDesign(pkg, presentationOf(pkg).masterParts[0]!);
}
