/** Where things stand in an extraction's Markdown: how often a string occurs, and which of two comes first. */
import assert from "node:assert/strict";

export const count = (text: string, what: string): number => text.split(what).length - 1;

/** `first` comes before `second` in `text`, both present. */
export const before = (text: string, first: string, second: string): void => {
  const a = text.indexOf(first);
  const b = text.indexOf(second);
  assert.ok(a >= 0, `missing ${JSON.stringify(first)} in ${text}`);
  assert.ok(b >= 0, `missing ${JSON.stringify(second)} in ${text}`);
  assert.ok(a < b, `${JSON.stringify(first)} should come before ${JSON.stringify(second)} in ${text}`);
};
