/**
 * Endpoints of the spec whose work belongs to later issues (artifact data).
 * They authenticate and check what they can, then answer 501 `feature_unavailable` rather than a misleading 404.
 */
import type { Route } from "../context.ts";
import { FeatureUnavailable, NotAnArtifact, ArtifactIsLocal } from "../../core/errors.ts";
import { getRow } from "../../core/documents/read.ts";
import { fromJson } from "../../core/store/db.ts";

const unavailable = (what: string) => () => {
  throw new FeatureUnavailable({ message: `${what} is not available in this deployment yet.` });
};

const artifactData = (what: string): Route["handler"] => async ({ app, principal, params }) => {
  const row = await getRow(app.db, principal, params.document_id!);
  if (row.format !== "artifact") throw new NotAnArtifact({ message: `${row.id} is a ${row.format ?? "document"}, not an artifact; it has no data.` });
  if (fromJson<{ storage: string } | null>(row.artifact, null)?.storage === "local") {
    throw new ArtifactIsLocal({ message: "This artifact keeps its data in each visitor's browser; the service never receives it." });
  }
  unavailable(what)();
};

export const laterRoutes: Route[] = [
  { method: "GET", path: "/v1/documents/:document_id/data", auth: "api_key", handler: artifactData("Artifact data") },
  { method: "GET", path: "/v1/documents/:document_id/data/:collection", auth: "api_key", handler: artifactData("Artifact data") },
];
