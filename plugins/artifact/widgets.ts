/**
 * The interactive blocks of an artifact page (plugins/artifact/README.md, "Interactive blocks"): a fenced code
 * block whose language is one of the kinds below becomes a widget that keeps its data through
 * `window.service.db`. This module only reads a block's text into a typed spec (pure); collection names are
 * settled for the whole page in `names.ts`, and the page runtime (`runtime/widgets.js`) draws each spec.
 *
 * A block is written as `key: value` settings and item lines:
 *
 *     ```form                      ```chart
 *     collection: signups          type: bar
 *     Name: text required          collection: signups
 *     Team: select Red, Blue       by: Team
 *     submit: Sign me up           ```
 *     ```
 *
 * Words after the kind on the opening line (```` ```form signups ````, ```` ```chart bar signups by Team ````)
 * say the same thing when the Markdown reader hands them on (`CodeBlock.meta`); settings lines win.
 */
import type { CodeBlock } from "../../core/ir/types.ts";

export type FieldType = "text" | "email" | "number" | "date" | "time" | "textarea" | "checkbox" | "select" | "url" | "tel";

export interface FormField {
  /** As written; also the property the entry is saved under. */
  label: string;
  type: FieldType;
  required: boolean;
  options: string[];
  placeholder?: string;
}

export type ChartType = "bar" | "line" | "pie" | "doughnut";
export type Measure = { of: "count" } | { of: "sum" | "average"; field: string };

/** A chart's data when it comes from a Markdown table (fixed at build time). */
export interface TableSeries {
  labels: string[];
  datasets: Array<{ label: string; data: number[] }>;
}

export type Widget =
  | { kind: "form"; collection?: string; fields: FormField[]; submit: string; done: string }
  | { kind: "list"; collection?: string; columns?: string[]; remove: boolean; time: boolean; empty: string }
  | { kind: "vote"; collection?: string; options: string[] }
  | { kind: "counter"; collection?: string; label: string; step: number; min?: number }
  | {
      kind: "chart";
      collection?: string;
      chart: ChartType;
      by?: string;
      measure: Measure;
      /** Labels drawn first and in this order even with no records yet (a form's choices, a vote's options). */
      order?: string[];
      table?: TableSeries;
    }
  | { kind: "stat"; collection?: string; label: string; measure: Measure }
  | { kind: "todo"; collection?: string; items: Array<{ text: string; done: boolean }>; placeholder: string }
  | { kind: "habits"; collection?: string; habits: string[]; days: number };

export type WidgetKind = Widget["kind"];

/** Kind words and their aliases (the language of the fenced block, any case). */
const kinds: Record<string, WidgetKind> = {
  form: "form",
  list: "list",
  entries: "list",
  vote: "vote",
  poll: "vote",
  counter: "counter",
  chart: "chart",
  stat: "stat",
  total: "stat",
  todo: "todo",
  tasks: "todo",
  checklist: "todo",
  habits: "habits",
  tracker: "habits",
};

export function widgetKind(block: CodeBlock): WidgetKind | undefined {
  const word = block.lang?.trim().toLowerCase();
  return word ? kinds[word] : undefined;
}

const fieldTypes: Record<string, FieldType> = {
  text: "text",
  string: "text",
  email: "email",
  number: "number",
  amount: "number",
  date: "date",
  time: "time",
  textarea: "textarea",
  longtext: "textarea",
  paragraph: "textarea",
  checkbox: "checkbox",
  yesno: "checkbox",
  boolean: "checkbox",
  select: "select",
  choice: "select",
  url: "url",
  link: "url",
  tel: "tel",
  phone: "tel",
};

const chartTypes: Record<string, ChartType> = { bar: "bar", bars: "bar", line: "line", pie: "pie", doughnut: "doughnut", donut: "doughnut" };

/** The settings each kind understands; any other `key: value` line is an item (a form field) or ignored. */
const settingKeys: Record<WidgetKind, readonly string[]> = {
  form: ["collection", "submit", "button", "done"],
  list: ["collection", "columns", "remove", "time", "empty"],
  vote: ["collection"],
  counter: ["collection", "label", "step", "min"],
  chart: ["collection", "type", "by", "sum", "average", "count"],
  stat: ["collection", "label", "sum", "average", "count"],
  todo: ["collection", "placeholder"],
  habits: ["collection", "days"],
};

export interface ParsedWidget {
  widget: Widget;
  /** Things the author wrote that could not be used, said back as diagnostics. */
  problems: string[];
}

/** Reads one block; `undefined` when its language is not a widget kind (it stays a code block). */
export function parseWidget(block: CodeBlock): ParsedWidget | undefined {
  const kind = widgetKind(block);
  if (kind === undefined) return undefined;
  const problems: string[] = [];
  const settings = new Map<string, string>();
  const items: string[] = [];
  for (const raw of block.text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("//")) continue;
    const setting = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
    const key = setting?.[1]!.toLowerCase();
    if (setting && key && settingKeys[kind].includes(key)) settings.set(key, setting[2]!.trim());
    else items.push(line);
  }
  infoSettings(kind, metaOf(block), settings);
  const collection = settings.get("collection") || undefined;
  const base = collection === undefined ? {} : { collection };
  switch (kind) {
    case "form": {
      const fields = items.map((line) => parseField(line, problems)).filter((f): f is FormField => f !== undefined);
      const seen = new Set<string>();
      const unique = fields.filter((f) => (seen.has(f.label) ? (problems.push(`The field "${f.label}" is written twice; the first one is kept.`), false) : seen.add(f.label)));
      if (unique.length === 0) problems.push("The form has no fields (one per line, like `Name: text required`).");
      return {
        widget: {
          kind,
          ...base,
          fields: unique,
          submit: settings.get("submit") || settings.get("button") || "Save",
          done: settings.get("done") || "Saved. Thank you!",
        },
        problems,
      };
    }
    case "list": {
      const columns = splitList(settings.get("columns") ?? "");
      return {
        widget: {
          kind,
          ...base,
          ...(columns.length > 0 ? { columns } : {}),
          remove: yes(settings.get("remove"), false),
          time: yes(settings.get("time"), true),
          empty: settings.get("empty") || "Nothing here yet.",
        },
        problems,
      };
    }
    case "vote": {
      const options = unique(items.map(itemText).filter((t) => t !== ""));
      if (options.length < 2) problems.push("A vote needs at least two options, one per line.");
      return { widget: { kind, ...base, options }, problems };
    }
    case "counter": {
      const step = number(settings.get("step"), 1, problems, "step");
      const min = settings.has("min") ? number(settings.get("min"), 0, problems, "min") : 0;
      return { widget: { kind, ...base, label: settings.get("label") || items.map(itemText).join(" ") || "", step: step === 0 ? 1 : Math.abs(step), min }, problems };
    }
    case "chart": {
      const type = settings.get("type")?.toLowerCase();
      const chart = type === undefined ? "bar" : chartTypes[type];
      if (type !== undefined && chart === undefined) problems.push(`Unknown chart type "${type}"; a bar chart is drawn (bar, line, pie, doughnut).`);
      const by = settings.get("by") || undefined;
      return { widget: { kind, ...base, chart: chart ?? "bar", ...(by ? { by } : {}), measure: measure(settings) }, problems };
    }
    case "stat":
      return { widget: { kind, ...base, label: settings.get("label") || items.map(itemText).join(" ") || "", measure: measure(settings) }, problems };
    case "todo": {
      const todo = items.map((line) => {
        const task = /^(?:[-*+]\s+)?\[([ xX])\]\s*(.*)$/.exec(line);
        return task ? { text: task[2]!.trim(), done: task[1] !== " " } : { text: itemText(line), done: false };
      });
      return { widget: { kind, ...base, items: todo.filter((t) => t.text !== ""), placeholder: settings.get("placeholder") || "Add a task…" }, problems };
    }
    case "habits": {
      const habits = unique(items.map(itemText).filter((t) => t !== ""));
      if (habits.length === 0) problems.push("The tracker has no habits (one per line).");
      const days = Math.min(14, Math.max(3, Math.round(number(settings.get("days"), 7, problems, "days"))));
      return { widget: { kind, ...base, habits, days }, problems };
    }
  }
}

/** The words after the kind on the fence line, when the reader kept them. */
function metaOf(block: CodeBlock): string {
  const meta = (block as CodeBlock & { meta?: unknown }).meta;
  return typeof meta === "string" ? meta.trim() : "";
}

/**
 * The opening-line shorthand: `form signups`, `chart bar signups by Team`, `chart pie lunch sum Amount`.
 * Only fills settings the body left unset.
 */
function infoSettings(kind: WidgetKind, meta: string, settings: Map<string, string>): void {
  if (meta === "") return;
  const words = meta.split(/\s+/);
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== "" && !settings.has(key)) settings.set(key, value);
  };
  if (kind === "chart" && words[0] && chartTypes[words[0].toLowerCase()]) put("type", words.shift());
  put("collection", words.shift());
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!.toLowerCase();
    if (["by", "sum", "average"].includes(word) && i + 1 < words.length) {
      // A field name may hold spaces: it runs to the next keyword.
      let j = i + 1;
      while (j < words.length && !["by", "sum", "average"].includes(words[j]!.toLowerCase())) j += 1;
      put(word, words.slice(i + 1, j).join(" "));
      i = j - 1;
    }
  }
}

/** `Label: type [required] [options]`, `Label*: type`, or a bare `Label` (a text field). */
function parseField(line: string, problems: string[]): FormField | undefined {
  const match = /^(?:[-*+]\s+)?([^:]+?)\s*(\*)?\s*(?::\s*(.*))?$/.exec(line);
  if (!match) return undefined;
  const label = match[1]!.replace(/\*$/, "").trim();
  if (label === "") return undefined;
  let rest = (match[3] ?? "").trim();
  let placeholder: string | undefined;
  const quoted = /"([^"]*)"/.exec(rest);
  if (quoted) {
    placeholder = quoted[1]!;
    rest = rest.replace(quoted[0], " ").trim();
  }
  let required = match[2] === "*" || /\*$/.test(match[1]!);
  if (/(^|[\s,])required\b/i.test(rest)) {
    required = true;
    rest = rest.replace(/(^|[\s,])required\b/i, " ").trim();
  }
  if (/(^|[\s,])optional\b/i.test(rest)) rest = rest.replace(/(^|[\s,])optional\b/i, " ").trim();
  const first = /^([A-Za-z]+)\s*:?\s*(.*)$/.exec(rest);
  const typeWord = first?.[1]?.toLowerCase();
  let type: FieldType = "text";
  let optionsText = "";
  if (typeWord && fieldTypes[typeWord]) {
    type = fieldTypes[typeWord];
    optionsText = first![2]!;
  } else if (rest !== "") {
    // `Team: Red, Blue, Green` is a choice; any other unknown word is a text field.
    if (/[,|]/.test(rest)) {
      type = "select";
      optionsText = rest;
    } else problems.push(`The field "${label}" has an unknown type "${rest}"; it is a text field.`);
  }
  const options = type === "select" ? unique(splitList(optionsText)) : [];
  if (type === "select" && options.length === 0) {
    problems.push(`The choice "${label}" has no options (\`${label}: select Red, Blue\`); it is a text field.`);
    type = "text";
  }
  return { label, type, required, options, ...(placeholder !== undefined ? { placeholder } : {}) };
}

function measure(settings: Map<string, string>): Measure {
  const sum = settings.get("sum");
  if (sum) return { of: "sum", field: sum };
  const average = settings.get("average");
  if (average) return { of: "average", field: average };
  return { of: "count" };
}

function itemText(line: string): string {
  return line.replace(/^(?:[-*+]|\d+[.)])\s+/, "").trim();
}

function splitList(text: string): string[] {
  return text
    .split(/\s*[,|]\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function yes(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return /^(yes|true|on|1|show)$/i.test(value.trim());
}

function number(value: string | undefined, fallback: number, problems: string[], name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value.trim());
  if (Number.isFinite(n)) return n;
  problems.push(`"${name}: ${value}" is not a number; ${fallback} is used.`);
  return fallback;
}
