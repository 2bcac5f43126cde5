/** The artifact tools: publish a one-page web app that keeps data, and read the data its visitors stored. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Quire } from "../client.ts";
import { dataResult, guarded, plural } from "./results.ts";
import { createArtifactInput, readArtifactDataInput } from "./schemas.ts";
import { runDocument } from "./work.ts";

export const registerArtifactTools = (server: McpServer, quire: Quire): void => {
  server.registerTool(
    "create_artifact",
    {
      title: "Create an artifact",
      description:
        "Publishes an artifact: one self-contained web page (a poll, a sign-up sheet, a tracker, a dashboard) on its own " +
        "origin that keeps its data between visits, from your Markdown (`content.markdown`, with the artifact blocks) or " +
        "from a `prompt`. Waits until it is published (sending progress notifications when asked) and answers the " +
        "page's link (`html`, valid until the artifact expires; anyone with it can open the page) and a PNG preview.",
      inputSchema: createArtifactInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    guarded((args, extra) => runDocument(quire, { operation: "create", format: "artifact", ...args }, extra)),
  );

  server.registerTool(
    "read_artifact_data",
    {
      title: "Read an artifact's data",
      description:
        "The data visitors stored in an artifact with `shared` storage: without `collection`, its collections and their " +
        "record counts; with one, its records (`key`, `data`, `updated_at`), most recent first, a page at a time " +
        "(pass `next_cursor` back as `cursor` while `has_more`).",
      inputSchema: readArtifactDataInput,
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ document_id, collection, limit, cursor }) => {
      if (collection === undefined) {
        const { data } = await quire.GET("/documents/{document_id}/data", { params: { path: { document_id } } });
        const names = data!.data.map((c) => `${c.collection} (${plural(c.records, "record")})`);
        return dataResult(`Collections of ${document_id}: ${names.join(", ") || "none yet"}`, data!);
      }
      const { data } = await quire.GET("/documents/{document_id}/data/{collection}", {
        params: { path: { document_id, collection }, query: { limit, cursor } },
      });
      const more = data!.has_more ? `; more with cursor ${data!.next_cursor}` : "";
      return dataResult(`${plural(data!.data.length, "record")} of ${collection} in ${document_id}${more}`, data!);
    }),
  );
};
