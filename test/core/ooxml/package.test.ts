import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { zipSync, strToU8 } from "fflate";
import { openPackage, PackageRefused } from "../../../core/ooxml/package.ts";
import { readTree } from "../../../core/ooxml/xml/tree.ts";
import { corpusPath } from "../../support/corpus.ts";

const CORPUS = corpusPath();

const refusedFor = (fn: () => unknown, reason: PackageRefused["reason"]) =>
  assert.throws(fn, (e: unknown) => e instanceof PackageRefused && e.reason === reason);

test("a real package opens and its parts read", () => {
  const pkg = openPackage(readFileSync(`${CORPUS}/docx/pandoc-headers.docx`));
  assert.ok(pkg.has("word/document.xml"));
  assert.match(pkg.text("[Content_Types].xml")!, /wordprocessingml/);
  assert.equal(pkg.bytes("word/missing.xml"), null);
});

test("zip bombs are refused from the directory, before inflating", () => {
  // 200 MB of zeros compress to about 200 KB: far past the 200:1 ratio.
  const bomb = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "word/document.xml": new Uint8Array(200 * 1024 * 1024) }, { level: 9 });
  const started = Date.now();
  refusedFor(() => openPackage(bomb), "zip_bomb");
  assert.ok(Date.now() - started < 1000);
  // A header that lies about the size cannot inflate past what it declared.
  const honest = zipSync({ "a.xml": new Uint8Array(50_000).fill(65) });
  const lying = Buffer.from(honest);
  const central = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  lying.writeUInt32LE(100, central + 24);
  refusedFor(() => openPackage(lying).bytes("a.xml"), "zip_bomb");
});

test("truncated packages and DTDs are refused", () => {
  const real = readFileSync(`${CORPUS}/docx/pandoc-headers.docx`);
  refusedFor(() => openPackage(real.subarray(0, real.length / 2)), "truncated");
  refusedFor(() => readTree('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><a>&lol2;</a>', "a.xml"), "xml_dtd");
  refusedFor(() => readTree("<a><b></a>", "a.xml"), "xml_invalid");
});
