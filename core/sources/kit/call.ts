/**
 * @module
 * One call to an upstream, the one way every driver makes it: the budget's turn, the timeout,
 * the size limit, the body read as text, JSON or bytes with the answer's status and headers,
 * and every way it can fail turned into the error a caller should see (D3):
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
import { SleeveError, upstreamError } from '../../errors.ts';
import type { Budget } from './budget.ts';
import type { Circuit } from './circuit.ts';
import type { FetchLike } from './fetch-like.ts';
import { readAtMost } from './read-limited.ts';
import { carry, clientOf } from './tally.ts';

/**
 * How long any upstream call may go unanswered before it is a 504: short enough that a caller
 * of a failing upstream hears within 3 s (issue 10's fault contract), and D13's 2.5 s per
 * health check. Healthy upstreams answer in well under a second.
 */
export const UPSTREAM_TIMEOUT_MS = 2500;
/** A redirect within the upstream's own base is followed at most this many times (`redirect: 'same-base'`). */
export const MAX_SAME_BASE_REDIRECTS = 3;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** One upstream as drivers call it. */
export interface Upstream {
  /** Names the upstream in errors: `[sleeve] [deezer] ...`. */
  readonly name: string;
  /** Origin and path prefix, no trailing slash: a call names a path under it. */
  readonly base: string;
  readonly fetch: FetchLike;
  /** Milliseconds for the answer and its whole body; past them, 504. */
  readonly timeoutMs: number;
  /** Its circuit breaker: each call, its redirects and its `read` run in it. */
  readonly circuit?: Circuit;
  /** Its call budget (D13): each call waits for its turn first, before its timeout starts. */
  readonly budget?: Budget;
  /** Who answers, where errors should say it: `the model`, `the image host`. */
  readonly speaker?: string;
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
  /** Largest body read, in bytes; more is a 502. Unset: read whole. */
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
const said = (upstream: Upstream, message: string): string => (upstream.speaker === undefined ? message : `${upstream.speaker} ${message}`);

/** `base + path` with `query` appended (undefined values left out). */
function urlOf(upstream: Upstream, path: string, query: CallOptions['query']): string {
  const url = `${upstream.base}${path}`;
  if (query === undefined) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) target.searchParams.append(name, String(value));
  return target.href;
}

/**
 * One call of `path` under the upstream's base, its answer given to `read` (which may read the
 * body once, as text, JSON or bytes); what `read` returns is the call's result.
 */
export function call<T>(upstream: Upstream, path: string, options: CallOptions, read: (reply: Reply) => T | Promise<T>): Promise<T> {
  const url = urlOf(upstream, path, options.query);
  if (options.raw === true) return once(upstream, url, options, read);
  const run = async (): Promise<T> => {
    // A shared call waits on no one's abort, but for the client of the request that made it.
    await (options.shared === true ? upstream.budget?.take(undefined, clientOf(options.signal)) : upstream.budget?.take(options.signal));
    return once(upstream, url, options, read);
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

/** An answer's body parsed as JSON: unreadable JSON is the upstream failing (502). */
export function jsonOf(upstream: Upstream, answer: Pick<Answer, 'status' | 'text'>): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw upstreamError(upstream.name, said(upstream, `answered HTTP ${answer.status} with a body that is not JSON`), 'upstream_error', error);
  }
}

/** An answer whose status the driver did not expect: the upstream failing (502), with the start of what it said. */
export function unexpected(upstream: Upstream, answer: Answer): SleeveError {
  return upstreamError(upstream.name, said(upstream, `answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`));
}

/**
 * A 429 passed on: `503 service_unavailable` with the upstream's `Retry-After` in whole seconds
 * (5 when it names none or a date; an hour at most, whatever it asks).
 */
export function rateLimited(upstream: Upstream, headers: Headers): SleeveError {
  const seconds = Number(headers.get('retry-after') ?? '');
  const whose = upstream.speaker === undefined ? 'the upstream' : `${upstream.speaker}'s`;
  return new SleeveError('service_unavailable', `[sleeve] [${upstream.name}] ${whose} rate limit is exhausted; try again shortly`, {
    headers: { 'Retry-After': String(Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 5) },
  });
}

/** The absolute target of a redirect when it is on the same base, else null. */
function sameBase(base: string, location: string | null, from: string): string | null {
  if (location === null) return null;
  const target = URL.parse(location, from);
  if (target === null || target.username !== '' || target.password !== '') return null;
  const href = target.href;
  return href.startsWith(`${base}/`) || href === base ? href : null;
}

async function once<T>(upstream: Upstream, first: string, options: CallOptions, read: (reply: Reply) => T | Promise<T>): Promise<T> {
  const { signal } = options;
  const shared = options.shared === true;
  if (!shared) signal?.throwIfAborted();
  const follow = options.redirect === 'same-base' && options.raw !== true;
  let url = first;
  for (let hop = 0; ; hop++) {
    // Each request has the whole timeout: a redirect is a new answer to wait for.
    const timeout = AbortSignal.timeout(upstream.timeoutMs);
    const failed = (error: unknown, what: 'answer' | 'body'): unknown => {
      if (!shared && signal?.aborted) return signal.reason;
      if (timeout.aborted) return upstreamError(upstream.name, said(upstream, `sent no ${what} within ${upstream.timeoutMs} ms`), 'upstream_timeout', error);
      return upstreamError(upstream.name, what === 'answer' ? said(upstream, upstream.speaker === undefined ? 'unreachable' : 'is unreachable') : said(upstream, 'failed while sending the body'), 'upstream_error', error);
    };
    let response: Response;
    try {
      response = await upstream.fetch(url, {
        method: options.method ?? 'GET',
        ...(options.redirect === undefined || options.redirect === 'follow' ? {} : { redirect: 'manual' as const }),
        signal: shared ? carry(timeout, signal) : withTimeout(signal, timeout),
        body: options.body,
        headers: options.headers,
      });
    } catch (error) {
      throw failed(error, 'answer');
    }
    // Not awaited: a cancel may settle only when every reader of a teed body has let go.
    const drop = (): void => void response.body?.cancel().catch(() => {});
    if (follow && isRedirect(response.status)) {
      drop();
      const next = sameBase(upstream.base, response.headers.get('location'), url);
      if (next === null || hop >= MAX_SAME_BASE_REDIRECTS) throw upstreamError(upstream.name, said(upstream, `answered HTTP ${response.status} to somewhere else than ${upstream.base}`));
      url = next;
      continue;
    }
    if (options.raw !== true && (response.status >= 500 || (response.status === 429 && options.passOnRateLimit === true))) {
      drop();
      throw response.status === 429 ? rateLimited(upstream, response.headers) : upstreamError(upstream.name, said(upstream, `answered HTTP ${response.status}`));
    }
    try {
      return await read(reply(upstream, response, options.maxBytes, failed));
    } finally {
      if (!response.bodyUsed) drop();
    }
  }
}

function reply(upstream: Upstream, response: Response, maxBytes: number | undefined, failed: (error: unknown, what: 'body') => unknown): Reply {
  const over = (): SleeveError => upstreamError(upstream.name, said(upstream, `sent a body over ${maxBytes} bytes`));
  const bytes = async (): Promise<Uint8Array<ArrayBuffer>> => {
    if (maxBytes !== undefined && Number(response.headers.get('content-length') ?? 0) > maxBytes) throw over();
    let body: Uint8Array<ArrayBuffer> | null;
    try {
      body = maxBytes === undefined ? new Uint8Array(await response.arrayBuffer()) : await readAtMost(response.body, maxBytes);
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
    json: async () => jsonOf(upstream, { status: response.status, text: await text() }),
  };
}
