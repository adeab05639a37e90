/**
 * @module
 * Where Sleeve's lines go (`Logger`), and what one request's line is made from
 * (`RequestRecord`). Types only, importing nothing: every layer logs (the drivers, the HTTP
 * frame, the adapters' writers), so the types sit below them all.
 */

export type RequestLogFormat = 'json' | 'pretty' | 'off';

/**
 * What a line is made from, as the request left it: `jsonLine` writes it as text and
 * `encodeJsonLine` as bytes, the same line (`request-line.test.ts`). The time and the path are
 * turned into text only there, so a writer that encodes records itself never makes that text.
 * Every text but `ip` is JSON as it is, by where it comes from: both rely on that and escape
 * `ip` alone.
 */
export interface RequestRecord {
  /** Unix time in ms when the request arrived: the line's `time`, in ISO 8601. */
  time: number;
  /** Its `X-Request-Id`: well formed (`request-id.ts`), or one made here. */
  id: string;
  /** An HTTP method: a token, which holds no `"`, `\\` or control character (every runtime refuses others). */
  method: string;
  /**
   * The request's URL: the line's `path` is its path as the caller wrote it (still
   * percent-encoded), without query (`rawPath`). A `Request`'s URL is serialised by the URL
   * standard, so its path holds no `"`, `\\`, space or control character.
   */
  url: string;
  /** The endpoint's declared path, or `unmatched`. */
  route: string;
  status: number;
  /** Milliseconds until the response was ready (its body may stream longer), to 0.1. */
  ms: number;
  /** `X-Cache` (HIT, MISS, STALE), absent on endpoints that are not cached. */
  cache?: string;
  /** The client as the rate limit counts it, absent when unknown: behind a trusted proxy, whatever its header said. */
  ip?: string;
  /** Upstream HTTP calls made for it (for `/batch`: by all its sub-requests). */
  upstream: number;
  /**
   * A failed request's error, as its answer's D3 body says it: the `code` always, the `message`
   * only on a 5xx (Sleeve's own words, as the client got them; a 4xx's may quote the caller's
   * input). Absent on a success and on a failure that is no D3 error (`/healthz`'s own 503).
   */
  error?: LoggedError;
}

/** What a request's line says of its error: an `ErrorCode` and Sleeve's own message, both JSON as they are but the message. */
export interface LoggedError {
  code: string;
  message?: string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** One request's line, already formatted; without this method it goes to `info`. */
  request?(line: string): void;
  /**
   * With `SLEEVE_LOG=json`, takes each request's record instead of its line, and writes
   * `jsonLine(record)` itself: the servers' writer encodes it straight into bytes.
   */
  requestRecord?(record: RequestRecord): void;
  /** Writes whatever lines are still held (a batching writer): called by `Sleeve.close()`. */
  flush?(): void | Promise<void>;
}
