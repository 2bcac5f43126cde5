/** Shared by the client's tests: the text of a Word file, and a client on a started service. */
import { strFromU8, unzipSync } from "fflate";
import { createQuire, type Quire, type RetryOptions } from "../../clients/typescript/src/index.ts";
import type { Service } from "../support/service.ts";

/** The visible text of a .docx (its main part without tags); also proves the bytes are a zip. */
export const docxText = (bytes: Uint8Array): string => {
  const xml = strFromU8(unzipSync(bytes)["word/document.xml"]!);
  return xml.replace(/<[^>]+>/g, "");
};

export const quireOn = (svc: Service, options: { fetch?: typeof fetch; apiKey?: string; retries?: RetryOptions } = {}): Quire =>
  createQuire({ baseUrl: svc.baseUrl, apiKey: options.apiKey ?? svc.key, fetch: options.fetch, retries: options.retries });

export const MEMO = "# Quarterly memo\n\nSales rose **12%** in the third quarter.\n\n- North: 4.1 M\n- South: 3.2 M\n";
