/**
 * @module
 * One call to an upstream, the one way every driver makes it: the budget's turn, the timeout,
 * the size limit, another try when a failure may be passing (D44, see `call`), the body read
 * as text, JSON or bytes with the answer's status and headers, and every way it can fail
 * turned into the error a caller should see (D3), saying where it happened:
 *
 * - no answer (or no whole body) within the upstream's timeout is `504 upstream_timeout`;
 * - unreachable, a 5xx, a body over the size limit or cut off, or (for JSON) unreadable, is
 *   `502 upstream_error`;
 * - a caller that aborts gets its own abort reason back, never an upstream error.
 *
 * Other statuses are the driver's to read (Deezer says "not found" in an HTTP-200 body, others
 * with a 404; a 429 is a rate limit for some and a retry for ReccoBeats), in the `read`
 * function it passes: that runs inside the upstream's circuit, so what it throws counts as the
 * upstream failing when it is a 502 or a 504 (`circuit.ts`), and it reads the body only if it
 * needs it (an unread body is cancelled, never left open).
 *
 * Only AzuraCast's live feed does not come here: a Server-Sent Events stream stays open for
 * minutes and is read as it arrives (`azuracast/watch.ts`), where a call is one answer read
 * whole within a timeout.
 */
import { SleeveError, upstreamError, type ErrorCode } from '../../errors.ts';
import { REQUEST_BOUND_MS } from './bounds.ts';
import type { Budget } from './budget.ts';
import { fetchFailure } from './cause.ts';
import type { Circuit } from './circuit.ts';
import type { FetchLike } from './fetch-like.ts';
import { readAtMost } from './read-limited.ts';
import { PassingFailure, retryable } from './refusals.ts';
import { carry, clientOf, deadlineOf } from './tally.ts';

export { UPSTREAM_TIMEOUT_MS } from './bounds.ts';
/** A redirect within the upstream's own base is followed at most this many times (`redirect: 'same-base'`). */
const MAX_SAME_BASE_REDIRECTS = 3;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/**
 * Tries of one idempotent call at most (issue #43). One upstream call in ten failing costs an
 * answer of four calls 1 - 0.9^4 = 34% with no retry, 1 - 0.99^4 = 3.9% with one, and
 * 1 - 0.999^4 = 0.4% with two: the third try is what reaches 99%.
 */
export const MAX_TRIES = 3;
/**
 * No status line within this and a try is given up (and made again while time is left):
 * Deezer, ReccoBeats and AzuraCast answer in 0.1 to 0.3 s, so a second's silence is a try lost,
 * and waiting out the whole 2.5 s would leave no time for another.
 */
export const FIRST_BYTE_MS = 1000;
/** A try that is not the last has this long for its whole answer, body included (a body that drips). */
export const TRY_MS = 1250;
/** No try starts with less than this left of the call's time or the request's (`tally.ts` `deadlineOf`). */
export const MIN_TRY_MS = 300;
/** The pause before another try: between this and twice it, at random, so callers that failed together do not come back together. */
const RETRY_PAUSE_MS = 50;
/**
 * The largest body read when a caller names no `maxBytes`: far above any JSON answer Sleeve
 * reads (Deezer's largest, a 100-track listing, is about 300 KB), far below what would hurt
 * the process (a misbehaving CDN's 40 MB).
 */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** One upstream as drivers call it. */
export interface Upstream {
  /** Names the upstream in errors: `[sleeve] [deezer] ...`. */
  readonly name: string;
  /** Origin and path prefix, no trailing slash: a call names a path under it. */
  readonly base: string;
  readonly fetch: FetchLike;
  /** Milliseconds for the call, its tries, answers and whole bodies included; past them, 504. */
  readonly timeoutMs: number;
  /** Its circuit breaker: each call, its redirects and its `read` run in it. */
  readonly circuit?: Circuit;
  /** Its call budget (D13): each call waits for its turn first, before its timeout starts. */
  readonly budget?: Budget;
  /** Who answers, where errors should say it: `the model`, `the image host`. */
  readonly speaker?: string;
  /** The setting that points Sleeve at it, named in errors so an operator knows what to check: `SLEEVE_DEEZER_URL`. */
  readonly setting?: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** Appended to the URL's query; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: string;
  /** The caller's signal: its abort ends the call with the caller's own reason. */
  signal?: AbortSignal | undefined;
  /**
   * A call other callers wait on too (a shared picture fetch): `signal` then only says whose
   * request the call counts for (`tally.ts`); its abort does not stop the call, the timeout does.
   */
  shared?: boolean;
  /**
   * `follow` (fetch's own, the default), `manual` (a redirect is answered as it came), or
   * `same-base`: followed only to the upstream's own base, at most 3 times; elsewhere is a 502.
   */
  redirect?: 'follow' | 'manual' | 'same-base';
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

/** An answer read whole as text: what most drivers keep of a reply. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/**
 * The caller's signal combined with a call's timeout, counting for the caller (`tally.ts`): the
 * call ends at whichever comes first.
 */
export function withTimeout(signal: AbortSignal | undefined, timeout: AbortSignal): AbortSignal {
  return signal ? carry(AbortSignal.any([signal, timeout]), signal) : timeout;
}

/** `message` as the upstream's own words: `the model answered ...` where it has a speaker. */
const said = (upstream: Upstream, message: string): string =>
  upstream.speaker === undefined ? message : `${upstream.speaker} ${message}`;

/**
 * Failures worth another try (see `call`) are `PassingFailure`s (`refusals.ts`): the kit makes
 * them of what it sees; a driver's `read` may make its own with `retryable` (no driver does yet).
 */
export { retryable } from './refusals.ts';

/** Where a failure happened and what sets it: `asked http://…/deezer (SLEEVE_DEEZER_URL)`. */
function whereOf(upstream: Upstream, url: string): string {
  const base = upstream.base === '' ? (URL.parse(url)?.origin ?? url) : upstream.base;
  return `asked ${base}${upstream.setting === undefined ? '' : ` (${upstream.setting})`}`;
}

/** An error of the call to `url`, in the upstream's words and saying where. */
function failure(
  upstream: Upstream,
  url: string,
  message: string,
  code: ErrorCode = 'upstream_error',
  cause?: unknown,
): SleeveError {
  return upstreamError(upstream.name, `${said(upstream, message)}; ${whereOf(upstream, url)}`, code, cause);
}

/** `base + path` with `query` appended (undefined values left out). */
function urlOf(upstream: Upstream, path: string, query: CallOptions['query']): string {
  const url = `${upstream.base}${path}`;
  if (query === undefined) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) target.searchParams.append(name, String(value));
  return target.href;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One try's time: all of it until its first byte, then the whole answer (`TRY_MS` unless it is the last). */
interface TryTimes {
  firstByteMs: number;
  totalMs: number;
}

/**
 * One call of `path` under the upstream's base, its answer given to `read` (which may read the
 * body once, as text, JSON or bytes); what `read` returns is the call's result.
 *
 * A GET is tried again when it fails in a way another try may not (`retryable`), up to
 * `MAX_TRIES`, each try through the budget as the first, within the call's
 * timeout and the request's bound (`tally.ts` `deadlineOf`): a try that is not the last gives
 * up at `FIRST_BYTE_MS` without a status line or at `TRY_MS` without its whole body, leaving
 * the rest of the 2.5 s to the next. Never after a 4xx or a "not found", never for a POST (the
 * model's answers cost a generation and have their own 30 s, D30), never for a raw call (a
 * health probe says what one call saw).
 */
export function call<T>(
  upstream: Upstream,
  path: string,
  options: CallOptions,
  read: (reply: Reply) => T | Promise<T>,
): Promise<T> {
  const url = urlOf(upstream, path, options.query);
  if (options.raw === true)
    return once(upstream, url, options, read, { firstByteMs: upstream.timeoutMs, totalMs: upstream.timeoutMs });
  const { signal } = options;
  // A shared call waits on no one's abort, but for the client of the request that made it.
  const caller = options.shared === true ? undefined : signal;
  const client = options.shared === true ? clientOf(signal) : undefined;
  const idempotent = (options.method ?? 'GET') === 'GET';
  const bounds = idempotent ? deadlineOf(signal) : { turnsBy: Infinity, until: Infinity };
  const requestEnd = bounds.until;
  let end = requestEnd;
  let tries = 0;
  let last = true;
  const attempt = (): Promise<T> => {
    tries++;
    const left = end - Date.now();
    last = !idempotent || tries === MAX_TRIES || left < TRY_MS + 2 * RETRY_PAUSE_MS + MIN_TRY_MS;
    const totalMs = Math.max(1, last ? left : TRY_MS);
    return once(upstream, url, options, read, {
      firstByteMs: last ? totalMs : Math.min(FIRST_BYTE_MS, totalMs),
      totalMs,
    });
  };
  const again = async (error: unknown): Promise<T> => {
    if (last || !(error instanceof PassingFailure) || caller?.aborted === true) throw error;
    await sleep(RETRY_PAUSE_MS * (1 + Math.random()));
    // No turn in time for a try worth making: the caller hears what failed, not the budget.
    try {
      await upstream.budget?.take(caller, client, end - MIN_TRY_MS);
    } catch {
      throw error;
    }
    if (end - Date.now() < MIN_TRY_MS) throw error;
    return attempt().catch(again);
  };
  // The circuit counts the call once, its retries included: a flaky upstream's call that a
  // retry saved is a call that worked (`circuit.ts`).
  const run = async (): Promise<T> => {
    if (requestEnd - Date.now() < MIN_TRY_MS)
      throw failure(
        upstream,
        url,
        `not asked: the request's ${REQUEST_BOUND_MS} ms for its upstream calls are spent`,
        'upstream_timeout',
      );
    await upstream.budget?.take(caller, client, Math.min(bounds.turnsBy, requestEnd - MIN_TRY_MS));
    // The call's time starts once it has its turn, as it always has (D13).
    end = Math.min(Date.now() + upstream.timeoutMs, requestEnd);
    return attempt().catch(again);
  };
  return upstream.circuit ? upstream.circuit.run(run) : run();
}

/**
 * `read` for `call` as most drivers want it: the whole answer as text. A redirect's or a 5xx's
 * body is left unread: nobody reads it, and it may be anything.
 */
export async function answerOf(reply: Reply): Promise<Answer> {
  const unread = isRedirect(reply.status) || reply.status >= 500;
  return { status: reply.status, headers: reply.headers, text: unread ? '' : await reply.text() };
}

/**
 * An answer's body parsed as JSON: unreadable JSON is the upstream failing (502), and worth
 * another try when read within a call (a CDN's or a portal's HTML page in place of the API's).
 */
export function jsonOf(upstream: Upstream, answer: Pick<Answer, 'status' | 'text'>): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw retryable(
      failure(
        upstream,
        upstream.base,
        `answered HTTP ${answer.status} with a body that is not JSON`,
        'upstream_error',
        error,
      ),
    );
  }
}

/** An answer whose status the driver did not expect: the upstream failing (502), with the start of what it said. */
export function unexpected(upstream: Upstream, answer: Answer): SleeveError {
  return failure(upstream, upstream.base, `answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
}

/**
 * A 429 passed on: `503 service_unavailable` with the upstream's `Retry-After` in whole seconds
 * (5 when it names none or a date; an hour at most, whatever it asks).
 */
function rateLimited(upstream: Upstream, headers: Headers): SleeveError {
  const seconds = Number(headers.get('retry-after') ?? '');
  const whose = upstream.speaker === undefined ? 'the upstream' : `${upstream.speaker}'s`;
  return new SleeveError(
    'service_unavailable',
    `[sleeve] [${upstream.name}] ${whose} rate limit is exhausted; try again shortly`,
    {
      headers: { 'Retry-After': String(Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 5) },
    },
  );
}

/** The absolute target of a redirect when it is on the same base, else null. */
function sameBase(base: string, location: string | null, from: string): string | null {
  if (location === null) return null;
  const target = URL.parse(location, from);
  if (target === null || target.username !== '' || target.password !== '') return null;
  const href = target.href;
  return href.startsWith(`${base}/`) || href === base ? href : null;
}

/** A try of the call: the request (and its same-base redirects) and `read`, within `times`. */
async function once<T>(
  upstream: Upstream,
  first: string,
  options: CallOptions,
  read: (reply: Reply) => T | Promise<T>,
  times: TryTimes,
): Promise<T> {
  const { signal } = options;
  const shared = options.shared === true;
  if (!shared) signal?.throwIfAborted();
  const follow = options.redirect === 'same-base' && options.raw !== true;
  // The whole try, redirects included; each request of it has `firstByteMs` for its status line.
  const timeout = AbortSignal.timeout(times.totalMs);
  let url = first;
  for (let hop = 0; ; hop++) {
    const silence = new AbortController();
    const timer = setTimeout(() => silence.abort(new DOMException('no first byte', 'TimeoutError')), times.firstByteMs);
    const failed = (error: unknown, what: 'answer' | 'body'): unknown => {
      if (!shared && signal?.aborted) return signal.reason;
      if (silence.signal.aborted || timeout.aborted) {
        const ms = silence.signal.aborted ? times.firstByteMs : times.totalMs;
        return retryable(failure(upstream, url, `sent no ${what} within ${ms} ms`, 'upstream_timeout', error));
      }
      if (what === 'body')
        return retryable(failure(upstream, url, 'failed while sending the body', 'upstream_error', error));
      const cause = fetchFailure(error);
      const unreachable = failure(
        upstream,
        url,
        `${upstream.speaker === undefined ? '' : 'is '}unreachable: ${cause.words}`,
        'upstream_error',
        error,
      );
      return cause.transient ? retryable(unreachable) : unreachable;
    };
    const limits = AbortSignal.any([timeout, silence.signal]);
    let response: Response;
    try {
      response = await upstream.fetch(url, {
        method: options.method ?? 'GET',
        ...(options.redirect === undefined || options.redirect === 'follow' ? {} : { redirect: 'manual' as const }),
        signal: shared ? carry(limits, signal) : withTimeout(signal, limits),
        body: options.body,
        headers: options.headers,
      });
    } catch (error) {
      throw failed(error, 'answer');
    } finally {
      clearTimeout(timer);
    }
    // Not awaited: a cancel may settle only when every reader of a teed body has let go.
    const drop = (): void => void response.body?.cancel().catch(() => {});
    if (follow && isRedirect(response.status)) {
      drop();
      const next = sameBase(upstream.base, response.headers.get('location'), url);
      if (next === null || hop >= MAX_SAME_BASE_REDIRECTS)
        throw failure(upstream, url, `answered HTTP ${response.status} to somewhere else`);
      url = next;
      continue;
    }
    if (
      options.raw !== true &&
      (response.status >= 500 || (response.status === 429 && options.passOnRateLimit === true))
    ) {
      drop();
      throw response.status === 429
        ? rateLimited(upstream, response.headers)
        : retryable(failure(upstream, url, `answered HTTP ${response.status}`));
    }
    try {
      return await read(reply(upstream, url, response, options.maxBytes ?? MAX_BODY_BYTES, failed));
    } finally {
      if (!response.bodyUsed) drop();
    }
  }
}

function reply(
  upstream: Upstream,
  url: string,
  response: Response,
  maxBytes: number,
  failed: (error: unknown, what: 'body') => unknown,
): Reply {
  const over = (): SleeveError => failure(upstream, url, `sent a body over ${maxBytes} bytes`);
  const bytes = async (): Promise<Uint8Array<ArrayBuffer>> => {
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) throw over();
    let body: Uint8Array<ArrayBuffer> | null;
    try {
      body = await readAtMost(response.body, maxBytes);
    } catch (error) {
      throw failed(error, 'body');
    }
    if (body === null) throw over();
    return body;
  };
  const text = async (): Promise<string> => new TextDecoder().decode(await bytes());
  return {
    upstream,
    status: response.status,
    headers: response.headers,
    text,
    bytes,
    json: async () => {
      let body: string;
      try {
        body = await text();
      } catch (error) {
        // Over the limit where JSON was asked: a CDN's or a proxy's page, not the API's answer.
        throw error instanceof SleeveError && error.code === 'upstream_error' ? retryable(error) : error;
      }
      return jsonOf(upstream, { status: response.status, text: body });
    },
  };
}
