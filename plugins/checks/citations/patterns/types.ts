/**
 * The shape of a citation pattern: data the detector (../detect.ts) runs, one file per jurisdiction. A pattern
 * finds a candidate with its regex and `canonical` turns it into the key that request, sources and document are
 * compared by, or refuses it (null) when it only looks like a citation ("Ley de Murphy", "Art. 5 et seq.").
 */
export type Jurisdiction = "es" | "eu" | "us" | "uk";

export interface CitationPattern {
  readonly id: string;
  readonly description: string;
  /**
   * The regex source. It must run in linear time: bounded repetitions of parts that cannot overlap, no nested
   * unbounded quantifiers, so a long hostile text cannot stall the check.
   */
  readonly source: string;
  /** Regex flags; `g` and `u` are always added. Default `i`: abbreviations are then checked in `canonical`. */
  readonly flags?: string;
  /** The comparable key (lower case, one spelling per authority), or null when the match is not a citation. */
  readonly canonical: (match: RegExpExecArray) => string | null;
  /**
   * Other keys the same citation vouches for when it is found in the request or a source: the law an article
   * belongs to, the ECLI of a Spanish judgment cited by its Roj number and the other way round.
   */
  readonly also?: (match: RegExpExecArray, key: string) => string[];
}
