/**
 * Which template layout a slide takes. A layout is known by its `type` first (what PowerPoint's own layouts say)
 * and, for the custom layouts many templates have (no `type`, or a type we do not ask for), by its placeholders:
 *
 * - the title slide: `title`, else a layout with a centred title, else one with a title and a body (the subtitle
 *   goes in the body);
 * - text: `obj` ("Title and Content"), `tx`, else a layout with a title and one body placeholder;
 * - a table or a picture: `titleOnly`, else the text layout (its body placeholder is left off the slide);
 * - a section divider: `secHead`, else `titleOnly`, else the text layout;
 * - when nothing fits, `blank`, else the first layout: the slide then places its own title and body.
 */
import type { Template, TemplateLayout, TemplatePlaceholder } from "./read.ts";

export type SlideRole = "title" | "text" | "visual" | "section";

const furniture = /^(dt|ftr|sldNum|hdr)$/;
const bodyTypes = /^(body|obj)$/;

export const titleOf = (layout: Pick<TemplateLayout, "placeholders">, centred = false): TemplatePlaceholder | undefined =>
  layout.placeholders.find((p) => !p.vertical && (p.type === "title" || (centred && p.type === "ctrTitle")));

/** The placeholder content goes in: the first body or content placeholder (a subtitle on a title layout). */
export const bodyOf = (layout: Pick<TemplateLayout, "placeholders">): TemplatePlaceholder | undefined =>
  layout.placeholders.find((p) => !p.vertical && bodyTypes.test(p.type)) ?? layout.placeholders.find((p) => !p.vertical && p.type === "subTitle");

const contentPlaceholders = (layout: TemplateLayout) => layout.placeholders.filter((p) => !furniture.test(p.type));

const hasTitle = (layout: TemplateLayout) => titleOf(layout, true) !== undefined;
const oneBody = (layout: TemplateLayout) =>
  hasTitle(layout) && bodyOf(layout) !== undefined && contentPlaceholders(layout).filter((p) => bodyTypes.test(p.type)).length === 1;
const titleAlone = (layout: TemplateLayout) => hasTitle(layout) && contentPlaceholders(layout).length === 1;

const preferences: Record<SlideRole, Array<(l: TemplateLayout) => boolean>> = {
  title: [(l) => l.type === "title", (l) => l.placeholders.some((p) => p.type === "ctrTitle"), oneBody, hasTitle],
  text: [(l) => (l.type === "obj" || l.type === "tx") && oneBody(l), oneBody],
  visual: [(l) => l.type === "titleOnly" && titleAlone(l), titleAlone, (l) => (l.type === "obj" || l.type === "tx") && oneBody(l), oneBody],
  section: [(l) => l.type === "secHead" && hasTitle(l), (l) => l.type === "titleOnly" && titleAlone(l), oneBody, hasTitle],
};

/** The area of the layout's own body placeholder (0 when it has none or inherits its box). */
const bodyArea = (layout: TemplateLayout) => {
  const box = bodyOf(layout)?.box;
  return box ? box.w * box.h : 0;
};

export function chooseLayout(template: Template, role: SlideRole): TemplateLayout {
  for (const fits of preferences[role]) {
    const found = template.layouts.filter(fits);
    // A title slide takes the first that fits (templates list it first); other slides the roomiest body, so a
    // custom title layout with a small body is not taken for content.
    if (found.length > 0) return role === "title" ? found[0]! : found.reduce((best, l) => (bodyArea(l) > bodyArea(best) ? l : best));
  }
  return template.layouts.find((l) => l.type === "blank") ?? template.layouts[0]!;
}
