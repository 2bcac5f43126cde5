import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeTime } from "ulid";
import { makeUlid } from "../../../core/services/ulid.ts";

test("ids are ULIDs that decode to their time, as the `ulid` package reads them", () => {
  const ulid = makeUlid();
  for (const t of [0, 1, 1_795_339_439_000, 2 ** 48 - 1]) {
    const id = ulid(t);
    assert.match(id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(decodeTime(id), t);
  }
});

test("ids made in the same millisecond still sort in creation order, and never repeat", () => {
  const ulid = makeUlid();
  const ids = Array.from({ length: 5000 }, () => ulid(1_800_000_000_000));
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
  const later = ulid(1_800_000_000_001);
  assert.ok(later > ids[ids.length - 1]!);
});
