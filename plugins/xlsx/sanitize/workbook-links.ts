/**
 * Excel's ways of reaching outside the file: external links (`xl/externalLinks/*`: another workbook, a DDE channel
 * such as `cmd|'/c calc'!A0`, an OLE link) and data connections (`xl/connections.xml`: databases, web queries, text
 * files, Power Query).
 *
 * External links go, with every formula that used them turned into its cached value (the `f` element goes, the `v`
 * stays, so the cell shows what it showed), the defined names that pointed through them, and the calculation chain
 * (Excel rebuilds it; a chain naming cells that no longer hold formulas is what makes it repair the file).
 *
 * Connections are neutralised where they stand rather than removed: query tables, tables and pivot caches refer to
 * them by id, and removing them would leave those dangling. Every attribute that names a source (connection string,
 * command, URL, file, `.odc` file) is emptied and refresh-on-open is dropped, so nothing can connect anywhere.
 */
import { decodeXmlText } from "../../../core/ooxml/package.ts";
import { withoutAttribute } from "../../../core/ooxml/xml/markup.ts";
import { findAll, localName, type XEl } from "../../../core/ooxml/xml/tree.ts";
import type { PackageEditor } from "../../../core/ooxml/sanitize/editor.ts";
import { outermost, type Edit } from "../../../core/ooxml/splice.ts";

/** A reference through an external link (`[1]Sheet1!A1`, `'[2]My sheet'!A1`, `[1]!Name`) or a DDE one (`cmd|'/c calc'!A0`). */
const OUTSIDE_REFERENCE = /'\[\d+\](?:[^']|'')*'!|\[\d+\][^\s!'"(),;+\-*/&=<>^[\]]*!|[A-Za-z0-9_.]+\|(?:'(?:[^']|'')*'|[^\s!'"]+)!/;
const SOURCE_ATTRIBUTES = new Set(["connection", "command", "url", "sourceFile", "odcFile", "connectionFile", "post"]);
const REFRESH_ATTRIBUTES = new Set(["refreshOnLoad", "savePassword"]);

const inner = (text: string, el: XEl) => decodeXmlText(text.slice(el.openEnd, el.closeStart));
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What an external link part links to, as one line. */
const describeLink = (ed: PackageEditor, part: string): string => {
  const root = ed.tree(part);
  const rels = ed.rels(part);
  const book = root?.children.find((c) => c.local === "externalBook" || c.local === "oleLink");
  const dde = root?.children.find((c) => c.local === "ddeLink");
  if (dde) {
    const a = dde.qualifiedAttrs;
    return `DDE link (${[...a].find(([n]) => localName(n) === "ddeService")?.[1] ?? "?"}|${[...a].find(([n]) => localName(n) === "ddeTopic")?.[1] ?? "?"}) in ${part}`;
  }
  const id = book ? [...book.qualifiedAttrs].find(([n]) => localName(n) === "id")?.[1] : undefined;
  const target = rels.find((r) => r.id === id)?.target ?? "unknown source";
  return `${book?.local === "oleLink" ? "OLE link" : "external workbook link"} (${target}) in ${part}`;
};

/** Turns into values the formulas of one sheet that reach outside (or use a removed name); returns how many. */
const freezeFormulas = (ed: PackageEditor, sheet: string, names: readonly string[]): number => {
  const text = ed.text(sheet);
  const root = ed.tree(sheet);
  if (text === null || !root || (!text.includes("<f") && !/<\w+:f[\s>]/.test(text))) return 0;
  const byName = names.length > 0 ? new RegExp(`(?<![\\w.])(?:${names.map(escapeRegExp).join("|")})(?![\\w.(])`, "i") : null;
  const formulas = findAll(root, (e) => e.local === "f" && e.parent?.local === "c");
  const reaches = (f: XEl) => {
    const formula = inner(text, f);
    return OUTSIDE_REFERENCE.test(formula) || (byName?.test(formula) ?? false);
  };
  const shared = new Set<string>();
  const edits: Edit[] = [];
  for (const f of formulas) {
    if (!reaches(f)) continue;
    edits.push({ start: f.start, end: f.end, text: "" });
    const a = f.qualifiedAttrs;
    if (a.get("t") === "shared" && a.has("si")) shared.add(a.get("si")!);
  }
  for (const f of formulas) {
    const a = f.qualifiedAttrs;
    if (a.get("t") === "shared" && shared.has(a.get("si") ?? "")) edits.push({ start: f.start, end: f.end, text: "" });
  }
  const final = outermost(edits);
  ed.edit(sheet, final);
  return final.length;
};

export const removeExternalLinks = (ed: PackageEditor, removed: string[]): void => {
  const workbook = ed.rels("").find((r) => r.kind === "officeDocument" && r.part)?.part;
  if (!workbook || ed.find(workbook) === null) return;
  const rels = ed.rels(workbook);
  const links = rels.filter((r) => r.kind === "externalLink" && r.part && ed.find(r.part) !== null);
  if (links.length === 0) return;
  for (const link of links) removed.push(describeLink(ed, link.part!));
  const text = ed.text(workbook)!;
  const root = ed.tree(workbook);
  const edits: Edit[] = [];
  const names: string[] = [];
  if (root) {
    for (const el of root.children.filter((c) => c.local === "externalReferences")) edits.push({ start: el.start, end: el.end, text: "" });
    for (const name of findAll(root, (e) => e.local === "definedName")) {
      if (!OUTSIDE_REFERENCE.test(inner(text, name))) continue;
      edits.push({ start: name.start, end: name.end, text: "" });
      const label = name.qualifiedAttrs.get("name");
      if (label) names.push(label);
    }
  }
  ed.edit(workbook, edits);
  let frozen = 0;
  for (const sheet of rels.filter((r) => r.kind === "worksheet" && r.part)) frozen += freezeFormulas(ed, ed.find(sheet.part!) ?? sheet.part!, names);
  if (frozen > 0) removed.push(`${frozen} formula${frozen === 1 ? "" : "s"} using external links (kept as their last values)`);
  const gone = new Set(links.map((l) => l.id));
  if (frozen > 0) for (const chain of rels.filter((r) => r.kind === "calcChain")) gone.add(chain.id);
  ed.removeRels(workbook, gone);
};

export const neutraliseConnections = (ed: PackageEditor, removed: string[]): void => {
  for (const part of ed.names()) {
    if (!/(^|\/)connections\d*\.xml$/i.test(part)) continue;
    const text = ed.text(part);
    const root = ed.tree(part);
    if (text === null || !root || root.local !== "connections") continue;
    const edits: Edit[] = [];
    for (const connection of root.children.filter((c) => c.local === "connection")) {
      const sources: string[] = [];
      for (const el of findAll(connection, () => true)) {
        let tag = text.slice(el.start, el.openEnd);
        for (const [qname, value] of el.qualifiedAttrs) {
          const local = localName(qname);
          if (SOURCE_ATTRIBUTES.has(local) && value !== "") {
            sources.push(value);
            tag = tag.replace(new RegExp(`(\\s${escapeRegExp(qname)}\\s*=\\s*)(?:"[^"]*"|'[^']*')`), '$1""');
          } else if (REFRESH_ATTRIBUTES.has(local)) tag = withoutAttribute(tag, qname);
        }
        if (tag !== text.slice(el.start, el.openEnd)) edits.push({ start: el.start, end: el.openEnd, text: tag });
      }
      if (sources.length === 0) continue;
      const name = connection.qualifiedAttrs.get("name") ?? connection.qualifiedAttrs.get("id") ?? "?";
      const shown = sources[0]!.replace(/\s+/g, " ");
      removed.push(`external data connection "${name}" (${shown.length > 120 ? `${shown.slice(0, 117)}…` : shown}) in ${part}`);
    }
    ed.edit(part, edits);
  }
};
