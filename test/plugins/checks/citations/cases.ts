/** The table-driven form of the per-jurisdiction citation tests: each text with the keys its citations must give. */
import { it } from "node:test";
import assert from "node:assert/strict";
import { detectCitations } from "../../../../plugins/checks/citations/detect.ts";

/** Each text with the keys its citations must give, in order; none for a look-alike. */
export type Case = readonly [text: string, keys: readonly string[]];

export const check = (cases: readonly Case[], jurisdiction: string) => {
  for (const [text, keys] of cases) {
    it(`${keys.length > 0 ? "finds" : "finds nothing in"} ${JSON.stringify(text)}`, () => {
      const found = detectCitations(text);
      assert.deepEqual(found.map((c) => c.key), keys);
      for (const c of found) {
        assert.equal(c.jurisdiction, jurisdiction, `${c.text} is of ${jurisdiction}`);
        assert.equal(text.slice(c.start, c.end), c.text, "the positions point at the text");
      }
    });
  }
};
