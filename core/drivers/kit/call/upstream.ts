/**
 * @module
 * One upstream as the kit calls it (`Upstream`, composed once per upstream by
 * `DriverContext.upstream`), what a call is asked with and what `read` is given, and the words
 * of its failures: every error names the upstream, says what it did and the setting that
 * points Sleeve at it, so an operator knows what to check. An error's message is the client's
 * answer, so it never holds an address (D61): a base URL may carry credentials in its userinfo
 * or query, and an internal host is nobody's business outside.
 */
import { upstreamError, type ErrorCode, type SleeveError } from '../../../errors.ts';
import type { Budget } from '../budget/budget.ts';
import type { Circuit } from '../circuit.ts';
import type { Clock } from '../clock.ts';
import type { FetchLike } from './fetch-like.ts';
import type { CallReport } from './report.ts';
import type { RequestScope } from '../scope.ts';
import { retryable } from '../refusals.ts';

/** One upstream as drivers call it. */
export interface Upstream {
  /** Names the upstream in errors: `[sleeve] [deezer] ...`. */
  readonly name: string;
  /** Origin and path prefix, no trailing slash: a call names a path under it. */
  readonly base: string;
  readonly fetch: FetchLike;
  /** The Sleeve's clock (`clock.ts`): the call's timeouts and pauses run on it. */
  readonly clock: Clock;
  /** Milliseconds for the call, its tries, answers and whole bodies included; past them, 504. */
  readonly timeoutMs: number;
  /** Its circuit breaker: each call, its redirects and its `read` run in it. */
  readonly circuit?: Circuit;
  /** Its call budget: each call waits for its turn first, before its timeout starts. */
  readonly budget?: Budget;
  /** Told of each request sent and each call refused (`report.ts`), where something counts them. */
  readonly report?: CallReport;
  /** Who answers, where errors should say it: `the model`, `the image host`. */
  readonly speaker?: string;
  /** The setting that points Sleeve at it, named in errors so an operator knows what to check: `SLEEVE_DEEZER_URL`. */
  readonly setting?: string;
}

export interface UpstreamCallOptions {
  method?: 'GET' | 'POST';
  /** Appended to the URL's query; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Whose request the call is for and its bounds (`scope.ts`); its signal's abort ends the call
   * with the caller's own reason. None for a call no request made (a probe, a watcher).
   */
  scope?: RequestScope | undefined;
  /**
   * A call other callers wait on too (a shared picture fetch): `scope` then only says whose
   * request the call counts for; its signal's abort does not stop the call, the timeout does.
   */
  shared?: boolean;
  /**
   * `same-base` (the default): a redirect is followed only to the upstream's own base, at most
   * 3 times; elsewhere is a 502. `manual`: it is answered as it came, for `read` to judge. Never
   * fetch's own following, which goes wherever an upstream points, Sleeve's own network included.
   */
  redirect?: 'manual' | 'same-base';
  /** Largest body read, in bytes; more is a 502 (default `MAX_BODY_BYTES`). */
  maxBytes?: number;
  /** A 429 is the upstream's rate limit, passed on: 503 with its `Retry-After` (`rateLimited`). */
  passOnRateLimit?: boolean;
  /** The health probe's way: no circuit, no budget, every status (5xx and 429 too) given to `read`. */
  raw?: boolean;
}

/** An upstream's answer as `read` sees it: status and headers at once, the body when asked. */
export interface Reply {
  readonly upstream: Upstream;
  readonly status: number;
  readonly headers: Headers;
  text(): Promise<string>;
  /** The body as JSON; a body that is not JSON is a 502. */
  json(): Promise<unknown>;
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
}

/** A reply read whole as text: what most drivers keep of it. */
export interface TextReply {
  status: number;
  headers: Headers;
  text: string;
}

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/** `message` as the upstream's own words: `the model answered ...` where it has a speaker. */
const said = (upstream: Upstream, message: string): string =>
  upstream.speaker === undefined ? message : `${upstream.speaker} ${message}`;

/** What to check: `; check SLEEVE_DEEZER_URL`, or nothing for an upstream no setting names. */
const checkOf = (upstream: Upstream): string => (upstream.setting === undefined ? '' : `; check ${upstream.setting}`);

/**
 * Any URL in text (a runtime's words for a failed fetch, which Deno's include; an upstream's
 * answer quoted): what the call was asked of is never said, so neither is a URL it produced.
 */
const URLS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)"'<>]*/gi;
const withoutUrls = (text: string): string => text.replace(URLS, 'the URL');

/**
 * An error of a call, in the upstream's words and naming the setting to check (never the
 * address asked: D61).
 */
export function failure(
  upstream: Upstream,
  message: string,
  code: ErrorCode = 'upstream_error',
  cause?: unknown,
): SleeveError {
  return upstreamError(upstream.name, `${withoutUrls(said(upstream, message))}${checkOf(upstream)}`, code, cause);
}

/** `base + path` with `query` appended (undefined values left out). */
export function urlOf(upstream: Upstream, path: string, query: UpstreamCallOptions['query']): string {
  const url = `${upstream.base}${path}`;
  if (query === undefined) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) target.searchParams.append(name, String(value));
  return target.href;
}

/**
 * An answer's body parsed as JSON: unreadable JSON is the upstream failing (502), and worth
 * another try when read within a call (a CDN's or a portal's HTML page in place of the API's).
 */
export function jsonOf(upstream: Upstream, answer: Pick<TextReply, 'status' | 'text'>): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw retryable(
      failure(upstream, `answered HTTP ${answer.status} with a body that is not JSON`, 'upstream_error', error),
    );
  }
}
