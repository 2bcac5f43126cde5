/**
 * Finding citations in a text with the jurisdictions' patterns (patterns/*.ts). Every pattern runs over the whole
 * text; where two matches overlap, the one that starts first (then the longer) is the citation, so "artículo 21 de
 * la Ley 39/2015" is one article reference and not also a bare "Ley 39/2015".
 */
import type { CitationPattern, Jurisdiction } from "./patterns/types.ts";
import { esPatterns } from "./patterns/es.ts";
import { euPatterns } from "./patterns/eu.ts";
import { usPatterns } from "./patterns/us.ts";
import { ukPatterns } from "./patterns/uk.ts";

export type { Jurisdiction } from "./patterns/types.ts";

export interface Citation {
  /** As written in the text. */
  readonly text: string;
  /** The comparable key ("ley 39/2015", "art. 1544 cc", "[2020] uksc 1"). */
  readonly key: string;
  /** Further keys this citation vouches for when it stands in the request or a source (see CitationPattern.also). */
  readonly also: readonly string[];
  readonly jurisdiction: Jurisdiction;
  readonly patternId: string;
  /** Offsets in the text, end exclusive. */
  readonly start: number;
  readonly end: number;
}

interface Compiled {
  readonly jurisdiction: Jurisdiction;
  readonly pattern: CitationPattern;
  readonly regex: RegExp;
}

const compile = (jurisdiction: Jurisdiction, patterns: readonly CitationPattern[]): Compiled[] =>
  patterns.map((pattern) => ({ jurisdiction, pattern, regex: new RegExp(pattern.source, `gu${pattern.flags ?? "i"}`) }));

const COMPILED: readonly Compiled[] = [
  ...compile("es", esPatterns),
  ...compile("eu", euPatterns),
  ...compile("us", usPatterns),
  ...compile("uk", ukPatterns),
];

/** Every match a pattern's `canonical` accepts, overlapping ones included. */
const candidates = (text: string): Citation[] => {
  const found: Citation[] = [];
  for (const { jurisdiction, pattern, regex } of COMPILED) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      const key = pattern.canonical(match);
      if (key === null) {
        // A refused look-alike must not hide a citation that starts inside it.
        regex.lastIndex = match.index + 1;
        continue;
      }
      found.push({
        text: match[0],
        key,
        also: pattern.also?.(match, key) ?? [],
        jurisdiction,
        patternId: pattern.id,
        start: match.index,
        end: match.index + match[0].length,
      });
    }
  }
  return found;
};

/** The citations of a text in order, without overlaps. */
export function detectCitations(text: string): Citation[] {
  const sorted = candidates(text).sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Citation[] = [];
  let reached = 0;
  for (const citation of sorted) {
    if (citation.start < reached) continue;
    kept.push(citation);
    reached = citation.end;
  }
  return kept;
}

/** The keys the given texts (the request, the sources) support: each citation's own and those it vouches for. */
export function supportedKeys(texts: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const text of texts) {
    for (const citation of detectCitations(text)) {
      keys.add(citation.key);
      for (const key of citation.also) keys.add(key);
    }
  }
  return keys;
}

/**
 * Whether a key is among the supported ones. An Act's name is read from the capitalised words before "Act", so a
 * sentence may lend it one more ("Meanwhile Companies Act 2006"): a supported Act whose name ends the longer one
 * supports it.
 */
export function isSupported(key: string, supported: ReadonlySet<string>): boolean {
  if (supported.has(key)) return true;
  if (!/ act (?:of )?\d{4}$/.test(key) || key.startsWith("s. ")) return false;
  for (const known of supported) if (key.endsWith(` ${known}`)) return true;
  return false;
}
