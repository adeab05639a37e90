/**
 * @module
 * An answer as its parts: what a web Response is made of, or what a server writes itself. The
 * Node adapter answers cache hits from these (`adapters/node/hits.ts`), without a Response.
 */
export interface AnswerParts {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string | null;
}
