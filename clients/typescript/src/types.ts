/** Names for the spec's schemas the client and its callers use most; all come from the generated types. */
import type { components } from "./generated/openapi.ts";

type Schemas = components["schemas"];
export type Document = Schemas["Document"];
export type CreateDocumentRequest = Schemas["CreateDocumentRequest"];
export type DocumentEvent = Schemas["DocumentEvent"];
export type Output = Schemas["Output"];
export type Report = Schemas["Report"];
export type ReportIssue = Schemas["ReportIssue"];
export type QuireFile = Schemas["File"];
export type Extraction = Schemas["Extraction"];
export type Problem = Schemas["Problem"];
export type ErrorCode = Schemas["ErrorCode"];
export type FieldError = Schemas["FieldError"];
export type Format = Schemas["Format"];
export type FileRef = Schemas["FileRef"];
export type WebhookEventType = Schemas["WebhookEventType"];
