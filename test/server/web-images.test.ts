/**
 * `web:` pictures through an image search (interface, checks: "Images"): an Openverse-compatible API on loopback
 * names pictures, the service fetches the first that can be placed, puts its credit under it as a caption and
 * reports `image.web_source`; a search that finds nothing placeable leaves the picture out with `image.unavailable`
 * and the document completes.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, test } from "node:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import type { Service } from "../support/service.ts";
import { startInProcess } from "../support/in-process.ts";
import { docxText, download, type Doc } from "../support/documents.ts";
import { png } from "../support/pictures.ts";
import { openverseSearch } from "../../renderers/openverse/index.ts";

let svc: Service;
let web: Server;
let base = "";
const searches: string[] = [];

before(async () => {
  web = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/v1/images/") {
      const q = url.searchParams.get("q") ?? "";
      searches.push(`${q} ${url.searchParams.get("license_type")}`);
      const results =
        q === "nothing"
          ? []
          : [
              { url: `${base}/missing.png`, foreign_landing_url: `${base}/photo/0`, title: "Gone", creator: null, license: "by", license_version: "2.0", source: "flickr" },
              { url: `${base}/sunset.png`, foreign_landing_url: `${base}/photo/1`, title: "Sunset over the sea", creator: "Ana", license: "by-sa", license_version: "4.0", source: "wikimedia" },
            ];
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result_count: results.length, results }));
    } else if (url.pathname === "/sunset.png") res.writeHead(200, { "content-type": "image/png" }).end(png());
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
  svc = await startInProcess({ QUIRE_IMAGE_SEARCH_URL: `${base}/v1/images/`, QUIRE_ALLOW_PRIVATE_URLS: "1" });
});

after(async () => {
  await svc?.stop();
  web?.close();
});

test("the provider maps Openverse results and asks for pictures a document may carry", async () => {
  const found = await openverseSearch(`${base}/v1/images/`).search("sunset", { limit: 3 });
  assert.equal(found.length, 2);
  assert.deepEqual(found[1], { url: `${base}/sunset.png`, pageUrl: `${base}/photo/1`, title: "Sunset over the sea", creator: "Ana", license: "CC BY-SA 4.0", provider: "Openverse · wikimedia" });
  assert.ok(searches.includes("sunset commercial"));
});

test("a web picture is placed with its credit as a caption and image.web_source; nothing found is image.unavailable", async () => {
  const { data, error } = await svc.client.POST("/documents", {
    body: { format: "docx", content: { markdown: "# Coast\n\n![A sunset](web:sunset)\n\nText.\n\n![Nothing](web:nothing)\n" } },
  });
  const doc = data as Doc;
  assert.ok(doc && !["failed", "canceled"].includes(doc.status), JSON.stringify(error ?? doc.error));
  const bytes = (await download(doc.outputs!.find((o) => o.kind === "docx")!.url)).bytes;
  assert.ok(Object.keys(unzipSync(bytes)).some((n) => /^word\/media\/.+\.png$/.test(n)), "the second result is placed when the first is dead");
  assert.match(docxText(bytes), /Source: “Sunset over the sea” · by Ana · CC BY-SA 4\.0 · Openverse · wikimedia, http:\/\/127\.0\.0\.1:\d+\/photo\/1/);
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  const codes = report!.issues.map((i) => i.code).sort();
  assert.deepEqual(codes, ["image.unavailable", "image.web_source"]);
  assert.match(report!.issues.find((i) => i.code === "image.unavailable")!.message, /found nothing for "nothing"/);
});

test("a picture without image text is reported image.no_alt_text and left out of the PDF's tags; the described one is a Figure", async () => {
  const { data, error } = await svc.client.POST("/documents", {
    body: { format: "pdf", content: { markdown: `# Coast\n\nThe coast at dusk, seen from the harbour wall.\n\n![A sunset over the sea](web:sunset)\n\n![](${base}/sunset.png)\n` } },
  });
  const doc = data as Doc;
  assert.ok(doc && !["failed", "canceled"].includes(doc.status), JSON.stringify(error ?? doc.error));
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  const missing = report!.issues.filter((i) => i.code === "image.no_alt_text");
  assert.equal(missing.length, 1, JSON.stringify(report!.issues));
  assert.equal(missing[0]!.severity, "warning");
  assert.match(missing[0]!.message, /sunset\.png" has no image text.*!\[what it shows\]/);
  const pdf = (await download(doc.outputs!.find((o) => o.kind === "pdf")!.url)).bytes;
  const dir = mkdtempSync(join(tmpdir(), "quire-alt-"));
  try {
    writeFileSync(join(dir, "doc.pdf"), pdf);
    const tree = execFileSync("pdfinfo", ["-struct-text", join(dir, "doc.pdf")], { encoding: "utf8" });
    assert.match(tree, /^Document\n\s+H1/m, "one Document, the title first as H1");
    assert.equal(tree.match(/^\s*Figure\b/gm)?.length, 1, "only the described picture is a figure");
    // LibreOffice writes the /Alt text string as UTF-16BE hex.
    const utf16 = (text: string) => "FEFF" + [...text].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")).join("");
    assert.ok(Buffer.from(pdf).toString("latin1").includes(`/Alt<${utf16("A sunset over the sea")}>`), "the figure's alternative text is the image text");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
