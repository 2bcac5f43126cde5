// generated from spec/openapi.yaml by npm run generate — do not edit
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness check
         * @description Answers when the service is up. Needs no authentication.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness check for load balancers
         * @description `200` when this instance takes requests: its database answers and it is not stopping. `503` while it
         *     stops (it finishes or hands back its running documents; send new requests elsewhere) or while its
         *     database does not answer. Needs no authentication.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List documents
         * @description Lists the organization's documents, most recent first. Extractions are not listed.
         *     Documents whose content was deleted are still listed (billing data stays).
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Create, review, edit or extract a document
         * @description Creates (`operation: create`), reviews, edits or extracts a document.
         *
         *     Rules:
         *
         *     1. `create` needs exactly one of `prompt` or `content`; `422 input_invalid` otherwise.
         *     2. A request asking to copy the design of a source uses that source as design. A PowerPoint
         *        source for a presentation becomes its template at any quality; any other combination needs
         *        `best`.
         *     3. With comments, tracked changes or a template, `quality: auto` chooses `best`.
         *     4. With `quality: auto` the service picks the level the request needs; when in doubt, the
         *        cheapest. `max_quality` caps it.
         *     5. An artifact with `retention: none` (or `store: false`) may only be `local`; otherwise
         *        `422 retention_none_shared`.
         *     6. `review`, `edit` and `extract` need `file`; `edit` also needs `prompt`.
         *
         *     Response modes:
         *
         *     - **Direct** (default): waits and answers `200` with the finished document and its `outputs`.
         *       When processing takes longer than 120 seconds the answer is `202` with the document as it is.
         *     - **Stream** (`stream: true`): `200` with `text/event-stream` of document events (see
         *       `DocumentEvent`), ending after the final event.
         *     - **Background** (`background: true`): answers `202` at once; follow with
         *       `GET /documents/{document_id}`, `GET /documents/{document_id}/events` or webhooks.
         *     - **Dry run** (`?dry_run=true`): validates the request and the style without creating or
         *       charging anything; answers `200` with a `DryRunResult`.
         *
         *     Repeating the request with the same `Idempotency-Key` and the same body within 24 hours returns
         *     the same document without creating or charging anything more.
         */
        post: operations["createDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        /**
         * Get a document
         * @description Returns the document (its status, and fresh download links in `outputs` once finished).
         */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        /**
         * Delete a document's content
         * @description Deletes the document's content now (files, request, report, events, artifact page and data);
         *     an artifact is retired before its expiry. A document still `queued` or `running` is canceled
         *     first. The billing data stays, so the document can still be read: the answer is the document
         *     with `content_deleted_at` set and no `outputs`. Deleting again is a no-op.
         */
        delete: operations["deleteDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a document
         * @description Requests cancellation of a `queued` or `running` document; it becomes `canceled` and the
         *     `document.canceled` webhook is sent. On a finished document this is a no-op that returns the
         *     current document. No body. Accepts an API key or a dashboard session.
         */
        post: operations["cancelDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/outputs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        /**
         * Fresh download links
         * @description Returns fresh download links of the document's outputs (earlier links expire after 5 minutes).
         *     Before the document finishes, and after its content is deleted, `data` is empty.
         */
        get: operations["listDocumentOutputs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        /**
         * Get the report
         * @description Returns what was found, repaired and changed. Available once the document has finished.
         */
        get: operations["getDocumentReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        /**
         * Follow a document's progress
         * @description Server-sent events of the document's progress: first every stored event (or those after
         *     `Last-Event-ID`), then live events until the final one (`document.ready`, `document.failed` or
         *     `document.canceled`), after which the server closes the stream. For a finished document the
         *     stored events are sent and the stream closes. Events are kept 7 days.
         */
        get: operations["getDocumentEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a version edited by hand
         * @description Saves a file edited by hand as a new document with `mode: manual` and `parent_id` set to the
         *     path's document. The file must be of the parent's format. Its `changes` against the parent are
         *     listed in the new document's report.
         */
        post: operations["createDocumentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/data": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        /**
         * List an artifact's collections
         * @description Artifacts with `storage: shared` only. Summaries of the collections the page has stored, by name;
         *     a collection exists while it holds a record. Counts as one read of the artifact's 1,200 a minute
         *     (the budget its page's reads use too). `410 content_deleted` once retention ended or the artifact
         *     was deleted.
         */
        get: operations["listArtifactCollections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{document_id}/data/{collection}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
                /** @description Collection name. */
                collection: components["schemas"]["DataName"];
            };
            cookie?: never;
        };
        /**
         * List a collection's records
         * @description Artifacts with `storage: shared` only. The records of a collection, most recent first (by their
         *     last write), a page at a time: `limit` records (20 by default, at most 100) and, while `has_more`,
         *     a `next_cursor` to pass as `cursor`. A record written while you page moves to the front, before
         *     the cursor; walk again from the start to see it. An unknown collection gives an empty list. Counts
         *     as one read of the artifact's 1,200 a minute. `422 input_invalid` for a collection name that is not
         *     one (`/collection`), a `limit` out of range or a `cursor` this service did not give.
         */
        get: operations["listArtifactRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/downloads/{output_id}": {
        parameters: {
            query: {
                /** @description Unix time (seconds) after which the link stops working. */
                expires: string;
                /** @description HMAC-SHA256 (base64url) of `{output_id}.{expires}` with the service's signing secret. */
                signature: string;
            };
            header?: never;
            path: {
                /** @description Output id. */
                output_id: components["schemas"]["OutputId"];
            };
            cookie?: never;
        };
        /**
         * Download an output through a signed link
         * @description The `url` of an Output. Needs no API key: the signature is the permission. Links last 5 minutes
         *     (`GET /documents/{document_id}/outputs` gives fresh ones). An altered link, or one whose file was
         *     deleted, answers 404 `not_found`; an expired one 410 `link_expired`.
         */
        get: operations["downloadOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file
         * @description Uploads a file (maximum 20 MB) to use as `file` or in `sources`. Three body forms:
         *     `multipart/form-data` with a field `file`; JSON `{url, filename?}` (a public http or https
         *     address; the service downloads it); JSON `{data, filename}` with base64 data.
         *
         *     Accepted kinds: Word, PowerPoint, Excel (also `.doc`, `.ppt`, `.xls`), PDF, TXT, Markdown,
         *     pictures (PNG, JPEG, GIF, WebP). Files with macros (`.docm`, `.pptm`, `.xlsm`) are rejected.
         *     Uploaded input is kept 15 minutes.
         */
        post: operations["createFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description File id. */
                file_id: components["schemas"]["FileId"];
            };
            cookie?: never;
        };
        /**
         * Get a file
         * @description Returns the file's description (not its bytes).
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a file into Markdown
         * @description Reads any supported file into Markdown. An extraction is a read, not a document: it is not in
         *     the document list, raises no webhook, has no retention, is free, and nothing is kept after the
         *     text is delivered (uncollected results and uploaded input are deleted after 15 minutes).
         *
         *     When reading takes more than 120 seconds (long scanned PDFs) the answer is `202` with an
         *     `ExtractionPending`; collect the result with `GET /extract/{id}`.
         */
        post: operations["createExtraction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/extract/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The extraction's id (from the `202` answer). */
                id: components["schemas"]["DocumentId"];
            };
            cookie?: never;
        };
        /**
         * Collect an extraction
         * @description `200` with the Markdown once read (it is then no longer kept), `202` while still reading.
         *     Unknown, already collected or older than 15 minutes: `404 not_found`.
         */
        get: operations["getExtraction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The endpoints of the key's project, most recent first.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description Registers an endpoint of the key's project that receives a signed `POST` when a document
         *     finishes (see `webhooks`). The `secret` is returned only in this answer. A project has at most
         *     50 endpoints.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id. */
                id: components["schemas"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Stops deliveries to the endpoint, including pending retries.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Dashboard only. The keys of the session's organization (revoked ones included), most recent first.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Dashboard only (an API key gets `403 session_required`). Creates a key for a project of the
         *     session's organization; the `key` is returned only in this answer.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id. */
                key_id: components["schemas"]["ApiKeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Dashboard only. Revokes the key at once (it then gets `401 unauthorized`); revoking again is a no-op.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "document.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document finished
         * @description Sent when a document finishes with `ready`, `ready_with_warnings` or `needs_review`
         *     (`data.status` tells which).
         */
        post: operations["onDocumentReady"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document failed
         * @description Sent when a document ends with `status: failed`; `data.error` says why.
         */
        post: operations["onDocumentFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document was canceled
         * @description Sent when a document ends with `status: canceled`.
         */
        post: operations["onDocumentCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Document id (also the id of an extraction).
         * @example doc_01JD2Q4W6X8Y0Z1A2B3C4D5E6F
         */
        DocumentId: string;
        /** @description Output id. */
        OutputId: string;
        /** @description File id. */
        FileId: string;
        /** @description Webhook endpoint id. */
        WebhookEndpointId: string;
        /** @description API key id (not the key itself). */
        ApiKeyId: string;
        /** @description Project id. */
        ProjectId: string;
        /** @description Organization id. */
        OrganizationId: string;
        /** @description Id of one HTTP request, for support. */
        RequestId: string;
        /** @description Name of an artifact collection or record key; letters, digits, `_`, `-`, `.`, up to 64 characters. */
        DataName: string;
        /**
         * @description What the request does: `create` a new document, `review` a file (check and repair structure,
         *     never text or values), `edit` a file as the prompt asks, `extract` a file into Markdown.
         * @enum {string}
         */
        Operation: "create" | "review" | "edit" | "extract";
        /**
         * @description Output format. `docx`: Word file and a PDF; `pdf`: PDF only; `pptx`: PowerPoint (16:9) and a
         *     PDF; `xlsx`: Excel (real formulas) and a PDF; `artifact`: one self-contained HTML page that keeps data.
         * @enum {string}
         */
        Format: "docx" | "pdf" | "pptx" | "xlsx" | "artifact";
        /**
         * @description Kind of document, chosen by the service (`report` when in doubt).
         * @enum {string}
         */
        DocumentType: "report" | "letter" | "contract" | "memo" | "minutes" | "presentation" | "spreadsheet" | "artifact";
        /**
         * @description Where the text came from: `prompt` (a model wrote it), `content` (the caller's Markdown),
         *     `manual` (a version edited by hand, saved through `POST /documents/{document_id}/versions`).
         * @enum {string}
         */
        DocumentMode: "prompt" | "content" | "manual";
        /**
         * @description `queued` and `running` are unfinished. `ready`: done. `ready_with_warnings` and
         *     `needs_review`: done, read the report. `failed`: ended with `error` set, not charged.
         *     `canceled`: canceled before finishing.
         * @enum {string}
         */
        DocumentStatus: "queued" | "running" | "ready" | "ready_with_warnings" | "needs_review" | "failed" | "canceled";
        /**
         * @description How long content (files, request, report, events, artifact page and data) is kept after the
         *     document finishes; `none` = 15 minutes. Afterwards only billing data stays (status, format,
         *     pages, cost).
         * @enum {string}
         */
        Retention: "none" | "1d" | "7d" | "30d" | "90d";
        /**
         * @description Requested quality. `auto` lets the service pick the level the request needs (the cheapest when in doubt).
         * @enum {string}
         */
        Quality: "auto" | "fast" | "standard" | "best";
        /**
         * @description A quality level. `fast`: fast model, 25 agent steps, 1 page inspection. `standard`: writing
         *     model, 40 steps, 2 inspections, plus quality, key data and reader test. `best`: best available
         *     model, 60 steps, 4 inspections, plus quality, key data and reader test.
         * @enum {string}
         */
        QualityLevel: "fast" | "standard" | "best";
        /**
         * @description `shared`: data kept in the service, visible to everyone with the link and readable through the
         *     data endpoints. `local`: data kept in each visitor's browser; the service never receives it.
         * @enum {string}
         */
        ArtifactStorage: "local" | "shared";
        /**
         * @description What an output is; `preview` is a PNG image of one page, `html` an artifact page, `md` Markdown.
         * @enum {string}
         */
        OutputKind: "docx" | "pptx" | "xlsx" | "pdf" | "preview" | "html" | "md";
        /**
         * @description Kind of webhook message, sent when a document finishes.
         * @enum {string}
         */
        WebhookEventType: "document.ready" | "document.failed" | "document.canceled";
        /**
         * @description Stable machine code of a `Problem`, with its HTTP status:
         *     `input_invalid` 422, `unauthorized` 401, `insufficient_balance` 402, `session_required` 403,
         *     `region_mismatch` 401, `rate_limited` 429, `not_an_artifact` 409, `record_too_large` 413,
         *     `too_many_records` 409, `not_found` 404, `file_rejected` 422, `file_too_large` 413,
         *     `report_not_ready` 409, `content_deleted` 410, `retention_none_shared` 422,
         *     `artifact_is_local` 409, `events_expired` 410, `idempotency_key_reused` 422,
         *     `idempotency_request_in_progress` 409, `feature_unavailable` 501, `internal_error` 500,
         *     `overloaded` 503 (this instance's queue for reading files is longer than it can serve within the
         *     request's wait: sent before the body is read; try again after `Retry-After` seconds),
         *     `method_not_allowed` 405 (the path exists, not with this method), `malformed_request` 400
         *     (body is not valid JSON or multipart), `unsupported_media_type` 415 (body's content type not
         *     accepted), `payload_too_large` 413 (request body over the limit), `headers_too_large` 431 (too
         *     many or too large request headers), `link_expired` 410 (a signed download link past its expiry).
         *     Unknown paths give `not_found` 404.
         * @enum {string}
         */
        ErrorCode: "input_invalid" | "unauthorized" | "insufficient_balance" | "session_required" | "region_mismatch" | "rate_limited" | "not_an_artifact" | "record_too_large" | "too_many_records" | "not_found" | "file_rejected" | "file_too_large" | "report_not_ready" | "content_deleted" | "retention_none_shared" | "artifact_is_local" | "events_expired" | "idempotency_key_reused" | "idempotency_request_in_progress" | "feature_unavailable" | "internal_error" | "method_not_allowed" | "malformed_request" | "unsupported_media_type" | "payload_too_large" | "headers_too_large" | "link_expired" | "overloaded";
        /**
         * @description `error.code` of a document that ended `failed` (never charged):
         *     `content_empty` nothing to show (no headings, text, lists or tables);
         *     `file_rejected` the opened file holds something not processed (macros, anomalous structure,
         *     forbidden XML, password-protected PDF), the message says which;
         *     `docx_invalid` not a valid Word file; `file_not_found` file deleted before processing;
         *     `document_too_long` too long to edit (about 50 pages); `format_unclear` no `format` and the
         *     prompt does not settle it; `edit_not_understood` the request could not be turned into concrete
         *     changes; `edit_not_applied` none of the changes could be applied (the report says why);
         *     `source_unreadable` a file in `sources` could not be read; `generation_blocked` the model
         *     declined to write the document; `request_refused` harmful request; `page_too_large` artifact
         *     page above the maximum size; `page_too_long` artifact page too long for the model to finish;
         *     `processing_failed` failed after several attempts; `internal_error` server fault.
         * @enum {string}
         */
        DocumentError: "content_empty" | "file_rejected" | "docx_invalid" | "file_not_found" | "document_too_long" | "format_unclear" | "edit_not_understood" | "edit_not_applied" | "source_unreadable" | "generation_blocked" | "request_refused" | "page_too_large" | "page_too_long" | "processing_failed" | "internal_error";
        /** @description The caller's own string values, returned as sent. At most 50 keys of 1 to 40 characters; values up to 500 characters. */
        Metadata: {
            [key: string]: string;
        };
        /**
         * @description A file to work on or to write from: a file id (`file_…`, from `POST /files`), a document id
         *     (`doc_…`, the document's main output), an object with a public `url`, or an object with base64
         *     `data` and a `filename`.
         */
        FileRef: string | components["schemas"]["FileUrl"] | components["schemas"]["FileData"];
        /** @description A file the service downloads from a public http or https address. */
        FileUrl: {
            /**
             * Format: uri
             * @description Public http or https address; private and loopback addresses are refused.
             */
            url: string;
            /** @description Name to keep for the file; taken from the address when absent. */
            filename?: string;
        };
        /** @description A file sent inline as base64 (up to 20 MB once decoded). */
        FileData: {
            /** @description The file's bytes, base64-encoded. */
            data: string;
            /** @description The file's name; its extension helps tell the kind. */
            filename: string;
        };
        /** @description Artifact options. */
        ArtifactSettings: {
            storage: components["schemas"]["ArtifactStorage"];
        };
        /** @description The look actually applied to the document. */
        StyleApplied: {
            /** @description Body font family. */
            font: string;
            /** @description Body font size in points. */
            font_size: number;
            /** @description Line spacing as a multiple of single spacing. */
            line_spacing: number;
            /** @description Colors used (CSS colors, e.g. `#1F3864`). */
            colors: {
                /** @description Title color. */
                title: string;
                /** @description Heading color. */
                headings: string;
                /** @description Body text color. */
                text: string;
                /** @description Accent color (rules, table headers, charts). */
                accent: string;
            };
            /** @description Alignment of the title, headings and body text. */
            align: {
                title: components["schemas"]["Alignment"];
                headings: components["schemas"]["Alignment"];
                body: components["schemas"]["Alignment"];
            };
            /** @description Page margins in centimetres. */
            margins_cm: number;
            /**
             * @description Page orientation.
             * @enum {string}
             */
            orientation: "portrait" | "landscape";
            /** @description Whether the document has a cover page. */
            cover_page: boolean;
            /** @description Whether the document has a table of contents. */
            table_of_contents: boolean;
            /** @description Whether pages are numbered. */
            page_numbers: boolean;
            /**
             * @description Where the page numbers stand, when asked for somewhere else than the foot's centre ("numeración de páginas abajo a la derecha", "page numbers top right"); absent: bottom centre. A running header or footer text in the same band stands with the number ("Borrador · 3"). Word and PDF pages and a workbook's printed pages follow it; a deck's slide numbers keep their place in the layout.
             * @enum {string}
             */
            page_numbers_position?: "bottom-center" | "bottom-left" | "bottom-right" | "top-center" | "top-left" | "top-right";
            /** @description Running header text, when there is one. */
            header?: string;
            /** @description Running footer text, when there is one. */
            footer?: string;
        };
        /**
         * @description Text alignment.
         * @enum {string}
         */
        Alignment: "left" | "center" | "right" | "justify";
        /** @description Counts of the issues left in the document, by severity. */
        ValidationSummary: {
            /** @description Issues of severity `error`. */
            errors: number;
            /** @description Issues of severity `warning`. */
            warnings: number;
            /** @description Issues of severity `info`. */
            info: number;
        };
        /** @description What the repair loop did. */
        RepairSummary: {
            /** @description Repair iterations run. */
            iterations: number;
            /** @description Repairs kept. */
            applied: number;
            /** @description Repairs tried and undone (they did not reduce the issues, or failed). */
            rejected: number;
        };
        /** @description Why a document failed. */
        DocumentFailure: {
            code: components["schemas"]["DocumentError"];
            /** @description Human-readable explanation. */
            message: string;
        };
        /** @description Versions of what produced the document. */
        Versions: {
            /** @description Version of the service's engine. */
            engine: string;
            /** @description Version of the renderer (office suite, PDF or browser engine) used. */
            renderer: string;
            /** @description Model that wrote or judged text; null when no model was used. */
            model: string | null;
        };
        /** @description The generation path the service chose. */
        Route: {
            /**
             * @description `fast`: the AI writes the text and the service lays it out (seconds). `agent`: an AI agent
             *     writes a program that builds the file, inspects the rendered pages and corrects (30 s to 2 min).
             * @enum {string}
             */
            path: "fast" | "agent";
            /** @description Why this path was chosen. */
            reason: string;
        };
        /** @description Requested and decided quality. */
        DocumentQuality: {
            requested: components["schemas"]["Quality"];
            /** @description The level decided (and charged); null until decided. */
            level: components["schemas"]["QualityLevel"] | null;
            /** @description Why this level; null until decided. */
            reason: string | null;
        };
        /**
         * @description A document made by create, review, edit or extract (or saved by hand as a version). All fields
         *     are always present except `outputs`, present once the document has finished.
         */
        Document: {
            id: components["schemas"]["DocumentId"];
            /**
             * @description Always `document`.
             * @constant
             */
            object: "document";
            /** @description The name given at creation; names downloaded files. */
            name: string | null;
            operation: components["schemas"]["Operation"];
            /** @description Output format; null until inferred. */
            format: components["schemas"]["Format"] | null;
            /** @description Kind of document chosen by the service; null until decided. */
            type: components["schemas"]["DocumentType"] | null;
            /** @description Where the text came from; null for review and extract. */
            mode: components["schemas"]["DocumentMode"] | null;
            /** @description Professional sector recognised in the request (e.g. `legal`, `finance`); null when none. */
            sector: string | null;
            /** @description The document this version was edited from; null for an original. */
            parent_id: string | null;
            status: components["schemas"]["DocumentStatus"];
            /** @description Free-text phase of an unfinished document (e.g. `rendering`); null when finished. */
            phase: string | null;
            /** @description Pages (slides for PowerPoint, sheets for Excel) of the result; null until known. */
            pages: number | null;
            /** @description The look applied (for an artifact, its font and colours); null until laid out, and for reviews. */
            style_applied: components["schemas"]["StyleApplied"] | null;
            /** @description Parts of `style` that could not be done; they do not fail the document. A font asked for that is not installed where the files are laid out, and has no metric-compatible face there (Carlito for Calibri, Caladea for Cambria, Liberation for Arial, Helvetica, Times New Roman and Courier New), is listed with the font used instead (`font Garamond: not installed here; Times New Roman used instead …`), and `style_applied.font` names the font used. */
            style_unsupported: string[];
            /** @description Issues left, by severity; null until checked. */
            validation_summary: components["schemas"]["ValidationSummary"] | null;
            /** @description What repairs did; null when no repair ran. */
            repair_summary: components["schemas"]["RepairSummary"] | null;
            /** @description Why the document failed; null unless `status` is `failed`. */
            error: components["schemas"]["DocumentFailure"] | null;
            versions: components["schemas"]["Versions"];
            metadata: components["schemas"]["Metadata"];
            /** @description `false`: content is deleted 15 minutes after finishing (same as `retention: none`). */
            store: boolean;
            retention: components["schemas"]["Retention"];
            /**
             * Format: date-time
             * @description When content is deleted; set once finished, from `retention`.
             */
            expires_at: string | null;
            /** @description The generation path; null until chosen, and when no generation happens. */
            route: components["schemas"]["Route"] | null;
            /** @description Requested and decided quality; null for review and extract. */
            quality: components["schemas"]["DocumentQuality"] | null;
            /** @description Artifact options; null unless `format` is `artifact`. */
            artifact: components["schemas"]["ArtifactSettings"] | null;
            /**
             * Format: date-time
             * @description When content was deleted (retention ended, or deleted by request); null while kept.
             */
            content_deleted_at: string | null;
            /** @description The delivered files with download links; present once finished. */
            outputs?: components["schemas"]["Output"][];
            /**
             * Format: date-time
             * @description When the document was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the document finished; null until then.
             */
            completed_at: string | null;
        };
        /** @description One delivered file (or page preview) and its download link. */
        Output: {
            id: components["schemas"]["OutputId"];
            kind: components["schemas"]["OutputKind"];
            /** @description Page number of a page preview, from 1. */
            page?: number;
            /** @description Media type of the file. */
            content_type: string;
            /** @description Size in bytes. */
            bytes: number;
            /** @description Width in pixels (previews). */
            width?: number;
            /** @description Height in pixels (previews). */
            height?: number;
            /**
             * Format: uri
             * @description Signed download link, valid 5 minutes (or `expires_in`). For `html` (an artifact) the link to
             *     the page on its own origin, `<scheme>://<slug>.<artifact host>/?exp=…&sig=…` (the slug is the
             *     document id's ULID in lower case), valid until the document's `expires_at` (or for
             *     `expires_in` seconds when asked) or until the artifact is deleted: a bad signature opens a
             *     404 page, an expired link or a deleted artifact a 410 page. Embed it with
             *     `<iframe src="…" sandbox="allow-scripts allow-same-origin allow-forms">`. With
             *     `retention: none` it downloads the page as `artifact.html`.
             */
            url: string;
            /**
             * Format: date-time
             * @description When `url` stops working; null for an artifact page (it works until the document's
             *     `expires_at`, or for the `expires_in` asked, or until the artifact is deleted).
             */
            expires_at: string | null;
        };
        /**
         * @description Body of `POST /documents`. `create` needs exactly one of `prompt` or `content`; `review`,
         *     `edit` and `extract` need `file`; `edit` also needs `prompt`. `style`, `quality` and
         *     `max_quality` are for create and edit only (422 otherwise).
         *
         *     Review: `format` may be left out; it is read from the file (`.doc`, `.ppt`, `.xls` are
         *     reviewed and delivered as `docx`, `pptx`, `xlsx`). A `format` that differs from the file
         *     gives 422 at `/format`; a file that is not Word, PowerPoint, Excel or PDF gives 422 at
         *     `/file`. Base64 data is read at once, so a file to refuse (macros, password, damaged)
         *     answers `422 file_rejected` before anything is created; a URL is fetched when the job
         *     runs, and such a file then ends the document `failed` with `file_rejected` (`docx_invalid`
         *     for a damaged Word file, `file_not_found` when it cannot be had).
         */
        CreateDocumentRequest: {
            /** @default create */
            operation?: components["schemas"]["Operation"];
            /** @description Names the document for later lookup and names downloaded files. */
            name?: string;
            format?: components["schemas"]["Format"];
            /** @description What to write (create) or what to change (edit); uses a model. */
            prompt?: string;
            /** @description The caller's own text, used as given. */
            content?: {
                /**
                 * @description Markdown (for an artifact, the page content): headings, paragraphs, lists, tables,
                 *     bold/italic, links, page breaks, images. A picture of `sources` is referenced as
                 *     `img:<n>` (n-th picture, from 1); a web image as `web:<search text>` or a direct link.
                 */
                markdown: string;
            };
            /** @description The look in free words; unmet parts are listed in `style_unsupported`. */
            style?: string;
            /**
             * @description Create only. Material to write from: up to 5 documents (Word, PowerPoint, Excel, PDF,
             *     `.doc`, `.ppt`, `.xls`, TXT, Markdown) and up to 10 pictures (PNG, JPEG, GIF, WebP), placed
             *     in the document.
             */
            sources?: components["schemas"]["FileRef"][];
            /**
             * @description Review, edit and extract: the file to work on. Review and edit take Word, PowerPoint, Excel,
             *     PDF, also `.doc`, `.ppt`, `.xls` (returned as `.docx`, `.pptx`, `.xlsx`).
             */
            file?: components["schemas"]["FileRef"];
            /** @default auto */
            quality?: components["schemas"]["Quality"];
            /** @description With `quality: auto`, the highest level the service may choose. */
            max_quality?: components["schemas"]["QualityLevel"];
            /**
             * @description Answer with a `text/event-stream` of document events.
             * @default false
             */
            stream?: boolean;
            /**
             * @description Answer `202` at once.
             * @default false
             */
            background?: boolean;
            metadata?: components["schemas"]["Metadata"];
            /** @description Artifacts only. Default `storage` is `shared`, or `local` in a project that stores nothing. */
            artifact?: components["schemas"]["ArtifactSettings"];
            /**
             * @description `false`: content is deleted 15 minutes after finishing (same as `retention: none`).
             * @default true
             */
            store?: boolean;
            /** @description How long content is kept after finishing; artifacts default to `30d`. */
            retention?: components["schemas"]["Retention"];
        };
        /**
         * @description A `200` JSON answer of `POST /documents`: a `Document`; a `DryRunResult` with `dry_run=true`; or, for
         *     `operation: extract` (a read, not a document), the `Extraction`, exactly as `POST /extract` answers.
         */
        CreateDocumentResult: components["schemas"]["Document"] | components["schemas"]["DryRunResult"] | components["schemas"]["Extraction"];
        /** @description A `202` answer of `POST /documents`: the unfinished `Document`, or an `ExtractionPending` for `operation: extract`. */
        CreateDocumentAccepted: components["schemas"]["Document"] | components["schemas"]["ExtractionPending"];
        /** @description What `POST /documents?dry_run=true` found; nothing is created or charged. */
        DryRunResult: {
            /**
             * @description Always `dry_run`.
             * @constant
             */
            object: "dry_run";
            /**
             * @description Always `true`; an invalid request gets a `Problem` instead.
             * @constant
             */
            valid: true;
            operation: components["schemas"]["Operation"];
            /** @description The format given, or null when it would be inferred from the prompt. */
            format: components["schemas"]["Format"] | null;
            /**
             * @description `prompt` or `content` for create; null for other operations.
             * @enum {string|null}
             */
            mode: "prompt" | "content" | null;
            /** @description The look the style would give; null when there is nothing to lay out. */
            style_applied: components["schemas"]["StyleApplied"] | null;
            /** @description Parts of `style` that could not be done. */
            style_unsupported: string[];
            /** @description What would be charged. */
            would_charge: {
                /** @description The quality level that would be charged; null when not known before processing (`quality: auto`) or nothing is charged. */
                level: components["schemas"]["QualityLevel"] | null;
            };
        };
        /** @description Body of `POST /documents/{document_id}/versions`. */
        CreateVersionRequest: {
            /** @description The hand-edited file. */
            file: components["schemas"]["FileRef"];
            /** @description Name of the new version; the parent's when absent. */
            name?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A page of documents, most recent first. */
        DocumentList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["Document"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description Fresh download links of a document's outputs. */
        OutputList: {
            /** @constant */
            object: "list";
            document_id: components["schemas"]["DocumentId"];
            data: components["schemas"]["Output"][];
        };
        /**
         * @description A `text/event-stream` (server-sent events). Each event is one frame:
         *
         *     ```
         *     id: <sequence>
         *     event: <type>
         *     data: <DocumentEvent as JSON, one line>
         *
         *     ```
         *
         *     `id` is the event's sequence number (send it back as `Last-Event-ID` to resume), `event` its
         *     `type`, `data` the whole `DocumentEvent`. Lines starting with `:` are comments (keep-alive)
         *     and are to be ignored. The stream ends after the final event.
         */
        EventStream: string;
        /**
         * @description One progress event of a document, as stored and streamed (kept 7 days). Kinds (`type`) and
         *     their `data`:
         *
         *     - `document.created`: the document was accepted; `data` carries at least `status`.
         *     - `status.changed`: `data` `{status, phase}`.
         *     - `phase.changed`: the phase changed, the status did not; `data` `{status, phase}`.
         *     - `request.understood`: the understood `format` and `type`, and a `confidence` (0 to 1).
         *     - `quality.chosen`: `level` and `reason`.
         *     - `quality.checked`: the checklist's `score` (0 to 100): a sector's, or the general one of the document's type (`checklist`: the sector's id or `general-<type>`).
         *     - `agent.step`: one step of the agent: `{step, of, plan, outcome, ms}` where `outcome` is
         *       `file` (with `pages` and `findings`, the number of the service's own findings), `invalid_file`,
         *       or the sandbox's failure (`error`, `timeout`, `cpu`, `memory`, `no_output`,
         *       `output_too_big`), with a `message`.
         *     - `agent.checked`: a page inspection of the agent: `{inspection, of, pages, verdict, problems,
         *       findings}`; `verdict` is `good`, `correct`, or `not_inspected` (the model could not look at
         *       the pages; `error` says why, and the file is kept as the service's own checks passed it); each
         *       problem is `{page, kind, description}` with
         *       `kind` one of `overlap`, `overflow`, `cut_text`, `empty_space`, `contrast`,
         *       `missing_content`, `other`.
         *     - `agent.fallback`: the agent could not finish; the `fast` path is used (a `best` document is
         *       charged as `standard`): `{reason, steps, path}`.
         *     - `design.chosen`: the source whose design is used: `{source, index, as}`, `as` being
         *       `template` (a deck built on a PowerPoint source's masters, layouts and theme) or `design`
         *       (a look the agent copies).
         *     - `source.selected`: how much of long sources was used.
         *     - `artifact.planned`: the design plan of an artifact.
         *     - the final event, exactly one: `document.ready` (also for `ready_with_warnings` and
         *       `needs_review`; `data.status` tells which), `document.failed` or `document.canceled`, with
         *       `data` `{status, error, document}` where `document` is the `Document` as it is when the
         *       event is delivered, with fresh links.
         */
        DocumentEvent: {
            /** @description The sequence number as a decimal string (the SSE `id`). */
            id: string;
            /** @description Position of the event in the document's events, from 1. */
            sequence: number;
            document_id: components["schemas"]["DocumentId"];
            /** @description Kind of event (see above). */
            type: string;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            created_at: string;
            /** @description Payload of the kind. */
            data: {
                [key: string]: unknown;
            };
        };
        /** @description What was found, repaired and changed in a finished document. */
        Report: {
            document_id: components["schemas"]["DocumentId"];
            /** @description Issues left after repairs. */
            issues: components["schemas"]["ReportIssue"][];
            /** @description Every repair attempted, in order. */
            ledger: components["schemas"]["LedgerEntry"][];
            /** @description As in Document. */
            validation_summary: components["schemas"]["ValidationSummary"] | null;
            /** @description As in Document. */
            repair_summary: components["schemas"]["RepairSummary"] | null;
            /** @description Key data found (amounts, dates, tax ids, bank account identifiers) with their role. */
            key_data: components["schemas"]["KeyData"][];
            /** @description Edit only; each change asked for and what became of it. Empty otherwise. */
            edits: components["schemas"]["ReportEdit"][];
            /** @description Changes made by the agent or by hand (versions). Empty when none. */
            changes: components["schemas"]["ReportChange"][];
            /** @description Review and edit only (null otherwise); what was neutralised in the file before opening. */
            sanitized: components["schemas"]["Sanitized"] | null;
        };
        /** @description One issue left in the document. */
        ReportIssue: {
            /** @description Issue code, e.g. `table.overflow_width`, `content.unsupported_fact`. */
            code: string;
            /**
             * @description How serious it is.
             * @enum {string}
             */
            severity: "error" | "warning" | "info";
            /**
             * @description What it concerns.
             * @enum {string}
             */
            category: "structural" | "content" | "layout" | "security" | "data" | "style";
            /** @description Human-readable explanation. */
            message: string;
            /** @description Whether a safe automatic repair exists. */
            fixable: boolean;
            location: components["schemas"]["IssueLocation"];
        };
        /** @description Where the issue is; empty when it concerns the whole document. */
        IssueLocation: {
            /** @description Pages (slides), from 1. */
            pages?: number[];
            /** @description Sheet name (Excel). */
            sheet?: string;
            /** @description Cell references (Excel), e.g. `B4`. */
            cells?: string[];
        };
        /** @description One repair attempted. */
        LedgerEntry: {
            /** @description Repair iteration, from 1. */
            iteration: number;
            /** @description Name of the repair. */
            fix: string;
            /** @description The issue it addressed. */
            issue_code: string;
            /**
             * @description `applied`: kept; `rejected`: undone because it did not reduce the issues; `failed`: could not run.
             * @enum {string}
             */
            outcome: "applied" | "rejected" | "failed";
            /** @description Issues before the repair. */
            issues_before: number;
            /** @description Issues after the repair. */
            issues_after: number;
            /** @description Why it was rejected or failed; null when applied. */
            reason: string | null;
        };
        /** @description One key datum found in the document. */
        KeyData: {
            /** @description The value as written. */
            value: string;
            /** @description Kind of datum, e.g. `amount`, `date`, `tax_id`, `bank_account`. */
            kind: string;
            /** @description What the value is in the document, e.g. `total`, `due_date`. */
            role: string;
            /** @description Surrounding text. */
            context: string;
        };
        /** @description One change asked for by an edit. */
        ReportEdit: {
            /** @description Kind of change: `replace_text`, `replace_all`, `insert_after`, `insert_before`, `delete`, `set_cell`, `insert_row`, `move`, `add_slide`, `comment`. A `replace_all` (a phrase replaced everywhere in the file: body, tables, headers, footers, notes, slides, text cells) is listed once per occurrence it changed, with the block holding it (for a header, footer or note its part and paragraph, e.g. `header1.p2`, `footnote3`) and that paragraph's or cell's text before and after; matched exactly, case included. */
            op: string;
            /**
             * @description What became of it: `applied`; `not_found` (the block or the text aimed at is not in the file); `ambiguous` (the text occurs in several places and the prompt does not say which: not guessed); `rejected` (the change makes no sense for that block or format; `reason` says why). `skipped` and `failed` are kept for versions made by hand.
             * @enum {string}
             */
            outcome: "applied" | "not_found" | "ambiguous" | "rejected" | "skipped" | "failed";
            /** @description Id of the block changed; null when none. */
            block: string | null;
            /** @description The text or element aimed at; null when none. */
            target: string | null;
            /** @description Text before the change; null when none. */
            before: string | null;
            /** @description Text after the change; null when none. */
            after: string | null;
            /** @description Why it was not applied; null when applied. */
            reason: string | null;
        };
        /** @description One change by the agent or by hand. */
        ReportChange: {
            /**
             * @description Kind of change.
             * @enum {string}
             */
            change: "added" | "changed" | "removed";
            /** @description Text before (empty when added). */
            before: string[];
            /** @description Text after (empty when removed). */
            after: string[];
        };
        /** @description What was neutralised in the file before opening. */
        Sanitized: {
            /**
             * @description One line per thing neutralised before the file was opened: external relationships
             *     other than hyperlinks (linked images, attached templates, external data connections,
             *     remote fonts), OLE objects and ActiveX controls, DDE fields, PDF JavaScript and launch
             *     actions. Empty when nothing was.
             */
            removed: string[];
        };
        /** @description The collections of a shared artifact. */
        CollectionList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["CollectionSummary"][];
        };
        /** @description One collection of a shared artifact. */
        CollectionSummary: {
            collection: components["schemas"]["DataName"];
            /** @description Number of records. */
            records: number;
        };
        /** @description A page of a collection's records, most recent first. */
        RecordList: {
            /** @constant */
            object: "list";
            collection: components["schemas"]["DataName"];
            data: components["schemas"]["ArtifactRecord"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description One stored record (up to 16 KB of JSON). */
        ArtifactRecord: {
            key: components["schemas"]["DataName"];
            /** @description The stored JSON value, as the page set it. */
            data: unknown;
            /**
             * Format: date-time
             * @description When the record was last written.
             */
            updated_at: string;
        };
        /** @description An uploaded file. */
        File: {
            id: components["schemas"]["FileId"];
            /**
             * @description Always `file`.
             * @constant
             */
            object: "file";
            /** @description The file's name. */
            filename: string;
            /** @description Media type detected from the content. */
            content_type: string;
            /** @description Size in bytes. */
            bytes: number;
            /** @description SHA-256 of the bytes, lowercase hex. */
            sha256: string;
            /**
             * @description Pages (PDF), slides (PowerPoint) or sheets (Excel); 1 for Word files, pictures and text, as the
             *     extraction of the same file gives: a Word file has no pages until it is laid out.
             */
            pages: number;
            /**
             * Format: date-time
             * @description When the file was uploaded.
             */
            created_at: string;
        };
        /** @description JSON body of `POST /files`; a public address to download, or base64 data. */
        CreateFileRequest: components["schemas"]["FileUrl"] | components["schemas"]["FileData"];
        /** @description JSON body of `POST /extract`. */
        ExtractRequest: {
            /** @description The file to read. */
            file: components["schemas"]["FileRef"];
            /** @description `false`: nothing about the request is kept once answered. */
            store?: boolean;
        };
        /** @description A file read into Markdown. */
        Extraction: {
            /**
             * @description Always `extraction`.
             * @constant
             */
            object: "extraction";
            id: components["schemas"]["DocumentId"];
            /** @description Same value as `id`. */
            document_id: components["schemas"]["DocumentId"];
            /**
             * @description Format of the file read.
             * @enum {string}
             */
            format: "docx" | "pptx" | "xlsx" | "pdf" | "doc" | "ppt" | "xls" | "txt" | "md" | "png" | "jpg" | "gif" | "webp";
            /**
             * @description The text: headings, lists and tables kept; one section per slide (with notes) or sheet;
             *     page markers in a PDF (HTML comments); scanned pages and pictures read with OCR (up to 100
             *     pages; later ones marked unread).
             */
            markdown: string;
            /** @description Length of the whole text before any cut. */
            chars: number;
            /** @description True when the text was longer than 2,000,000 characters and was cut. */
            truncated: boolean;
            /**
             * @description Pages (PDF), slides (PowerPoint) or sheets (Excel); 1 otherwise. A Word file (`.docx`, `.doc`)
             *     counts 1: it has no pages of its own until it is laid out, and the count Word saves in it is
             *     often stale.
             */
            pages: number;
            /**
             * @description The character set a text file (`txt`, `md`) was read in, as a WHATWG label: `utf-8` (ASCII
             *     included), `utf-16le`, `utf-16be`, or the one detected for a file that is not Unicode, such
             *     as `windows-1252`, `shift_jis`, `euc-kr`, `gb18030`, `windows-1251`. Absent for other formats.
             */
            charset?: string;
            /**
             * @description The pages whose text OCR read, so a guess rather than the file's own text, in order: in a PDF,
             *     scanned pages and pages whose text layer cannot be used (fonts with no character map, garbage;
             *     the Markdown marks them `<!-- page N: text layer unusable, read by OCR -->`); a picture file is
             *     page 1. Empty for a PDF none of whose pages were; absent for other formats. Pictures inside
             *     pages, slides and sheets are marked in the Markdown (`<!-- picture: text read by OCR -->`), not
             *     here.
             */
            ocr_pages?: number[];
        };
        /** @description An extraction still being read; collect it with `GET /extract/{id}`. */
        ExtractionPending: {
            /** @constant */
            object: "extraction";
            id: components["schemas"]["DocumentId"];
            /**
             * @description Always `running`.
             * @constant
             */
            status: "running";
        };
        /** @description Body of `POST /webhook-endpoints`. */
        CreateWebhookEndpointRequest: {
            /**
             * Format: uri
             * @description HTTPS address on a public host that receives the messages.
             */
            url: string;
            /** @description Only these kinds are sent; all when absent. */
            event_types?: components["schemas"]["WebhookEventType"][];
        };
        /** @description An endpoint of the project that receives webhooks. */
        WebhookEndpoint: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @constant */
            object: "webhook_endpoint";
            /**
             * Format: uri
             * @description Address that receives the messages.
             */
            url: string;
            /** @description Kinds sent to this endpoint (all three when no filter was given). */
            event_types: components["schemas"]["WebhookEventType"][];
            /**
             * Format: date-time
             * @description When the endpoint was registered.
             */
            created_at: string;
        };
        /** @description A new endpoint, with its signing secret (shown only this once). */
        WebhookEndpointCreated: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @constant */
            object: "webhook_endpoint";
            /**
             * Format: uri
             * @description Address that receives the messages.
             */
            url: string;
            /** @description Kinds sent to this endpoint. */
            event_types: components["schemas"]["WebhookEventType"][];
            /**
             * Format: date-time
             * @description When the endpoint was registered.
             */
            created_at: string;
            /** @description Signing secret; the part after `whsec_` is the base64 HMAC key. */
            secret: string;
        };
        /** @description A page of webhook endpoints, most recent first. */
        WebhookEndpointList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description Confirmation of a deleted webhook endpoint. */
        WebhookEndpointDeleted: {
            id: components["schemas"]["WebhookEndpointId"];
            /** @constant */
            object: "webhook_endpoint";
            /** @constant */
            deleted: true;
        };
        /** @description Body of a webhook message. The document's content is never sent. */
        WebhookEvent: {
            type: components["schemas"]["WebhookEventType"];
            /**
             * Format: date-time
             * @description When the event happened.
             */
            timestamp: string;
            data: components["schemas"]["WebhookEventData"];
        };
        /** @description The finished document, without content. */
        WebhookEventData: {
            document_id: components["schemas"]["DocumentId"];
            status: components["schemas"]["DocumentStatus"];
            operation: components["schemas"]["Operation"];
            /** @description The document's format; null when it was never decided. */
            format: components["schemas"]["Format"] | null;
            retention: components["schemas"]["Retention"];
            /**
             * Format: date-time
             * @description When content is deleted.
             */
            expires_at: string | null;
            /** @description Why it failed; null unless `status` is `failed`. */
            error: components["schemas"]["DocumentFailure"] | null;
        };
        /** @description Body of `POST /api-keys`. */
        CreateApiKeyRequest: {
            /** @description Project of the key; the first project of the session's organization when absent. */
            project_id?: components["schemas"]["ProjectId"];
            /** @description A label for the key. */
            name?: string;
        };
        /** @description An API key, without its secret value. */
        ApiKey: {
            id: components["schemas"]["ApiKeyId"];
            /** @constant */
            object: "api_key";
            project_id: components["schemas"]["ProjectId"];
            /** @description The label given; null when none. */
            name: string | null;
            /** @description First 12 characters of the key, to recognise it. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the key was created.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the key was revoked; null while active.
             */
            revoked_at: string | null;
        };
        /** @description A new API key, with its secret value (shown only this once). */
        ApiKeyCreated: {
            id: components["schemas"]["ApiKeyId"];
            /** @constant */
            object: "api_key";
            project_id: components["schemas"]["ProjectId"];
            /** @description The label given; null when none. */
            name: string | null;
            /** @description First 12 characters of the key. */
            prefix: string;
            /**
             * Format: date-time
             * @description When the key was created.
             */
            created_at: string;
            /** @description Always null for a new key. */
            revoked_at: null;
            /** @description The key to send as `Authorization: Bearer <key>`; starts with the project's region. */
            key: string;
        };
        /** @description A page of API keys, most recent first. */
        ApiKeyList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["ApiKey"][];
            /** @description Whether another page follows. */
            has_more: boolean;
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /**
         * @description Error body (`application/problem+json`, RFC 9457). Client messages name the field and its
         *     valid values; internal causes are never sent.
         */
        Problem: {
            /**
             * Format: uri
             * @description Address of the error's documentation, `{errors_url}/<code>`.
             */
            type: string;
            /** @description Short human-readable summary. */
            title: string;
            /** @description The HTTP status code. */
            status: number;
            code: components["schemas"]["ErrorCode"];
            request_id: components["schemas"]["RequestId"];
            /** @description What happened in this occurrence, in words (RFC 9457 `detail`). */
            detail?: string;
            /** @description The offending fields (mainly with `input_invalid`). */
            errors?: components["schemas"]["FieldError"][];
        };
        /** @description One offending field. */
        FieldError: {
            /** @description JSON pointer to the field, e.g. `/style/font_size`; the empty string for the whole body. */
            path: string;
            /** @description What is wrong and the valid values. */
            message: string;
        };
        /** @description Liveness of the deployment, and what its parts say. */
        Health: {
            /** @constant */
            status: "ok";
            /** @description Version of the running service. */
            version: string;
            /**
             * @description The deployment's region.
             * @enum {string}
             */
            region: "eu" | "us";
            /** @description The parts this instance depends on. */
            checks: {
                database: components["schemas"]["HealthCheck"];
                libreoffice: components["schemas"]["HealthCheck"];
                sandbox: components["schemas"]["HealthCheck"];
            };
        };
        /** @description One part's state. */
        HealthCheck: {
            /**
             * @description `checking`: the part is still being looked at (the first seconds after a start).
             * @enum {string}
             */
            status: "ok" | "failed" | "missing" | "checking";
            /** @description What was found: the database's kind and answer time, LibreOffice's version, whether programs can run. */
            detail: string;
        };
        /** @description Whether this instance takes requests. */
        Readiness: {
            /** @enum {string} */
            status: "ready" | "stopping" | "database_unavailable";
            detail: string;
        };
    };
    responses: {
        /** @description `malformed_request`: the body is not valid JSON, nests arrays and objects more than 64 levels deep, or the multipart body cannot be read (for example it ends before its closing boundary); or the body stopped arriving or ended early. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `unauthorized`: missing, unknown or revoked key, or expired session; `region_mismatch`: the key's project is in another region. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `insufficient_balance`: no balance left for this document. */
        PaymentRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `session_required`: the route is only for the dashboard. */
        SessionRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `not_found`: it does not exist, or belongs to another organization. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `not_an_artifact`: the document's format is not `artifact`; `artifact_is_local`: its data is held in visitors' browsers. */
        ArtifactDataConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `payload_too_large`: the request body is over the limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description `headers_too_large`: the request has more than 40 header fields, or its request line and headers
         *     are over 32 KB. Far past those bounds (49 header lines or more, or a request head of about 125 KB)
         *     the connection is closed without an answer.
         */
        HeadersTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `unsupported_media_type`: the body's content type is not one the route accepts. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `input_invalid`: a parameter or field is invalid; `errors[].path` points at it. */
        InputInvalid: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description `rate_limited`: over 120 documents per minute per organization (extractions count), or too
         *     many reads or writes on an artifact.
         */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description `overloaded`: this instance has more files waiting to be read than it can serve within the
         *     request's wait (about 20 s). The request is refused before its body is read, so nothing was
         *     stored; send it again after `Retry-After` seconds.
         */
        Overloaded: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `internal_error`: server fault. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `feature_unavailable`: not available in this deployment: the AI is not enabled (affects `prompt`, edit, free-text `style`), or the capability (a format, review, extraction, files, webhooks, artifact data) has not been enabled here. */
        NotImplemented: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description Any `2xx` within 20 seconds acknowledges the message. Otherwise it is retried for about 10
         *     hours at 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h and 6 h.
         */
        WebhookAccepted: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /** @description Document id. */
        DocumentId: components["schemas"]["DocumentId"];
        /**
         * @description Strongly recommended. The same key with the same body within 24 hours returns the same
         *     document, creating and charging nothing more; a different body gives
         *     `422 idempotency_key_reused`; while the first request runs, `409 idempotency_request_in_progress`.
         *     Keys are scoped to the organization.
         */
        IdempotencyKey: string;
        /** @description Page size. */
        Limit: number;
        /** @description The `next_cursor` of the previous page. */
        Cursor: string;
        /** @description Unique id of the message (`msg_…`, one per event and endpoint); the same on every retry. Deduplicate by it. */
        WebhookId: string;
        /** @description Unix time in seconds when the message was signed. Reject messages older than 5 minutes. */
        WebhookTimestamp: string;
        /**
         * @description Standard Webhooks signature: `v1,` followed by the base64 HMAC-SHA256 of
         *     `{webhook-id}.{webhook-timestamp}.{body}` with the key that follows the `whsec_` prefix of the
         *     endpoint's secret, base64-decoded. The raw body is used as received.
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before trying again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description Not ready; `status` says why. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Only documents with this status. */
                status?: components["schemas"]["DocumentStatus"];
                /** @description Only documents of this format. */
                format?: components["schemas"]["Format"];
                /** @description Only documents made by this operation. */
                operation?: components["schemas"]["Operation"];
                /** @description Only documents with exactly this `name`. */
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["InputInvalid"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createDocument: {
        parameters: {
            query?: {
                /** @description Validate the request and the style without creating anything. */
                dry_run?: boolean;
            };
            header?: {
                /**
                 * @description Strongly recommended. The same key with the same body within 24 hours returns the same
                 *     document, creating and charging nothing more; a different body gives
                 *     `422 idempotency_key_reused`; while the first request runs, `409 idempotency_request_in_progress`.
                 *     Keys are scoped to the organization.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDocumentRequest"];
            };
        };
        responses: {
            /**
             * @description Direct mode: the finished document with its `outputs`. With `dry_run=true`: a `DryRunResult`.
             *     Stream mode (`stream: true`): an event stream of the document's progress.
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateDocumentResult"];
                    "text/event-stream": components["schemas"]["EventStream"];
                };
            };
            /**
             * @description Background mode, or direct mode past the 120-second wait: the document is not finished yet. For
             *     `operation: extract`, an `ExtractionPending` to collect with `GET /extract/{id}`.
             */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateDocumentAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            /** @description `not_found`: a file or document named in `file` or `sources` does not exist or belongs to another organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `idempotency_request_in_progress`: the first request with this `Idempotency-Key` is still running. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the request body is over the limit; `file_too_large`: an inline or linked file is over 20 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description `input_invalid` (`errors[].path` points at the field), `retention_none_shared`,
             *     `idempotency_key_reused` (same key, different body), `file_rejected`.
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document, its content deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    cancelDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation requested (or no-op); the document as it is now. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listDocumentOutputs: {
        parameters: {
            query?: {
                /**
                 * @description Seconds the links stay valid, an integer from 60. Default 300 for downloads. Values above 300
                 *     (up to 604800, 7 days) are only allowed for artifacts; other documents answer
                 *     `422 input_invalid` at `/expires_in`, as does any value that is not an integer in range.
                 *     For an artifact the page link (the `html` output) then works for that long instead of until
                 *     the document's `expires_at` (never past the artifact's deletion), and its previews' links
                 *     too.
                 */
                expires_in?: number;
            };
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outputs with fresh links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutputList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description `content_deleted`: retention ended or the document was deleted. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            422: components["responses"]["InputInvalid"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getDocumentReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Report"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description `report_not_ready`: the document has not finished. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `content_deleted`: retention ended or the document was deleted. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getDocumentEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Resume after this event id (a sequence number); only later events are sent. */
                "Last-Event-ID"?: string;
            };
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["EventStream"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description `events_expired`: the events are older than 7 days; `content_deleted`: retention ended or the document was deleted. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createDocumentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVersionRequest"];
            };
        };
        responses: {
            /** @description The new version. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description `content_deleted`: the parent's content was deleted. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `payload_too_large`: the request body is over the limit; `file_too_large`: the file is over 20 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description `input_invalid`; `file_rejected`: unsupported type, macros, or not the parent's format. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listArtifactCollections: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CollectionList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ArtifactDataConflict"];
            /** @description `content_deleted`: retention ended or the artifact was deleted. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listArtifactRecords: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /** @description Document id. */
                document_id: components["parameters"]["DocumentId"];
                /** @description Collection name. */
                collection: components["schemas"]["DataName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ArtifactDataConflict"];
            /** @description `content_deleted`: retention ended or the artifact was deleted. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            422: components["responses"]["InputInvalid"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    downloadOutput: {
        parameters: {
            query: {
                /** @description Unix time (seconds) after which the link stops working. */
                expires: string;
                /** @description HMAC-SHA256 (base64url) of `{output_id}.{expires}` with the service's signing secret. */
                signature: string;
            };
            header?: never;
            path: {
                /** @description Output id. */
                output_id: components["schemas"]["OutputId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, with `Content-Disposition` naming it after the document and its own media type. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    "application/vnd.openxmlformats-officedocument.presentationml.presentation": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                    "application/pdf": string;
                    "image/png": string;
                    "text/html": string;
                    "text/markdown": string;
                };
            };
            404: components["responses"]["NotFound"];
            /** @description `link_expired`: the link is past its expiry. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The file's bytes; the part's filename is kept. */
                    file: string;
                };
                "application/json": components["schemas"]["CreateFileRequest"];
            };
        };
        responses: {
            /** @description The stored file. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `file_too_large`: the file is over 20 MB; `payload_too_large`: the request body is over the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description `file_rejected`: unsupported type, or macros; `input_invalid`: the body is invalid or the URL is not public or cannot be read. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["Overloaded"];
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description File id. */
                file_id: components["schemas"]["FileId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    createExtraction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExtractRequest"];
                "multipart/form-data": {
                    /** @description The file's bytes. */
                    file: string;
                    /** @description As `store` of the JSON form (`true` or `false`). */
                    store?: boolean;
                };
            };
        };
        responses: {
            /** @description The Markdown text. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Extraction"];
                };
            };
            /** @description Still reading after 120 seconds; collect with `GET /extract/{id}`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractionPending"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `not_found`: the file or document named in `file` does not exist or belongs to another organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `file_too_large`: the file is over 20 MB; `payload_too_large`: the request body is over the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            415: components["responses"]["UnsupportedMediaType"];
            /** @description `input_invalid`; `file_rejected`: unsupported type, macros, password-protected PDF. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
            503: components["responses"]["Overloaded"];
        };
    };
    getExtraction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The extraction's id (from the `202` answer). */
                id: components["schemas"]["DocumentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Markdown text. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Extraction"];
                };
            };
            /** @description Still reading. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractionPending"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            501: components["responses"]["NotImplemented"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of endpoints. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            422: components["responses"]["InputInvalid"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint, with its signing secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description `input_invalid`: invalid body, `url` is not HTTPS or not a public address, or the project already has 50 endpoints. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id. */
                id: components["schemas"]["WebhookEndpointId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint was deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointDeleted"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description The `next_cursor` of the previous page. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["SessionRequired"];
            422: components["responses"]["InputInvalid"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key, with its secret value. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["SessionRequired"];
            /** @description `not_found`: the project does not exist or belongs to another organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["InputInvalid"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id. */
                key_id: components["schemas"]["ApiKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, with `revoked_at` set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["SessionRequired"];
            404: components["responses"]["NotFound"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    onDocumentReady: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique id of the message (`msg_…`, one per event and endpoint); the same on every retry. Deduplicate by it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds when the message was signed. Reject messages older than 5 minutes. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` followed by the base64 HMAC-SHA256 of
                 *     `{webhook-id}.{webhook-timestamp}.{body}` with the key that follows the `whsec_` prefix of the
                 *     endpoint's secret, base64-decoded. The raw body is used as received.
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAccepted"];
        };
    };
    onDocumentFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique id of the message (`msg_…`, one per event and endpoint); the same on every retry. Deduplicate by it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds when the message was signed. Reject messages older than 5 minutes. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` followed by the base64 HMAC-SHA256 of
                 *     `{webhook-id}.{webhook-timestamp}.{body}` with the key that follows the `whsec_` prefix of the
                 *     endpoint's secret, base64-decoded. The raw body is used as received.
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAccepted"];
        };
    };
    onDocumentCanceled: {
        parameters: {
            query?: never;
            header: {
                /** @description Unique id of the message (`msg_…`, one per event and endpoint); the same on every retry. Deduplicate by it. */
                "webhook-id": components["parameters"]["WebhookId"];
                /** @description Unix time in seconds when the message was signed. Reject messages older than 5 minutes. */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Standard Webhooks signature: `v1,` followed by the base64 HMAC-SHA256 of
                 *     `{webhook-id}.{webhook-timestamp}.{body}` with the key that follows the `whsec_` prefix of the
                 *     endpoint's secret, base64-decoded. The raw body is used as received.
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAccepted"];
        };
    };
}
