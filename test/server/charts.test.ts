/**
 * Charts through the real service's content mode: a chart block in the caller's Markdown becomes a native chart in
 * the deck, and a chart block that cannot be drawn is reported (`chart.invalid`) while the document completes.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { startService, type Service } from "../support/service.ts";
import { download, type Doc } from "../support/documents.ts";

let svc: Service;
before(async () => {
  svc = await startService();
});
after(async () => {
  await svc?.stop();
});

const create = async (body: Record<string, unknown>): Promise<Doc> => {
  const { data, response, error } = await svc.client.POST("/documents", { body: body as never });
  assert.equal(response.status, 200, JSON.stringify(error));
  return data as Doc;
};

const CHART = "```chart\ntype: line\n```\n\n| Month | Visits |\n|---|---:|\n| Jan | 120 |\n| Feb | 180 |\n| Mar | 240 |\n";

test("a chart block in the Markdown is a native chart in the deck", async () => {
  const doc = await create({ format: "pptx", content: { markdown: `# Traffic\n\n## Visits\n\n${CHART}` } });
  assert.equal(doc.status, "ready");
  const { bytes } = await download(doc.outputs!.find((o) => o.kind === "pptx")!.url);
  const parts = unzipSync(bytes);
  const chart = strFromU8(parts["ppt/charts/chart1.xml"] ?? new Uint8Array());
  assert.match(chart, /<c:lineChart>/);
  assert.deepEqual([...chart.matchAll(/<c:v>(\d+)<\/c:v>/g)].map((m) => m[1]), ["120", "180", "240"]);
});

test("a chart block with no table after it is reported and the document completes", async () => {
  const doc = await create({ format: "docx", content: { markdown: "# Note\n\n```chart\ntype: bar\n```\n\nThe numbers are still being collected." } });
  assert.equal(doc.status, "ready_with_warnings");
  const { data: report } = await svc.client.GET("/documents/{document_id}/report", { params: { path: { document_id: doc.id } } });
  assert.deepEqual(report!.issues.filter((i) => i.code === "chart.invalid").map((i) => i.severity), ["warning"]);
});
