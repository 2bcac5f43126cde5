/**
 * Package-level review of OOXML files (docx, pptx, xlsx): what Office, LibreOffice and other readers trip on below
 * the format itself, with a stable code per problem and the safe repairs (core/contracts/review.ts, the review contract).
 *
 * - zip.ts: CRC-32 and size mismatches, duplicate entries, local headers that disagree with the central directory,
 *   unreadable entries, data after the end (`package.rebuild_zip`);
 * - content-types.ts: undeclared parts, declarations of missing parts, generically typed parts
 *   (`package.content_types`);
 * - relationships.ts and pictures.ts: dangling relationships, Ids the markup names that do not exist, duplicate Ids,
 *   unreadable `.rels`, pictures whose image is missing (`package.remove_dangling_relationships`,
 *   `package.remove_duplicate_relationships`, `package.remove_missing_pictures`);
 * - xml-parts.ts: characters XML does not allow, parts that are not well-formed (`package.strip_invalid_xml_chars`).
 *
 * Every finding is `category: "structural"` with an empty location and a message naming the part. Checks never
 * throw for what they find; a zip bomb, a DTD or a file that is not a zip at all is refused with `PackageRefused`.
 * Repairs edit only the bytes of what they repair; the other parts are copied as read.
 */
import type { Finding } from "../../contracts/review.ts";
import { writePackage } from "../write.ts";
import { checkContentTypes, FIX_CONTENT_TYPES, repairContentTypes } from "./content-types.ts";
import { readGraph } from "./graph.ts";
import { PackageView } from "./parts.ts";
import { checkRelationships, FIX_DANGLING, FIX_DUPLICATE_IDS, FIX_MISSING_PICTURES, repairRelationships } from "./relationships.ts";
import { FIX_STRIP_CHARS, checkXmlParts, repairXmlChars } from "./xml-parts.ts";
import { checkZip, FIX_REBUILD_ZIP, rebuildZip } from "./zip.ts";

export const PACKAGE_FIXES = [FIX_REBUILD_ZIP, FIX_CONTENT_TYPES, FIX_DANGLING, FIX_DUPLICATE_IDS, FIX_MISSING_PICTURES, FIX_STRIP_CHARS] as const;

export const inspectPackage = (bytes: Uint8Array): { findings: Finding[] } => {
  const findings = checkZip(bytes);
  const view = new PackageView(bytes);
  const graph = readGraph(view);
  findings.push(...checkXmlParts(view), ...checkContentTypes(view, graph), ...checkRelationships(view, graph));
  return { findings };
};

/**
 * Applies one `package.*` fix to every instance of its problem and returns the new bytes (the same bytes when there
 * is nothing to do, or when a part cannot be read: rewriting the zip would lose it).
 */
export const repairPackage = (bytes: Uint8Array, fix: string): Uint8Array => {
  const view = new PackageView(bytes);
  if (view.names.some((name) => view.read(name) === null)) return bytes;
  if (fix === FIX_REBUILD_ZIP) return rebuildZip(view);
  const graph = readGraph(view);
  let changes: Map<string, Uint8Array> | null;
  if (fix === FIX_CONTENT_TYPES) changes = repairContentTypes(view, graph);
  else if (fix === FIX_STRIP_CHARS) changes = repairXmlChars(view);
  else if (fix === FIX_DANGLING || fix === FIX_DUPLICATE_IDS || fix === FIX_MISSING_PICTURES) changes = repairRelationships(view, graph, fix);
  else throw new Error(`unknown package fix: ${fix}`);
  return changes ? writePackage(view.pkg, changes) : bytes;
};
