import { test } from "node:test";
import assert from "node:assert/strict";
import { signDownload, checkDownload } from "../../../core/documents/links.ts";

const secret = "s3cret";
const now = new Date("2026-11-22T10:00:00Z");
const parse = (url: string) => {
  const u = new URL(url);
  return { id: u.pathname.split("/").pop()!, expires: u.searchParams.get("expires")!, signature: u.searchParams.get("signature")! };
};

test("a signed link checks until it expires", () => {
  const link = parse(signDownload("http://x", secret, "out_1", new Date(now.getTime() + 300_000)));
  assert.equal(checkDownload(secret, link.id, link.expires, link.signature, now), "ok");
  assert.equal(checkDownload(secret, link.id, link.expires, link.signature, new Date(now.getTime() + 300_001)), "expired");
});

test("altered links are refused", () => {
  const link = parse(signDownload("http://x", secret, "out_1", new Date(now.getTime() + 300_000)));
  const cases = [
    { given: { ...link, id: "out_2" }, why: "another output" },
    { given: { ...link, expires: String(Number(link.expires) + 3600) }, why: "a stretched expiry" },
    { given: { ...link, signature: link.signature.slice(0, -1) + (link.signature.endsWith("A") ? "B" : "A") }, why: "a changed signature" },
    { given: { ...link, signature: "" }, why: "no signature" },
    { given: { ...link, expires: "soon" }, why: "a non-numeric expiry" },
  ];
  for (const { given, why } of cases) assert.equal(checkDownload(secret, given.id, given.expires, given.signature, now), "invalid", why);
  assert.equal(checkDownload("other", link.id, link.expires, link.signature, now), "invalid", "another secret");
});
