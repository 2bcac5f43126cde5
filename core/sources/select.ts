/**
 * Long sources (interface, checks: "Long sources"): when the documents given as sources do not fit the writer's
 * budget, the passages most relevant to the request are kept, in their original order, and the `source.selected`
 * event says how much of each source was used. Relevance is term overlap with the request (BM25-like weighting:
 * rare words count more), so it needs no model.
 */
export interface SourceText {
  readonly index: number;
  readonly name: string;
  readonly text: string;
}

export interface Selection {
  readonly index: number;
  readonly name: string;
  readonly chars: number;
  readonly used_chars: number;
  readonly passages: number;
  readonly used_passages: number;
  readonly text: string;
}

const PASSAGE_CHARS = 1200;
const STOP = new Set("the a an and or of to in on for with by is are was were be this that it as at from de la el los las y o en un una por para con del al que se es".split(" "));

const terms = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !STOP.has(w));

/** Paragraph-sized passages, long paragraphs cut at sentence ends. */
export const passagesOf = (text: string): string[] => {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    let rest = para.trim();
    while (rest.length > PASSAGE_CHARS) {
      const cut = rest.lastIndexOf(". ", PASSAGE_CHARS);
      const at = cut > PASSAGE_CHARS / 2 ? cut + 1 : PASSAGE_CHARS;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
};

export const selectPassages = (sources: ReadonlyArray<SourceText>, request: string, budgetChars: number): Selection[] => {
  const all = sources.flatMap((s) => passagesOf(s.text).map((text, order) => ({ source: s.index, order, text, words: terms(text) })));
  const total = all.reduce((n, p) => n + p.text.length, 0);
  const keep = new Set<(typeof all)[number]>();
  if (total <= budgetChars) for (const p of all) keep.add(p);
  else {
    const df = new Map<string, number>();
    for (const p of all) for (const w of new Set(p.words)) df.set(w, (df.get(w) ?? 0) + 1);
    const query = new Set(terms(request));
    const score = (p: (typeof all)[number]) => {
      let s = 0;
      for (const w of p.words) if (query.has(w)) s += Math.log(1 + all.length / (df.get(w) ?? 1));
      // A passage's opening is the likeliest to say what the source is; keep it a little ahead.
      return s / Math.sqrt(1 + p.words.length) + (p.order === 0 ? 0.5 : 0);
    };
    let used = 0;
    for (const p of [...all].sort((a, b) => score(b) - score(a))) {
      if (used + p.text.length > budgetChars) continue;
      keep.add(p);
      used += p.text.length;
    }
  }
  return sources.map((s) => {
    const mine = all.filter((p) => p.source === s.index);
    const kept = mine.filter((p) => keep.has(p));
    return {
      index: s.index,
      name: s.name,
      chars: s.text.length,
      used_chars: kept.reduce((n, p) => n + p.text.length, 0),
      passages: mine.length,
      used_passages: kept.length,
      text: kept.map((p) => p.text).join("\n\n"),
    };
  });
};
