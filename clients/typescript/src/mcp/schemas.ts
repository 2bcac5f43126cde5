/**
 * The tools' input schemas, written in zod (what the MCP SDK takes) to match spec/openapi.yaml field by field:
 * the same enums, patterns, lengths and descriptions as `CreateDocumentRequest`, `FileRef`, `ExtractRequest` and
 * the artifact data parameters. Objects are strict because the spec's are `additionalProperties: false`.
 * test/clients/mcp-schemas.test.ts holds every field against the spec, and the `Fits` checks at the end make the
 * compiler refuse a schema whose values the generated request types would not accept.
 */
import * as z from "zod";
import type { components } from "../generated/openapi.ts";

const ULID = "[0-9A-HJKMNP-TV-Z]{26}";

export const documentId = z.string().regex(new RegExp(`^doc_${ULID}$`)).describe("Document id (`doc_…`).");

const fileUrl = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .meta({ pattern: "^https?://" })
      .describe("Public http or https address; private and loopback addresses are refused."),
    filename: z.string().min(1).max(255).optional().describe("Name to keep for the file; taken from the address when absent."),
  })
  .describe("A file the service downloads from a public http or https address.");

const fileData = z
  .strictObject({
    data: z.string().min(1).meta({ contentEncoding: "base64" }).describe("The file's bytes, base64-encoded."),
    filename: z.string().min(1).max(255).describe("The file's name; its extension helps tell the kind."),
  })
  .describe("A file sent inline as base64 (up to 20 MB once decoded).");

export const fileRef = z
  .union([
    z
      .string()
      .regex(new RegExp(`^(file|doc)_${ULID}$`))
      .describe("A file id (`file_…`, from POST /files) or a document id (`doc_…`, the document's main output)."),
    fileUrl,
    fileData,
  ])
  .describe(
    "A file to work on or to write from: a file id (`file_…`), a document id (`doc_…`, the document's main output), " +
      "an object with a public `url`, or an object with base64 `data` and a `filename`.",
  );

const format = z
  .enum(["docx", "pdf", "pptx", "xlsx", "artifact"])
  .describe(
    "Output format. `docx`: Word file and a PDF; `pdf`: PDF only; `pptx`: PowerPoint (16:9) and a PDF; " +
      "`xlsx`: Excel (real formulas) and a PDF; `artifact`: one self-contained HTML page that keeps data.",
  );

const name = z.string().min(1).max(200).describe("Names the document for later lookup and names downloaded files.");

const prompt = (what: string) => z.string().min(3).max(8000).describe(what);

const content = z
  .strictObject({
    markdown: z
      .string()
      .min(1)
      .describe(
        "Markdown (for an artifact, the page content): headings, paragraphs, lists, tables, bold/italic, links, page " +
          "breaks, images. A picture of `sources` is referenced as `img:<n>` (n-th picture, from 1); a web image as " +
          "`web:<search text>` or a direct link.",
      ),
  })
  .describe("The caller's own text, used as given.");

const style = z.string().min(1).max(1000).describe("The look in free words; unmet parts are listed in `style_unsupported`.");

const sources = z
  .array(fileRef)
  .max(15)
  .describe(
    "Material to write from: up to 5 documents (Word, PowerPoint, Excel, PDF, `.doc`, `.ppt`, `.xls`, TXT, Markdown) " +
      "and up to 10 pictures (PNG, JPEG, GIF, WebP), placed in the document.",
  );

const quality = z
  .enum(["auto", "fast", "standard", "best"])
  .describe("Requested quality (default `auto`: the service picks the level the request needs, the cheapest when in doubt).");

const maxQuality = z.enum(["fast", "standard", "best"]).describe("With `quality: auto`, the highest level the service may choose.");

// The spec's Metadata: `maxProperties` has no zod check of its own, so a refinement enforces it and `meta` shows it.
const metadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((value) => Object.keys(value).length <= 50, "at most 50 keys")
  .meta({ maxProperties: 50 })
  .describe("The caller's own string values, returned as sent. At most 50 keys of 1 to 40 characters; values up to 500 characters.");

const store = z.boolean().describe("`false`: content is deleted 15 minutes after finishing (same as `retention: none`).");

const retention = z
  .enum(["none", "1d", "7d", "30d", "90d"])
  .describe("How long content is kept after finishing (`none` = 15 minutes); artifacts default to `30d`.");

const artifact = z
  .strictObject({
    storage: z
      .enum(["local", "shared"])
      .describe(
        "`shared`: data kept in the service, visible to everyone with the link and readable through read_artifact_data. " +
          "`local`: data kept in each visitor's browser; the service never receives it.",
      ),
  })
  .describe("Artifact options. Default `storage` is `shared`, or `local` in a project that stores nothing.");

/** Fields every document operation takes. */
const kept = { name: name.optional(), metadata: metadata.optional(), store: store.optional(), retention: retention.optional() };

export const createDocumentInput = z.strictObject({
  format: format.optional().describe("Output format; may be left out with a `prompt` when the prompt settles it."),
  prompt: prompt("What to write; a model writes the document. Give exactly one of `prompt` or `content`.").optional(),
  content: content.optional(),
  style: style.optional(),
  sources: sources.optional(),
  quality: quality.optional(),
  max_quality: maxQuality.optional(),
  artifact: artifact.optional(),
  ...kept,
});

export const reviewDocumentInput = z.strictObject({
  file: fileRef.describe(
    "The file to review: Word, PowerPoint, Excel or PDF, also `.doc`, `.ppt`, `.xls` (returned as `.docx`, `.pptx`, `.xlsx`).",
  ),
  format: z.enum(["docx", "pdf", "pptx", "xlsx"]).optional().describe("May be left out: it is read from the file; one that differs from the file is refused."),
  ...kept,
});

export const editDocumentInput = z.strictObject({
  file: fileRef.describe("The file to edit: Word, PowerPoint or Excel, also `.doc`, `.ppt`, `.xls` (returned as OOXML)."),
  prompt: prompt("What to change, in words (e.g. \"Change the meeting to Tuesday, with tracked changes.\")."),
  format: z.enum(["docx", "pptx", "xlsx"]).optional().describe("May be left out: it is read from the file."),
  style: style.optional(),
  quality: quality.optional(),
  max_quality: maxQuality.optional(),
  ...kept,
});

export const extractMarkdownInput = z.strictObject({
  file: fileRef.describe("The file to read: Word, PowerPoint, Excel (also `.doc`, `.ppt`, `.xls`), PDF, TXT, Markdown or a picture."),
  store: z.boolean().optional().describe("`false`: nothing about the request is kept once answered."),
});

export const getDocumentInput = z.strictObject({ document_id: documentId });

export const getReportInput = z.strictObject({ document_id: documentId });

export const createArtifactInput = z.strictObject({
  prompt: prompt("What the page should be and do; a model writes it. Give exactly one of `prompt` or `content`.").optional(),
  content: content.optional(),
  style: style.optional(),
  sources: sources.optional(),
  quality: quality.optional(),
  max_quality: maxQuality.optional(),
  artifact: artifact.optional(),
  ...kept,
});

export const readArtifactDataInput = z.strictObject({
  document_id: documentId.describe("The artifact's document id (`doc_…`); its storage must be `shared`."),
  collection: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .optional()
    .describe("A collection's name: its records, most recent first. Left out: the collections with their record counts."),
  limit: z.number().int().min(1).max(100).optional().describe("Records per page, 1 to 100 (default 20); with `collection`."),
  cursor: z.string().min(1).optional().describe("The `next_cursor` of the previous page; with `collection`."),
});

// Compile-time proof that what each schema accepts is a valid request of the spec's generated types.
type Schemas = components["schemas"];
type Fits<T extends Schemas["CreateDocumentRequest"]> = T;
type FitsExtract<T extends Schemas["ExtractRequest"]> = T;
export type SchemasFitTheSpec = [
  Fits<z.infer<typeof createDocumentInput>>,
  Fits<z.infer<typeof reviewDocumentInput>>,
  Fits<z.infer<typeof editDocumentInput>>,
  Fits<z.infer<typeof createArtifactInput>>,
  FitsExtract<z.infer<typeof extractMarkdownInput>>,
];
