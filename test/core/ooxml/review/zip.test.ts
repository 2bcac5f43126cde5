import { test } from "node:test";
import assert from "node:assert/strict";
import { inspectPackage, repairPackage } from "../../../../core/ooxml/review/index.ts";
import { PackageRefused, zipDirectory } from "../../../../core/ooxml/package.ts";
import { extractDocx } from "../../../../plugins/docx/extract/index.ts";
import { extractedMarkdown } from "../../../../core/extract/result.ts";
import { entriesOf, minimalDocx, storedZip, textNodes, zip } from "./support.ts";

const REBUILD = "package.rebuild_zip";

const findings = (bytes: Uint8Array, prefix = "package.zip_") => inspectPackage(bytes).findings.filter((f) => f.code.startsWith(prefix));

/** Asserts one finding of `code` with the fields every package finding has. */
const one = (bytes: Uint8Array, code: string, severity: "error" | "warning", fix: string | undefined, message: RegExp) => {
  const found = findings(bytes).filter((f) => f.code === code);
  assert.equal(found.length, 1, `one ${code} in ${JSON.stringify(findings(bytes))}`);
  const [f] = found;
  assert.equal(f!.severity, severity);
  assert.equal(f!.category, "structural");
  assert.deepEqual(f!.location, {});
  assert.equal(f!.fixable, fix !== undefined);
  assert.equal(f!.fix, fix);
  assert.match(f!.message, message);
};

const rebuiltCleanly = async (broken: Uint8Array) => {
  const repaired = repairPackage(broken, REBUILD);
  assert.deepEqual(inspectPackage(repaired).findings, []);
  assert.deepEqual(textNodes(repaired), textNodes(broken));
  assert.match(extractedMarkdown(await extractDocx(repaired, {})), /Hello world/);
  return repaired;
};

test("a clean package has no zip findings, and rebuilding it keeps every part", async () => {
  const clean = storedZip(entriesOf(minimalDocx()));
  assert.deepEqual(inspectPackage(clean).findings, []);
  assert.deepEqual(inspectPackage(zip(minimalDocx())).findings, []);
  const rebuilt = await rebuiltCleanly(clean);
  assert.deepEqual(zipDirectory(rebuilt).entries.map((e) => e.name).sort(), Object.keys(minimalDocx()).sort());
});

test("an entry whose data does not match its CRC-32 is an error the rebuild repairs", async () => {
  const broken = storedZip(entriesOf(minimalDocx()).map((e) => (e.name === "word/document.xml" ? { ...e, crc: 0x12345678 } : e)));
  one(broken, "package.zip_crc_mismatch", "error", REBUILD, /^word\/document\.xml: its data does not match the CRC-32/);
  assert.equal(findings(broken).length, 1);
  await rebuiltCleanly(broken);
});

test("a local header that disagrees with the central directory is an error the rebuild repairs", async () => {
  const broken = storedZip(entriesOf(minimalDocx()).map((e) => (e.name === "word/media/image1.png" ? { ...e, localName: "word/media/IMAGE9.png" } : e)));
  one(broken, "package.zip_local_header_mismatch", "error", REBUILD, /^word\/media\/image1\.png: its local header disagrees .*\(name\)/);
  await rebuiltCleanly(broken);
});

test("two entries with one name (case aside) and the same bytes are an error the rebuild repairs", async () => {
  const entries = entriesOf(minimalDocx());
  const broken = storedZip([...entries, { name: "WORD/media/image1.png", data: minimalDocx()["word/media/image1.png"]! }]);
  one(broken, "package.zip_duplicate_entry", "error", REBUILD, /2 entries named word\/media\/image1\.png \/ WORD\/media\/image1\.png, with the same contents/);
  const repaired = await rebuiltCleanly(broken);
  assert.equal(zipDirectory(repaired).entries.filter((e) => /image1/i.test(e.name)).length, 1);
});

test("two entries with one name and different bytes are an error no repair guesses at", () => {
  const entries = entriesOf(minimalDocx());
  const broken = storedZip([...entries, { name: "word/document.xml", data: "<w:document/>" }]);
  one(broken, "package.zip_duplicate_entry", "error", undefined, /with different contents/);
  assert.ok(inspectPackage(broken).findings.every((f) => f.fix !== REBUILD));
});

test("bytes after the end of the zip are a warning the rebuild removes", async () => {
  const broken = storedZip(entriesOf(minimalDocx()), new TextEncoder().encode("<html>not part of a document</html>"));
  one(broken, "package.zip_trailing_data", "warning", REBUILD, /^35 bytes follow the end of the zip/);
  const repaired = await rebuiltCleanly(broken);
  assert.equal(zipDirectory(repaired).end, repaired.length);
});

test("an entry that cannot be inflated is an error, and then no rebuild is offered", () => {
  const good = zip(minimalDocx());
  // The document entry's deflate stream replaced by garbage of the same length: the part is lost.
  const broken = Buffer.from(good);
  const entry = zipDirectory(good).entries.find((e) => e.name === "word/document.xml")!;
  const start = entry.offset + 30 + broken.readUInt16LE(entry.offset + 26) + broken.readUInt16LE(entry.offset + 28);
  broken.fill(0xff, start, start + entry.compressed);
  one(new Uint8Array(broken), "package.zip_entry_unreadable", "error", undefined, /^word\/document\.xml cannot be read: its data cannot be inflated/);
  const withCrc = storedZip(entriesOf(minimalDocx()).map((e) => (e.name === "word/media/image1.png" ? { ...e, crc: 1 } : e)));
  assert.equal(findings(withCrc)[0]!.fix, REBUILD);
  // Repairs leave a package with a lost part as it is: rewriting the zip would drop the part.
  const lost = new Uint8Array(broken);
  assert.equal(repairPackage(lost, "package.content_types"), lost);
});

test("a part inflating past its declared size is refused as a bomb, not reported", () => {
  const lying = Buffer.from(zip({ ...minimalDocx(), "word/big.xml": `<a>${"x".repeat(50_000)}</a>` }));
  const central = lying.lastIndexOf(Buffer.from("word/big.xml")) - 46;
  lying.writeUInt32LE(100, central + 24);
  assert.throws(() => inspectPackage(new Uint8Array(lying)), (e: unknown) => e instanceof PackageRefused && e.reason === "zip_bomb");
});
