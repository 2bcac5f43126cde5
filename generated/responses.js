// generated from spec/openapi.yaml by npm run generate — do not edit

/** Component schema names, sorted. Each has a validator `validate<Name>` in validators.js. */
export const schemaNames = [
  "Alignment",
  "ApiKey",
  "ApiKeyCreated",
  "ApiKeyId",
  "ApiKeyList",
  "ArtifactRecord",
  "ArtifactSettings",
  "ArtifactStorage",
  "CollectionList",
  "CollectionSummary",
  "CreateApiKeyRequest",
  "CreateDocumentAccepted",
  "CreateDocumentRequest",
  "CreateDocumentResult",
  "CreateFileRequest",
  "CreateVersionRequest",
  "CreateWebhookEndpointRequest",
  "DataName",
  "Document",
  "DocumentError",
  "DocumentEvent",
  "DocumentFailure",
  "DocumentId",
  "DocumentList",
  "DocumentMode",
  "DocumentQuality",
  "DocumentStatus",
  "DocumentType",
  "DryRunResult",
  "ErrorCode",
  "EventStream",
  "ExtractRequest",
  "Extraction",
  "ExtractionPending",
  "FieldError",
  "File",
  "FileData",
  "FileId",
  "FileRef",
  "FileUrl",
  "Format",
  "Health",
  "HealthCheck",
  "IssueLocation",
  "KeyData",
  "LedgerEntry",
  "Metadata",
  "Operation",
  "OrganizationId",
  "Output",
  "OutputId",
  "OutputKind",
  "OutputList",
  "Problem",
  "ProjectId",
  "Quality",
  "QualityLevel",
  "Readiness",
  "RecordList",
  "RepairSummary",
  "Report",
  "ReportChange",
  "ReportEdit",
  "ReportIssue",
  "RequestId",
  "Retention",
  "Route",
  "Sanitized",
  "StyleApplied",
  "ValidationSummary",
  "Versions",
  "WebhookEndpoint",
  "WebhookEndpointCreated",
  "WebhookEndpointDeleted",
  "WebhookEndpointId",
  "WebhookEndpointList",
  "WebhookEvent",
  "WebhookEventData",
  "WebhookEventType"
];

/** `"METHOD /path"` → status → content type → component schema name (null: inline or no schema). */
export const responseSchemas = {
  "GET /healthz": {
    "200": {
      "application/json": "Health"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /readyz": {
    "200": {
      "application/json": "Readiness"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    },
    "503": {
      "application/json": "Readiness"
    }
  },
  "GET /documents": {
    "200": {
      "application/json": "DocumentList"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "POST /documents": {
    "200": {
      "application/json": "CreateDocumentResult",
      "text/event-stream": "EventStream"
    },
    "202": {
      "application/json": "CreateDocumentAccepted"
    },
    "400": {
      "application/problem+json": "Problem"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "402": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "409": {
      "application/problem+json": "Problem"
    },
    "413": {
      "application/problem+json": "Problem"
    },
    "415": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "429": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    },
    "501": {
      "application/problem+json": "Problem"
    }
  },
  "GET /documents/{document_id}": {
    "200": {
      "application/json": "Document"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "DELETE /documents/{document_id}": {
    "200": {
      "application/json": "Document"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "POST /documents/{document_id}/cancel": {
    "202": {
      "application/json": "Document"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /documents/{document_id}/outputs": {
    "200": {
      "application/json": "OutputList"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /documents/{document_id}/report": {
    "200": {
      "application/json": "Report"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "409": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /documents/{document_id}/events": {
    "200": {
      "text/event-stream": "EventStream"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "POST /documents/{document_id}/versions": {
    "201": {
      "application/json": "Document"
    },
    "400": {
      "application/problem+json": "Problem"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "413": {
      "application/problem+json": "Problem"
    },
    "415": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /documents/{document_id}/data": {
    "200": {
      "application/json": "CollectionList"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "409": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "429": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /documents/{document_id}/data/{collection}": {
    "200": {
      "application/json": "RecordList"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "409": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "429": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /downloads/{output_id}": {
    "200": {
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document": null,
      "application/vnd.openxmlformats-officedocument.presentationml.presentation": null,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": null,
      "application/pdf": null,
      "image/png": null,
      "text/html": null,
      "text/markdown": null
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "410": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "POST /files": {
    "201": {
      "application/json": "File"
    },
    "400": {
      "application/problem+json": "Problem"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "413": {
      "application/problem+json": "Problem"
    },
    "415": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    },
    "501": {
      "application/problem+json": "Problem"
    },
    "503": {
      "application/problem+json": "Problem"
    }
  },
  "GET /files/{file_id}": {
    "200": {
      "application/json": "File"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    },
    "501": {
      "application/problem+json": "Problem"
    }
  },
  "POST /extract": {
    "200": {
      "application/json": "Extraction"
    },
    "202": {
      "application/json": "ExtractionPending"
    },
    "400": {
      "application/problem+json": "Problem"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "413": {
      "application/problem+json": "Problem"
    },
    "415": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "429": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    },
    "501": {
      "application/problem+json": "Problem"
    },
    "503": {
      "application/problem+json": "Problem"
    }
  },
  "GET /extract/{id}": {
    "200": {
      "application/json": "Extraction"
    },
    "202": {
      "application/json": "ExtractionPending"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "429": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    },
    "501": {
      "application/problem+json": "Problem"
    }
  },
  "GET /webhook-endpoints": {
    "200": {
      "application/json": "WebhookEndpointList"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "POST /webhook-endpoints": {
    "201": {
      "application/json": "WebhookEndpointCreated"
    },
    "400": {
      "application/problem+json": "Problem"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "413": {
      "application/problem+json": "Problem"
    },
    "415": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "DELETE /webhook-endpoints/{id}": {
    "200": {
      "application/json": "WebhookEndpointDeleted"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "GET /api-keys": {
    "200": {
      "application/json": "ApiKeyList"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "403": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "POST /api-keys": {
    "201": {
      "application/json": "ApiKeyCreated"
    },
    "400": {
      "application/problem+json": "Problem"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "403": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "413": {
      "application/problem+json": "Problem"
    },
    "415": {
      "application/problem+json": "Problem"
    },
    "422": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  },
  "DELETE /api-keys/{key_id}": {
    "200": {
      "application/json": "ApiKey"
    },
    "401": {
      "application/problem+json": "Problem"
    },
    "403": {
      "application/problem+json": "Problem"
    },
    "404": {
      "application/problem+json": "Problem"
    },
    "431": {
      "application/problem+json": "Problem"
    },
    "500": {
      "application/problem+json": "Problem"
    }
  }
};

/** `"METHOD /path"` → request content type → component schema name (null: inline schema). */
export const requestSchemas = {
  "POST /documents": {
    "application/json": "CreateDocumentRequest"
  },
  "POST /documents/{document_id}/versions": {
    "application/json": "CreateVersionRequest"
  },
  "POST /files": {
    "multipart/form-data": null,
    "application/json": "CreateFileRequest"
  },
  "POST /extract": {
    "application/json": "ExtractRequest",
    "multipart/form-data": null
  },
  "POST /webhook-endpoints": {
    "application/json": "CreateWebhookEndpointRequest"
  },
  "POST /api-keys": {
    "application/json": "CreateApiKeyRequest"
  }
};

/** `"METHOD /path"` → status → schema of the `data` of each `text/event-stream` frame. */
export const sseDataSchemas = {
  "POST /documents": {
    "200": "DocumentEvent"
  },
  "GET /documents/{document_id}/events": {
    "200": "DocumentEvent"
  }
};
